import { kitErrors, PollLoop, withTransaction, type Logger, type MerchantScope, type Pool } from '@smista/service-kit';
import { ORDER_CSV_MAX_BYTES, ORDER_CSV_MAX_PROBLEMS, orderCsvMessages as m, type ManualOrderData, type OrderImportPreviewJson } from '@smista/contracts';
import { CSV_ORDER_VERSION, formatCents, manualOrderImport, ordersErrors, readOrdersCsv, toCents, type CsvOrder } from '../domain';
import { advanceOrderImport, existingManualNumbers, findOrderImport, importRowsFrom, insertOrderImport, lockNextOpenImport, setOrdersNotes, type OrderImportJob } from '../store';
import { storeImports } from '../events/order-imported';
import { enqueueOrderImportFinished } from '../events/publishers';

/** Orders stored per transaction by the import worker. */
export const IMPORT_BATCH_ORDERS = 250;

interface Deps {
  pool: Pool;
  logger: Logger;
  now: () => Date;
}

/** The file read, or the Italian reason it is refused as a whole (INVALID_ARGUMENT). */
function readFile(content: string) {
  if (!content.trim()) throw kitErrors.invalidInput(m.contentRequired);
  if (Buffer.byteLength(content, 'utf8') > ORDER_CSV_MAX_BYTES) throw kitErrors.invalidInput(m.tooBig);
  const reading = readOrdersCsv(content);
  if (!reading.ok) throw kitErrors.invalidInput(reading.reason);
  return reading;
}

const totalOf = (o: CsvOrder) => formatCents(o.data.items.reduce((sum, i) => sum + (toCents(i.unitPrice) ?? 0n) * BigInt(i.quantity), 0n));

/**
 * 'Importa CSV' → preview (issue 25): what the file would create, each row's problems (row, column,
 * reason, the first 200 with their total) and the orders already imported (by number, for this
 * merchant). Nothing is written.
 */
export async function previewOrderImport(deps: Pick<Deps, 'pool'>, scope: MerchantScope, content: string): Promise<OrderImportPreviewJson> {
  const reading = readFile(content);
  const existing = await existingManualNumbers(deps.pool, scope.merchantId, reading.orders.map((o) => o.externalId));
  const fresh = reading.orders.filter((o) => !existing.has(o.externalId));
  const already = reading.orders.filter((o) => existing.has(o.externalId)).map((o) => o.externalId);
  return {
    rows: reading.rows,
    orders: reading.orders.length,
    newOrders: fresh.length,
    alreadyImported: already.slice(0, 200),
    alreadyImportedCount: already.length,
    problems: reading.problems.slice(0, ORDER_CSV_MAX_PROBLEMS),
    problemCount: reading.problems.length,
    sample: fresh.slice(0, 20).map((o) => ({
      externalId: o.externalId,
      recipientName: o.data.address.recipientName,
      city: o.data.address.city,
      countryCode: o.data.address.countryCode,
      items: o.data.items.length,
      total: totalOf(o),
    })),
  };
}

/** What a job row holds of one order: the checked body and its date. */
interface QueuedOrder {
  data: ManualOrderData;
  orderDate: string | null;
}

/**
 * 'Importa' (issue 25): a file with any problem is refused whole (INVALID_ARGUMENT, how many rows);
 * otherwise one job with its orders is written in one transaction and the worker stores them in
 * batches. Answers the job; `onQueued` wakes the worker.
 */
export async function startOrderImport(deps: Deps & { onQueued: () => void }, scope: MerchantScope, file: { fileName: string; content: string }): Promise<OrderImportJob> {
  const reading = readFile(file.content);
  if (reading.problemRows > 0) throw kitErrors.invalidInput(m.hasProblems(reading.problemRows));
  const job = await withTransaction(deps.pool, (tx) =>
    insertOrderImport(
      tx,
      { merchantId: scope.merchantId, createdBy: scope.userId, fileName: file.fileName },
      reading.orders.map((o) => ({ externalId: o.externalId, payload: { data: o.data, orderDate: o.orderDate?.toISOString() ?? null } satisfies QueuedOrder })),
    ),
  );
  deps.logger.info({ merchantId: scope.merchantId, importId: job.id, orders: job.totalOrders, userId: scope.userId }, 'order import queued');
  deps.onQueued();
  return job;
}

/** The merchant's job (its progress), or NOT_FOUND 'Importazione non trovata'. */
export async function getOrderImport(deps: Pick<Deps, 'pool'>, scope: MerchantScope, id: number): Promise<OrderImportJob> {
  const job = await findOrderImport(deps.pool, scope.merchantId, id);
  if (!job) throw ordersErrors.importNotFound();
  return job;
}

/**
 * The worker of the import jobs, on the kit's `PollLoop`: a round locks the oldest open job (FOR
 * UPDATE SKIP LOCKED: another replica takes another, or waits), stores its next
 * {@link IMPORT_BATCH_ORDERS} orders exactly as imports are stored (`storeImports`: the upsert, the
 * rules, `orders.order.upserted` through the outbox) and moves the job's cursor and counts, all in
 * one transaction. A process killed mid-batch rolls the batch back; the next round does it again.
 * An order whose number is already there (an earlier import, a second file) is left as it is.
 */
export class OrderImportWorker {
  private readonly loop: PollLoop;

  constructor(private readonly deps: Deps & { pollMs?: number }) {
    this.loop = new PollLoop({ name: 'order-imports', logger: deps.logger, pollMs: deps.pollMs ?? 2_000, round: () => this.round() });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** A job was just queued: look now. */
  wake(): void {
    this.loop.wake();
  }

  /** One batch of one job; answers how many orders it handled (0: nothing to do). */
  async round(): Promise<number> {
    const { pool, logger, now } = this.deps;
    return withTransaction(pool, async (tx) => {
      const job = await lockNextOpenImport(tx);
      if (!job) return 0;
      const rows = await importRowsFrom(tx, job.id, job.nextPosition, IMPORT_BATCH_ORDERS);
      const at = now();
      const imports = rows.map((r) => {
        const queued = r.payload as QueuedOrder;
        const orderDate = queued.orderDate ? new Date(queued.orderDate) : job.createdAt;
        return { order: manualOrderImport(job.merchantId, r.externalId, queued.data, at, orderDate, CSV_ORDER_VERSION), log: { merchantId: job.merchantId, importId: job.id, externalId: r.externalId }, notes: queued.data.notes };
      });
      const stored = await storeImports(tx, imports, { logger, now }, { transactionState: new Map() });
      const created = stored.filter((e) => e.created);
      const notesOf = new Map(imports.map((i) => [i.order.externalId, i.notes]));
      await setOrdersNotes(tx, job.merchantId, created.filter((e) => notesOf.get(e.externalId)).map((e) => ({ orderId: e.orderId, notes: notesOf.get(e.externalId)! })));
      const next = rows.length > 0 ? rows[rows.length - 1]!.position + 1 : job.totalOrders;
      const finished = next >= job.totalOrders;
      const skipped = rows.length - created.length;
      await advanceOrderImport(tx, job.id, { next, created: created.length, skipped, finished });
      if (finished) {
        await enqueueOrderImportFinished(tx, { merchantId: job.merchantId, importId: job.id, fileName: job.fileName, createdOrders: job.createdOrders + created.length, skippedOrders: job.skippedOrders + skipped, occurredAt: at });
      }
      logger.info({ merchantId: job.merchantId, importId: job.id, next, total: job.totalOrders, created: created.length }, finished ? 'order import completed' : 'order import batch stored');
      // A job with nothing left still counts as work: its completion was written.
      return Math.max(rows.length, 1);
    });
  }
}
