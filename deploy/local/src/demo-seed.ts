import { defaultEbaySellers } from '@smista/sandboxes';
import { ApiRefusedError, connectEbayThroughGateway, createGatewaySession, type ApiAnswer, type ApiCall, type EbaySellerLogin } from './gateway-session';
import { waitFor } from './machine-load';
import { GLS_SANDBOX_CREDENTIALS } from './sandbox-accounts';

/*
 * The demo `make dev` prepares (issue 19, "the first minute"): a user, the merchant 'Bottega Demo'
 * with a pickup address, GLS and Posta1 (with codes) connected to the sandboxes, an eBay sandbox
 * seller connected and synced, two shipping rules and a few shipments labelled. Everything goes
 * through the gateway as the browser would (register, login, the merchant's screens' calls, the
 * eBay consent page): no row is written behind the services' backs. Each piece is looked for
 * before it is made, so a second run adds nothing and a run that stopped half-way is completed.
 * The pure decisions (settings, which orders to label, what to print) are exported for tests.
 */

/** The merchant the demo user works in. */
export const DEMO_MERCHANT_NAME = 'Bottega Demo';
/** The demo login unless SMISTA_DEMO_EMAIL / SMISTA_DEMO_PASSWORD say otherwise. */
export const DEFAULT_DEMO_EMAIL = 'demo@smista.local';
export const DEFAULT_DEMO_PASSWORD = 'Demo1234';
/** The eBay sandbox's first default seller (deploy/sandboxes/src/ebay/README.md): 250 orders. */
export const DEMO_EBAY_SELLER: EbaySellerLogin = { username: defaultEbaySellers[0]!.username, password: defaultEbaySellers[0]!.password! };

/** What the seed makes: the login, and the eBay seller it connects. */
export interface DemoSettings {
  email: string;
  password: string;
  ebaySeller: EbaySellerLogin;
}

/** Values of SMISTA_DEMO that leave the demo out. */
const DEMO_OFF = new Set(['0', 'false', 'no', 'off']);

/**
 * The demo's settings from the environment `make dev` runs in, or null when SMISTA_DEMO is 0
 * (also false, no, off): then nothing is seeded and nothing is said about it.
 *
 * @example demoSettingsFromEnv({ SMISTA_DEMO_EMAIL: 'anna@example.it' }) // { email: 'anna@example.it', password: 'Demo1234', ebaySeller: … }
 */
export function demoSettingsFromEnv(env: Record<string, string | undefined>): DemoSettings | null {
  if (DEMO_OFF.has((env.SMISTA_DEMO ?? '').trim().toLowerCase())) return null;
  return {
    email: env.SMISTA_DEMO_EMAIL?.trim() || DEFAULT_DEMO_EMAIL,
    password: env.SMISTA_DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    ebaySeller: DEMO_EBAY_SELLER,
  };
}

// --- what the demo holds -------------------------------------------------------------------------

const DEMO_PERSON = { firstName: 'Giulia', lastName: 'Demo' };

const DEMO_PICKUP_ADDRESS = {
  addressTypes: ['pickup'],
  isDefault: true,
  companyName: 'Bottega Demo S.r.l.',
  contactPerson: 'Giulia Demo',
  addressLine1: 'Via Torino 12',
  city: 'Milano',
  state: 'MI',
  postalCode: '20123',
  country: 'Italia',
  countryCode: 'IT',
  phone: '+39 02 1234567',
  email: 'magazzino@bottega-demo.example.it',
  pickupHours: 'Lun-Ven 9:00-18:00',
};

const GLS_CONNECTION = { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS_SANDBOX_CREDENTIALS };
/** Posta1 needs no credentials, only its pool of codes. */
const POSTA1_CONNECTION = { provider: 'posta_1', connectionName: 'Posta1', active: true };
/** 50 codes: above the 10 under which the screen warns 'Scorte in esaurimento'. */
export const DEMO_POSTA1_CODES = { method: 'range', fromCode: '2IUP00000001', toCode: '2IUP00000050' } as const;

/** The two rules: cheap Italian orders go as a Posta1 letter, everything else with GLS. */
export const DEMO_RULES = [
  { name: 'Lettere in Italia fino a 25 €', carrier: 'posta_1', priority: 1, conditions: { destinations: ['IT'], price_max: 25 } },
  { name: 'Tutti gli altri ordini', carrier: 'gls', priority: 2, conditions: {} },
] as const;

