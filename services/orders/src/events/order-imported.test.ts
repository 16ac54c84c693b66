import { BinaryWriter } from '@bufbuild/protobuf/wire';
import { marketplacesEvents } from '@smista/proto';
import { parseImportedOrder } from '../domain';

/**
 * `marketplaces.order.imported` is kept in JetStream and replayed: orders reads the buyer's address
 * from the one postal address (ImportedAddress.address, field 11) and, in events of publishers from
 * before it, from the older fields 1-10.
 */
const NOW = new Date('2026-11-23T12:00:00Z');
const MERCHANT = '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';

/** The bytes an older marketplaces wrote: ImportedAddress with fields 1-10 only. */
function oldLayoutEvent(): Uint8Array {
  const address = new BinaryWriter();
  const fields = ['Giulia Bianchi', 'Studio Bianchi', 'Via Garibaldi 5', 'Scala B', 'Torino', 'TO', '10121', 'it', '+39 333 1234567', 'giulia@example.it'];
  fields.forEach((value, i) => address.uint32(((i + 1) << 3) | 2).string(value));
  const order = new BinaryWriter();
  order.uint32((1 << 3) | 2).string('12-34567-89012'); // external_id
  order.uint32((2 << 3) | 2).string('ebay'); // marketplace
  order.uint32((6 << 3) | 2).string('19.80'); // total
  order.uint32((7 << 3) | 2).string('EUR'); // currency
  order.uint32((8 << 3) | 2).string('da_spedire'); // status
  order.uint32((9 << 3) | 2).string('pagato'); // payment_status
  order.uint32((12 << 3) | 2).string('2026-11-20T09:30:00.000Z'); // order_date
  order.uint32((13 << 3) | 2).string('2026-11-20T10:00:00.000Z'); // last_modified_at
  order.uint32((15 << 3) | 2).bytes(address.finish()); // shipping_address
  const event = new BinaryWriter();
  event.uint32((1 << 3) | 2).string(MERCHANT);
  event.uint32((2 << 3) | 0).int64(12);
  event.uint32((4 << 3) | 2).bytes(order.finish());
  event.uint32((5 << 3) | 2).string('2026-11-23T11:59:00.000Z'); // synced_at
  return event.finish();
}

const expected = {
  fullName: 'Giulia Bianchi',
  companyName: 'Studio Bianchi',
  addressLine1: 'Via Garibaldi 5',
  addressLine2: 'Scala B',
  city: 'Torino',
  state: 'TO',
  postalCode: '10121',
  country: 'Italia',
  countryCode: 'IT',
  phoneNumber: '+39 333 1234567',
  email: 'giulia@example.it',
};

describe('the buyer address of marketplaces.order.imported on the wire', () => {
  it('reads an event of an older publisher (no one postal address, fields 1-10 only)', () => {
    const event = marketplacesEvents.MarketplaceOrderImported.decode(oldLayoutEvent());
    expect(event.order?.shippingAddress?.address).toBeUndefined();
    expect(parseImportedOrder(event, NOW).order.address).toEqual(expected);
  });

  it('takes the one postal address when it is set, whatever the older fields say', () => {
    const older = marketplacesEvents.MarketplaceOrderImported.decode(oldLayoutEvent());
    const bytes = marketplacesEvents.MarketplaceOrderImported.encode({
      ...older,
      order: {
        ...older.order!,
        shippingAddress: {
          ...older.order!.shippingAddress!,
          address: { name: 'Giulia Bianchi', companyName: '', contactName: '', addressLine1: 'Corso Francia 20', addressLine2: '', city: 'Torino', province: 'TO', postalCode: '10138', country: '', countryCode: 'IT', phone: '', email: '' },
        },
      },
    }).finish();
    const { order } = parseImportedOrder(marketplacesEvents.MarketplaceOrderImported.decode(bytes), NOW);
    expect(order.address).toEqual({ ...expected, companyName: null, addressLine1: 'Corso Francia 20', addressLine2: null, postalCode: '10138', phoneNumber: null, email: null });
  });
});
