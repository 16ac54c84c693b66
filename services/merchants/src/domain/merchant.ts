import { merchantNameSchema, messages } from '@smista/contracts';
import { parseId } from '@smista/service-kit';
import { merchantsErrors } from './errors';

/**
 * The name a merchant is stored under: trimmed, 1 to 120 characters (the same schema the form and
 * the gateway use). Throws INVALID_MERCHANT_NAME with the Italian message otherwise.
 *
 * @example normaliseMerchantName('  Bottega Rossi ') // 'Bottega Rossi'
 */
export function normaliseMerchantName(raw: string): string {
  const result = merchantNameSchema.safeParse({ name: raw });
  if (!result.success) {
    throw merchantsErrors.invalidMerchantName(result.error.issues[0]?.message ?? messages.validation.merchantNameRequired);
  }
  return result.data.name;
}

/**
 * A merchant id taken from a request, in canonical lower case. A malformed id answers exactly like
 * an unknown one (MERCHANT_NOT_FOUND), so callers cannot tell the two apart.
 */
export function parseMerchantId(raw: string): string {
  return parseId(raw, merchantsErrors.merchantNotFound);
}
