import {
  DEFAULT_DEMO_EMAIL,
  DEFAULT_DEMO_PASSWORD,
  DEMO_EBAY_SELLER,
  demoReadyLines,
  demoSettingsFromEnv,
  demoSummaryLine,
  labelsAsItIs,
  ordersToLabel,
  seedDemo,
  type DemoSeedResult,
  type OrderToLabel,
} from './demo-seed';
import { getFreePort } from './ports';

// The seed itself runs against the real stack in e2e/demo-seed.test.ts; these are its pure pieces.

describe('demoSettingsFromEnv', () => {
  it('seeds by default, with the documented login and the eBay sandbox seller', () => {
    expect(demoSettingsFromEnv({})).toEqual({ email: DEFAULT_DEMO_EMAIL, password: DEFAULT_DEMO_PASSWORD, ebaySeller: DEMO_EBAY_SELLER });
    expect(DEFAULT_DEMO_EMAIL).toBe('demo@smista.local');
    expect(DEFAULT_DEMO_PASSWORD).toBe('Demo1234');
    expect(DEMO_EBAY_SELLER).toEqual({ username: 'smista_test_seller', password: 'Sandbox1!' });
    expect(demoSettingsFromEnv({ SMISTA_DEMO: '1' })).not.toBeNull();
  });

  it('takes the login from SMISTA_DEMO_EMAIL and SMISTA_DEMO_PASSWORD (blank ones are the defaults)', () => {
    expect(demoSettingsFromEnv({ SMISTA_DEMO_EMAIL: ' anna@example.it ', SMISTA_DEMO_PASSWORD: 'Segreta9' })).toMatchObject({ email: 'anna@example.it', password: 'Segreta9' });
    expect(demoSettingsFromEnv({ SMISTA_DEMO_EMAIL: ' ', SMISTA_DEMO_PASSWORD: '' })).toMatchObject({ email: DEFAULT_DEMO_EMAIL, password: DEFAULT_DEMO_PASSWORD });
  });

  it.each(['0', 'false', 'no', 'off', ' OFF '])('SMISTA_DEMO=%j leaves the demo out', (value) => {
    expect(demoSettingsFromEnv({ SMISTA_DEMO: value })).toBeNull();
  });
});

const order = (id: number, over: Partial<OrderToLabel> = {}, address: Partial<NonNullable<OrderToLabel['shippingAddressDetails']>> = {}): OrderToLabel => ({
  id,
  status: 'da_spedire',
  paymentStatus: 'pagato',
  carrierIntegrationId: 1,
  shipments: [],
  shippingAddressDetails: { fullName: 'Mario Rossi', addressLine1: 'Via Roma 1', city: 'Milano', countryCode: 'IT', ...address },
  ...over,
});

describe('ordersToLabel', () => {
  it('takes, per carrier and in the order given, paid orders to ship the rules gave it, up to its count', () => {
    const orders = [order(1), order(2, { carrierIntegrationId: 2 }), order(3), order(4), order(5, { carrierIntegrationId: 2 }), order(6, { carrierIntegrationId: 2 })];
    expect(
      ordersToLabel(orders, [
        { integrationId: 1, count: 2 },
        { integrationId: 2, count: 2 },
      ]),
    ).toEqual([1, 3, 2, 5]);
  });

  it('passes over the unpaid, those not to ship, those with a shipment, those without a carrier or with another', () => {
    const orders = [
      order(1, { status: 'da_pagare', paymentStatus: 'in_attesa' }),
      order(2, { paymentStatus: 'fallito' }),
      order(3, { status: 'spedito' }),
      order(4, { shipments: [{ id: 9 }] }),
      order(5, { carrierIntegrationId: null }),
      order(6, { carrierIntegrationId: 7 }),
      order(7),
    ];
    expect(ordersToLabel(orders, [{ integrationId: 1, count: 5 }])).toEqual([7]);
  });

  it('passes over addresses GLS would refuse as they are: abroad, or a name, street or town too long', () => {
    const orders = [
      order(1, {}, { countryCode: 'AT' }),
      order(2, {}, { fullName: 'x'.repeat(36) }),
      order(3, {}, { addressLine1: 'x'.repeat(36) }),
      order(4, {}, { city: 'x'.repeat(31) }),
      order(5, { shippingAddressDetails: null }),
      order(6, {}, { fullName: 'x'.repeat(35), addressLine1: 'x'.repeat(35), city: 'x'.repeat(30) }),
    ];
    expect(orders.map(labelsAsItIs)).toEqual([false, false, false, false, false, true]);
    expect(ordersToLabel(orders, [{ integrationId: 1, count: 5 }])).toEqual([6]);
  });

  it('is empty when no order fits', () => {
    expect(ordersToLabel([], [{ integrationId: 1, count: 3 }])).toEqual([]);
  });
});

