import { posteMessages } from '@smista/contracts';
import { NotSupportedError, type Logger } from '@smista/service-kit';
import { CarrierError, CarrierErrorCode, type CancelResult, type CarrierAdapter, type LabelRequest, type LabelResult, type TrackResult } from '../adapter';
import { buildSessionRequest, buildTrackingQuery, buildWaybillRequest } from './build';
import { createPosteDeliveryClient, type PosteAnswer, type PosteHttpOptions } from './client';
import { badResponse, credentialsRefused, voidRefused } from './errors';
import { parseSession, parseTracking, parseVoidCheck, parseWaybillResponse } from './parse';
import { sessionKey, sharedSessionTokens, type SessionTokenCache } from './session';
import { DEFAULT_VOIDABLE_STATUSES, settingsProblem, type PosteDeliverySettings } from './settings';

export { buildSessionRequest, buildTrackingQuery, buildWaybillRequest, clientReferenceOf } from './build';
export { parseSession, parseTracking, parseVoidCheck, parseWaybillResponse, type VoidCheck } from './parse';
export { SessionTokenCache, sessionKey, sharedSessionTokens } from './session';
export { DEFAULT_PRODUCT, DEFAULT_VOIDABLE_STATUSES, POSTE_SCOPES, posteDeliverySettingsFrom, scopeOf, settingsProblem, type PosteDeliverySettings } from './settings';

export interface PosteDeliveryDeps {
  logger: Logger;
  /** The clock in ms (token expiry, `shipmentDate`); tests move it. Default `Date.now`. */
  now?: () => number;
  /** Where session tokens are kept; default the process-wide {@link sharedSessionTokens}. */
  sessions?: SessionTokenCache;
  /** Transport tuning (tests, load runs). */
  http?: PosteHttpOptions;
}

/**
 * The Poste Delivery Business adapter (providers.md): a session token (cached until shortly before
 * it expires, shared by every adapter of the account, renewed once when Poste answers 401), the
 * waybill with its label PDF fetched from `downloadURL`, and tracking. Poste Delivery Business
 * offers no cancellation: `cancelShipment` asks the tracking whether Poste already has the parcel
 * (then CANCEL_REFUSED) and otherwise answers that the waybill is void in Smista only
 * (`cancelledAtCarrier` false). It has no workday close (the kit's `NotSupportedError`).
 *
 * @example
 * const adapter = createPosteDeliveryAdapter({ baseUrl, clientId: 'smista-sandbox', secret: 'PosteSandbox1', costCenterCode: 'CDC-000001', product: 'APT000902', scope: '' }, { logger });
 * const { trackingNumber, labelPdf } = await adapter.createLabel(request);
 */
export function createPosteDeliveryAdapter(settings: PosteDeliverySettings, deps: PosteDeliveryDeps): CarrierAdapter {
  const client = createPosteDeliveryClient(settings, deps.logger, deps.http);
  const sessions = deps.sessions ?? sharedSessionTokens;
  const now = deps.now ?? Date.now;
  const key = sessionKey(settings);
  const provider = posteMessages.provider;

  const assertSettings = () => {
    const problem = settingsProblem(settings);
    if (problem) throw new CarrierError(CarrierErrorCode.CredentialsRefused, problem, 'settings incomplete: nothing sent');
  };
  const openSession = async () => {
    const res = await client.openSession(buildSessionRequest(settings));
    return parseSession(res.status, res.text);
  };

  /** A call with the account's token; on a 401 the token is dropped and the call made once more with a new one. */
  const authorized = async (call: (token: string) => Promise<PosteAnswer>): Promise<PosteAnswer> => {
    assertSettings();
    const token = await sessions.token(key, openSession, now);
    const first = await call(token);
    if (first.status !== 401) return first;
    sessions.invalidate(key, token);
    const renewed = await sessions.token(key, openSession, now);
    const second = await call(renewed);
    if (second.status === 401) {
      sessions.invalidate(key, renewed);
      throw credentialsRefused(undefined, 'HTTP 401 with a freshly issued token');
    }
    return second;
  };

  return {
    provider,

    async validateCredentials(): Promise<void> {
      assertSettings();
      // Always a new session: a cached token would not say whether the secret is still right.
      const obtainedAt = now();
      const session = await openSession();
      sessions.store(key, session, obtainedAt);
    },

    async createLabel(request: LabelRequest): Promise<LabelResult> {
      const body = buildWaybillRequest(settings, request, new Date(now()));
      const res = await authorized((token) => client.createWaybill(body, token));
      const { code, downloadURL } = parseWaybillResponse(res.text);
      const label = await client.downloadLabel(downloadURL);
      if (Buffer.from(label.body.subarray(0, 5)).toString('latin1') !== '%PDF-') {
        throw badResponse(`label of ${code}: ${label.contentType || 'no content type'}, ${label.body.length} bytes, not a PDF`, posteMessages.labelNotPdf);
      }
      return { trackingNumber: code, carrierShipmentNumber: code, labelPdf: label.body, warnings: [] };
    },

    // Poste Delivery Business offers no call that voids a waybill (README): the waybill can only be
    // voided in Smista, and only while Poste does not have the parcel yet, which its tracking says.
    async cancelShipment(shipment: { carrierShipmentNumber: string; trackingNumber: string }): Promise<CancelResult> {
      const number = (shipment.trackingNumber || shipment.carrierShipmentNumber).trim();
      const res = await authorized((token) => client.track(buildTrackingQuery(number), token));
      const check = parseVoidCheck(res.text, number, settings.voidableStatuses ?? DEFAULT_VOIDABLE_STATUSES);
      if (!check.voidable) throw voidRefused(number, check.lastEvent);
      return { message: posteMessages.voidChecked(number), cancelledAtCarrier: false };
    },

    async closeWorkday(): Promise<never> {
      throw new NotSupportedError(posteMessages.operations.closeWorkday, provider);
    },

    async track(shipment: { trackingNumber: string; carrierShipmentNumber: string }): Promise<TrackResult> {
      const number = (shipment.trackingNumber || shipment.carrierShipmentNumber).trim();
      const res = await authorized((token) => client.track(buildTrackingQuery(number), token));
      return parseTracking(res.text, number);
    },

    close: () => client.close(),
  };
}
