import type { CarrierIntegrationJson } from '@smista/contracts';
import { carrierLook, carrierOptions, carrierTitle, isUsableCarrier } from './rules-view';

const carrier = (id: number, over: Partial<CarrierIntegrationJson> = {}) =>
  ({ id, connectionName: `Conto ${id}`, provider: 'gls', active: true, status: 'active', ...over }) as CarrierIntegrationJson;

const carriers = [carrier(1), carrier(2, { active: false }), carrier(3, { status: 'pending', provider: 'posta_1' }), carrier(4, { connectionName: 'GLS' })];

describe('isUsableCarrier', () => {
  it('needs the integration switched on and its credentials accepted', () => {
    expect(carriers.map(isUsableCarrier)).toEqual([true, false, false, true]);
  });
});

describe('carrierTitle', () => {
  it('adds the carrier only when the connection name does not already say it', () => {
    expect(carrierTitle(carrier(1))).toBe('Conto 1 · GLS');
    expect(carrierTitle(carrier(4, { connectionName: 'gls' }))).toBe('gls');
    expect(carrierTitle(carrier(5, { connectionName: '  ' }))).toBe('GLS');
  });
});

describe('carrierLook', () => {
  it('names the carrier whatever its state, and says when it cannot receive orders', () => {
    expect(carrierLook(1, carriers)).toEqual({ name: 'Conto 1', provider: 'GLS', state: 'active' });
    expect(carrierLook(2, carriers)).toEqual({ name: 'Conto 2', provider: 'GLS', state: 'inactive' });
    expect(carrierLook(3, carriers)).toEqual({ name: 'Conto 3', provider: 'Posta1', state: 'inactive' });
  });
  it("says 'Integrazione eliminata' for an id not in the list", () => {
    expect(carrierLook(99, carriers)).toEqual({ name: 'Integrazione eliminata', provider: '', state: 'deleted' });
  });
});

describe('carrierOptions', () => {
  it('offers only the active integrations', () => {
    expect(carrierOptions(carriers)).toEqual([
      { value: '1', label: 'Conto 1 · GLS' },
      { value: '4', label: 'GLS' },
    ]);
  });
  it("keeps the edited rule's own inactive carrier, marked; a deleted one is not offered", () => {
    expect(carrierOptions(carriers, 3).at(-1)).toEqual({ value: '3', label: 'Conto 3 · Posta1 (non attivo)' });
    expect(carrierOptions(carriers, 1)).toHaveLength(2);
    expect(carrierOptions(carriers, 99)).toHaveLength(2);
  });
});
