import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { ShipmentDetailsJson } from '@smista/contracts';
import { api } from './api';

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

/** `GET /api/shipments/{id}` as the browser's session reads it (the drawer's details); a 200 expected. */
export async function shipmentDetails(context: BrowserContext, baseUrl: string, id: number): Promise<ShipmentDetailsJson> {
  const res = await api(context, baseUrl, 'GET', `/api/shipments/${id}`);
  expect(res.status).toBe(200);
  return res.body as ShipmentDetailsJson;
}
