import { BinaryWriter } from '@bufbuild/protobuf/wire';
import { common } from '@smista/proto';
import type { PartyAddress } from '../adapters';
import { partyAddress, toProtoPartyAddress } from './mapping';

const address: PartyAddress = {
  name: 'Bottega Verdi Srl',
  companyName: 'Bottega Verdi Srl',
  contactName: 'Anna Verdi',
  addressLine1: 'Via Roma 10',
  addressLine2: 'Scala B',
  city: 'Milano',
  postalCode: '20121',
  province: 'MI',
  country: 'Italia',
  countryCode: 'IT',
  phone: '+39 02 1234567',
  email: 'anna@bottega.example',
};

describe('the label addresses on the wire (common.v1.PostalAddress)', () => {
  it('every field of the one postal address crosses the wire and back, company and country too', () => {
    const bytes = common.PostalAddress.encode(toProtoPartyAddress(address)).finish();
    expect(partyAddress(common.PostalAddress.decode(bytes))).toEqual(address);
  });

  it("reads what a carriers.v1.PartyAddress of an older peer wrote (fields 1-10 kept their numbers)", () => {
    const fields = ['Mario Rossi', 'Anna', 'Via Garibaldi 5', 'Interno 3', 'Torino', '10121', 'TO', 'it', '+39 333 1234567', 'mario@example.it'];
    const writer = new BinaryWriter();
    fields.forEach((value, i) => writer.uint32(((i + 1) << 3) | 2).string(value));
    expect(partyAddress(common.PostalAddress.decode(writer.finish()))).toEqual({
      name: 'Mario Rossi',
      contactName: 'Anna',
      addressLine1: 'Via Garibaldi 5',
      addressLine2: 'Interno 3',
      city: 'Torino',
      postalCode: '10121',
      province: 'TO',
      countryCode: 'IT',
      phone: '+39 333 1234567',
      email: 'mario@example.it',
    });
  });
});
