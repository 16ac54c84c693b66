import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { withTransaction, type Caller, type Logger, type MerchantScope, type Pool, type ProcessPresence } from '@smista/service-kit';
import { messages, shipmentMessages as m } from '@smista/contracts';
import {
  labelBlocker,
  afterLabelFailure,
  CarrierCallError,
  labelRequestOf,
  NO_CARRIER_FAILURE,
  processMessage,
  shipmentSearchText,
  shipmentsErrors,
  type CarrierFailure,
  type SenderAddress,
  type Shipment,
} from '../domain';
import {
  claimExpiredRun,
  claimForLabel,
  claimStateOf,
  createRun,
  deleteOldRuns,
  finishCall,
  finishRun,
  findRun,
  ownerProcessesOfRunning,
  shortenClaimsOfGone,
  itemsOf,
  markLabelFailed,
  markLabelled,
  queueBuyerMails,
  openItems,
  recordCall,
  releaseClaim,
  releaseRunLease,
  renewRunLease,
  resolveItem,
  saveLabel,
} from '../store';
import { enqueueShipmentFailed, enqueueShipmentLabelled } from '../events/publishers';
import type { CarrierGateway } from './ports';
import { mapLimit } from './concurrency';

export interface ProcessRunnerDeps {
  pool: Pool;
  logger: Logger;
  /** This process's presence: runs record it, and the sweeper takes over at once those of processes gone. */
  presence: Pick<ProcessPresence, 'id' | 'goneAmong'>;
  carriers: CarrierGateway;
  now: () => Date;
  /** PROCESS_CONCURRENCY: labels asked at once within one run. */
  concurrency: number;
  /** RUN_LEASE_SECONDS. */
  leaseSeconds: number;
  /** LABEL_DEADLINE_SECONDS: the deadline of one CreateLabel call. */
  labelDeadlineSeconds: number;
  /** How often the sweeper looks for abandoned runs; default a third of the lease, 1–5 s. */
  sweepIntervalMs?: number;
}

export interface ProcessResult {
  runId: string;
  success: number;
  failed: number;
  skipped: number;
  message: string;
  errors: { shipmentId: number; orderExternalId: string; code: string; message: string }[];
}

/** The run being executed here. */
interface RunRef {
  id: string;
  merchantId: string;
  /** The merchant's pickup address, read once when this process starts working on the run. */
  sender?: SenderAddress;
}

/** How an item went: resolved, or to be tried again later (another live claim holds the shipment). */
type ItemStep = 'done' | 'busy';

/** A busy shipment (claimed by a live run) is looked at again after this long. */
const BUSY_POLL_MS = 250;
/** After this many unexpected failures of one item in a row, it is given up (failed, internal error). */
const MAX_ITEM_ERRORS = 3;
/** The longest a request waits for its run finished by another replica that took it over. */
const TAKEN_OVER_WAIT_MS = 10 * 60_000;
/** Finished runs are kept this long for the screen, then deleted. */
const RUN_RETENTION_DAYS = 7;

/**
 * Labels shipments in processing runs (spec §7 process, process-selected, the row action). A run is
 * written with its items in one transaction, then worked through with PROCESS_CONCURRENCY labels at
 * once. For each shipment:
 *
 * 1. it is CLAIMED (pending → processing, with a claim token and an expiry of the run lease plus the
 *    label deadline), and its label sequence (GLS ContatoreProgressivo) is taken on the first claim;
 * 2. the attempt is written to the audit trail ('started') BEFORE carriers' CreateLabel is called
 *    with the reference `SHP-<id>` and that sequence;
 * 3. one transaction stores the outcome if the claim is still this one: the label, the numbers,
 *    shipped and `shipments.shipment.labelled` on success; error with the carrier's reason on a
 *    refusal; back to pending on an unreachable carrier; and the item's outcome and the run's
 *    progress with it.
 *
 * The owner renews the run's lease while it works. A replica that dies leaves its run to the
 * sweeper of any replica, which takes it over as soon as it sees the dead process's presence gone
 * (the kit's ProcessPresence: at once), or else when the lease runs out, and finishes its open items. A shipment still
 * claimed by the dead owner waits until its claim expires (its carrier call is over by then), and is
 * labelled again with the same sequence and reference: the carrier answers the label it already
 * made (GLS on ContatoreProgressivo, the letter pools on the reference), so none is made twice. The
 * claim of a process seen gone ends as soon as its carrier call is surely over (the label deadline
 * after the claim), not a lease later.
 */
