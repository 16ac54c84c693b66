import { BADGE_LABELS, integrationBadgeOf, refusalOf } from './integration-status';

describe('integrationBadgeOf', () => {
  it('is Attiva only when the carrier accepted the credentials and the switch is on', () => {
    expect(integrationBadgeOf({ status: 'active', active: true })).toBe('active');
    expect(BADGE_LABELS[integrationBadgeOf({ status: 'active', active: true })]).toBe('Attiva');
  });
  it('is In configurazione while pending (or after a check that could not run)', () => {
    expect(integrationBadgeOf({ status: 'pending', active: true })).toBe('pending');
    expect(integrationBadgeOf({ status: 'error', active: true })).toBe('pending');
    expect(BADGE_LABELS.pending).toBe('In configurazione');
  });
  it('is Disattivata whenever the merchant switched it off', () => {
    expect(integrationBadgeOf({ status: 'active', active: false })).toBe('inactive');
    expect(integrationBadgeOf({ status: 'pending', active: false })).toBe('inactive');
    expect(BADGE_LABELS.inactive).toBe('Disattivata');
  });
});

describe('refusalOf', () => {
  it("shows the carrier's words while not active", () => {
    expect(refusalOf({ status: 'pending', statusMessage: ' Credenziali GLS non valide ' })).toBe('Credenziali GLS non valide');
    expect(refusalOf({ status: 'error', statusMessage: 'GLS non raggiungibile' })).toBe('GLS non raggiungibile');
  });
  it('shows nothing once active or without a message', () => {
    expect(refusalOf({ status: 'active', statusMessage: 'vecchio messaggio' })).toBeNull();
    expect(refusalOf({ status: 'pending', statusMessage: null })).toBeNull();
    expect(refusalOf({ status: 'pending', statusMessage: '  ' })).toBeNull();
  });
});
