import { randomUUID } from 'node:crypto';
import {
  connectNats,
  createGrpcClient,
  createLogger,
  createPool,
  ensureStream,
  isServiceError,
  type Nats,
  parseConfig,
  type Pool,
  type Role,
  rpc,
  type Rpc,
  rpcAs,
} from '@smista/service-kit';
import { identity, merchants } from '@smista/proto';
import { configSchema, type Config } from '../../src/config';
import { startMerchants, type RunningMerchants } from '../../src/main';
import { stream as merchantsStream } from '../../src/events/publishers';
import { configSchema as identityConfigSchema } from '../../../identity/src/config';
import { startIdentity, type RunningIdentity } from '../../../identity/src/main';

export { stream as IDENTITY_STREAM } from '../../../identity/src/events/publishers';
import { waitFor as waitForState } from '../../../../deploy/local/src/machine-load';
import { createTestDatabase } from '../../../../e2e/support/db';
import { consumersSince, sharedInfra } from '../../../../e2e/support/env';

export const SECRET = 'merchants-integration-test-secret-0123456789';
export const PUBLIC_URL = 'http://shell.test:4200';
export const logger = createLogger('merchants-test', process.env.TEST_LOG_LEVEL ?? 'silent');

export type MerchantsApi = Rpc<merchants.MerchantsServiceClient>;

/** A user registered through the real identity service. */
export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
}

/**
 * The real identity service (its own database) and the real merchants service (same wiring as
 * main.ts) on port 0, on the shared PostgreSQL, NATS and mail catcher of the jest run.
 */
