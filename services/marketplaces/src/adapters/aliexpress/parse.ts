import type { marketplacesEvents } from '@smista/proto';
import { importedAddress, MarketplaceError, type ImportedOrder, type ShippingFulfillment, type TokenSet } from '../adapter';
import { gatewayErrorOf, gatewayFailure, parseJson } from './errors';
import { aliexpressDateToUtc } from './time';
import { isExpressService, orderStatusOf } from './units';

/* Pure reading of the gateway's answers: tokens, seller orders, their address and logistics. */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

/** `<seller id>/<token>`: the seller travels with each token, as Amazon's and Etsy's. */
export const sellerCredential = (sellerId: string, token: string) => `${sellerId}/${token}`;

/** A `/rest` token answer (`code` "0") as our credentials; its `expire_time` and `refresh_token_valid_time` (ms) are the expiries. */
export function parseTokenAnswer(text: string, what: string, grant: 'code' | 'refresh'): { tokens: TokenSet; sellerId: string; nick: string } {
  const body = parseJson(text);
  const error = gatewayErrorOf(body);
  if (error) throw gatewayFailure(error, what, grant);
  const b = obj(body);
  const sellerId = str(b.seller_id) || str(b.user_id);
  const access = str(b.access_token);
  if (!access || !sellerId) throw new MarketplaceError('REQUEST_REFUSED', `${what}: risposta senza token`);
  const tokens: TokenSet = { accessToken: sellerCredential(sellerId, access), accessTokenExpiresAt: new Date(Number(b.expire_time) || Date.now() + Number(b.expires_in) * 1000) };
  const refresh = str(b.refresh_token);
  if (refresh) {
    tokens.refreshToken = sellerCredential(sellerId, refresh);
    tokens.refreshTokenExpiresAt = new Date(Number(b.refresh_token_valid_time) || Date.now() + Number(b.refresh_expires_in) * 1000);
  }
  return { tokens, sellerId, nick: str(b.user_nick) };
}

/** `{amount: "12.34", currency_code}` as our decimal text. */
const amountOf = (money: unknown) => {
  const m = obj(money);
  const amount = str(m.amount);
  return { amount: /^-?\d+(\.\d+)?$/.test(amount) ? amount : '', currency: str(m.currency_code) };
};

/** A seller order (order.get's order_dto, or order.info.get's data) with its receipt address as ImportedOrder. */
export function parseOrder(order: Json, address: Json | undefined, timeZone: string): ImportedOrder {
  const status = str(order.order_status);
  const products = list(obj(order.product_list).order_product_dto);
  const total = amountOf(order.pay_amount);
  const created = str(order.gmt_create) ? aliexpressDateToUtc(str(order.gmt_create), timeZone).toISOString() : '';
  const updated = str(order.gmt_update) ? aliexpressDateToUtc(str(order.gmt_update), timeZone).toISOString() : created;
  const lineStatus = orderStatusOf(status) === 'spedito' ? 'spedito' : orderStatusOf(status) === 'annullato' ? '' : 'da_spedire';
  const items: marketplacesEvents.ImportedItem[] = products.map((p) => {
    const unit = amountOf(p.product_unit_price);
    return {
      externalItemId: str(p.child_id),
      legacyItemId: str(p.product_id),
      sku: str(p.sku_code),
      title: str(p.product_name),
      quantity: Number(p.product_count) || 0,
      unitPrice: unit.amount,
      total: '',
      currency: unit.currency || total.currency,
      imageUrl: '',
      variantInfo: '',
      fulfillmentStatus: lineStatus,
      weightGrams: 0,
    };
  });
  const service = str(products[0]?.logistics_service_name);
  const imported: ImportedOrder = {
    externalId: str(order.order_id),
    marketplace: 'aliexpress',
    buyerName: str(order.buyer_signer_fullname),
    buyerEmail: '',
    externalUsername: str(order.buyer_login_id),
    total: total.amount,
    currency: total.currency,
    status: orderStatusOf(status),
    paymentStatus: status === 'PLACE_ORDER_SUCCESS' ? 'in_attesa' : status === 'IN_CANCEL' || status === 'CLOSED' ? 'rimborsato' : 'pagato',
    externalOrderStatus: status,
    externalPaymentStatus: '',
    orderDate: created,
    lastModifiedAt: updated,
    shipByDate: '',
    // AliExpress's order gives no delivery promise (issue 26: no late alert for its orders).
    promisedDeliveryBy: '',
    items,
    rawJson: JSON.stringify({ order, address }),
    shippingService: service,
    express: isExpressService(service),
  };
  if (address) {
    imported.shippingAddress = importedAddress({
      name: str(address.contact_person),
      companyName: '',
      addressLine1: str(address.address),
      addressLine2: str(address.address2),
      city: str(address.city),
      province: str(address.province),
      postalCode: str(address.zip),
      countryCode: str(address.country).toUpperCase(),
      phone: `${str(address.phone_country)}${str(address.mobile_no)}`,
      email: '',
    });
  }
  return imported;
}

/** order.info.get's logistics as fulfilments (AliExpress gives no id: the tracking number is one). */
export function logisticsOf(info: Json, lines: { lineItemId: string; quantity: number }[], timeZone: string): ShippingFulfillment[] {
  return list(obj(info.logistics_info_list).global_aeop_tp_logistic_info_dto).map((l) => ({
    fulfillmentId: str(l.logistics_no),
    lineItems: lines,
    shippingCarrierCode: str(l.logistics_service),
    trackingNumber: str(l.logistics_no),
    shippedDate: str(l.gmt_send) ? aliexpressDateToUtc(str(l.gmt_send), timeZone).toISOString() : '',
  }));
}
