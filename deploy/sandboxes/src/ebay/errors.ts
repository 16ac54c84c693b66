/*
 * eBay's failure forms: the REST error envelope of the Sell and Commerce APIs
 * (`{errors: [{errorId, domain, subdomain, category, message, longMessage, parameters}]}`) and the
 * OAuth form of the token endpoint (`{error, error_description}`).
 */

export interface EbayErrorDetail {
  errorId: number;
  domain: string;
  subdomain?: string;
  category: 'REQUEST' | 'APPLICATION' | 'BUSINESS';
  message: string;
  longMessage?: string;
  parameters?: { name: string; value: string }[];
}

/** An answer in the REST error envelope. */
export interface EbayFailure {
  status: number;
  body: { errors: EbayErrorDetail[] };
  headers?: Record<string, string>;
}

function fulfillmentError(status: number, errorId: number, message: string, parameters: Record<string, string> = {}, longMessage?: string): EbayFailure {
  const detail: EbayErrorDetail = { errorId, domain: 'API_FULFILLMENT', subdomain: 'Selling', category: 'REQUEST', message };
  if (longMessage) detail.longMessage = longMessage;
  const params = Object.entries(parameters).map(([name, value]) => ({ name, value }));
  if (params.length) detail.parameters = params;
  return { status, body: { errors: [detail] } };
}

/** The errors getOrders / getOrder / createShippingFulfillment answer (providers.md ids). */
export const fulfillmentErrors = {
  badFilterName: (name: string) => fulfillmentError(400, 30700, `Invalid filter name: ${name}`, { fieldName: name }),
  badFilterValue: (name: string, value: string) => fulfillmentError(400, 30800, `Invalid filter value ${value} for filter ${name}`, { fieldName: name, fieldValue: value }),
  badDateFormat: (value: string) =>
    fulfillmentError(400, 30810, 'Invalid date format.', { fieldValue: value }, 'The date must be in the ISO 8601 format yyyy-MM-ddThh:mm:ss.sssZ (UTC).'),
  rangeTooLong: (days: number) => fulfillmentError(400, 30830, `Date range too long. The maximum date range is ${days} days.`, { maxDays: String(days) }),
  startAfterEnd: () => fulfillmentError(400, 30840, 'Invalid date range. The start date must be before the end date.'),
  tooManyOrderIds: (max: number) => fulfillmentError(400, 30900, `Exceeded maximum number of order IDs (the current limit is ${max}).`, { maxOrderIds: String(max) }),
  badOffset: (value: string) => fulfillmentError(400, 31000, `Invalid offset: ${value}. The offset must be zero or a positive integer.`, { offset: value }),
  badLimit: (value: string, max: number) => fulfillmentError(400, 31100, `Invalid limit: ${value}. Supported range is 1-${max}.`, { limit: value }),
  unknownOrder: (orderId: string, status = 400) => fulfillmentError(status, 32100, `Invalid order ID: ${orderId}`, { orderId }),
  unknownLineItem: (lineItemId: string) => fulfillmentError(400, 32200, `Invalid line item ID: ${lineItemId}`, { lineItemId }),
  duplicateLineItem: (lineItemId: string) => fulfillmentError(400, 32210, `Duplicate line item ID: ${lineItemId}`, { lineItemId }),
  badTracking: (reason: string) => fulfillmentError(400, 32300, 'Invalid shipment tracking number or carrier.', {}, reason),
  badQuantity: (lineItemId: string) => fulfillmentError(400, 32400, `Invalid quantity for line item ID: ${lineItemId}`, { lineItemId }),
  badShippedDate: (value: string) =>
    fulfillmentError(400, 32500, 'Invalid shipped date.', { shippedDate: value }, 'The shipped date must be in the ISO 8601 format yyyy-MM-ddThh:mm:ss.sssZ and not in the future.'),
  badInput: (reason: string) => fulfillmentError(400, 32600, 'Invalid input request.', {}, reason),
  alreadyFulfilled: (lineItemId: string) =>
    fulfillmentError(409, 32700, `Line item ${lineItemId} is already fulfilled.`, { lineItemId }, 'A shipping fulfillment already exists for the line item.'),
  orderCanceled: (orderId: string) => fulfillmentError(409, 32710, `Order ${orderId} is canceled and cannot be fulfilled.`, { orderId }),
  unknownFulfillment: (fulfillmentId: string) => fulfillmentError(404, 32800, `Invalid fulfillment ID: ${fulfillmentId}`, { fulfillmentId }),
} as const;

function accessError(status: number, errorId: number, domain: string, message: string, longMessage: string, category: EbayErrorDetail['category'] = 'REQUEST'): EbayFailure {
  return { status, body: { errors: [{ errorId, domain, category, message, longMessage }] } };
}

/** The errors every call can meet before reaching its API. */
export const accessErrors = {
  missingToken: () => accessError(401, 1002, 'OAuth', 'Missing access token', 'Access token is missing in the Authorization HTTP request header.'),
  invalidToken: () => accessError(401, 1001, 'OAuth', 'Invalid access token', 'Invalid access token. Check the value of the Authorization HTTP request header.'),
  insufficientScope: () => accessError(403, 1100, 'ACCESS', 'Access denied', 'Insufficient permissions to fulfill the request.'),
  quota: () => accessError(429, 2001, 'ACCESS', 'Too many requests.', 'The request limit has been reached for the resource.'),
  internal: () =>
    accessError(500, 2003, 'ACCESS', 'Internal error', 'There was a problem with an eBay internal system or process. Contact eBay developer support for assistance.', 'APPLICATION'),
  notFound: () => accessError(404, 2002, 'ACCESS', 'Resource not found', 'The requested resource does not exist.'),
} as const;

/** The OAuth errors of the token endpoint, with eBay's descriptions. */
export const oauthErrors = {
  invalidClient: { status: 401, body: { error: 'invalid_client', error_description: 'client authentication failed' } },
  invalidRequest: { status: 400, body: { error: 'invalid_request', error_description: 'request is missing a required parameter or malformed.' } },
  unsupportedGrant: { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant type in request is not supported by the authorization server' } },
  invalidCode: { status: 400, body: { error: 'invalid_grant', error_description: 'the provided authorization grant code is invalid or was issued to another client' } },
  redirectMismatch: { status: 400, body: { error: 'invalid_grant', error_description: 'the provided authorization grant code is invalid or was issued to another client' } },
  invalidRefresh: { status: 400, body: { error: 'invalid_grant', error_description: 'the provided authorization refresh token is invalid or was issued to another client' } },
  invalidScope: {
    status: 400,
    body: { error: 'invalid_scope', error_description: 'the requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client' },
  },
} as const;
