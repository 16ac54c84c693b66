import { DomainError } from '@smista/service-kit';
import { messages } from '@smista/contracts';

/** Stable codes of the merchants domain; `grpc/error-status.ts` maps each to one gRPC status. */
export const MerchantsErrorCode = {
  InvalidMerchantName: 'INVALID_MERCHANT_NAME',
  MerchantNotFound: 'MERCHANT_NOT_FOUND',
  Forbidden: 'FORBIDDEN',
} as const;
export type MerchantsErrorCode = (typeof MerchantsErrorCode)[keyof typeof MerchantsErrorCode];

/** A refused request, with a stable `code` and the Italian text the user reads. */
export class MerchantsError extends DomainError {
  constructor(
    override readonly code: MerchantsErrorCode,
    message: string,
  ) {
    super(code, message);
    this.name = 'MerchantsError';
  }
}

export const merchantsErrors = {
  invalidMerchantName: (message: string) => new MerchantsError(MerchantsErrorCode.InvalidMerchantName, message),
  /**
   * The merchant does not exist, the id is malformed, or the user is not a member: one answer for
   * all three, so nobody learns which merchants exist (tenancy rule).
   */
  merchantNotFound: () => new MerchantsError(MerchantsErrorCode.MerchantNotFound, messages.errors.merchantNotFound),
  forbidden: () => new MerchantsError(MerchantsErrorCode.Forbidden, messages.errors.forbidden),
};
