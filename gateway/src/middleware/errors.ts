import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import { GrpcStatus, isServiceError, type Logger } from '@smista/service-kit';
import { messages } from '@smista/contracts';
import { clearSessionCookie } from './session-cookie';

/** gRPC status → HTTP status. Anything not listed is a 500. */
export const grpcToHttpStatus: Readonly<Partial<Record<GrpcStatus, number>>> = {
  [GrpcStatus.INVALID_ARGUMENT]: 400,
  [GrpcStatus.FAILED_PRECONDITION]: 400,
  [GrpcStatus.OUT_OF_RANGE]: 400,
  [GrpcStatus.UNAUTHENTICATED]: 401,
  [GrpcStatus.PERMISSION_DENIED]: 403,
  [GrpcStatus.NOT_FOUND]: 404,
  [GrpcStatus.ALREADY_EXISTS]: 409,
  [GrpcStatus.ABORTED]: 409,
  [GrpcStatus.RESOURCE_EXHAUSTED]: 429,
  [GrpcStatus.UNAVAILABLE]: 503,
  [GrpcStatus.DEADLINE_EXCEEDED]: 504,
};

export function httpStatusForGrpc(code: GrpcStatus): number {
  return grpcToHttpStatus[code] ?? 500;
}

/** The Italian text shown for a 5xx: the detail goes to the log, never to the browser. */
export function genericMessageFor(status: number): string {
  return status === 503 || status === 504 ? messages.errors.unavailable : messages.errors.internal;
}

/** An error the gateway itself decides (validation, CSRF, missing session...), with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { errors?: FieldError[]; clearSession?: boolean } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface FieldError {
  path: string;
  message: string;
}

/** A zod failure at the edge: 400 with the first issue's Italian message and every issue listed. */
export function validationError(error: z.ZodError): HttpError {
  const errors = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return new HttpError(400, errors[0]?.message ?? messages.errors.validation, { errors });
}

/** What a failure becomes on the wire, and whether it deserves an error log line. */
export interface ErrorResponse {
  status: number;
  body: { message: string; errors?: FieldError[] };
  clearSession: boolean;
  /** Detail for the log when the browser only sees a generic text. */
  logDetail?: string;
}

/** body-parser failures carry a `type`; these are the ones a client can cause. */
const bodyParserErrors: Record<string, [number, string]> = {
  'entity.parse.failed': [400, messages.errors.invalidJson],
  'entity.too.large': [413, messages.errors.bodyTooLarge],
  'encoding.unsupported': [415, messages.errors.unsupportedContentType],
  'charset.unsupported': [415, messages.errors.unsupportedContentType],
  'request.size.invalid': [400, messages.errors.invalidJson],
  'request.aborted': [400, messages.errors.invalidJson],
};

/**
 * A body announced as gzip, deflate or br that does not decompress: zlib's error (Z_DATA_ERROR,
 * Z_BUF_ERROR, the brotli decoder's ERR__ERROR_FORMAT_...) reaches us without a body-parser type.
 */
function isDecompressionError(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (/^Z_/.test(code) || /^ERR_(_ERROR|BROTLI)/.test(code) || code === 'ERR_ZLIB_INITIALIZATION_FAILED');
}

/** An http-errors 4xx raised while reading the request (body-parser, raw-body): the client's doing. */
function clientErrorStatus(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { status, expose } = err as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && expose === true ? status : undefined;
}

export function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof HttpError) {
    const body = err.extra.errors ? { message: err.message, errors: err.extra.errors } : { message: err.message };
    return { status: err.status, body, clearSession: err.extra.clearSession ?? false };
  }
  if (isServiceError(err)) {
    // The kit's NOT_SUPPORTED (an operation a carrier or marketplace lacks) travels as UNIMPLEMENTED
    // with an Italian message: a refusal the user reads, not a failure. grpc-js's own "does not
    // implement" (a method missing from a deployed service) stays a 500.
    if (err.code === GrpcStatus.UNIMPLEMENTED && err.details && !/does not implement/i.test(err.details)) {
      return { status: 400, body: { message: err.details }, clearSession: false };
    }
    const status = httpStatusForGrpc(err.code);
    if (status >= 500) {
      return { status, body: { message: genericMessageFor(status) }, clearSession: false, logDetail: `${GrpcStatus[err.code]}: ${err.details}` };
    }
    return { status, body: { message: err.details || genericMessageFor(500) }, clearSession: false };
  }
  const type = typeof err === 'object' && err !== null && 'type' in err ? String((err as { type: unknown }).type) : '';
  const known = bodyParserErrors[type];
  if (known) return { status: known[0], body: { message: known[1] }, clearSession: false };
  if (isDecompressionError(err)) return { status: 400, body: { message: messages.errors.invalidBodyEncoding }, clearSession: false };
  const clientStatus = clientErrorStatus(err);
  if (clientStatus) return { status: clientStatus, body: { message: messages.errors.validation }, clearSession: false };
  return {
    status: 500,
    body: { message: messages.errors.internal },
    clearSession: false,
    logDetail: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
  };
}

/** Last handler: every failure becomes `{message}` with the mapped status. */
export function errorHandler(logger: Logger, cookieSecure: boolean): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const out = toErrorResponse(err);
    if (out.logDetail) {
      logger.error({ method: req.method, route: res.locals.route ?? req.path, status: out.status, detail: out.logDetail }, 'request failed');
    }
    if (out.clearSession) res.setHeader('Set-Cookie', clearSessionCookie(cookieSecure));
    if (out.status === 503) res.setHeader('Retry-After', '5');
    res.status(out.status).json(out.body);
  };
}

/** Unknown `/api/*` paths (a known path with another method is the router's 405). */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: messages.errors.notFound });
};