/** How many shipments of each carrier the demo labels. */
export const DEMO_LABELS = { gls: 3, posta_1: 2 } as const;

// --- pure pieces -----------------------------------------------------------------------------------

/** The fields of an order (`GET /api/orders`) the choice of orders to label reads. */
export interface OrderToLabel {
  id: number;
  status: string;
  paymentStatus: string;
  carrierIntegrationId: number | null;
  shipments: unknown[];
  shippingAddressDetails: { fullName: string; addressLine1: string; city: string; countryCode: string } | null;
}

/**
 * Whether GLS Italia and Posta1 take the order's address as it is: in Italy, with the name, street
 * and town within GLS's field lengths (35, 35, 30: the sandbox refuses longer ones, as GLS does).
 */
export function labelsAsItIs(order: OrderToLabel): boolean {
  const a = order.shippingAddressDetails;
  return !!a && a.countryCode === 'IT' && a.fullName.length <= 35 && a.addressLine1.length <= 35 && a.city.length <= 30;
}

/**
 * The orders to label, in the order given (the list's newest first): for each carrier integration,
 * up to its count of paid orders to ship ('da spedire': the unpaid wait in 'Da pagare') that the
 * rules gave to it, with no shipment yet and an address both carriers take as it is.
 *
 * @example ordersToLabel(orders, [{ integrationId: 4, count: 3 }, { integrationId: 5, count: 2 }]) // [ids of 3 GLS orders, then 2 Posta1]
 */
export function ordersToLabel(orders: readonly OrderToLabel[], wanted: readonly { integrationId: number; count: number }[]): number[] {
  const chosen: number[] = [];
  for (const { integrationId, count } of wanted) {
    const fit = orders.filter(
      (o) => o.status === 'da_spedire' && o.paymentStatus === 'pagato' && o.carrierIntegrationId === integrationId && o.shipments.length === 0 && labelsAsItIs(o),
    );
    chosen.push(...fit.slice(0, count).map((o) => o.id));
  }
  return chosen;
}

/** How a seed run ended; `done` lists what the run made or renewed (`utente creato`, `eBay collegato`), empty when all was there. */
export type DemoSeedResult =
  | { outcome: 'ready'; done: string[]; elapsedMs: number }
  /** The demo user exists with another password: nothing was touched. */
  | { outcome: 'foreign-password'; elapsedMs: number }
  /** A step did not work: `step` names it, `message` says why (Italian, often the gateway's own words). */
  | { outcome: 'failed'; step: string; message: string; done: string[]; elapsedMs: number }
  /** Stopped from outside (Ctrl-C during `make dev`). */
  | { outcome: 'aborted'; elapsedMs: number };

const seconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;

/**
 * The lines `make dev` prints just above `Smista è pronto` for a seed's result: the login (and the
 * eBay seller's, to connect it again or elsewhere), or one line saying what did not work.
 */
export function demoReadyLines(result: DemoSeedResult, settings: DemoSettings): string[] {
  switch (result.outcome) {
    case 'ready':
      return [
        `Demo: accedi con ${settings.email} e la password ${settings.password} (merchant «${DEMO_MERCHANT_NAME}»; SMISTA_DEMO=0 per farne a meno)`,
        `Venditore eBay della sandbox: ${settings.ebaySeller.username}, password ${settings.ebaySeller.password}`,
      ];
    case 'foreign-password':
      return [
        `Demo: l'utente ${settings.email} esiste già con un'altra password; lo lascio com'è (SMISTA_DEMO_PASSWORD per usare la sua, SMISTA_DEMO=0 per non preparare la demo)`,
      ];
    case 'failed':
      return [`Demo non completata (${result.step}): ${result.message}. Lo stack resta attivo; il prossimo make dev riprende da qui.`];
    case 'aborted':
      return [];
  }
}

/** The progress line at the end of a run (`demo` component). */
export function demoSummaryLine(result: DemoSeedResult): string | null {
  if (result.outcome !== 'ready') return null;
  return result.done.length
    ? `dati demo pronti in ${seconds(result.elapsedMs)}: ${result.done.join(', ')}`
    : `dati demo già presenti, nulla da aggiungere (controllati in ${seconds(result.elapsedMs)})`;
}

// --- the seed ----------------------------------------------------------------------------------------

/** A step that did not work, named for the one line `make dev` prints. */
class DemoStepError extends Error {
  constructor(
    readonly step: string,
    message: string,
  ) {
    super(message);
  }
}

