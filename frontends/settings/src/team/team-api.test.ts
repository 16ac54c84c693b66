import { MERCHANTS_QUERY_KEY } from '@smista/ui-kit';
import { roleInMerchant, teamKeys } from './team-api';

describe('roleInMerchant', () => {
  const list = [
    { id: 'a', name: 'Alfa', role: 'admin' as const },
    { id: 'b', name: 'Beta', role: 'user' as const },
  ];
  it('finds the role of the selected merchant', () => {
    expect(roleInMerchant(list, 'a')).toBe('admin');
    expect(roleInMerchant(list, 'b')).toBe('user');
  });
  it('is undefined while unknown', () => {
    expect(roleInMerchant(undefined, 'a')).toBeUndefined();
    expect(roleInMerchant(list, null)).toBeUndefined();
    expect(roleInMerchant(list, 'z')).toBeUndefined();
  });
});

describe('teamKeys', () => {
  it("nests each merchant's members and invites under the team, so one key invalidates them together", () => {
    expect(teamKeys.members('m1')).toEqual(['team', 'm1', 'members']);
    expect(teamKeys.invites('m1')).toEqual(['team', 'm1', 'invites']);
    expect(teamKeys.members('m1').slice(0, 2)).toEqual(teamKeys.merchant('m1'));
    expect(teamKeys.merchant('m1').slice(0, 1)).toEqual(teamKeys.all);
  });
  it("keeps merchants apart, and reads the user's merchants under the shell's key", () => {
    expect(teamKeys.members('m1')).not.toEqual(teamKeys.members('m2'));
    expect(teamKeys.myMerchants).toBe(MERCHANTS_QUERY_KEY);
  });
});
