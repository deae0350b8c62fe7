/**
 * The dashboard in a real browser, one way for every browser test: Debian's Chromium driven by
 * playwright-core, against a harness's service over HTTP. Screenshots of each screen, at desktop
 * and phone width, go to test-output/screenshots (ignored by git).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Harness } from './harness.js';
import { ROOT } from './helpers.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = path.join(ROOT, 'test-output', 'screenshots');
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
const built = fs.existsSync(path.join(ROOT, 'dist/dashboard/index.html'));

/** Why the browser tests cannot run here (for `describe`'s `skip`), or false. */
export const browserSkip: string | false = !fs.existsSync(CHROMIUM)
  ? `no browser at ${CHROMIUM} (.ci/run installs Debian's chromium)`
  : !built
    ? 'dashboard not built (npm test builds it)'
    : false;

export interface DashboardBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Opens a screen of the dashboard: `go('/messages')`. */
  go(hash: string): Promise<unknown>;
  /** Signs in with `key` in the form, and waits for the mode banner. */
  signIn(key: string): Promise<void>;
  /**
   * A screenshot of the current screen at desktop and phone width, named `<name>-desktop.jpg` and
   * `<name>-phone.jpg`; at phone width every navigation link must be in view.
   */
  shoot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens `url`'s dashboard on `page` and signs in with an API key, waiting for the signed-in screen. */
export async function signInWithKey(page: Page, url: string, key: string): Promise<void> {
  await page.goto(`${url}/dashboard/`);
  // A person's email and password is the default form; the key is the secondary way.
  const instead = page.getByRole('button', { name: 'Use an API key instead' });
  await page.getByLabel('API key').or(instead).first().waitFor();
  if (await instead.isVisible()) await instead.click();
  await page.getByLabel('API key').fill(key);
  await page.getByLabel('API key').press('Enter');
  await page.getByTestId('mode-banner').waitFor();
}

/** Launches Chromium headless (no sandbox, no background networking: the machine has no internet) with one page on `h`'s dashboard. */
export async function openDashboard(h: Harness): Promise<DashboardBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    chromiumSandbox: false,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  fs.mkdirSync(SHOTS, { recursive: true });
  return {
    browser,
    context,
    page,
    go: (hash) => page.goto(`${h.url}/dashboard/#${hash}`),
    signIn: (key) => signInWithKey(page, h.url, key),
    async shoot(name) {
      await page.screenshot({
        path: path.join(SHOTS, `${name}-desktop.jpg`),
        type: 'jpeg',
        quality: 75,
        fullPage: true,
      });
      await page.setViewportSize(PHONE);
      for (const box of await page
        .locator('nav[aria-label="Main"] a')
        .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON()))) {
        assert.ok(
          box.left >= 0 && box.right <= PHONE.width,
          `${name}: a navigation link is cut off at phone width (${JSON.stringify(box)})`,
        );
      }
      await page.screenshot({ path: path.join(SHOTS, `${name}-phone.jpg`), type: 'jpeg', quality: 75, fullPage: true });
      await page.setViewportSize(DESKTOP);
    },
    close: () => browser.close(),
  };
}
