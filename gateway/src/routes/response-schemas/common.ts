import { z } from 'zod';
import type { MessageJson, PublicConfigJson, SuccessJson } from '@smista/contracts';

/**
 * Schemas of what routes answer, named in their `response.schema` for the API document: this file
 * has the shapes every domain shares, and each domain's route file imports its own file of this
 * folder. Each schema is typed against the contracts' JSON type (`z.ZodType<OrderJson>`), so the two
 * cannot drift apart at compile time; `z.object` is closed in the document (`additionalProperties:
 * false` on the output side), so a field the presenter adds and the schema lacks fails the gateway
 * suites' conformance check (test/support/api-conformance.ts) and the fuzz suite.
 */

/** `{success: true}`: a change that answers nothing else. */
export const successResponse: z.ZodType<SuccessJson> = z.object({ success: z.literal(true) });

/** `{message}`: the Italian text to show (password reset). */
export const messageResponse: z.ZodType<MessageJson> = z.object({ message: z.string() });

/** `POST /api/check-email`. */
export const checkEmailResponse = z.object({ exists: z.boolean() });

/** `GET /api/public-config`. */
export const publicConfigResponse: z.ZodType<PublicConfigJson> = z.object({
  termsUrl: z.string().nullable(),
  privacyUrl: z.string().nullable(),
  telemetry: z.object({ traces: z.boolean() }),
  sso: z.object({ url: z.string(), realm: z.string(), clientId: z.string() }).nullable(),
});

/** `GET /api/openapi.json`: the document itself, its outline only. */
export const openApiResponse = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
