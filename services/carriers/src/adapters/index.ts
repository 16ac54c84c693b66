import type { Logger } from '@smista/service-kit';
import { isPoolCarrier } from '@smista/contracts';
import type { Integration, SecretCredentials } from '../domain';
import type { CarrierAdapter } from './adapter';
import { createGlsAdapter } from './gls';
import { createPosteDeliveryAdapter } from './poste-delivery';
import { createPosteLetterAdapter } from './poste-letters';

export * from './adapter';

/** Where the carriers' APIs are (the real ones in production, the sandboxes in dev and tests). */
export interface CarrierEndpoints {
  glsBaseUrl: string;
  glsTrackingUrl: string;
  posteDeliveryBaseUrl: string;
  /** Poste tracking codes under which a waybill may still be voided in Smista only (POSTE_DELIVERY_VOIDABLE_STATUSES). */
  posteDeliveryVoidableStatuses?: readonly string[];
  /** Requests in flight per carrier host and integration (CARRIER_MAX_CONCURRENT_REQUESTS). */
  maxConcurrentRequests: number;
}

/** Builds the adapter of one integration from its stored credentials and the configured endpoints. */
export function createCarrierAdapter(integration: Integration, secrets: SecretCredentials, endpoints: CarrierEndpoints, logger: Logger): CarrierAdapter {
  const { carrier, credentials } = integration;
  const log = logger.child({ carrier: carrier.code, integrationId: integration.id });
  if (carrier.code === 'gls') {
    return createGlsAdapter(
      {
        baseUrl: endpoints.glsBaseUrl,
        trackingUrl: endpoints.glsTrackingUrl,
        siglaSede: credentials.siglaSede ?? '',
        codiceCliente: credentials.codiceCliente ?? '',
        passwordCliente: secrets.passwordCliente ?? '',
        codiceContratto: credentials.codiceContratto ?? '',
      },
      { logger: log, http: { maxConcurrentPerHost: endpoints.maxConcurrentRequests } },
    );
  }
  if (carrier.code === 'poste_delivery') {
    return createPosteDeliveryAdapter(
      {
        baseUrl: endpoints.posteDeliveryBaseUrl,
        clientId: credentials.username ?? '',
        secret: secrets.password ?? '',
        costCenterCode: credentials.customerCode ?? '',
        product: credentials.serviceType || 'APT000902',
        scope: '',
        ...(endpoints.posteDeliveryVoidableStatuses ? { voidableStatuses: endpoints.posteDeliveryVoidableStatuses } : {}),
      },
      { logger: log, http: { maxConcurrentPerHost: endpoints.maxConcurrentRequests } },
    );
  }
  if (isPoolCarrier(carrier.code)) return createPosteLetterAdapter({ carrierCode: carrier.code, carrierName: carrier.name }, { logger: log });
  throw new Error(`no adapter for carrier ${carrier.code}`);
}

/**
 * Adapters kept per integration and credentials version (its `updatedAt`), so a batch of labels
 * reuses one HTTP client and its connections (and Poste's session token) instead of opening new
 * ones per call. A changed integration gets a new adapter; the old one is closed.
 */
export class AdapterCache {
  private readonly adapters = new Map<number, { version: number; adapter: CarrierAdapter }>();

  constructor(
    private readonly build: (integration: Integration) => Promise<CarrierAdapter>,
    private readonly max = 500,
  ) {}

  async get(integration: Integration): Promise<CarrierAdapter> {
    const version = integration.updatedAt.getTime();
    const hit = this.adapters.get(integration.id);
    if (hit && hit.version === version) return hit.adapter;
    if (hit) void hit.adapter.close().catch(() => undefined);
    const adapter = await this.build(integration);
    if (this.adapters.size >= this.max) {
      const [oldestId, oldest] = this.adapters.entries().next().value!;
      this.adapters.delete(oldestId);
      void oldest.adapter.close().catch(() => undefined);
    }
    this.adapters.set(integration.id, { version, adapter });
    return adapter;
  }

  /** Forgets an integration (deleted or changed). */
  drop(integrationId: number): void {
    const hit = this.adapters.get(integrationId);
    this.adapters.delete(integrationId);
    if (hit) void hit.adapter.close().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    const all = [...this.adapters.values()];
    this.adapters.clear();
    await Promise.all(all.map((a) => a.adapter.close().catch(() => undefined)));
  }
}