describe('what make dev prints', () => {
  const settings = demoSettingsFromEnv({})!;

  it('the login beside Smista è pronto when the demo is ready, and how long it took', () => {
    const ready: DemoSeedResult = { outcome: 'ready', done: ['utente creato', '5 etichette create'], elapsedMs: 9_400 };
    expect(demoReadyLines(ready, settings)).toEqual([
      "Demo: accedi con demo@smista.local e la password Demo1234 (merchant «Bottega Demo»; SMISTA_DEMO=0 per farne a meno)",
      'Venditore eBay della sandbox: smista_test_seller, password Sandbox1!',
    ]);
    expect(demoSummaryLine(ready)).toBe('dati demo pronti in 9 s: utente creato, 5 etichette create');
    expect(demoSummaryLine({ outcome: 'ready', done: [], elapsedMs: 300 })).toBe('dati demo già presenti, nulla da aggiungere (controllati in 1 s)');
  });

  it('one line when the user has another password, or when a step did not work; nothing when stopped', () => {
    expect(demoReadyLines({ outcome: 'foreign-password', elapsedMs: 1 }, settings)).toEqual([
      "Demo: l'utente demo@smista.local esiste già con un'altra password; lo lascio com'è (SMISTA_DEMO_PASSWORD per usare la sua, SMISTA_DEMO=0 per non preparare la demo)",
    ]);
    const failed: DemoSeedResult = { outcome: 'failed', step: 'collegamento eBay', message: 'Nome utente o password non corretti', done: [], elapsedMs: 1 };
    expect(demoReadyLines(failed, settings)).toEqual([
      'Demo non completata (collegamento eBay): Nome utente o password non corretti. Lo stack resta attivo; il prossimo make dev riprende da qui.',
    ]);
    expect(demoSummaryLine(failed)).toBeNull();
    expect(demoReadyLines({ outcome: 'aborted', elapsedMs: 1 }, settings)).toEqual([]);
  });
});

describe('seedDemo', () => {
  it('a gateway that does not answer fails the first step with one Italian line, never a throw', async () => {
    const settings = demoSettingsFromEnv({})!;
    // A free port: nothing listens there.
    const gateway = `http://127.0.0.1:${await getFreePort()}`;
    const result = await seedDemo(gateway, settings);
    expect(result).toMatchObject({ outcome: 'failed', step: 'utente demo', message: `il gateway ${gateway} non risponde (ECONNREFUSED)`, done: [] });
    expect(demoReadyLines(result, settings)).toEqual([
      `Demo non completata (utente demo): il gateway ${gateway} non risponde (ECONNREFUSED). Lo stack resta attivo; il prossimo make dev riprende da qui.`,
    ]);
  });

  it('stopped from outside (Ctrl-C) it ends quietly', async () => {
    const stop = new AbortController();
    stop.abort();
    expect(await seedDemo('http://127.0.0.1:9', demoSettingsFromEnv({})!, { signal: stop.signal })).toMatchObject({ outcome: 'aborted' });
  });
});
