import { orderMessages as m } from '@smista/contracts';
import { assertAssignable, carrierTarget } from './carrier-assignment';
import { OrdersErrorCode } from './errors';

function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (err) {
    return { code: (err as { code: string }).code, message: (err as Error).message };
  }
  throw new Error('expected a refusal');
}

describe('carrierTarget', () => {
  it('0 removes the assignment; a positive id is the target', () => {
    expect(carrierTarget(0)).toBeNull();
    expect(carrierTarget(7)).toBe(7);
  });

  it('a negative id names nothing: not found', () => {
    expect(refusal(() => carrierTarget(-3))).toEqual({ code: OrdersErrorCode.CarrierIntegrationNotFound, message: m.carrierIntegrationNotFound });
  });
});

describe('assertAssignable', () => {
  it('accepts a switched-on integration whose credentials the carrier accepted', () => {
    const integration = { id: 7, active: true, status: 'active' };
    expect(assertAssignable(integration)).toBe(integration);
  });

  it('unknown or another merchant’s: not found', () => {
    expect(refusal(() => assertAssignable(null))).toEqual({ code: OrdersErrorCode.CarrierIntegrationNotFound, message: m.carrierIntegrationNotFound });
  });

  it.each([
    [false, 'active'],
    [true, 'pending'],
    [true, 'error'],
    [false, 'pending'],
  ])('active=%s, status=%s: not active', (active, status) => {
    expect(refusal(() => assertAssignable({ id: 7, active, status }))).toEqual({ code: OrdersErrorCode.CarrierIntegrationInactive, message: m.carrierIntegrationInactive });
  });
});
