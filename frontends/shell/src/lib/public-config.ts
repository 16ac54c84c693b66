import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicConfigJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';

/** `GET /api/public-config` (public), the contracts' shape. */
export type PublicConfig = PublicConfigJson;

export const PUBLIC_CONFIG_QUERY_KEY = ['/api/public-config'] as const;

/**
 * A page address the shell may put in a link: absolute http(s), or a path on this site. Anything
 * else (`javascript:`, `data:`, `//host`) is dropped, whatever the configuration says.
 */
function safePageUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? null : url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The SSO realm as the gateway tells it: an http(s) server, a realm and a client, or null (no button). */
function parseSso(value: unknown): PublicConfig['sso'] {
  if (!value || typeof value !== 'object') return null;
  const { url, realm, clientId } = value as Record<string, unknown>;
  if (typeof url !== 'string' || typeof realm !== 'string' || typeof clientId !== 'string' || !realm || !clientId) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? { url, realm, clientId } : null;
  } catch {
    return null;
  }
}

/**
 * The public configuration from whatever the gateway answered: unknown or unsafe values become
 * "not configured" (no link, no tracing) instead of errors.
 *
 * @example parsePublicConfig({ termsUrl: 'https://smista.it/termini', privacyUrl: null, telemetry: { traces: true } })
 */
export function parsePublicConfig(json: unknown): PublicConfig {
  const body = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const telemetry = (body.telemetry && typeof body.telemetry === 'object' ? body.telemetry : {}) as Record<string, unknown>;
  return {
    termsUrl: safePageUrl(body.termsUrl),
    privacyUrl: safePageUrl(body.privacyUrl),
    telemetry: { traces: telemetry.traces === true },
    sso: parseSso(body.sso),
  };
}

/** The query of the public configuration: read once per page load, never retried (a failure means "none"). */
export const publicConfigQuery = {
  queryKey: PUBLIC_CONFIG_QUERY_KEY,
  queryFn: async ({ signal }: { signal?: AbortSignal }) => parsePublicConfig(await apiFetch<unknown>(PUBLIC_CONFIG_QUERY_KEY[0], { signal })),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
} as const;

/** The public configuration; `data` stays undefined while it loads or when it cannot be read. */
export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

/** The same, outside React (the telemetry loader); null when it cannot be read. */
export function loadPublicConfig(queryClient: QueryClient): Promise<PublicConfig | null> {
  return queryClient.fetchQuery(publicConfigQuery).catch(() => null);
}
