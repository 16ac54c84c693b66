import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { machineLoad } from '../../deploy/local/src/machine-load';
import { repoRoot } from '../../deploy/local/src/paths';
import { startApp, type StartAppOptions, type TestApp } from './app';
import { launchBrowser, type BrowserSession } from './browser';
import { DESKTOP } from './viewports';

/**
 * Jest timeout of one step (and of a suite's `beforeAll`) on a quiet machine; the suite environment
 * stretches it with the machine's load, and playwright's waits with it.
 */
export const TEST_TIMEOUT_MS = 90_000;
/** Playwright waits: well below the test timeout, so a stuck step fails with its own message (and a screenshot). */
export const STEP_TIMEOUT_MS = 25_000;
/** Jest timeout of a suite's `afterAll` (browsers, then the app). */
export const STOP_TIMEOUT_MS = 30_000;

export const SCREENSHOT_DIR = path.join(repoRoot, '.tmp', 'e2e-screenshots');

/**
 * State that steps build on (an account, a merchant, a connected carrier, an invite link): made once,
 * by the step that makes it through the screens ({@link Given.set}), or, when that step failed or
 * was not run (`jest -t`), through the API by whichever step needs it first ({@link Given.get}).
 * So a step never depends on the one before it having passed.
 */
export interface Given<T> {
  /** The value a step recorded, else the one `make` builds now (once; a failed make is tried again by the next step). */
  get(): Promise<T>;
  /** Records the value a step made through the screens: later steps get it. */
  set(value: T): void;
  /** Whether a value is there already (made by a step or by `make`). */
  readonly ready: boolean;
}

/** A {@link Given} whose value `make` builds through the API when no step recorded one. */
export function given<T>(what: string, make: () => Promise<T>): Given<T> {
  let value: Promise<T> | undefined;
  let ready = false;
  return {
    get() {
      value ??= make().then(
        (v) => {
          ready = true;
          return v;
        },
        (err: unknown) => {
          value = undefined;
          if (err instanceof Error) err.message = `preparazione di «${what}» fallita: ${err.message}`;
          throw err;
        },
      );
      return value;
    },
    set(v) {
      value = Promise.resolve(v);
      ready = true;
    },
    get ready() {
      return ready;
    },
  };
}

export interface Scenario {
  /**
   * Starts the app (fresh databases, free ports; `appOptions` for extra variables) and the first
   * browser, at the app's URL.
   */
  start(appOptions?: StartAppOptions): Promise<{ app: TestApp; browser: BrowserSession; page: Page }>;
  /** Another browser (another person) at the app's URL; its page is screenshotted and closed with the others. */
  openBrowser(): Promise<BrowserSession>;
  /** Closes the browsers, newest first, then stops the app. */
  stop(): Promise<void>;
  /**
   * A step of the file's scenario: a jest `test` with {@link TEST_TIMEOUT_MS}. Every open browser
   * starts it at the desktop size; the step goes to its own page and gets what it builds on from
   * {@link given} values, so it passes or fails on its own whatever the steps before it did (and
   * runs alone under `jest -t`). On failure it saves a full-page screenshot of every open browser's
   * page into .tmp/e2e-screenshots/ and names them and the components' log folder in the error.
   */
  step(name: string, body: () => Promise<void>): void;
}

/**
 * The app, the browsers and the steps of one e2e file (each file creates its own: its steps share
 * the "first failed step" state, never another file's).
 *
 * @example
 * const scenario = createScenario(__filename);
 * let app: TestApp;
 * let page: Page;
 * beforeAll(async () => {
 *   ({ app, page } = await scenario.start());
 * }, TEST_TIMEOUT_MS);
 * afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);
 * scenario.step('opens the dashboard', async () => {
 *   await page.goto('/dashboard');
 * });
 */
export function createScenario(file: string): Scenario {
  let app: TestApp | undefined;
  const browsers: BrowserSession[] = [];

  async function openBrowser(): Promise<BrowserSession> {
    if (!app) throw new Error('openBrowser: the app is not running (scenario.start() first)');
    const browser = await launchBrowser({ baseURL: app.baseUrl });
    browsers.push(browser);
    browser.page.setDefaultTimeout(STEP_TIMEOUT_MS);
    browser.page.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
    return browser;
  }

  /** Saves a screenshot of every open page; returns "path (url)" of those saved. */
  async function screenshots(stepName: string): Promise<string[]> {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const slug = `${path.basename(file, '.test.ts')}-${stepName}`.replace(/[^a-z0-9]+/gi, '-').slice(0, 120);
    const shots = await Promise.all(
      browsers.map(async ({ page }, i) => {
        const shot = path.join(SCREENSHOT_DIR, `${slug}-${i}-${Date.now()}.png`);
        return page.screenshot({ path: shot, fullPage: true, timeout: 5_000 }).then(() => `${path.relative(repoRoot, shot)} (${page.url()})`, () => null);
      }),
    );
    return shots.filter((s): s is string => s !== null);
  }

  return {
    async start(appOptions) {
      app = await startApp(appOptions);
      const browser = await openBrowser();
      return { app, browser, page: browser.page };
    },
    openBrowser,
    async stop() {
      for (const browser of [...browsers].reverse()) await browser.close();
      await app?.stop();
    },
    step(name, body) {
      test(
        name,
        async () => {
          try {
            // Playwright's waits stretch with the machine's load, as jest's timeout of this step does
            // (deploy/local/src/jest-environment.ts).
            const waitMs = Math.round(STEP_TIMEOUT_MS * machineLoad().factor);
            for (const { page } of browsers) {
              if (page.isClosed()) continue;
              page.setDefaultTimeout(waitMs);
              page.setDefaultNavigationTimeout(waitMs);
              // An earlier step may have left a phone-sized viewport behind (its finally did not run).
              await page.setViewportSize(DESKTOP);
            }
            await body();
          } catch (err) {
            const saved = await screenshots(name);
            if (saved.length && err instanceof Error) err.message += `\nScreenshot: ${saved.join(', ')}`;
            if (app && err instanceof Error) err.message += `\nLog dei componenti: ${path.relative(repoRoot, app.logDir)}`;
            throw err;
          }
        },
        TEST_TIMEOUT_MS,
      );
    },
  };
}

/** A short random tag for one file's run: e-mails, usernames and names with it never collide across runs. */
export const newRunId = (): string => crypto.randomBytes(4).toString('hex');

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  /** The same as `password`: `POST /api/register` wants the confirmation too (spec §5). */
  confirmPassword: string;
  /** Terms accepted: `POST /api/register` refuses an account without them (spec §5). */
  terms: true;
}

/**
 * A user for the registration form or, as it is, the body of `POST /api/register`:
 * `person('Mario', 'Rossi', run)` → mario.rossi.<run>@example.it, mario_<run>, password Segreta1
 * (confirmed), terms accepted.
 */
export function person(firstName: string, lastName: string, run: string): TestUser {
  const password = 'Segreta1';
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}.${run}@example.it`,
    username: `${firstName.toLowerCase()}_${run}`,
    password,
    confirmPassword: password,
    terms: true,
  };
}
