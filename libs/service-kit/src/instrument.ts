/**
 * Patches the libraries whose work belongs in traces but happens inside them (PostgreSQL queries),
 * before they are loaded. Import it first in a process's `main.ts`:
 *
 * @example
 * import '@smista/service-kit/instrument';
 * import { runService } from '@smista/service-kit';
 *
 * Queries become spans only inside a request's or an event's span (`requireParentSpan`), so the
 * outbox relay's polling never floods the collector. The spans reach a collector once
 * `startTracing` registers the provider (runService does).
 */
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';

registerInstrumentations({
  instrumentations: [new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false })],
});
