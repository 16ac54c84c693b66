import type { Locator, Page } from 'playwright-core';

/** A row (or, under 768 px, a card) of the orders list. */
export const orderRow = (p: Page, orderId: number): Locator => p.locator(`[data-testid="order-row"][data-order-id="${orderId}"]`);

/** An order's panel, opened from its row. */
export const orderPanel = (p: Page, orderId: number): Locator => p.locator(`[data-testid="order-panel"][data-order-id="${orderId}"]`);

/** A status tab of the orders or the shipments list (`TO_SHIP`, `all`, `pending`, …). */
export const statusTab = (p: Page, key: string): Locator => p.locator(`[data-testid="status-tab"][data-status="${key}"]`);

/**
 * Opens an orders screen as a merchant who synced just now (`ordersSyncedAt`, spec §9), so
 * opening it starts no auto-sync the step did not ask for. localStorage needs a document of the
 * app's origin (`baseUrl`): a page that is elsewhere (a fresh tab, the eBay consent page) loads
 * the favicon first.
 *
 * @example
 * await openOrdersSyncedNow(page, app.baseUrl, '/dashboard/orders?status=TO_SHIP');
 */
export async function openOrdersSyncedNow(p: Page, baseUrl: string, url: string): Promise<void> {
  if (new URL(p.url()).origin !== new URL(baseUrl).origin) await p.goto('/favicon.svg');
  await p.evaluate(() => localStorage.setItem('ordersSyncedAt', String(Date.now())));
  await p.goto(url);
}
