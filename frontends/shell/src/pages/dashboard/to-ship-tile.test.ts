import { ApiError } from '@smista/ui-kit';
import { toShipError, toShipValue } from './to-ship-tile';

describe('the orders-to-ship tile', () => {
  it('shows the count once read, a dash before (never an invented 0)', () => {
    expect(toShipValue({ data: 0 })).toBe('0');
    expect(toShipValue({ data: 1234 })).toBe('1234');
    expect(toShipValue({})).toBe('—');
  });

  it("says why the count failed with spec §8's text: status and body", () => {
    expect(toShipError(new ApiError(503, '{"message":"Servizio non disponibile"}'))).toBe('Errore nel recupero degli ordini: 503 {"message":"Servizio non disponibile"}');
    expect(toShipError(new TypeError('Failed to fetch'))).toBe('Errore nel recupero degli ordini: 0 TypeError: Failed to fetch');
  });
});
