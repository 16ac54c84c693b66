import { z } from 'zod';
import type { BuyerMailPreviewJson, BuyerMailSettingsJson } from '@smista/contracts';

/**
 * The merchant's e-mails to its buyers (issue 26): the settings and the preview. Their types are in
 * contracts `api-types/shipments.ts` (the kinds in `buyer-mail.ts`); the schemas live here, beside
 * the buyer-mail routes.
 */

const templateSchema = z.object({
  enabled: z.boolean(),
  subject: z.string(),
  body: z.string(),
  customised: z.boolean().describe("The subject or body differs from the default text"),
});

/** `GET` and `PUT /api/buyer-emails`: every kind's template (contracts `buyerMailKinds`), whether or not the merchant touched it. */
export const buyerMailSettingsResponse = z.object({
  enabled: z.boolean(),
  senderName: z.string().describe("The From header's name; empty: the merchant's name"),
  replyTo: z.string().describe("Where buyers' answers go; empty: nowhere but the From address"),
  fromAddress: z.string().describe("The address the e-mails are sent from (the deployment's, read-only)"),
  merchantName: z.string(),
  testRecipient: z.string().describe("Where a test is sent: the signed-in user's own address"),
  templates: z.object({ shipped: templateSchema, out_for_delivery: templateSchema, delivered: templateSchema, held: templateSchema }),
}) satisfies z.ZodType<BuyerMailSettingsJson>;

/** `POST /api/buyer-emails/preview`: the e-mail with a sample parcel. */
export const buyerMailPreviewResponse = z.object({
  subject: z.string(),
  html: z.string().describe('A whole HTML document (its images inline), for a sandboxed frame'),
  text: z.string(),
  from: z.string(),
  replyTo: z.string().nullable(),
}) satisfies z.ZodType<BuyerMailPreviewJson>;
