/**
 * The environment of the application's components. Which components there are, their ports, peers
 * and own variables are rows of the one table in components.ts; the rules below give every row what
 * every service gets.
 */
import { SANDBOXES, type AppComponent, type StackContext } from './components';
import { SSO_CONSUMERS } from './keycloak';

export const MAIL_FROM = 'Smista <no-reply@smista.local>';

/** `identity` → `IDENTITY_GRPC_ADDR` */
export function grpcAddrVar(name: string): string {
  return `${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_GRPC_ADDR`;
}

/**
 * The environment of one component:
 * - gRPC services: GRPC_PORT, DATABASE_URL (if it has a database), NATS_URL, CALLER_TOKEN_SECRET,
 *   SMTP_URL, MAIL_FROM;
 * - http components (gateway): PORT, HOST=127.0.0.1;
 * - every component: METRICS_PORT, OTEL_EXPORTER_OTLP_ENDPOINT, PUBLIC_URL, LOG_LEVEL, and
 *   `<PEER>_GRPC_ADDR` of each of its `peers` that runs in `all`;
 * then what each sandbox row gives its consumers (`GLS_BASE_URL`…), the SSO realm and client for
 * identity and the gateway (when Keycloak runs), then the row's own `env`.
 */
export function componentEnv(component: AppComponent, ctx: StackContext, all: readonly AppComponent[]): Record<string, string> {
  const peers: Record<string, string> = {};
  for (const peer of component.peers ?? []) {
    if (all.some((other) => other.name === peer && other.kind === 'grpc')) peers[grpcAddrVar(peer)] = `127.0.0.1:${ctx.ports[peer]}`;
  }
  const sandboxes: Record<string, string> = {};
  for (const sandbox of SANDBOXES) {
    const url = ctx.sandboxUrls[sandbox.name];
    const variables = sandbox.consumers?.[component.name];
    if (url && variables) Object.assign(sandboxes, variables(url));
  }
  const sso: Record<string, string> = ctx.sso && SSO_CONSUMERS.includes(component.name) ? { SSO_ISSUER_URL: ctx.sso.issuer, SSO_CLIENT_ID: ctx.sso.clientId } : {};
  const port = String(ctx.ports[component.name]);
  const common: Record<string, string> =
    component.kind === 'grpc'
      ? {
          GRPC_PORT: port,
          ...(ctx.databaseUrls[component.name] ? { DATABASE_URL: ctx.databaseUrls[component.name] } : {}),
          NATS_URL: ctx.natsUrl,
          CALLER_TOKEN_SECRET: ctx.callerTokenSecret,
          SMTP_URL: ctx.smtpUrl,
          MAIL_FROM,
        }
      : { PORT: port, HOST: '127.0.0.1' };
  return {
    ...common,
    METRICS_PORT: String(ctx.metricsPorts[component.name]),
    OTEL_EXPORTER_OTLP_ENDPOINT: ctx.otlpEndpoint,
    PUBLIC_URL: ctx.publicUrl,
    LOG_LEVEL: ctx.logLevel,
    ...peers,
    ...sandboxes,
    ...sso,
    ...(component.env?.(ctx) ?? {}),
  };
}
