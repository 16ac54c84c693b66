import { identity } from '@smista/proto';
import {
  createGrpcClient,
  createHandlerFactory,
  startGrpcServer,
  type ErrorStatusTable,
  type GrpcServerHandle,
  type Logger,
} from '../../src';

/**
 * A real gRPC server for the kit's tests, built the way services build theirs (the kit's handler
 * factory and server), answering one method of a generated contract, `CheckEmail`, with `handle`;
 * and a client to it. No service is involved.
 */
export async function serveCheckEmail(opts: {
  logger: Logger;
  errors?: ErrorStatusTable;
  handle: (request: identity.CheckEmailRequest) => Promise<identity.CheckEmailResponse>;
}): Promise<{ server: GrpcServerHandle; client: identity.IdentityServiceClient; stop(): Promise<void> }> {
  const unary = createHandlerFactory({ logger: opts.logger, callerSecret: 'k'.repeat(40), errors: opts.errors ?? {} });
  const server = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    logger: opts.logger,
    services: [
      {
        definition: identity.IdentityServiceService,
        implementation: { checkEmail: unary<identity.CheckEmailRequest, identity.CheckEmailResponse>('CheckEmail', opts.handle) },
      },
    ],
  });
  const client = createGrpcClient(identity.IdentityServiceClient, `127.0.0.1:${server.port}`);
  return {
    server,
    client,
    async stop() {
      client.close();
      await server.shutdown(1_000);
    },
  };
}