/** The gateway's Italian message of a refusal, or the status when it has none. */
function reasonOf(answer: ApiAnswer): string {
  const message = typeof answer.body === 'object' && answer.body !== null ? answer.body.message : undefined;
  return typeof message === 'string' && message.trim() ? message.trim().replace(/\.$/, '') : `risposta HTTP ${answer.status}`;
}

/**
 * What went wrong, in Italian: a step's reason as it is, a gateway that does not answer said so
 * (fetch's own `fetch failed` says nothing to a newcomer), anything else by its message.
 */
function problemOf(err: unknown, baseUrl: string): string {
  if (err instanceof DemoStepError) return err.message;
  // By shape, not instanceof: fetch's errors may come from another realm (jest's sandbox).
  const e = err as { name?: unknown; message?: unknown; cause?: { code?: unknown } } | null;
  if (e?.name === 'TypeError' && e.message === 'fetch failed') {
    const code = e.cause?.code;
    return `il gateway ${baseUrl} non risponde${typeof code === 'string' ? ` (${code})` : ''}`;
  }
  return typeof e?.message === 'string' ? e.message : String(err);
}

/** The answer's body when its status is one of `ok`; else the step fails with the gateway's reason. */
function must(answer: ApiAnswer, ok: number | readonly number[], step: string): any {
  if (!(Array.isArray(ok) ? ok : [ok]).includes(answer.status)) throw new DemoStepError(step, reasonOf(answer));
  return answer.body;
}

export interface SeedDemoOptions {
  /** Progress lines (`demo` component in `make dev`). */
  log?: (line: string) => void;
  /** Stops the seed (Ctrl-C): it ends as `aborted`, saying nothing. */
  signal?: AbortSignal;
  /** Quiet-machine budget of each wait (sync, orders arriving, labels); default 120 s. */
  waitMs?: number;
}

/** The steps' names, as the failure line says them. */
const STEP = {
  account: 'utente demo',
  merchant: `merchant «${DEMO_MERCHANT_NAME}»`,
  address: 'indirizzo di ritiro',
  gls: 'GLS',
  posta1: 'Posta1',
  posta1Codes: 'codici Posta1',
  ebay: 'collegamento eBay',
  sync: 'sincronizzazione eBay',
  rules: 'regole di spedizione',
  assign: 'assegnazione corrieri',
  labels: 'spedizioni ed etichette',
} as const;

/**
 * Seeds the demo through the gateway at `baseUrl` (see the top of this file), or completes it.
 * Never throws: the result says how it ended, and {@link demoReadyLines} what to print.
 *
 * @example
 * const result = await seedDemo(stack.baseUrl, demoSettingsFromEnv(process.env)!, { log });
 */
export async function seedDemo(baseUrl: string, settings: DemoSettings, options: SeedDemoOptions = {}): Promise<DemoSeedResult> {
  const startedAt = Date.now();
  const elapsed = () => Date.now() - startedAt;
  const { call } = createGatewaySession(baseUrl, { signal: options.signal });
  const done: string[] = [];
  const waitMs = options.waitMs ?? 120_000;
  let step: string = STEP.account;
  try {
    const account = await ensureAccount(call, settings);
    if (account === 'foreign') return { outcome: 'foreign-password', elapsedMs: elapsed() };
    if (account === 'created') done.push('utente creato');

    step = STEP.merchant;
    const merchantId = await ensureMerchant(call, done);

    step = STEP.address;
    const addresses = must(await call('GET', '/api/merchant-addresses'), 200, step) as { addressTypes: string[] }[];
    if (!addresses.some((a) => a.addressTypes.includes('pickup'))) {
      must(await call('POST', '/api/merchant-addresses', DEMO_PICKUP_ADDRESS), 201, step);
      done.push('indirizzo di ritiro aggiunto');
    }

    step = STEP.gls;
    const glsId = await ensureCarrier(call, merchantId, GLS_CONNECTION, step, done);
    step = STEP.posta1;
    const postaId = await ensureCarrier(call, merchantId, POSTA1_CONNECTION, step, done);
    step = STEP.posta1Codes;
    const codesPath = `/api/merchants/${merchantId}/carrier-integrations/${postaId}/tracking-codes`;
    if ((must(await call('GET', `${codesPath}/stats`), 200, step) as { total: number }).total === 0) {
      const added = must(await call('POST', codesPath, DEMO_POSTA1_CODES), 201, step) as { added: number };
      done.push(`${added.added} codici Posta1 aggiunti`);
    }

    step = STEP.ebay;
    const ebayId = await ensureEbay(call, settings.ebaySeller, merchantId, done);

    step = STEP.sync;
    await ensureSynced(call, ebayId, waitMs, done);

    step = STEP.rules;
    const rulesCreated = await ensureRules(call, { gls: glsId, posta_1: postaId }, done);

    step = STEP.assign;
    const shipments = must(await call('GET', '/api/shipments?pageSize=100'), 200, step) as { data: { id: number; status: string }[] };
    // 'Assegna Corrieri' once the rules are there: again only while no shipment was made (a rerun
    // would add a line to the recent activity for nothing).
    if (rulesCreated || shipments.data.length === 0) {
      const assigned = must(await call('POST', '/api/shipping-rules/assign-carriers'), 200, step) as { assigned: number };
      done.push(`corriere assegnato a ${assigned.assigned} ordini`);
    }

    step = STEP.labels;
    const labelled = await ensureLabels(call, shipments.data, { gls: glsId, posta_1: postaId }, waitMs);
    if (labelled) done.push(labelled === 1 ? '1 etichetta creata' : `${labelled} etichette create`);

    return { outcome: 'ready', done, elapsedMs: elapsed() };
  } catch (err) {
    if (options.signal?.aborted) return { outcome: 'aborted', elapsedMs: elapsed() };
    return { outcome: 'failed', step: err instanceof DemoStepError ? err.step : step, message: problemOf(err, baseUrl), done, elapsedMs: elapsed() };
  }
}

