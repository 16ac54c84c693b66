import { membershipPollInterval, MEMBERSHIP_POLL_INTERVAL_MS } from './invite-membership';

describe('membershipPollInterval', () => {
  it('polls every second while an invited registration waits for an empty list', () => {
    expect(membershipPollInterval({ awaiting: true, deadlinePassed: false, listLength: 0 })).toBe(MEMBERSHIP_POLL_INTERVAL_MS);
    expect(MEMBERSHIP_POLL_INTERVAL_MS).toBe(1000);
  });
  it('stops once a merchant shows, after the deadline, or when nobody waits', () => {
    expect(membershipPollInterval({ awaiting: true, deadlinePassed: false, listLength: 1 })).toBe(false);
    expect(membershipPollInterval({ awaiting: true, deadlinePassed: true, listLength: 0 })).toBe(false);
    expect(membershipPollInterval({ awaiting: false, deadlinePassed: false, listLength: 0 })).toBe(false);
  });
});
