/** Jest globalTeardown: stops what jest-global-setup started (sandboxes, sample pages, Jaeger, mail catcher, Redis, NATS, PostgreSQL). */
import { INFRA_GLOBAL } from './jest-global-setup';
import type { Infra } from './stack';

export default async function globalTeardown(): Promise<void> {
  const infra = (globalThis as Record<string, unknown>)[INFRA_GLOBAL] as Infra | undefined;
  if (!infra) return;
  delete (globalThis as Record<string, unknown>)[INFRA_GLOBAL];
  await infra.stop();
}
