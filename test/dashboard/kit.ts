/**
 * What the dashboard cases share: the entry's harness, browser, page and webhook receiver
 * (`Browser`), the customer who writes to the account, and the calls the cases make: a screen
 * opened and shot, a customer message, a send's wamid once the platform took it.
 */
import type { Page } from 'playwright-core';
import type { DashboardBrowser } from '../browser.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import type { Receiver } from '../receiver.js';

/** The customer the cases write with. */
export const customer = '+16505551900';

/** The entry's harness, its browser and page, and the receiver behind the webhook endpoint it adds. */
export interface Browser {
  h: Harness;
  dashboard: DashboardBrowser;
  page: Page;
  receiver: Receiver;
}

/** The calls, on what `browser` gives when a case runs (after the entry's `before`). */
export function dashboardKit(browser: () => Browser) {
  const shoot = (name: string) => browser().dashboard.shoot(name);
  const go = (hash: string) => browser().dashboard.go(hash);
  /** A customer message through the simulator's control API (docs/simulator.md). */
  const customerSends = (body: Record<string, unknown>) => browser().h.customerSends(customer, body);
  const sentWamid = async (id: string) =>
    eventually(
      async () => (await browser().h.api('GET', `/v1/messages/${id}`)).body.platformMessageId as string | null,
    );
  return { shoot, go, customerSends, sentWamid };
}
