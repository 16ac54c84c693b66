import { common, merchants } from '@smista/proto';
import { addressJson, inviteDetailsJson, inviteJson, memberJson } from './presenters';

describe('presenters', () => {
  it('a member: the user id as id, the role by name', () => {
    const m = merchants.Member.fromPartial({ userId: 'u1', firstName: 'Anna', lastName: 'Bianchi', username: 'anna', email: 'a@x.it', role: common.Role.ROLE_USER, joinedAt: 't' });
    expect(memberJson(m)).toEqual({ id: 'u1', firstName: 'Anna', lastName: 'Bianchi', username: 'anna', email: 'a@x.it', role: 'user', joinedAt: 't' });
  });

  it('an invite without inviter e-mail answers null', () => {
    const i = merchants.Invite.fromPartial({ id: 'i1', merchantId: 'm1', email: 'b@x.it', role: common.Role.ROLE_ADMIN, createdAt: 'c', expiresAt: 'e' });
    expect(inviteJson(i)).toEqual({ id: 'i1', email: 'b@x.it', role: 'admin', createdAt: 'c', expiresAt: 'e', inviterEmail: null });
  });

  it('invite details nest the merchant; an empty inviter name is null', () => {
    const d = merchants.InviteDetails.fromPartial({ email: 'b@x.it', role: common.Role.ROLE_USER, merchantId: 'm1', merchantName: 'Alfa', inviterEmail: 'a@x.it', expiresAt: 'e' });
    expect(inviteDetailsJson(d)).toEqual({ email: 'b@x.it', role: 'user', merchant: { id: 'm1', name: 'Alfa' }, inviterEmail: 'a@x.it', inviterName: null, expiresAt: 'e' });
  });

  it('an address is flat, with null for every unset optional', () => {
    const a = merchants.MerchantAddress.fromPartial({
      id: 'a1',
      merchantId: 'm1',
      createdAt: 'c',
      updatedAt: 'u',
      fields: { addressTypes: ['billing'], isDefault: true, companyName: 'Bottega', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20100', country: 'Italia', countryCode: 'IT', active: true },
    });
    expect(addressJson(a)).toEqual({
      id: 'a1',
      merchantId: 'm1',
      addressTypes: ['billing'],
      isDefault: true,
      companyName: 'Bottega',
      contactPerson: null,
      addressLine1: 'Via Roma 1',
      addressLine2: null,
      city: 'Milano',
      state: null,
      postalCode: '20100',
      country: 'Italia',
      countryCode: 'IT',
      phone: null,
      email: null,
      vatNumber: null,
      taxCode: null,
      pickupHours: null,
      notes: null,
      active: true,
      createdAt: 'c',
      updatedAt: 'u',
    });
  });
});
