import os from 'node:os';
import { connect } from '@nats-io/transport-node';
import { createLogger, natsConnectOptions, onShutdown, startAdminServer } from '@smista/service-kit';
import { instanceId } from './announcement';
import { loadRemoteServerConfig, servedPath } from './config';
import { bucketSink, keepAnnounced, openRemotesBucket } from './registry';
import { announcementOf, remoteServerApp } from './server';

const config = loadRemoteServerConfig();
const logger = createLogger('remote-server', config.logLevel);
const startedAt = new Date();
const instance = instanceId(os.hostname(), process.pid);

async function main() {
  // Read once before serving: a dist without a readable manifest stops the process at once.
  const first = await announcementOf(config.remoteDir, { publicUrl: config.publicUrl, instance, startedAt });
  const servedAt = servedPath(config.publicUrl ?? `/remotes/${first.name}/`);
  const server = remoteServerApp({ remoteDir: config.remoteDir, servedAt }).listen(config.port, config.host, () =>
    logger.info({ remote: first.name, version: first.version, servedAt, port: config.port }, 'remote server listening'),
  );
  server.once('error', (err) => {
    logger.fatal({ err: err.message }, 'cannot listen');
    process.exit(1);
  });

  const nc = await connect({ ...natsConnectOptions(config.natsUrl), name: `remote-${first.name}-${instance}`, waitOnFirstConnect: true, maxReconnectAttempts: -1 });
  const kv = await openRemotesBucket(nc, config.bucket);
  // Ready while NATS is connected: the registry hears this server.
  const admin = await startAdminServer({
    port: config.metricsPort,
    checks: [{ name: 'nats', check: async () => void (nc.isClosed() ? Promise.reject(new Error('closed')) : await nc.flush()) }],
    logger,
  });
  const announcer = keepAnnounced(
    () => announcementOf(config.remoteDir, { publicUrl: config.publicUrl, instance, startedAt }).then((a) => [a]),
    [bucketSink(kv)],
    { logger },
  );
  // Before the first write lands: a SIGTERM from then on withdraws what was written.
  onShutdown(logger, [
    // Withdrawn first: the gateways stop listing it before its files go.
    ['announcement', () => announcer.stop()],
    ['http', () => new Promise<void>((resolve) => server.close(() => resolve())).then(() => undefined)],
    ['nats', () => nc.drain()],
    ['admin', () => admin.close()],
  ]);
  await announcer.firstWrite;
  logger.info({ remote: first.name, version: first.version, bucket: config.bucket }, 'remote announced');
}

main().catch((err: unknown) => {
  logger.fatal({ err: err instanceof Error ? err.message : String(err) }, 'remote server cannot start');
  process.exit(1);
});
