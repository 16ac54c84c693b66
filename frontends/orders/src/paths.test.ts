import { backPathOf, mountOf, orderDetailPath, parseOrderId, shipmentsOfOrderPath } from './paths';

describe('mountOf', () => {
  it('tells the /orders mount from the dashboard list', () => {
    expect(mountOf('/orders')).toBe('orders');
    expect(mountOf('/orders/42')).toBe('orders');
    expect(mountOf('/dashboard/orders')).toBe('dashboard');
    expect(mountOf('/dashboard/orders/x')).toBe('dashboard');
    expect(mountOf('/ordersx')).toBe('dashboard');
  });
});

describe('parseOrderId', () => {
  it('takes whole numbers from 1', () => {
    expect(parseOrderId('42')).toBe(42);
    expect(parseOrderId(orderDetailPath(7).split('/').at(-1))).toBe(7);
  });
  it('refuses anything else without asking the server', () => {
    for (const raw of [undefined, '', '0', '-1', '1.5', '12abc', 'ebay-123', '9'.repeat(16)]) expect(parseOrderId(raw)).toBeNull();
  });
});

describe('backPathOf', () => {
  it('goes back to the list the order was opened from, with its query', () => {
    expect(backPathOf({ from: '/orders?status=TO_SHIP&page=2' })).toBe('/orders?status=TO_SHIP&page=2');
    expect(backPathOf({ from: '/dashboard/orders?search=rossi' })).toBe('/dashboard/orders?search=rossi');
  });
  it('falls back to the dashboard list for anything else', () => {
    expect(backPathOf(undefined)).toBe('/dashboard/orders');
    expect(backPathOf({ from: 'https://evil.example/orders' })).toBe('/dashboard/orders');
    expect(backPathOf({ from: '/dashboard/settings' })).toBe('/dashboard/orders');
    expect(backPathOf({ from: 42 })).toBe('/dashboard/orders');
  });
});

describe('shipmentsOfOrderPath', () => {
  it("opens the shipments list searched for the order's marketplace id", () => {
    expect(shipmentsOfOrderPath('12-345')).toBe('/dashboard/shipments?search=12-345');
    expect(shipmentsOfOrderPath('A B&C')).toBe('/dashboard/shipments?search=A+B%26C');
  });
});
