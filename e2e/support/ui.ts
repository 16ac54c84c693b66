import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ScaledDeadline } from '../../deploy/local/src/machine-load';
import { STEP_TIMEOUT_MS } from './scenario';

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches exactly this text (surrounding white space aside), for playwright's `hasText`. */
export const exactly = (s: string) => new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);

/**
 * Retries an assertion until it holds (or rethrows its last failure after `timeoutMs` of
 * quiet-machine time: longer while the machine is busy, see ScaledDeadline).
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = STEP_TIMEOUT_MS): Promise<T> {
  const deadline = new ScaledDeadline(timeoutMs);
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (deadline.expired()) throw err;
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

/** A same-origin `/api` response the page's code received, and whether its body was dealt with. */
export interface ApiBodySeen {
  method: string;
  path: string;
  status: number;
  /** Read (json, text, …) or cancelled, or there was none (204): nothing keeps the response open. */
  settled: boolean;
}

/**
 * Wraps `fetch` in every page of the context (before the app's own code, and under any
 * instrumentation that wraps it later) to remember each same-origin `/api` response it hands out,
 * so {@link apiBodiesSeen} can tell which bodies the app never read nor cancelled. Call it before
 * the first navigation.
 */
export async function trackApiBodies(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: { method: string; path: string; res: Response }[] = [];
    const original = window.fetch;
    window.fetch = async function trackedFetch(this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      const res = await original.call(this, input, init);
      const url = new URL(res.url || String(input instanceof Request ? input.url : input), window.location.href);
      if (url.origin === window.location.origin && url.pathname.startsWith('/api/')) {
        const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
        seen.push({ method, path: url.pathname, res });
      }
      return res;
    };
    (window as unknown as { __apiBodiesSeen: () => unknown }).__apiBodiesSeen = () =>
      seen.map(({ method, path, res }) => ({ method, path, status: res.status, settled: res.body === null || res.bodyUsed }));
  });
}

/** What {@link trackApiBodies} saw in this page's document so far (a reload starts over). */
export async function apiBodiesSeen(page: Page): Promise<ApiBodySeen[]> {
  return page.evaluate(() => {
    const read = (window as unknown as { __apiBodiesSeen?: () => ApiBodySeen[] }).__apiBodiesSeen;
    if (!read) throw new Error('trackApiBodies(context) non chiamato prima della navigazione');
    return read();
  });
}

/** The document title, once the shell has set it for the new route (it follows navigation by an effect). */
export async function expectTitle(page: Page, expected: string): Promise<void> {
  await eventually(async () => expect(await page.title()).toBe(expected));
}

/** The page is no wider than the viewport and nothing scrolls sideways inside <main>. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  await eventually(async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width));
  // The layout scrolls inside <main>: a card too wide for it hides its right edge there without
  // widening the page.
  await eventually(async () =>
    expect(
      await page.evaluate(() => {
        const main = document.querySelector('main');
        return main ? main.scrollWidth - main.clientWidth : 0;
      }),
    ).toBe(0),
  );
}

/**
 * A screenshot of the whole screen for a person to look at. The layout scrolls inside <main>, so
 * the viewport is made as tall as its content for the picture (the width, which decides the
 * layout, stays; at most `maxHeight`), then restored.
 */
export async function screenshotWhole(page: Page, path: string, maxHeight = 4000): Promise<void> {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollHeight + main.getBoundingClientRect().top : document.documentElement.scrollHeight;
  });
  await page.setViewportSize({ width: size.width, height: Math.min(Math.max(size.height, Math.ceil(height)), maxHeight) });
  try {
    await page.screenshot({ path });
  } finally {
    await page.setViewportSize(size);
  }
}

export { DESKTOP, MOBILE } from './viewports';