/**
 * Logs in as the demo user, or registers it when the e-mail has no account. 'foreign': the e-mail
 * has an account whose password is another (left alone).
 */
async function ensureAccount(call: ApiCall, settings: DemoSettings): Promise<'present' | 'created' | 'foreign'> {
  const login = await call('POST', '/api/login', { email: settings.email, password: settings.password });
  if (login.status === 200) return 'present';
  if (login.status !== 401) throw new DemoStepError(STEP.account, reasonOf(login));
  const known = must(await call('POST', '/api/check-email', { email: settings.email }), 200, STEP.account) as { exists: boolean };
  if (known.exists) return 'foreign';
  // The e-mail's name as username (at least 3 characters, as registration wants).
  const name = settings.email.split('@')[0]!;
  const username = name.length >= 3 ? name : `${name}_demo`;
  const person = { ...DEMO_PERSON, email: settings.email, username, password: settings.password, confirmPassword: settings.password, terms: true };
  must(await call('POST', '/api/register', person), 201, STEP.account);
  return 'created';
}

/** 'Bottega Demo' among the user's merchants (made when missing), selected for the session: its id. */
async function ensureMerchant(call: ApiCall, done: string[]): Promise<string> {
  const merchants = must(await call('GET', '/api/merchants'), 200, STEP.merchant) as { id: string; name: string }[];
  let id = merchants.find((m) => m.name === DEMO_MERCHANT_NAME)?.id;
  if (!id) {
    id = String((must(await call('POST', '/api/merchants', { name: DEMO_MERCHANT_NAME }), 201, STEP.merchant) as { id: string }).id);
    done.push(`merchant «${DEMO_MERCHANT_NAME}» creato`);
  }
  must(await call('POST', '/api/merchants/set-current', { merchantId: id }), 200, STEP.merchant);
  return id;
}

/**
 * The merchant's integration of this carrier (connected when there is none; its credentials checked
 * again when the carrier had not accepted them), active: its id.
 */
async function ensureCarrier(call: ApiCall, merchantId: string, connection: { provider: string; connectionName: string }, step: string, done: string[]): Promise<number> {
  const base = `/api/merchants/${merchantId}/carrier-integrations`;
  type Carrier = { id: number; provider: string; status: string; statusMessage: string | null };
  let integration = (must(await call('GET', base), 200, step) as Carrier[]).find((c) => c.provider === connection.provider);
  if (!integration) {
    integration = must(await call('POST', base, connection), 201, step) as Carrier;
    done.push(`${connection.connectionName} collegato`);
  } else if (integration.status !== 'active') {
    integration = must(await call('POST', `${base}/${integration.id}/validate`), 200, step) as Carrier;
  }
  if (integration.status !== 'active') throw new DemoStepError(step, integration.statusMessage ?? `stato ${integration.status}`);
  return integration.id;
}

type EbayIntegration = { id: number; provider: string; username: string | null; status: string; statusMessage: string | null; lastJob: { status: string } | null };

