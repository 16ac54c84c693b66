import { posteMessages } from '@smista/contracts';
import { CarrierError } from '../adapter';
import { voidRefused } from './errors';

describe('Poste Delivery failure forms', () => {
  it('a void in Smista only refused because Poste has the parcel: CANCEL_REFUSED naming the event, never a secret', () => {
    const err = voidRefused('3UW0000000001', 'La spedizione è in consegna, TORINO (TO)');
    expect(err).toBeInstanceOf(CarrierError);
    expect(err.code).toBe('CANCEL_REFUSED');
    expect(err.message).toBe(posteMessages.voidRefused('3UW0000000001', 'La spedizione è in consegna, TORINO (TO)'));
    expect(err.message).toMatch(/^Poste Delivery Business ha già preso in carico il pacco 3UW0000000001/);
    expect(err.detail).toBe('void of 3UW0000000001: Poste tracking shows "La spedizione è in consegna, TORINO (TO)"');
  });
});
