// test-runner: one database (the dashboard's pages in a browser; the API they call is tested on both dialects by its own files)
/**
 * The web dashboard in a real browser: Debian's Chromium driven by playwright-core, against the real
 * service and simulator over HTTP. Screenshots of every screen, at desktop and phone width, go to
 * test-output/screenshots (ignored by git). The cases are in test/dashboard/, a module a subject,
 * in this order on this file's one harness and browser: each screen is reached from the session the
 * first one signs in.
 */
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import type { Browser } from './dashboard/kit.js';
import { mediaCases } from './dashboard/media.js';
import { sendCases } from './dashboard/sends.js';
import { signInCases } from './dashboard/sign-in.js';
import { templateCases } from './dashboard/templates.js';
import { testModeCases } from './dashboard/test-mode.js';
import { webhookCases } from './dashboard/webhooks.js';
import { startHarness, type Harness } from './harness.js';
import { startReceiver, type Receiver } from './receiver.js';

describe('dashboard in a browser', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;
  let receiver: Receiver;

  before(async () => {
    h = await startHarness({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
    receiver = await startReceiver();
    dashboard = await openDashboard(h);
    page = dashboard.page;
  });
  after(async () => {
    await dashboard?.close();
    await receiver?.close();
    await h?.close();
  });
  const browser = (): Browser => ({ h, dashboard, page, receiver });

  signInCases(browser);
  sendCases(browser);
  templateCases(browser);
  mediaCases(browser);
  webhookCases(browser);
  testModeCases(browser);
});
