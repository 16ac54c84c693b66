import { z } from 'zod';
import type { PublicConfigJson } from '@smista/contracts';
import { keycloakRealmOf, type Logger, type SsoSettings } from '@smista/service-kit';
import { openApiResponse, publicConfigResponse } from './response-schemas/common';
import { route, type RouteDef } from './route';

/** What the gateway's own routes need from its configuration. */
export interface GatewayRouteDeps {
  legal: { termsUrl: string | null; privacyUrl: string | null };
  /** OTLP/HTTP collector base URL; unset: browser spans are accepted and dropped. */
  otlpEndpoint?: string;
  /** SSO_ISSUER_URL and SSO_CLIENT_ID; undefined: SSO off (no button, the /api/sso routes refuse). */
  sso?: SsoSettings;
  logger: Logger;
}

/** Browser span batches: OTLP/JSON, a few KB each; the cap keeps one request cheap. */
const TELEMETRY_BODY_LIMIT = 256 * 1024;

/** The shape of an OTLP/JSON export, checked before anything is forwarded. */
const otlpTraces = z.object({
  resourceSpans: z
    .array(
      z.object({
        resource: z.object({ attributes: z.array(z.unknown()).max(64).optional() }).passthrough().optional(),
        scopeSpans: z.array(z.object({ spans: z.array(z.unknown()).max(2_048) }).passthrough()).max(64),
      }).passthrough(),
    )
    .max(16),
});

/**
 * Routes the gateway answers itself, with no service behind them:
 * - `GET /api/public-config`: what the shell needs before anyone logs in (links of the legal pages,
 *   whether to send browser traces, the SSO realm and client or null);
 * - `POST /api/telemetry/traces`: the shell's spans (OTLP/JSON) on their way to the collector, so a
 *   trace begins at the click. The resource is stamped `service.name: shell` whatever the browser
 *   says; the call answers 204 at once and forwarding failures are only logged.
 */
export function gatewayRoutes(deps: GatewayRouteDeps): RouteDef[] {
  const collector = deps.otlpEndpoint ? `${deps.otlpEndpoint.replace(/\/+$/, '')}/v1/traces` : undefined;
  return [
    route({
      method: 'GET',
      path: '/api/public-config',
      auth: 'public',
      rpc: 'gateway',
      response: { schema: publicConfigResponse },
      handle: async () => {
        const sso = deps.sso ? { ...keycloakRealmOf(deps.sso.issuer), clientId: deps.sso.clientId } : null;
        const body: PublicConfigJson = { termsUrl: deps.legal.termsUrl, privacyUrl: deps.legal.privacyUrl, telemetry: { traces: collector !== undefined }, sso };
        return { body };
      },
    }),
    route({
      method: 'POST',
      path: '/api/telemetry/traces',
      auth: 'public',
      rpc: 'gateway',
      response: { status: 204 },
      body: otlpTraces,
      bodyLimit: TELEMETRY_BODY_LIMIT,
      limiters: ['telemetryPerIp'],
      handle: async ({ body }) => {
        if (collector) {
          const stamped = {
            resourceSpans: body.resourceSpans.map((rs) => ({
              ...rs,
              resource: { attributes: [{ key: 'service.name', value: { stringValue: 'shell' } }, { key: 'smista.source', value: { stringValue: 'browser' } }] },
            })),
          };
          fetch(collector, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(stamped),
            signal: AbortSignal.timeout(5_000),
          }).then(
            async (res) => {
              await res.arrayBuffer();
              if (!res.ok) deps.logger.warn({ status: res.status }, 'collector refused browser spans');
            },
            (err: unknown) => deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'browser spans not forwarded'),
          );
        }
        return { status: 204, body: undefined };
      },
    }),
  ];
}

/**
 * `GET /api/openapi.json`: the API document (src/openapi/), built once at start from the route
 * table this route is part of, and sent as the bytes serialised then.
 */
export function openApiRoute(document: () => Buffer): RouteDef {
  return route({
    method: 'GET',
    path: '/api/openapi.json',
    auth: 'public',
    rpc: 'gateway',
    response: { schema: openApiResponse, description: 'This document (OpenAPI 3.1)' },
    handle: async () => ({ body: undefined, json: document() }),
  });
}
