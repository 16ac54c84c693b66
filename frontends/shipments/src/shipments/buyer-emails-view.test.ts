import type { ShipmentBuyerEmailJson } from '@smista/contracts';
import { formatDateTime } from '@smista/ui-kit';
import { buyerEmailRows } from './buyer-emails-view';

const mail = (over: Partial<ShipmentBuyerEmailJson>): ShipmentBuyerEmailJson => ({
  kind: 'shipped',
  status: 'sent',
  to: 'mario@example.it',
  queuedAt: '2026-03-05T13:00:00Z',
  sentAt: '2026-03-05T13:05:00Z',
  reason: null,
  ...over,
});
const fmt = (value: string) => `[${value}]`;

describe('buyerEmailRows', () => {
  it('is empty for no e-mails (the section is then hidden)', () => {
    expect(buyerEmailRows([], fmt)).toEqual([]);
    expect(buyerEmailRows(undefined, fmt)).toEqual([]);
  });

  it('says a sent e-mail in Italian: kind, status, address and when it was sent', () => {
    const [row] = buyerEmailRows([mail({})], fmt);
    expect(row).toMatchObject({
      kindLabel: 'Spedito',
      badge: { tone: 'green', label: 'Inviata' },
      to: 'mario@example.it',
      at: '2026-03-05T13:05:00Z',
      when: 'Inviata il [2026-03-05T13:05:00Z]',
      reason: null,
    });
  });

  it('gives a waiting one its queue time and a skipped one its reason', () => {
    const rows = buyerEmailRows(
      [
        mail({ kind: 'held', status: 'skipped', sentAt: null, reason: 'amazon_relay', queuedAt: '2026-03-07T08:00:00Z' }),
        mail({ kind: 'out_for_delivery', status: 'pending', sentAt: null, queuedAt: '2026-03-06T07:30:00Z' }),
      ],
      fmt,
    );
    expect(rows.map((r) => [r.kindLabel, r.badge.label, r.when, r.reason])).toEqual([
      ['In consegna', 'In attesa di invio', 'In coda dal [2026-03-06T07:30:00Z]', null],
      ['In giacenza: cosa fare', 'Non inviata', 'Registrata il [2026-03-07T08:00:00Z]', 'Amazon invia già le proprie notifiche al cliente'],
    ]);
    expect(rows.map((r) => r.badge.tone)).toEqual(['blue', 'grey']);
  });

  it('orders the kinds as a parcel goes, whatever order they come in', () => {
    const rows = buyerEmailRows([mail({ kind: 'delivered' }), mail({ kind: 'held' }), mail({ kind: 'shipped' }), mail({ kind: 'out_for_delivery' })], fmt);
    expect(rows.map((r) => r.kind)).toEqual(['shipped', 'out_for_delivery', 'delivered', 'held']);
  });

  it('shows a failed one in red with its reason, and an unknown reason or status as it is', () => {
    const rows = buyerEmailRows(
      [mail({ status: 'failed', sentAt: null, reason: 'failed' }), mail({ kind: 'delivered', status: 'bounced' as never, sentAt: null, reason: 'casella piena' })],
      fmt,
    );
    expect(rows[0]).toMatchObject({ badge: { tone: 'red', label: 'Invio non riuscito' }, reason: 'Invio non riuscito dopo vari tentativi' });
    expect(rows[1]).toMatchObject({ badge: { tone: 'grey', label: 'bounced' }, reason: 'casella piena' });
  });

  it("uses the screens' Italian date and time", () => {
    const [row] = buyerEmailRows([mail({ sentAt: '2026-03-05T14:05:00' })], formatDateTime);
    expect(row!.when).toBe('Inviata il 5 mar 2026, 14:05');
  });
});
