import { MERCHANTS_QUERY_KEY } from '@smista/ui-kit';
import { teamKeys } from './team-api';

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
