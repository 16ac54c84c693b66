import type { Locator, Page } from 'playwright-core';
import { STEP_TIMEOUT_MS } from './scenario';

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches exactly this text (surrounding white space aside), for playwright's `hasText`. */
export const exactly = (s: string) => new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);

/** Retries an assertion until it holds (or rethrows its last failure after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = STEP_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Waits for the toast with this title (and description), checks its variant and returns it.
 * Fails naming the toasts that did show.
 */
export async function expectToast(page: Page, title: string, options: { description?: string; variant?: 'default' | 'destructive' } = {}): Promise<Locator> {
  let toast = page.getByTestId('toast').filter({ has: page.getByTestId('toast-title').filter({ hasText: exactly(title) }) });
  if (options.description !== undefined) {
    toast = toast.filter({ has: page.getByTestId('toast-description').filter({ hasText: exactly(options.description) }) });
  }
  try {
    await toast.waitFor();
  } catch (err) {
    const shown = await page.getByTestId('toast').allInnerTexts().catch(() => []);
    throw new Error(`Toast «${title}»${options.description ? ` / «${options.description}»` : ''} non visto; a schermo: ${JSON.stringify(shown)}\n${(err as Error).message}`);
  }
  expect(await toast.getAttribute('data-variant')).toBe(options.variant ?? 'default');
  return toast;
}

/** Closes the toast on screen (one at a time), so the next identical toast is a new one. */
export async function closeToasts(page: Page): Promise<void> {
  const open = page.getByTestId('toast');
  while ((await open.count()) > 0) {
    await open.first().getByRole('button').click();
    await open.first().waitFor({ state: 'detached' }).catch(() => undefined);
  }
}

/** Fills the login form of /auth and presses 'Accedi'. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

/** The path of the page's URL. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The element's rendered text, trimmed. */
export const textOf = async (locator: Locator) => (await locator.innerText()).trim();
