import { MerchantsError, MerchantsErrorCode } from './errors';
import { assertMayReadMembershipOf } from './policy';

const anna = { userId: '0b7c6f3e-6a43-4c1e-9d55-2d1f7f0a9a11' };

describe('assertMayReadMembershipOf', () => {
  it('lets a user read their own membership, whatever the case of the id', () => {
    expect(() => assertMayReadMembershipOf(anna, anna.userId)).not.toThrow();
    expect(() => assertMayReadMembershipOf(anna, anna.userId.toUpperCase())).not.toThrow();
  });

  it.each(['5d0c1a55-1111-4222-8333-944455556666', '', 'not-a-uuid'])('forbids reading the membership of %j', (userId) => {
    let err: unknown;
    try {
      assertMayReadMembershipOf(anna, userId);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MerchantsError);
    expect((err as MerchantsError).code).toBe(MerchantsErrorCode.Forbidden);
  });
});
