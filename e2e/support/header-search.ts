import type { Locator, Page } from 'playwright-core';

/** The accessible name of the header's search box (and of its phone button). */
export const HEADER_SEARCH_LABEL = 'Cerca ordini e spedizioni';

/** The search of the header (from 768 px) or of the sheet its button opens (under it). */
export function headerSearch(p: Page, where: 'header' | 'sheet') {
  const root = p.getByTestId(where === 'header' ? 'header-search' : 'header-search-sheet');
  const input = root.getByRole('combobox', { name: HEADER_SEARCH_LABEL });
  return {
    root,
    input,
    status: root.getByTestId('header-search-status'),
    options: root.getByRole('option'),
    group: (name: 'Ordini' | 'Spedizioni') => root.getByRole('group', { name }),
    /** The option that opens this path (`/orders/12`, `/dashboard/shipments?shipment=3`). */
    optionTo: (path: string) => root.locator(`[role="option"][data-path="${path}"]`),
    popup: root.getByTestId('header-search-popup'),
  };
}

/** Types `text` key by key into the box, as a person does. */
export async function typeInto(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.fill('');
  await input.pressSequentially(text);
}
