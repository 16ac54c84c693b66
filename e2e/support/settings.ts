import type { Locator, Page } from 'playwright-core';

/**
 * Opens /merchant-selection and enters the user's only merchant: the shell selects it by itself
 * after a login, or, when the page is opened on purpose, the user clicks it; the dashboard follows
 * either way. For the settings suites, whose users register through the API.
 *
 * @example
 * await enterOnlyMerchant(page, `Negozio Bianchi ${run}`);
 */
export async function enterOnlyMerchant(page: Page, merchantName: string): Promise<void> {
  await page.goto('/merchant-selection');
  const dashboard = page.waitForURL('**/dashboard');
  const option = page.getByTestId('merchant-option').filter({ hasText: merchantName });
  const first = await Promise.race([dashboard.then(() => 'dashboard' as const), option.waitFor().then(() => 'option' as const, () => 'none' as const)]);
  // The automatic selection may still win the race between the list showing and the click.
  if (first === 'option') await option.click({ timeout: 5_000 }).catch(() => undefined);
  await dashboard;
}

/** The settings side menu ('Menu impostazioni') and one of its links. */
export function settingsMenu(page: Page): { nav: Locator; link: (label: string) => Locator; current: (label: string) => Locator } {
  const nav = page.getByRole('navigation', { name: 'Menu impostazioni' });
  const link = (label: string) => nav.getByRole('link', { name: label, exact: true });
  return { nav, link, current: (label: string) => link(label).and(nav.locator('[aria-current="page"]')) };
}

/** The `data-portal-scope` of the nearest scope box around the element (a remote's class), or null. */
export const portalScopeOf = (locator: Locator): Promise<string | null> =>
  locator.evaluate((el) => el.closest('[data-portal-scope]')?.getAttribute('data-portal-scope') ?? null);
