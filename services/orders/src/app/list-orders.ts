import type { Queryable } from '@smista/service-kit';
import { listVersion } from '../store';

/**
 * ListOrders read on condition: the merchant's list version (store/list-versions.ts) first, and
 * the page only when the caller does not already hold the page of that version (`knownVersion`,
 * the gateway's kept JSON). The same version and query give the same page, and every write to the
 * merchant's orders or shipments raises the version in its own transaction, so `page: null`
 * ("unchanged") is never said after a committed change, whichever replica asks. Reading the
 * version before the page makes the page at least as new as the version it is answered with.
 *
 * @example const { version, page } = await readListPage(pool, merchantId, request.knownVersion, () => readPage());
 */
export async function readListPage<Page>(db: Queryable, merchantId: string, knownVersion: string, read: () => Promise<Page>): Promise<{ version: string; page: Page | null }> {
  const version = await listVersion(db, merchantId);
  if (knownVersion !== '' && knownVersion === version) return { version, page: null };
  return { version, page: await read() };
}
