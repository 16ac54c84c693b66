// A service process for the shutdown test: one slow rpc, the kit's server and onShutdown.
const { identity } = require('@smista/proto');
const { createHandlerFactory, createLogger, onShutdown, startGrpcServer } = require('../dist');

(async () => {
  const logger = createLogger('shutdown-child', 'silent');
  const unary = createHandlerFactory({ logger, callerSecret: 'x'.repeat(32), errors: {} });
  const implementation = {
    checkEmail: unary('CheckEmail', async () => {
      await new Promise((r) => setTimeout(r, 800));
      return { exists: true };
    }),
  };
  const server = await startGrpcServer({ port: 0, host: '127.0.0.1', services: [{ definition: identity.IdentityServiceService, implementation }], logger });
  onShutdown(logger, [['stop gRPC (drain in-flight calls)', () => server.shutdown()]]);
  process.send?.({ port: server.port });
})();
