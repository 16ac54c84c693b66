import type { Locator, Page } from 'playwright-core';

/** A row (or, under 768 px, a card) of the shipments list. */
export const shipmentRow = (p: Page, shipmentId: number): Locator => p.locator(`[data-testid="shipment-row"][data-shipment-id="${shipmentId}"]`);

/**
 * Opens a shipment row's menu and picks an item (`menu-details`, `menu-cancel`, `menu-process`,
 * `menu-edit-address`, …).
 */
export async function shipmentRowAction(p: Page, shipmentId: number, item: string): Promise<void> {
  await shipmentRow(p, shipmentId).getByTestId('shipment-menu').click();
  await p.getByTestId(item).click();
}
