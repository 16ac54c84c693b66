import { GrpcStatus, type ErrorStatusTable } from '@smista/service-kit';
import { MerchantsErrorCode } from '../domain';

/** The one table from domain error codes to gRPC statuses; the gateway maps statuses to HTTP. */
export const errorStatus: ErrorStatusTable = {
  [MerchantsErrorCode.InvalidMerchantName]: GrpcStatus.INVALID_ARGUMENT,
  [MerchantsErrorCode.MerchantNotFound]: GrpcStatus.NOT_FOUND,
  [MerchantsErrorCode.Forbidden]: GrpcStatus.PERMISSION_DENIED,
} satisfies Record<MerchantsErrorCode, GrpcStatus>;
