import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (no browser download is possible on these machines). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export interface BrowserSession {
  context: BrowserContext;
  /** The first tab. */
  page: Page;
  /** Temporary profile folder, removed by close(). */
  userDataDir: string;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Relative `page.goto('/login')` resolves against it (usually `app.baseUrl`). */
  baseURL?: string;
  /** Default it-IT, Europe/Rome (the UI is Italian). */
  locale?: string;
  timezoneId?: string;
  viewport?: { width: number; height: number };
}

/**
 * Launches headless chromium through playwright-core with a fresh temporary profile.
 *
 * @example
 * const browser = await launchBrowser({ baseURL: app.baseUrl });
 * await browser.page.goto('/login');
 * await browser.close();
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<BrowserSession> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smista-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: options.baseURL,
      locale: options.locale ?? 'it-IT',
      timezoneId: options.timezoneId ?? 'Europe/Rome',
      viewport: options.viewport ?? { width: 1280, height: 800 },
    });
  } catch (err) {
    fs.rmSync(userDataDir, { recursive: true, force: true });
    throw new Error(`chromium non parte (${CHROMIUM_PATH}): ${(err as Error).message.split('\n')[0]}`);
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    userDataDir,
    async close() {
      await context.close().catch(() => undefined);
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
