import path from 'node:path';
import { createPool, runMigrations, type Pool } from '@smista/service-kit';
import { MARKETPLACE_CATALOGUE } from '@smista/contracts';
import { createTestDatabase } from '../../../e2e/support/db';

/*
 * The catalogue is written once, in the contracts (`MARKETPLACE_CATALOGUE`); the migrations seed the
 * same rows into the service's `marketplaces` table. A row that differs (or is missing, or extra)
 * fails here, naming the marketplace and the column to fix.
 */

let pool: Pool;

beforeAll(async () => {
  const url = await createTestDatabase('marketplaces_catalogue');
  await runMigrations(url, path.resolve(__dirname, '../migrations'));
  pool = createPool(url, 2);
}, 60_000);
afterAll(() => pool?.end());

it("seeds exactly the contracts' catalogue, in its order: ids, names, descriptions, logos, connect method, settings, docs", async () => {
  const { rows } = await pool.query(
    'SELECT identifier, name, description, logo_url, oauth, required_settings, api_doc_url, active FROM marketplaces ORDER BY sort_order',
  );
  const stored = rows.map((r) => ({
    id: r.identifier as string,
    name: r.name as string,
    description: r.description as string,
    logoUrl: r.logo_url as string,
    connectMethod: r.oauth ? 'oauth' : 'settings',
    requiredSettings: r.required_settings as string[],
    apiDocUrl: r.api_doc_url as string,
    active: r.active as boolean,
  }));
  const written = MARKETPLACE_CATALOGUE.map((m) => ({
    id: m.id,
    name: m.name,
    description: m.description,
    logoUrl: m.logoUrl,
    connectMethod: m.connectMethod,
    requiredSettings: [...m.requiredSettings],
    apiDocUrl: m.apiDocUrl,
    active: true,
  }));
  expect(stored.map((r) => r.id)).toEqual(written.map((m) => m.id));
  for (const [i, row] of stored.entries()) expect({ marketplace: row.id, ...row }).toEqual({ marketplace: row.id, ...written[i] });
});
