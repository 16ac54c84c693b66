import { identity, merchants } from '@smista/proto';
import { createGrpcClient, createLogger, onShutdown } from '@smista/service-kit';
import { createApp } from './app';
import { loadGatewayConfig } from './config';
import { drainHttpServer } from './drain';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.logLevel);

// One long-lived channel per service for the whole process.
const identityClient = createGrpcClient(identity.IdentityServiceClient, config.identityAddr);
const merchantsClient = createGrpcClient(merchants.MerchantsServiceClient, config.merchantsAddr);

const app = createApp({ config, logger, identity: identityClient, merchants: merchantsClient });
const server = app.listen(config.port, config.host, (err?: Error) => {
  if (err) {
    logger.fatal({ err: err.message }, 'cannot listen');
    process.exit(1);
  }
  logger.info({ url: `http://${config.host}:${config.port}`, publicUrl: config.publicUrl }, 'gateway listening');
});
// Longer than a load balancer's idle timeout, so it never reuses a socket we are closing.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

onShutdown(logger, [
  // Stop accepting, finish in-flight requests, close kept-alive sockets as they go idle.
  ['http', () => drainHttpServer(server, 8_000)],
  [
    'grpc',
    async () => {
      identityClient.close();
      merchantsClient.close();
    },
  ],
]);
