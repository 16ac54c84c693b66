import { z } from 'zod';
import {
  carrierCodes,
  integrationStatuses,
  pageMetaSchema,
  trackingCodeStatuses,
  type CarrierCredentialsJson,
  type CarrierIntegrationJson,
  type CarrierJson,
  type TrackingCodeJson,
  type TrackingCodePageJson,
  type TrackingCodesAddedJson,
  type TrackingCodeStatsJson,
} from '@smista/contracts';

/**
 * What the carrier routes answer (`carrier-routes.ts`, built by `carrier-presenters.ts`), typed
 * against `libs/contracts/src/api-types/carriers.ts`.
 */

/** A carrier of the catalogue (`GET /api/carriers`). */
export const carrierResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.enum(carrierCodes),
  logoUrl: z.string().describe('Served by the gateway (`/assets/carriers/<code>.svg`)'),
  description: z.string(),
  credentialKind: z.enum(['gls', 'generic', 'letter']).describe('Which credentials its form asks for'),
  usesCodePool: z.boolean().describe('The Poste letter services keep a tracking-code pool'),
}) satisfies z.ZodType<CarrierJson>;

export const carrierListResponse = z.array(carrierResponse);

const carrierCredentialsResponse = z
  .object({
    siglaSede: z.string().nullable(),
    codiceCliente: z.string().nullable(),
    codiceContratto: z.string().nullable(),
    emailFiliale: z.string().nullable(),
    usernameRitiri: z.string().nullable(),
    username: z.string().nullable(),
    customerCode: z.string().nullable(),
    serviceType: z.string().nullable(),
    hasPasswordCliente: z.boolean(),
    hasPasswordRitiri: z.boolean(),
    hasPassword: z.boolean(),
  })
  .describe('Plain fields as stored; a secret only as whether one is stored (`has…`)') satisfies z.ZodType<CarrierCredentialsJson>;

/** A carrier integration of the selected merchant. */
export const carrierIntegrationResponse = z.object({
  id: z.number().int(),
  merchantId: z.string(),
  carrierId: z.number().int(),
  provider: z.enum(carrierCodes).describe('The carrier code'),
  carrierName: z.string(),
  logoUrl: z.string(),
  connectionName: z.string(),
  status: z.enum(integrationStatuses).describe('pending until the carrier accepts the credentials, then active'),
  statusMessage: z.string().nullable().describe("The carrier's refusal of the last credential check, in Italian"),
  active: z.boolean(),
  connectedAt: z.string().nullable(),
  lastSync: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  credentials: carrierCredentialsResponse,
}) satisfies z.ZodType<CarrierIntegrationJson>;

export const carrierIntegrationListResponse = z.array(carrierIntegrationResponse);

/** `GET .../tracking-codes/stats`. */
export const trackingCodeStatsResponse = z.object({
  available: z.number().int(),
  used: z.number().int(),
  reserved: z.number().int(),
  total: z.number().int(),
  lowStock: z.boolean().describe("Fewer than 10 available: 'Scorte in esaurimento'"),
}) satisfies z.ZodType<TrackingCodeStatsJson>;

const trackingCodeResponse = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  status: z.enum(trackingCodeStatuses),
  assignedToOrderId: z.string().nullable(),
  usedAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<TrackingCodeJson>;

/** `GET .../tracking-codes?status&page&pageSize`. */
export const trackingCodePageResponse = z.object({
  data: z.array(trackingCodeResponse),
  meta: pageMetaSchema,
}) satisfies z.ZodType<TrackingCodePageJson>;

/** `POST .../tracking-codes`: `{message: 'Aggiunti 25 codici', added: 25}`. */
export const trackingCodesAddedResponse = z.object({
  message: z.string(),
  added: z.number().int(),
}) satisfies z.ZodType<TrackingCodesAddedJson>;
