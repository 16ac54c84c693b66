import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';

type HealthClient = grpc.Client & {
  Check(
    req: { service: string },
    options: grpc.CallOptions,
    cb: (err: grpc.ServiceError | null, res?: { status: string }) => void,
  ): grpc.ClientUnaryCall;
};
const HealthClientCtor = grpc.makeGenericClientConstructor(
  healthService as unknown as grpc.ServiceDefinition,
  'Health',
) as unknown as new (address: string, creds: grpc.ChannelCredentials, options?: grpc.ChannelOptions) => HealthClient;

/** Outcome of one probe: ok, or the reason it is not (for the timeout message). */
export type Probe = { ok: true } | { ok: false; reason: string };

/**
 * Standard gRPC health check: `grpc.health.v1.Health/Check` with service '' must answer SERVING.
 * One client per wait loop; call close() when done.
 */
export function grpcProbe(address: string): { probe(timeoutMs?: number): Promise<Probe>; close(): void } {
  // The first probes meet a port nobody listens on yet; gRPC's default 1 s (then 1.6 s…) pause
  // after each refusal would see a service ready only seconds after it is.
  const client = new HealthClientCtor(address, grpc.credentials.createInsecure(), {
    'grpc.initial_reconnect_backoff_ms': 100,
    'grpc.max_reconnect_backoff_ms': 250,
  });
  return {
    probe(timeoutMs = 1000) {
      return new Promise((resolve) => {
        client.Check({ service: '' }, { deadline: Date.now() + timeoutMs }, (err, res) => {
          if (err) resolve({ ok: false, reason: `gRPC health: ${err.details || err.message}` });
          else if (res?.status !== 'SERVING') resolve({ ok: false, reason: `gRPC health: stato ${res?.status}` });
          else resolve({ ok: true });
        });
      });
    },
    close() {
      client.close();
    },
  };
}

/** `GET url` must answer 200. */
export async function httpProbe(url: string, timeoutMs = 1000): Promise<Probe> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200 ? { ok: true } : { ok: false, reason: `GET ${url} → ${res.status}` };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { ok: false, reason: `GET ${url}: ${cause ?? (err as Error).message}` };
  }
}
