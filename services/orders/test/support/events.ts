import { randomUUID } from 'node:crypto';
import { marketplacesEvents } from '@smista/proto';

/**
 * `marketplaces.order.imported` payloads as the marketplaces service publishes them (the eBay
 * adapter's normalised order, statuses already mapped), from a seeded generator: Italian and EU
 * buyers, addresses, several lines with SKUs and images, prices as text.
 */

const FIRST = ['Giulia', 'Marco', 'Francesca', 'Luca', 'Chiara', 'Andrea', 'Sara', 'Giuseppe', 'Anna', 'Niccolò', 'Elena', 'Jürgen', 'Claire', 'Lucía', 'Matteo'];
const LAST = ['Rossi', 'Bianchi', 'Esposito', 'Ferrari', 'Romano', 'Colombo', 'Ricci', 'De Luca', 'Müller', 'Dubois', 'García', 'Conti', 'Greco', 'Marino', 'Gallo'];
const PLACES: [city: string, province: string, cap: string, country: string][] = [
  ['Milano', 'MI', '20121', 'IT'],
  ['Torino', 'TO', '10121', 'IT'],
  ['Napoli', 'NA', '80133', 'IT'],
  ['Bologna', 'BO', '40121', 'IT'],
  ['München', 'BY', '80331', 'DE'],
  ['Lyon', '', '69001', 'FR'],
  ['Valencia', 'V', '46001', 'ES'],
];
const PRODUCTS: [title: string, sku: string, price: number][] = [
  ['Tazza in ceramica dipinta a mano', 'TAZ-01', 12.9],
  ['Teiera in ghisa 1 litro', 'TEI-02', 39.5],
  ['Set 6 bicchieri in vetro soffiato', 'BIC-06', 24],
  ['Tovaglia di lino 150x250', 'TOV-15', 45.75],
  ['Candela profumata al limone', 'CAN-03', 8.4],
];

/** A small deterministic generator (mulberry32), so a seed gives the same orders every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type ImportedOrder = marketplacesEvents.ImportedOrder;

/** One eBay-like order number (`12-34567-89012`). */
export function ebayOrderId(random: () => number): string {
  const digits = (n: number) => String(Math.floor(random() * 10 ** n)).padStart(n, '0');
  return `${digits(2)}-${digits(5)}-${digits(5)}`;
}

/**
 * An imported order; `n` picks buyer, place and lines, `patch` overrides fields.
 *
 * @example importedOrder(3, { status: 'spedito', lastModifiedAt: '2026-11-21T10:00:00.000Z' })
 */
export function importedOrder(n: number, patch: Partial<ImportedOrder> = {}, random = seeded(n + 1)): ImportedOrder {
  const first = FIRST[n % FIRST.length];
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length];
  const [city, province, cap, country] = PLACES[n % PLACES.length];
  const lines = 1 + (n % 3);
  const orderDate = new Date(Date.UTC(2026, 9, 1) + n * 3_600_000);
  const items = Array.from({ length: lines }, (_, i) => {
    const [title, sku, price] = PRODUCTS[(n + i) % PRODUCTS.length];
    const quantity = 1 + ((n + i) % 2);
    return marketplacesEvents.ImportedItem.fromPartial({
      externalItemId: `${10_000_000_000 + n * 10 + i}`,
      legacyItemId: `${200_000_000_000 + n}`,
      sku,
      title,
      quantity,
      unitPrice: price.toFixed(2),
      total: (price * quantity).toFixed(2),
      currency: 'EUR',
      imageUrl: `https://i.ebayimg.example/images/g/${sku}/s-l500.jpg`,
      variantInfo: i === 0 ? 'Colore: blu' : '',
      fulfillmentStatus: 'da_spedire',
    });
  });
  const total = items.reduce((sum, i) => sum + Number(i.total), 0).toFixed(2);
  const externalId = patch.externalId ?? ebayOrderId(random);
  const username = `${first.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '')}_${last.toLowerCase().replace(/\W/g, '')}${n}`;
  return marketplacesEvents.ImportedOrder.fromPartial({
    externalId,
    marketplace: 'ebay',
    buyerName: `${first} ${last}`,
    buyerEmail: `${username}@example.it`,
    externalUsername: username,
    total,
    currency: 'EUR',
    status: 'da_spedire',
    paymentStatus: 'pagato',
    externalOrderStatus: 'NOT_STARTED',
    externalPaymentStatus: 'PAID',
    orderDate: orderDate.toISOString(),
    lastModifiedAt: new Date(orderDate.getTime() + 600_000).toISOString(),
    shipByDate: new Date(orderDate.getTime() + 3 * 86_400_000).toISOString(),
    shippingAddress: {
      fullName: `${first} ${last}`,
      companyName: n % 5 === 0 ? 'Bottega Srl' : '',
      addressLine1: `Via Garibaldi ${1 + (n % 120)}`,
      addressLine2: n % 4 === 0 ? 'Scala B' : '',
      city,
      stateOrProvince: province,
      postalCode: cap,
      countryCode: country,
      phoneNumber: `+39 3${String(100000000 + n).slice(0, 9)}`,
      email: '',
    },
    items,
    rawJson: JSON.stringify({ orderId: externalId, buyer: { username }, pricingSummary: { total: { value: total, currency: 'EUR' } }, lineItems: items.map((i) => ({ lineItemId: i.externalItemId, sku: i.sku })) }),
    ...patch,
  });
}

/** The event around an order. */
export function orderImported(merchantId: string, integrationId: number, order: ImportedOrder, jobId = 1): marketplacesEvents.MarketplaceOrderImported {
  return marketplacesEvents.MarketplaceOrderImported.fromPartial({ merchantId, integrationId, jobId, order, syncedAt: new Date().toISOString() });
}

/** A fresh Nats-Msg-Id, as the marketplaces outbox gives each row. */
export const messageId = () => randomUUID();