export class ProcessRunner {
  private stopping = false;
  private readonly executing = new Set<Promise<void>>();
  private sweeper?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(private readonly deps: ProcessRunnerDeps) {}

  /**
   * Starts the sweeper that takes over abandoned runs: at once (a run this process's previous life
   * left is resumed as soon as it is back, not after the lease), then every third of the lease.
   */
  start(): void {
    const every = this.deps.sweepIntervalMs ?? Math.min(5_000, Math.max(1_000, (this.deps.leaseSeconds * 1000) / 3));
    const tick = () => {
      if (this.sweeping || this.stopping) return;
      this.sweeping = this.sweep()
        .catch((err: unknown) => this.deps.logger.error({ err }, 'process run sweep failed'))
        .finally(() => (this.sweeping = undefined));
    };
    tick();
    this.sweeper = setInterval(tick, every);
    this.sweeper.unref();
  }

  /** Stops taking items: the labels in flight are stored, the runs' leases released for another replica. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await this.sweeping;
    await Promise.allSettled([...this.executing]);
  }

  /**
   * Labels the merchant's shipments (already checked to be theirs) as one run and answers its
   * outcome once every item has one. `unknown` ids of the request count as skipped.
   */
  async process(scope: MerchantScope, shipmentIds: readonly number[], unknown = 0): Promise<ProcessResult> {
    const { pool, leaseSeconds } = this.deps;
    const run: RunRef = { id: randomUUID(), merchantId: scope.merchantId };
    const owner = randomUUID();
    await withTransaction(pool, (tx) => createRun(tx, { id: run.id, merchantId: scope.merchantId, createdBy: scope.userId, owner, ownerProcess: this.deps.presence.id, leaseSeconds, shipmentIds }));
    this.deps.logger.info({ merchantId: scope.merchantId, userId: scope.userId, runId: run.id, shipments: shipmentIds.length }, 'processing run started');
    await this.track(this.execute(run, owner, scope));
    // Stopped mid-way (shutdown): another replica finishes the run; the screen follows its progress.
    if (!(await this.finishedElsewhere(run.id))) throw shipmentsErrors.dependencyUnavailable();
    return this.resultOf(run.id, unknown);
  }

  /**
   * Whether the run is finished, waiting for it when another replica took it over: this one stalled
   * past its lease (a long pause, a busy machine) and the sweeper of another (or its own) went on
   * with the run, so the merchant who asked still gets the run's outcome instead of an error. False
   * when this replica is stopping (the caller gets 503 and the screen follows the run's progress) or
   * the run is not finished after {@link TAKEN_OVER_WAIT_MS}.
   */
  private async finishedElsewhere(runId: string): Promise<boolean> {
    const deadline = Date.now() + TAKEN_OVER_WAIT_MS;
    for (;;) {
      const run = await findRun(this.deps.pool, runId);
      if (run?.status === 'finished') return true;
      if (this.stopping || !run || Date.now() > deadline) return false;
      await sleep(BUSY_POLL_MS);
    }
  }

  /**
   * Takes over every abandoned run it can (its lease ran out, or the process holding it is gone) and
   * works on them in the background.
   */
  async sweep(): Promise<void> {
    const { pool, leaseSeconds, logger, presence } = this.deps;
    await deleteOldRuns(pool, RUN_RETENTION_DAYS);
    const gone = await presence.goneAmong(pool, await ownerProcessesOfRunning(pool));
    await shortenClaimsOfGone(pool, gone);
    while (!this.stopping) {
      const owner = randomUUID();
      const run = await claimExpiredRun(pool, owner, presence.id, leaseSeconds, gone);
      if (!run) return;
      logger.info({ runId: run.id, merchantId: run.merchantId, done: run.done, total: run.total }, 'processing run taken over');
      // On behalf of the user who asked, with the least role: labelling needs no more.
      const caller: Caller = { userId: run.createdBy, merchantId: run.merchantId, role: 'user' };
      void this.track(this.execute({ id: run.id, merchantId: run.merchantId }, owner, caller));
    }
  }

  private track(work: Promise<void>): Promise<void> {
    const tracked = work.catch((err: unknown) => this.deps.logger.error({ err }, 'processing run failed'));
    this.executing.add(tracked);
    void tracked.finally(() => this.executing.delete(tracked));
    return tracked;
  }

