/**
 * The pure logic of Impostazioni › E-mail ai clienti (issue 26): the form's values from the API's
 * answer, one kind's draft for 'Anteprima' and 'Invia una prova', where a refusal's field errors
 * go, and a placeholder put where the cursor is.
 */
import type { z } from 'zod';
import {
  buyerMailDraftSchema,
  buyerMailKinds,
  buyerMailSettingsSchema,
  type BuyerMailDraftInput,
  type BuyerMailKind,
  type BuyerMailSettingsJson,
} from '@smista/contracts';
import { ApiError, errorMessageFrom, errorStatusOf } from '@smista/ui-kit';

/** What the form holds: the input of `buyerMailSettingsSchema` (the PUT body before trimming). */
export type BuyerMailFormValues = z.input<typeof buyerMailSettingsSchema>;

/** A field of the form, as react-hook-form names it and as the gateway's 400 names it in `errors[].path`. */
export type BuyerMailFieldPath =
  | 'enabled'
  | 'senderName'
  | 'replyTo'
  | `templates.${BuyerMailKind}.enabled`
  | `templates.${BuyerMailKind}.subject`
  | `templates.${BuyerMailKind}.body`;

const FIELD_PATHS: ReadonlySet<string> = new Set<BuyerMailFieldPath>([
  'enabled',
  'senderName',
  'replyTo',
  ...buyerMailKinds.flatMap((kind) => [`templates.${kind}.enabled`, `templates.${kind}.subject`, `templates.${kind}.body`] as const),
]);

/** The settings as the form edits them: the saved ones, without what only the screen shows (addresses, `customised`). */
export function formValuesOf(json: BuyerMailSettingsJson): BuyerMailFormValues {
  const templates = Object.fromEntries(
    buyerMailKinds.map((kind) => {
      const x = json.templates[kind];
      return [kind, { enabled: x.enabled, subject: x.subject, body: x.body }];
    }),
  ) as BuyerMailFormValues['templates'];
  return { enabled: json.enabled, senderName: json.senderName, replyTo: json.replyTo, templates };
}

/** One kind as it stands in the form, saved or not: the body of `POST /api/buyer-emails/preview` and `/test`. */
export function draftOf(values: BuyerMailFormValues, kind: BuyerMailKind): z.input<typeof buyerMailDraftSchema> {
  const template = values.templates[kind];
  return { kind, subject: template.subject, body: template.body, senderName: values.senderName, replyTo: values.replyTo };
}

/** The form field a draft's path names (`subject` of the shipped kind is `templates.shipped.subject`). */
export function draftFieldPath(kind: BuyerMailKind, path: string): BuyerMailFieldPath | null {
  if (path === 'subject' || path === 'body') return `templates.${kind}.${path}`;
  if (path === 'senderName' || path === 'replyTo') return path;
  return null;
}

/** A message for the screen: under a field of the form, or (`field: null`) in a toast. */
export interface FieldRefusal {
  field: BuyerMailFieldPath | null;
  message: string;
}

/** The first issue of each field, in order. */
function firstPerField(issues: readonly { field: BuyerMailFieldPath | null; message: string }[]): FieldRefusal[] {
  const out: FieldRefusal[] = [];
  for (const issue of issues) if (issue.field === null || !out.some((o) => o.field === issue.field)) out.push(issue);
  return out;
}

/**
 * One kind's draft checked with the contracts' own schema before it is sent, so a mistake shows
 * under its field as the save would show it.
 *
 * @example validateDraft(values, 'shipped') // { ok: false, refusals: [{ field: 'templates.shipped.subject', message: 'Segnaposto sconosciuto: {{pippo}}. …' }] }
 */
export function validateDraft(values: BuyerMailFormValues, kind: BuyerMailKind): { ok: true; body: BuyerMailDraftInput } | { ok: false; refusals: FieldRefusal[] } {
  const parsed = buyerMailDraftSchema.safeParse(draftOf(values, kind));
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, refusals: firstPerField(parsed.error.issues.map((i) => ({ field: draftFieldPath(kind, i.path.map(String).join('.')), message: i.message }))) };
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

function errorBody(error: unknown): ErrorBody | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.bodyText);
    return parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a refused request's words go. A 400 of the gateway (`{message, errors: [{path, message}]}`)
 * puts each field's message under it (`toField` maps a path of the body to a form field: the
 * settings' paths are the form's own, a draft's are `draftFieldPath`'s); anything else (403 of a
 * user, 429, 503, the connection) is one message for a toast.
 */
export function refusalsOf(error: unknown, toField: (path: string) => BuyerMailFieldPath | null = settingsFieldPath): FieldRefusal[] {
  const message = errorMessageFrom(error) ?? (error instanceof Error ? error.message : String(error));
  const body = errorBody(error);
  if (errorStatusOf(error) === 400 && Array.isArray(body?.errors) && body.errors.length > 0) {
    const issues = body.errors
      .filter((e): e is { path: unknown; message: string } => typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string')
      .map((e) => ({ field: typeof e.path === 'string' ? toField(e.path) : null, message: e.message }));
    if (issues.length > 0) return firstPerField(issues);
  }
  return [{ field: null, message }];
}

/** A path of the PUT body as a form field (they are the same), or null for one the form has not. */
export function settingsFieldPath(path: string): BuyerMailFieldPath | null {
  return FIELD_PATHS.has(path) ? (path as BuyerMailFieldPath) : null;
}

/** How a placeholder is written in a template. */
export const placeholderToken = (name: string) => `{{${name}}}`;

/**
 * A placeholder put in a text where the cursor is (replacing a selection), and where the cursor
 * goes after it. Out-of-range positions (a field never focused) append at the end.
 *
 * @example insertAtCursor('Ciao ,', 5, 5, '{{cliente}}') // { text: 'Ciao {{cliente}},', cursor: 16 }
 */
export function insertAtCursor(text: string, start: number | null, end: number | null, token: string): { text: string; cursor: number } {
  const from = start === null || start < 0 || start > text.length ? text.length : start;
  const to = end === null || end < from || end > text.length ? from : end;
  return { text: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}