export interface TestStack {
  config: Config;
  /** The merchants database, for assertions on what was (not) written. */
  pool: Pool;
  nats: Nats;
  client: merchants.MerchantsServiceClient;
  identityClient: identity.IdentityServiceClient;
  /** Calls without a caller token. */
  anonymous: MerchantsApi;
  /** Calls as a user, optionally with a merchant selected in the session. */
  as(user: { id: string } | string, selected?: { merchantId: string; role?: Role }, session?: { sso?: boolean }): Promise<MerchantsApi>;
  /** Registers a new user through identity (optionally from an invite link). */
  register(patch?: Partial<identity.RegisterRequest>): Promise<TestUser>;
  /** Registers a user and creates a merchant they are the admin of. */
  newMerchant(name?: string): Promise<{ admin: TestUser; merchantId: string; api: MerchantsApi }>;
  durableSuffix: string;
  /**
   * Stops the merchants service, runs `whileStopped` (e.g. deleting its durable consumer so
   * JetStream delivers old events again) and starts it again on the same database and names.
   */
  restartMerchants(whileStopped?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

let seq = 0;
function unique(): string {
  return `${Date.now().toString(36)}${(seq++).toString(36)}${randomUUID().slice(0, 4)}`;
}

export async function startTestStack(): Promise<TestStack> {
  const infra = sharedInfra();
  const durableSuffix = `-test-${randomUUID().slice(0, 8)}`;

  const identityConfig = parseConfig(identityConfigSchema, {
    GRPC_PORT: '0',
    DATABASE_URL: await createTestDatabase('merchants_identity'),
    NATS_URL: infra.natsUrl,
    CALLER_TOKEN_SECRET: SECRET,
    SMTP_URL: infra.smtpUrl,
    MAIL_FROM: 'Smista <no-reply@smista.test>',
    PUBLIC_URL,
    // SelectMerchant is not exercised here; GetUsers needs no merchants peer.
    MERCHANTS_GRPC_ADDR: '127.0.0.1:1',
    LOG_LEVEL: 'silent',
    NATS_CONSUMER_SUFFIX: durableSuffix,
    NATS_CONSUMERS_SINCE: consumersSince(),
  });
  // Identity consumes merchants' events: their stream must exist before it starts, as when both
  // services start side by side (here merchants needs identity's port first).
  const owner = await connectNats(infra.natsUrl, 'merchants-test-stream');
  await ensureStream(owner.jsm, merchantsStream);
  await owner.nc.drain();
  const runningIdentity: RunningIdentity = await startIdentity(identityConfig, logger.child({ svc: 'identity' }));

  const config = parseConfig(configSchema, {
    GRPC_PORT: '0',
    DATABASE_URL: await createTestDatabase('merchants'),
    NATS_URL: infra.natsUrl,
    CALLER_TOKEN_SECRET: SECRET,
    SMTP_URL: infra.smtpUrl,
    MAIL_FROM: 'Smista <no-reply@smista.test>',
    PUBLIC_URL: `${PUBLIC_URL}/`,
    IDENTITY_GRPC_ADDR: `127.0.0.1:${runningIdentity.port}`,
    LOG_LEVEL: 'silent',
    NATS_CONSUMER_SUFFIX: durableSuffix,
    NATS_CONSUMERS_SINCE: consumersSince(),
  });
  let running: RunningMerchants = await startMerchants(config, logger);
  let client = createGrpcClient(merchants.MerchantsServiceClient, `127.0.0.1:${running.port}`);
  const identityClient = createGrpcClient(identity.IdentityServiceClient, `127.0.0.1:${runningIdentity.port}`);
  const pool = createPool(config.DATABASE_URL, 4);
  const nats = await connectNats(infra.natsUrl, 'merchants-test');

  const stack: TestStack = {
    config,
    pool,
    nats,
    get client() {
      return client;
    },
    identityClient,
    get anonymous() {
      return rpc(client);
    },
    async as(user, selected, session) {
      const userId = typeof user === 'string' ? user : user.id;
      return rpcAs(client, { userId, merchantId: selected?.merchantId, role: selected ? (selected.role ?? 'user') : undefined, sso: session?.sso }, SECRET);
    },
    async register(patch = {}) {
      const id = unique();
      const req: identity.RegisterRequest = {
        firstName: 'Giulia',
        lastName: 'Bianchi',
        email: `giulia.${id}@example.it`,
        username: `giulia_${id}`,
        password: 'Segreta1',
        ...patch,
      };
      const { user } = await rpc(identityClient).register(req);
      return { id: user!.id, email: user!.email, firstName: user!.firstName, lastName: user!.lastName, username: user!.username };
    },
    async newMerchant(name = `Bottega ${unique()}`) {
      const admin = await stack.register({ firstName: 'Anna', lastName: 'Verdi' });
      const api = await stack.as(admin);
      const { id } = await api.createMerchant({ name });
      return { admin, merchantId: id, api };
    },
    durableSuffix,
    async restartMerchants(whileStopped) {
      client.close();
      for (const [, step] of running.shutdownSteps) await step();
      await whileStopped?.();
      running = await startMerchants(config, logger);
      client = createGrpcClient(merchants.MerchantsServiceClient, `127.0.0.1:${running.port}`);
    },
    async stop() {
      client.close();
      identityClient.close();
      for (const [, step] of running.shutdownSteps) await step();
      for (const [, step] of runningIdentity.shutdownSteps) await step();
      // Durable consumers of this stack only; the streams stay for the other suites.
      for (const [stream, durable] of [
        ['IDENTITY', `merchants-user-registered${durableSuffix}`],
        ['MERCHANTS', `identity-member-added${durableSuffix}`],
        ['MERCHANTS', `identity-member-removed${durableSuffix}`],
        ['MERCHANTS', `identity-sso-required-changed${durableSuffix}`],
      ]) {
        await nats.jsm.consumers.delete(stream, durable).catch(() => undefined);
      }
      await nats.nc.drain();
      await pool.end();
    },
  };
  return stack;
}

/** The gRPC status and details a call fails with. */
export async function failure(call: Promise<unknown>): Promise<{ code: number; details: string }> {
  try {
    await call;
  } catch (err) {
    if (isServiceError(err)) return { code: err.code, details: err.details };
    throw err;
  }
  throw new Error('expected the call to fail');
}

/** The harnesses' wait: the shared one (stretches with the machine's load), 10 s on a quiet machine by default. */
export const waitFor = <T>(what: string, check: () => Promise<T | undefined | false | null>, timeoutMs = 10_000): Promise<T> => waitForState(what, check, timeoutMs, 25);

/**
 * Waits until a service's consumers recorded these message ids, in its inbox or as dead letters:
 * handled, in any outcome but a retry. Every service's harness waits on its events this way.
 */
export async function messagesHandled(pool: Pool, messageIds: string[], timeoutMs = 15_000): Promise<void> {
  await waitFor(
    `${messageIds.length} messages in the inbox or the dead letters`,
    async () => {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(DISTINCT message_id)::int AS n FROM (
           SELECT message_id FROM inbox WHERE message_id = ANY($1) UNION ALL SELECT message_id FROM dead_letters WHERE message_id = ANY($1)) m`,
        [messageIds],
      );
      return rows[0].n === messageIds.length;
    },
    timeoutMs,
  );
}

/** Row counts of the tables a refused call must leave untouched. */
export async function snapshot(pool: Pool, tables = ['merchants', 'memberships', 'invites', 'merchant_addresses', 'outbox']): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`);
    out[t] = rows[0].n;
  }
  return out;
}

/** Everything the relay has published so far from this database (after waiting for it). */
export async function publishedEvents(pool: Pool): Promise<{ id: string; subject: string; payload: Buffer }[]> {
  await waitFor('the outbox relay', async () => {
    const { rows } = await pool.query('SELECT 1 FROM outbox WHERE published_at IS NULL LIMIT 1');
    return rows.length === 0;
  });
  const { rows } = await pool.query<{ id: string; subject: string; payload: Buffer }>('SELECT id, subject, payload FROM outbox ORDER BY seq');
  return rows;
}
