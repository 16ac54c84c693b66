import net from 'node:net';
import { Metadata, status } from '@grpc/grpc-js';
import { messages } from '@smista/contracts';
import { orders as ordersProto } from '@smista/proto';
import { bindClients, closeClients, createClients, serviceNames, type ServiceName } from '../services';
import { HttpError, httpStatusForGrpc, toErrorResponse } from './errors';

const grpcError = (code: status, details: string) =>
  Object.assign(new Error(details), { code, details, metadata: new Metadata() });

describe('gRPC status → HTTP', () => {
  it.each([
    [status.OK, 500],
    [status.CANCELLED, 500],
    [status.UNKNOWN, 500],
    [status.INVALID_ARGUMENT, 400],
    [status.DEADLINE_EXCEEDED, 504],
    [status.NOT_FOUND, 404],
    [status.ALREADY_EXISTS, 409],
    [status.PERMISSION_DENIED, 403],
    [status.RESOURCE_EXHAUSTED, 429],
    [status.FAILED_PRECONDITION, 400],
    [status.ABORTED, 409],
    [status.OUT_OF_RANGE, 400],
    [status.UNIMPLEMENTED, 500],
    [status.INTERNAL, 500],
    [status.UNAVAILABLE, 503],
    [status.DATA_LOSS, 500],
    [status.UNAUTHENTICATED, 401],
  ])('%s → %s', (code, http) => {
    expect(httpStatusForGrpc(code)).toBe(http);
  });

  it('4xx carry the service’s Italian details', () => {
    expect(toErrorResponse(grpcError(status.ALREADY_EXISTS, 'Questo username è già in uso'))).toEqual({
      status: 409,
      body: { message: 'Questo username è già in uso' },
      clearSession: false,
    });
  });

  it('5xx answer a generic Italian text and keep the detail for the log', () => {
    const out = toErrorResponse(grpcError(status.INTERNAL, 'duplicate key value violates unique constraint'));
    expect(out.body).toEqual({ message: messages.errors.internal });
    expect(out.logDetail).toContain('duplicate key');
    expect(toErrorResponse(grpcError(status.DEADLINE_EXCEEDED, 'Deadline exceeded')).body).toEqual({ message: messages.errors.unavailable });
  });

  it("an operation a provider lacks (the kit's NOT_SUPPORTED) is a 400 with its message; a method missing from a service stays a 500", () => {
    expect(toErrorResponse(grpcError(status.UNIMPLEMENTED, 'Il marketplace Amazon non è ancora disponibile'))).toEqual({
      status: 400,
      body: { message: 'Il marketplace Amazon non è ancora disponibile' },
      clearSession: false,
    });
    const missing = toErrorResponse(grpcError(status.UNIMPLEMENTED, 'The server does not implement the method /smista.x/Y'));
    expect(missing).toMatchObject({ status: 500, body: { message: messages.errors.internal } });
  });

  it('body-parser failures', () => {
    expect(toErrorResponse(Object.assign(new Error('x'), { type: 'entity.parse.failed' }))).toMatchObject({ status: 400, body: { message: messages.errors.invalidJson } });
    expect(toErrorResponse(Object.assign(new Error('x'), { type: 'entity.too.large' }))).toMatchObject({ status: 413, body: { message: messages.errors.bodyTooLarge } });
  });

  it('gateway errors keep their status, field errors and cookie flag', () => {
    const err = new HttpError(401, 'Sessione scaduta', { clearSession: true });
    expect(toErrorResponse(err)).toEqual({ status: 401, body: { message: 'Sessione scaduta' }, clearSession: true });
  });

  it('anything else is a 500 without detail', () => {
    const out = toErrorResponse(new TypeError('cannot read properties of undefined'));
    expect(out).toMatchObject({ status: 500, body: { message: messages.errors.internal } });
  });
});

describe('a service that is down', () => {
  it('fails at once, not at its deadline, and is answered 503 with the Italian text', async () => {
    // A port nobody listens on: what the gateway's channel meets while a service is dead.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as net.AddressInfo;
        server.close(() => resolve(p));
      });
    });
    const clients = createClients(Object.fromEntries(serviceNames.map((n) => [n, `127.0.0.1:${port}`])) as Record<ServiceName, string>);
    try {
      // orders' own deadline is 45 s: a call that waited for a connection would still be waiting.
      const { orders } = bindClients(clients, { deadlineMs: 5_000 });
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const err = await orders.listOrders(ordersProto.ListOrdersRequest.fromPartial({})).then(() => undefined, (e: unknown) => e);
        expect(Date.now() - started).toBeLessThan(1_000);
        expect(toErrorResponse(err)).toMatchObject({ status: 503, body: { message: messages.errors.unavailable } });
      }
    } finally {
      closeClients(clients);
    }
  });
});