/**
 * The seller's eBay integration, connected through the consent page when missing. One already there
 * gets its token refreshed ('Aggiorna token'); when eBay refuses it (the sandbox of `make dev`
 * forgets its tokens at every start) the seller is connected again, which renews the same
 * integration. Answers its id.
 */
async function ensureEbay(call: ApiCall, seller: EbaySellerLogin, merchantId: string, done: string[]): Promise<number> {
  const integrations = must(await call('GET', '/api/merchants/current/integrations'), 200, STEP.ebay) as EbayIntegration[];
  const mine = integrations.find((i) => i.provider === 'ebay' && i.username?.toLowerCase() === seller.username.toLowerCase());
  if (mine) {
    const refreshed = await call('POST', `/api/integrations/${mine.id}/refresh-token`);
    if (refreshed.status === 200 && (refreshed.body as EbayIntegration).status === 'active') return mine.id;
  }
  let connected: { integration: EbayIntegration };
  try {
    connected = await connectEbayThroughGateway(call, seller, merchantId);
  } catch (err) {
    throw new DemoStepError(STEP.ebay, err instanceof ApiRefusedError ? reasonOf(err.answer) : (err as Error).message);
  }
  done.push(mine ? 'eBay ricollegato' : 'eBay collegato');
  return connected.integration.id;
}

/**
 * The eBay orders imported: when the integration has never completed a sync, one is started and
 * waited for, then its orders are waited for in the orders list (they travel there as events).
 */
async function ensureSynced(call: ApiCall, integrationId: number, waitMs: number, done: string[]): Promise<void> {
  const integrations = must(await call('GET', '/api/merchants/current/integrations'), 200, STEP.sync) as (EbayIntegration & { lastJob: { status: string; ordersFound: number } | null })[];
  const integration = integrations.find((i) => i.id === integrationId);
  const ordersNow = async () => (must(await call('GET', '/api/orders?pageSize=1'), 200, STEP.sync) as { meta: { totalItems: number } }).meta.totalItems;
  if (integration?.lastJob?.status === 'completed' && (await ordersNow()) > 0) return;
  const started = must(await call('POST', `/api/orders/sync/${integrationId}`, {}), [200, 202], STEP.sync) as { job: { id: number } };
  const job = await waitFor(
    'la sincronizzazione eBay',
    async () => {
      const now = must(await call('GET', `/api/orders/sync/jobs/${started.job.id}`), 200, STEP.sync) as { status: string; ordersFound: number; errorMessage: string | null };
      if (now.status === 'failed') throw new DemoStepError(STEP.sync, now.errorMessage ?? 'sincronizzazione non riuscita');
      return now.status === 'completed' && now;
    },
    waitMs,
    250,
  );
  await waitFor(`i ${job.ordersFound} ordini importati nell'elenco`, async () => (await ordersNow()) >= job.ordersFound, waitMs, 250);
  done.push(`${job.ordersFound} ordini eBay importati`);
}

/** The two demo rules, each made when no rule of its name exists (on a free priority). True when one was made. */
async function ensureRules(call: ApiCall, carriers: Record<'gls' | 'posta_1', number>, done: string[]): Promise<boolean> {
  const rules = must(await call('GET', '/api/shipping-rules'), 200, STEP.rules) as { name: string; priority: number }[];
  const taken = new Set(rules.map((r) => r.priority));
  let made = 0;
  for (const rule of DEMO_RULES) {
    if (rules.some((r) => r.name === rule.name)) continue;
    let priority: number = rule.priority;
    while (taken.has(priority)) priority++;
    taken.add(priority);
    must(
      await call('POST', '/api/shipping-rules', { name: rule.name, priority, carrierIntegrationId: carriers[rule.carrier], conditions: rule.conditions, active: true }),
      201,
      STEP.rules,
    );
    made++;
  }
  if (made) done.push(made === 1 ? '1 regola creata' : `${made} regole create`);
  return made > 0;
}

/** The weight the demo gives each product the catalogue learned without one (issue 25): a small item. */
const DEMO_PRODUCT_GRAMS = 400;

/**
 * Issue 25: eBay gives no weights, and a shipment without one gets no label (never a silent 1 kg).
 * The demo weighs the products its import put in the catalogue, as a merchant does in Catalogo, so
 * its orders have their weights before any shipment is made. Products already weighed are left alone.
 */
