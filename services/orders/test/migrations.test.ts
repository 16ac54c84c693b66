import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createPool, runMigrations, type Pool } from '@smista/service-kit';
import { createTestDatabase } from '../../../e2e/support/db';

/*
 * Issue 20: what orders kept of eBay's own values becomes Smista's. A database at migration 005 with
 * the rows an older version stored (eBay's line states, eBay's shipping service codes), then the
 * rest of the migrations: the lines read da_spedire / parzialmente_spedito / spedito (an unknown
 * state unknown), and `express` is eBay's adapter's reading of the kept service code.
 */

const MIGRATIONS = path.resolve(__dirname, '../migrations');
let pool: Pool;
let url: string;

beforeAll(async () => {
  url = await createTestDatabase('orders_migrations');
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'orders-migrations-'));
  for (const file of fs.readdirSync(MIGRATIONS).filter((f) => f < '006')) fs.copyFileSync(path.join(MIGRATIONS, file), path.join(before, file));
  await runMigrations(url, before);
  fs.rmSync(before, { recursive: true, force: true });
  pool = createPool(url, 2);
}, 60_000);
afterAll(() => pool?.end());

async function storedOrder(externalId: string, shippingService: string, lineStates: (string | null)[]): Promise<number> {
  const merchantId = randomUUID();
  const { rows } = await pool.query(
    `INSERT INTO orders (merchant_id, integration_id, external_id, marketplace, marketplace_status, order_date, external_last_modified_at, shipping_service)
     VALUES ($1, 1, $2, 'ebay', 'da_spedire', now(), now(), $3) RETURNING id`,
    [merchantId, externalId, shippingService],
  );
  const orderId = Number(rows[0].id);
  for (const [position, state] of lineStates.entries()) {
    await pool.query('INSERT INTO order_items (order_id, merchant_id, position, external_item_id, fulfillment_status) VALUES ($1, $2, $3, $4, $5)', [orderId, merchantId, position, `L${position}`, state]);
  }
  return orderId;
}

it("turns eBay's stored line states and service codes into Smista's values", async () => {
  const express = await storedOrder('01-1', 'IT_ExpressCourier', ['FULFILLED', 'NOT_STARTED', 'IN_PROGRESS', null, 'SOMETHING_NEW', ' fulfilled ']);
  const abroad = await storedOrder('01-2', 'IT_ExpressCourierInternational', ['NOT_STARTED']);
  const standard = await storedOrder('01-3', 'IT_QuickPackage1', ['NOT_STARTED']);
  const none = await storedOrder('01-4', '', []);

  await runMigrations(url, MIGRATIONS);

  const { rows: items } = await pool.query('SELECT fulfillment_status FROM order_items WHERE order_id = $1 ORDER BY position', [express]);
  expect(items.map((r) => r.fulfillment_status)).toEqual(['spedito', 'da_spedire', 'parzialmente_spedito', null, null, 'spedito']);
  const { rows } = await pool.query('SELECT id, express FROM orders WHERE id = ANY($1) ORDER BY id', [[express, abroad, standard, none]]);
  expect(rows.map((r) => [Number(r.id), r.express])).toEqual([
    [express, true],
    [abroad, true],
    [standard, false],
    [none, false],
  ]);
});
