// test-runner: one database (the dashboard's pages in a browser; the API they call is tested on both dialects by its own files)
/**
 * The dashboard's overview in a real browser (Debian's Chromium driven by playwright-core) against
 * the real service and simulator over HTTP. Messages are seeded through the public API with a live
 * key: template sends of two templates and texts, the simulator reporting them sent, delivered and
 * read, and failing those to numbers ending 0001 with 131026; one template is then re-categorised by
 * the platform. Once `GET /v1/analytics/messages` counts them, the overview must draw its charts
 * (Chart.js canvases of non-zero size with pixels on them), show the value under the pointer and
 * the arrow keys, the failing code's meaning and remedy, the per-template figures and rates with
 * the re-categorised template flagged, export the range as CSV, and, for a test key that sent
 * nothing, say how to get data. Screenshots go to test-output/screenshots (ignored by git).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import type { Template } from '../src/templates/template.schemas.js';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { accountCases } from './dashboard-overview/account.js';
import { chartCases } from './dashboard-overview/charts.js';
import { overviewKit } from './dashboard-overview/kit.js';
import { templateTableCases } from './dashboard-overview/template-table.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';
import { approvedTemplate, sentText } from './factories.js';

describe('dashboard: the overview’s charts and tables in a browser', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;
  let order: Template;
  let pickup: Template;
  const scope = () => ({ h, dashboard, page, order, pickup });
  const { analytics, sendTemplate } = overviewKit(scope);

  before(async () => {
    // An operator's price table: the overview shows an estimated cost, labelled so.
    const prices = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-prices-')), 'prices.yaml');
    fs.writeFileSync(
      prices,
      'currency: USD\nprices:\n  - { from: 2026-01-01, category: utility, market: "*", price: 0.0034 }\n  - { from: 2026-01-01, category: service, market: "*", price: 0.0021 }\n',
    );
    h = await startHarness({ env: { PRICE_TABLE_FILE: prices } });
    order = await approvedTemplate(h, {
      name: 'order_update',
      body: 'Your order {{1}} has shipped.',
      variables: [{ example: 'A-1042' }],
    });
    pickup = await approvedTemplate(h, {
      name: 'pickup_ready',
      body: 'Order {{1}} is ready for pickup.',
      variables: [{ example: 'A-1042' }],
    });
    // order_update: three reach read, one fails (the simulator fails numbers ending 0001 with 131026).
    for (const to of ['+16505550101', '+16505550102', '+16505550103', '+16505550001']) await sendTemplate(order, to);
    for (const to of ['+16505550104', '+16505550105']) await sendTemplate(pickup, to);
    // Texts in windows the customers opened: one read, one failed.
    for (const to of ['+16505550106', '+16505550001']) {
      await h.customerWrites(to, 'Where is my order?');
      await sentText(h, to);
    }
    await eventually(async () => {
      const { total } = await analytics();
      return total.accepted === 8 && total.failed === 2 && total.read === 6;
    }, 20_000).catch(async () =>
      assert.fail(`the analytics never counted the seeded messages: ${JSON.stringify((await analytics()).total)}`),
    );
    // The platform moves pickup_ready to marketing after its sends.
    const platformId = [...h.sim.state.templates.values()].find((s) => s.name === pickup.name)!.id;
    const res = await fetch(`${h.simUrl}/_simulator/templates/${platformId}/category`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'MARKETING' }),
    });
    assert.equal(res.status, 200, await res.text());
    await eventually(
      async () => (await h.api<Template>('GET', `/v1/templates/${pickup.id}`)).body.previousCategory === 'UTILITY',
    );

    dashboard = await openDashboard(h);
    page = dashboard.page;
    await dashboard.signIn(h.account.liveKey);
  });
  after(async () => {
    await dashboard?.close();
    await h?.close();
  });

  chartCases(scope);
  templateTableCases(scope);
  accountCases(scope);
});