  private async execute(ref: RunRef, owner: string, caller: Caller): Promise<void> {
    const { pool, leaseSeconds, logger, concurrency } = this.deps;
    const run: RunRef = { ...ref, sender: await this.senderOf(ref, caller) };
    let lost = false;
    const heartbeat = setInterval(() => {
      renewRunLease(pool, run.id, owner, leaseSeconds)
        .then((ok) => {
          if (!ok) lost = true;
        })
        .catch((err: unknown) => logger.warn({ err, runId: run.id }, 'run lease not renewed'));
    }, Math.max(200, (leaseSeconds * 1000) / 3));
    heartbeat.unref();
    const errors = new Map<number, number>();
    try {
      for (;;) {
        if (lost) return;
        if (this.stopping) {
          await releaseRunLease(pool, run.id, owner);
          return;
        }
        const open = await openItems(pool, run.id);
        if (open.length === 0) {
          await finishRun(pool, run.id);
          logger.info({ runId: run.id, merchantId: run.merchantId }, 'processing run finished');
          return;
        }
        const steps = await mapLimit(open, concurrency, (id) => this.item(run, id, caller, errors), () => this.stopping || lost);
        if (steps.includes('busy')) await sleep(BUSY_POLL_MS);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * The sender of the run's labels, asked of carriers once per run instead of once per label (each
   * label would cost carriers a call to merchants). Read when the run starts, so an address changed
   * since is on the next run. Not known (no pickup address, carriers unreachable): undefined, and
   * each label asks carriers without a sender, which answers as before (the refusal per shipment,
   * 'Nessun indirizzo di ritiro ...', or unreachable).
   */
  private async senderOf(run: RunRef, caller: Caller): Promise<SenderAddress | undefined> {
    try {
      return await this.deps.carriers.sender(caller);
    } catch (err) {
      if (!(err instanceof CarrierCallError)) throw err;
      this.deps.logger.info({ runId: run.id, merchantId: run.merchantId, reason: err.failure.message }, 'sender not known: each label asks carriers');
      return undefined;
    }
  }

  /** One item, guarded: an unexpected failure is retried, and given up after a few in a row. */
  private async item(run: RunRef, shipmentId: number, caller: Caller, errors: Map<number, number>): Promise<ItemStep> {
    try {
      const step = await this.label(run, shipmentId, caller);
      errors.delete(shipmentId);
      return step;
    } catch (err) {
      const count = (errors.get(shipmentId) ?? 0) + 1;
      errors.set(shipmentId, count);
      this.deps.logger.error({ err, runId: run.id, shipmentId, count }, 'processing a shipment failed');
      if (count < MAX_ITEM_ERRORS) return 'busy';
      await withTransaction(this.deps.pool, async (tx) => {
        await releaseClaim(tx, run.merchantId, shipmentId, messages.errors.internal);
        await resolveItem(tx, run.id, shipmentId, { outcome: 'failed', errorCode: 'INTERNAL', message: messages.errors.internal });
      });
      return 'done';
    }
  }

  private async label(run: RunRef, shipmentId: number, caller: Caller): Promise<ItemStep> {
    const { pool, carriers, leaseSeconds, labelDeadlineSeconds, now, logger } = this.deps;
    const token = randomUUID();
    const claimed = await claimForLabel(pool, run.merchantId, shipmentId, {
      token,
      process: this.deps.presence.id,
      claimSeconds: leaseSeconds + labelDeadlineSeconds,
      callSeconds: labelDeadlineSeconds,
    });
    if (!claimed) {
      const state = await claimStateOf(pool, run.merchantId, shipmentId);
      if (state?.claimed) return 'busy';
      await withTransaction(pool, (tx) =>
        resolveItem(tx, run.id, shipmentId, state ? { outcome: 'skipped', errorCode: 'NOT_PENDING', message: m.notPending(state.status) } : { outcome: 'skipped', errorCode: 'SHIPMENT_NOT_FOUND', message: m.shipmentNotFound }),
      );
      return 'done';
    }
    const s = claimed as Shipment & { labelSequence: number };
    if (!s.carrierIntegrationId) return this.failed(run, s, token, NO_CARRIER_FAILURE, null, 0);
    // Issue 25: no weight or an incomplete customs declaration is refused before any carrier call.
    const blocker = labelBlocker(s);
    if (blocker) return this.failed(run, s, token, { kind: 'blocked', ...blocker }, null, 0);

    const auditId = await recordCall(pool, {
      shipmentId: s.id,
      merchantId: s.merchantId,
      operation: 'CreateLabel',
      target: s.carrierProvider ?? '',
      startedAt: now(),
      durationMs: null,
      outcome: 'started',
      message: null,
    });
    const t0 = Date.now();
    let label: Awaited<ReturnType<CarrierGateway['createLabel']>>;
    try {
      label = await carriers.createLabel(caller, { ...labelRequestOf({ ...s, carrierIntegrationId: s.carrierIntegrationId }), sender: run.sender }, labelDeadlineSeconds * 1000);
    } catch (err) {
      if (!(err instanceof CarrierCallError)) throw err;
      return this.failed(run, s, token, err.failure, auditId, Date.now() - t0);
    }
    const durationMs = Date.now() - t0;
    const auditMessage = label.warnings.length ? m.labelCreatedWithWarnings(label.trackingNumber, label.warnings) : m.labelCreated(label.trackingNumber);
    const stored = await withTransaction(pool, async (tx) => {
      const updated = await markLabelled(tx, s.id, token, {
        trackingNumber: label.trackingNumber,
        carrierShipmentNumber: label.carrierShipmentNumber,
        searchText: shipmentSearchText({ ...s, trackingNumber: label.trackingNumber }),
        erasedSearchText: shipmentSearchText({ ...s, recipientName: '', trackingNumber: label.trackingNumber }),
      });
      if (!updated) return null;
      // A recipient erased meanwhile (a privacy request): the PDF that prints them is not kept.
      if (!updated.recipientErasedAt) await saveLabel(tx, s.id, label.labelPdf);
      await finishCall(tx, auditId, { durationMs, outcome: 'ok', message: auditMessage });
      await resolveItem(tx, run.id, s.id, { outcome: 'ok' });
      await enqueueShipmentLabelled(tx, updated, now(), run.id);
      await queueBuyerMails(tx, updated.id, ['shipped']);
      return updated;
    });
    if (!stored) {
      // Our claim ran out and another took the shipment: it will store the same label (same sequence).
      await finishCall(pool, auditId, { durationMs, outcome: 'ok', message: auditMessage });
      logger.warn({ runId: run.id, shipmentId: s.id }, 'label made after the claim ran out: left to the new owner');
      return 'busy';
    }
    logger.debug({ runId: run.id, merchantId: s.merchantId, shipmentId: s.id, carrier: s.carrierProvider, durationMs }, 'shipment labelled');
    return 'done';
  }

  private async failed(run: RunRef, s: Shipment, token: string, failure: CarrierFailure, auditId: number | null, durationMs: number): Promise<ItemStep> {
    const effect = afterLabelFailure(failure);
    const stored = await withTransaction(this.deps.pool, async (tx) => {
      if (!(await markLabelFailed(tx, s.id, token, effect))) return false;
      if (auditId !== null) await finishCall(tx, auditId, { durationMs, outcome: effect.auditOutcome, message: effect.errorMessage });
      await resolveItem(tx, run.id, s.id, { outcome: 'failed', errorCode: effect.errorCode, message: effect.errorMessage });
      // A refusal leaves the shipment in error: told (activity's notification). Unreachable goes back to pending, untold.
      if (effect.status === 'error') await enqueueShipmentFailed(tx, s, { errorMessage: effect.errorMessage, runId: run.id }, this.deps.now());
      return true;
    });
    this.deps.logger.info({ runId: run.id, merchantId: s.merchantId, shipmentId: s.id, carrier: s.carrierProvider, outcome: effect.auditOutcome, reason: effect.errorMessage }, 'label not made');
    return stored ? 'done' : 'busy';
  }

  /** The answer of a finished run. */
  async resultOf(runId: string, unknown = 0): Promise<ProcessResult> {
    const items = await itemsOf(this.deps.pool, runId);
    const success = items.filter((i) => i.outcome === 'ok').length;
    const failedItems = items.filter((i) => i.outcome === 'failed');
    const skipped = items.filter((i) => i.outcome === 'skipped').length + unknown;
    return {
      runId,
      success,
      failed: failedItems.length,
      skipped,
      message: processMessage(success, failedItems.length),
      errors: failedItems.map((i) => ({ shipmentId: i.shipmentId, orderExternalId: i.orderExternalId, code: i.errorCode ?? '', message: i.message ?? '' })),
    };
  }
}
