import { randomUUID } from 'node:crypto';
import {
  callerFromMetadata,
  connectNats,
  createGrpcClient,
  createLogger,
  createPool,
  ensureStream,
  isServiceError,
  parseConfig,
  rpc,
  signCallerToken,
  startGrpcServer,
  type GrpcServerHandle,
  type Nats,
  type Pool,
  type Rpc,
  type StreamSpec,
} from '@smista/service-kit';
import { common, identity, merchants } from '@smista/proto';
import { configSchema, type Config } from '../../src/config';
import { startIdentity, type RunningIdentity } from '../../src/main';
import { waitFor as waitForState } from '../../../../deploy/local/src/machine-load';
import { createTestDatabase } from '../../../../e2e/support/db';
import { consumersSince, sharedInfra } from '../../../../e2e/support/env';
import { listMails, type CaughtMail } from '../../../../e2e/support/mail';

export type { CaughtMail };

export const SECRET = 'identity-integration-test-secret-0123456789';
export const PUBLIC_URL = 'http://shell.test:4200';
export const logger = createLogger('identity-test', process.env.TEST_LOG_LEVEL ?? 'silent');

/** A membership the merchants test peer knows: userId → merchantId → {name, role}. */
export type Memberships = Map<string, Map<string, { merchantName: string; role: common.Role; ssoRequired?: boolean }>>;

/**
 * A minimal, real gRPC MerchantsService answering GetMembership from a map, so SelectMerchant
 * goes over the wire exactly as in production. It checks the caller token identity signs.
 */
export async function startMerchantsPeer(memberships: Memberships): Promise<GrpcServerHandle & { calls: merchants.GetMembershipRequest[] }> {
  const calls: merchants.GetMembershipRequest[] = [];
  const implementation: Pick<merchants.MerchantsServiceServer, 'listMyMerchants' | 'createMerchant' | 'getMembership'> = {
    listMyMerchants: (_call, cb) => cb({ code: 12, details: 'not in this peer' }),
    createMerchant: (_call, cb) => cb({ code: 12, details: 'not in this peer' }),
    getMembership: (call, cb) => {
      calls.push(call.request);
      callerFromMetadata(call.metadata, SECRET).then(
        (caller) => {
          if (caller.userId !== call.request.userId) return cb({ code: 7, details: 'other user' });
          const m = memberships.get(call.request.userId)?.get(call.request.merchantId);
          if (!m) return cb({ code: 5, details: 'Merchant non trovato' });
          cb(null, { userId: call.request.userId, merchantId: call.request.merchantId, ...m, ssoRequired: m.ssoRequired ?? false });
        },
        () => cb({ code: 16, details: 'bad caller token' }),
      );
    },
  };
  const server = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    services: [{ definition: merchants.MerchantsServiceService, implementation }],
    logger,
  });
  return Object.assign(server, { calls });
}

export interface TestIdentity {
  config: Config;
  /** Direct access for assertions on what was (not) written. */
  pool: Pool;
  nats: Nats;
  client: identity.IdentityServiceClient;
  /** Calls without a caller token (session-based rpcs). */
  api: Rpc<identity.IdentityServiceClient>;
  /** Calls as a user (profile rpcs). */
  as(userId: string): Promise<Rpc<identity.IdentityServiceClient>>;
  running: RunningIdentity;
  durableSuffix: string;
  stop(): Promise<void>;
}

/** The stream merchants owns; the tests publish its events themselves, so they declare it as merchants would. */
export const MERCHANTS_STREAM: StreamSpec = { name: 'MERCHANTS', subjects: ['merchants.>'] };

/** Starts the real identity service (same wiring as main.ts) on a fresh database and port 0. */
export async function startTestIdentity(
  opts: { databaseUrl?: string; merchantsAddr?: string; durableSuffix?: string; /** More variables (SSO_ISSUER_URL, ...). */ env?: Record<string, string> } = {},
): Promise<TestIdentity> {
  const infra = sharedInfra();
  const owner = await connectNats(infra.natsUrl, 'identity-test-merchants-stream');
  await ensureStream(owner.jsm, MERCHANTS_STREAM);
  await owner.nc.drain();
  const durableSuffix = opts.durableSuffix ?? `-test-${randomUUID().slice(0, 8)}`;
  const config = parseConfig(configSchema, {
    GRPC_PORT: '0',
    DATABASE_URL: opts.databaseUrl ?? (await createTestDatabase('identity')),
    NATS_URL: infra.natsUrl,
    CALLER_TOKEN_SECRET: SECRET,
    SMTP_URL: infra.smtpUrl,
    MAIL_FROM: 'Smista <no-reply@smista.test>',
    PUBLIC_URL: `${PUBLIC_URL}/`,
    MERCHANTS_GRPC_ADDR: opts.merchantsAddr ?? '127.0.0.1:1',
    LOG_LEVEL: 'silent',
    NATS_CONSUMER_SUFFIX: durableSuffix,
    NATS_CONSUMERS_SINCE: consumersSince(),
    ...opts.env,
  });
  const running = await startIdentity(config, logger);
  const client = createGrpcClient(identity.IdentityServiceClient, `127.0.0.1:${running.port}`);
  const pool = createPool(config.DATABASE_URL, 2);
  const nats = await connectNats(config.NATS_URL, 'identity-test');
  return {
    config,
    pool,
    nats,
    client,
    api: rpc(client),
    as: async (userId) => rpc(client, { callerToken: await signCallerToken({ userId }, SECRET) }),
    running,
    durableSuffix,
    async stop() {
      client.close();
      for (const [, step] of running.shutdownSteps) await step();
      await nats.nc.drain();
      await pool.end();
    },
  };
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

/** Messages the mail catcher holds for one address, newest first. */
export function mailsTo(address: string): Promise<CaughtMail[]> {
  return listMails({ to: address });
}

let seq = 0;
/** A registration that passes every rule, unique per call. */
export function newRegistration(patch: Partial<identity.RegisterRequest> = {}): identity.RegisterRequest {
  const id = `${Date.now().toString(36)}${(seq++).toString(36)}${randomUUID().slice(0, 4)}`;
  return {
    firstName: 'Giulia',
    lastName: 'Bianchi',
    email: `giulia.${id}@example.it`,
    username: `giulia_${id}`,
    password: 'Segreta1',
    ...patch,
  };
}

export async function count(pool: Pool, table: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0].n);
}