async function weighCatalogue(call: ApiCall): Promise<void> {
  const weighed = new Set<number>();
  for (;;) {
    const unweighed = (must(await call('GET', '/api/products?missingWeight=true'), 200, STEP.labels) as { data: { id: number; sku: string }[] }).data;
    if (unweighed.length === 0) return;
    for (const p of unweighed) {
      // A product the PUT did not weigh would come back on every page: stop, naming it.
      if (weighed.has(p.id)) throw new DemoStepError(STEP.labels, `il prodotto ${p.sku} resta senza peso`);
      must(await call('PUT', `/api/products/${p.id}`, { weightGrams: DEMO_PRODUCT_GRAMS }), 200, STEP.labels);
      weighed.add(p.id);
    }
  }
}

/**
 * A few shipments labelled, GLS and Posta1 ({@link DEMO_LABELS}): made from the orders the rules gave
 * each carrier when the merchant has no shipment yet; when a previous run made them but stopped
 * before any label, their pending ones are processed. Waits until none is pending; fails naming the
 * first label the carrier refused. Answers how many it labelled (0: there were labels already).
 */
async function ensureLabels(call: ApiCall, existing: { id: number; status: string }[], carriers: Record<'gls' | 'posta_1', number>, waitMs: number): Promise<number> {
  let ids: number[];
  if (existing.length === 0) {
    const orders = must(await call('GET', '/api/orders?status=TO_SHIP&pageSize=100&sortBy=orderDate&sortOrder=desc'), 200, STEP.labels) as { data: OrderToLabel[] };
    const chosen = ordersToLabel(orders.data, [
      { integrationId: carriers.gls, count: DEMO_LABELS.gls },
      { integrationId: carriers.posta_1, count: DEMO_LABELS.posta_1 },
    ]);
    if (chosen.length === 0) throw new DemoStepError(STEP.labels, 'nessun ordine da spedire a cui le regole abbiano dato GLS o Posta1');
    await weighCatalogue(call);
    const made = must(await call('POST', '/api/shipments/bulk-create', { orderIds: chosen }), 200, STEP.labels) as { outcomes: { shipmentId: number | null; message: string | null }[] };
    const refused = made.outcomes.find((o) => o.shipmentId === null);
    if (refused) throw new DemoStepError(STEP.labels, refused.message ?? 'spedizione non creata');
    ids = made.outcomes.map((o) => o.shipmentId!);
  } else if (!existing.some((s) => s.status !== 'pending')) {
    ids = existing.map((s) => s.id);
  } else {
    return 0;
  }
  const processed = await call('POST', '/api/shipments/process-selected', { shipmentIds: ids });
  // A run outlasting the gateway's deadline goes on (503 with its run): its end is waited for below.
  if (processed.status !== 200 && processed.status !== 503) throw new DemoStepError(STEP.labels, reasonOf(processed));
  const done = await waitFor(
    'le etichette',
    async () => {
      const now = await Promise.all(ids.map(async (id) => must(await call('GET', `/api/shipments/${id}`), 200, STEP.labels) as { status: string; errorMessage: string | null }));
      return now.every((s) => s.status !== 'pending' && s.status !== 'processing') && now;
    },
    waitMs,
    250,
  );
  const failed = done.find((s) => s.status === 'error');
  if (failed) throw new DemoStepError(STEP.labels, `un'etichetta non è stata creata: ${failed.errorMessage ?? 'errore del corriere'}`);
  return ids.length;
}

/**
 * What `make dev` does once the stack answers: unless SMISTA_DEMO=0, seeds the demo at `baseUrl`
 * (progress on `log`) and answers the lines to print beside `Smista è pronto`; with SMISTA_DEMO=0
 * it does nothing and answers none.
 *
 * @example
 * const lines = await prepareDemo({ env: process.env, baseUrl: stack.baseUrl, log: (l) => say('demo', l) });
 */
export async function prepareDemo(options: { env: Record<string, string | undefined>; baseUrl: string; log?: (line: string) => void; signal?: AbortSignal; waitMs?: number }): Promise<{ lines: string[]; result: DemoSeedResult | null }> {
  const settings = demoSettingsFromEnv(options.env);
  if (!settings) return { lines: [], result: null };
  options.log?.(`preparo i dati demo per ${settings.email} (SMISTA_DEMO=0 per farne a meno)…`);
  const result = await seedDemo(options.baseUrl, settings, options);
  const summary = demoSummaryLine(result);
  if (summary) options.log?.(summary);
  return { lines: demoReadyLines(result, settings), result };
}
