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
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { AnalyticsResult } from '../src/analytics/analytics.schemas.js';
import type { Template } from '../src/templates/template.schemas.js';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { approvedTemplate, sentText } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

/** As the page writes a rate: 0.75 → "75.0 %". */
const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`);

describe('dashboard: the overview’s charts and tables in a browser', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;
  let order: Template;
  let pickup: Template;
  /** The last 7 days as the page asks for them, grouped by `groupBy`. */
  const analytics = async (groupBy = '') => {
    const day = 86_400_000;
    const to = new Date((Math.floor(Date.now() / day) + 1) * day);
    const q = new URLSearchParams({
      from: new Date(to.getTime() - 7 * day).toISOString(),
      to: to.toISOString(),
      granularity: 'day',
      ...(groupBy ? { groupBy } : {}),
    });
    const res = await h.api<AnalyticsResult>('GET', `/v1/analytics/messages?${q}`);
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  const row = (templateId: string | null) =>
    page.locator(`[data-testid=template-stats] tr[data-template="${templateId ?? 'none'}"]`);
  const cell = (r: Locator, label: string) => r.locator(`td[data-label="${label}"]`).innerText();
  /** The pixels a canvas has drawn (not transparent), read in the page. */
  const inked = (canvas: Locator) =>
    canvas.evaluate((c: HTMLCanvasElement) => {
      const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });
  const sendTemplate = async (t: Template, to: string) => {
    const res = await h.api('POST', '/v1/messages/', {
      body: { to, type: 'template', templateId: t.id, variables: { '1': 'A-1042' } },
    });
    assert.equal(res.status, 201, res.text);
  };

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

  it('opens on the overview, first in the navigation, and draws every chart', async () => {
    assert.match(page.url(), /#\/overview$/);
    assert.equal(await page.locator('nav[aria-label="Main"] a').first().innerText(), 'Overview');
    await page.getByTestId('funnel-chart').waitFor();
    for (const id of ['funnel-chart', 'failures-chart', 'billable-chart', 'queue-chart']) {
      const canvas = page.getByTestId(id).locator('canvas');
      const box = await canvas.boundingBox();
      assert.ok(box && box.width > 200 && box.height > 100, `${id} has a size: ${JSON.stringify(box)}`);
      assert.ok((await inked(canvas)) > 500, `${id} drew something`);
    }
    const { total } = await analytics();
    assert.equal(await page.locator('[data-total=Accepted] dd').innerText(), String(total.accepted));
    assert.equal(await page.locator('[data-total=Failed] dd').innerText(), String(total.failed));
    assert.equal(
      await page.getByTestId('funnel-line').innerText(),
      `Sent ${total.sent} → delivered ${total.delivered} (${percent(total.deliveryRate)}) → read ${total.read} (${percent(total.readRate)})`,
    );
    // The simulator prices delivered messages (utility templates, service texts), as the platform does.
    assert.ok(total.billable > 0, 'the simulator reported billable messages');
    const categories = Object.entries(total.billableByCategory).map(([c, n]) => `${n} ${c.replace(/_/g, ' ')}`);
    const cost = total.estimatedCost!;
    assert.equal(cost.currency, 'USD');
    assert.equal(
      await page.getByTestId('billable-line').innerText(),
      `${total.billable} billable in the range: ${categories.join(', ')}. Estimated cost: ≈ USD ${cost.amount} (estimate), from the operator’s price table; the platform’s invoice is what you pay.`,
    );
    assert.equal(
      await page.locator('[data-total="Estimated cost"] dd').innerText(),
      `USD ${cost.amount}\nan estimate, from the price table`,
    );
    await dashboard.shoot('overview');
  });

  it('shows the values under the pointer and under the arrow keys', async () => {
    const { data } = await analytics();
    const today = data.at(-1)!;
    const canvas = page.getByTestId('funnel-chart').locator('canvas');
    const readout = page.getByTestId('funnel-chart-readout');
    // Today is the last of 7 buckets: its column is the right-most seventh of the plot. The pointer
    // comes again until it reads today: after the phone-width screenshot the chart takes a moment
    // to resize back, and a hover before that lands on another day.
    await eventually(async () => {
      await page.mouse.move(0, 0);
      const box = (await canvas.boundingBox())!;
      await canvas.hover({ position: { x: box.width - box.width / 14 - 10, y: box.height / 2 } });
      return (await readout.textContent())!.includes(
        `Sent: ${today.sent}, Delivered: ${today.delivered}, Read: ${today.read}`,
      );
    }).catch(async () => assert.fail(`the tooltip says ${await readout.textContent()}`));
    await canvas.focus();
    await page.keyboard.press('Home');
    await eventually(async () =>
      /^[^:]+: Sent: 0, Delivered: 0, Read: 0$/.test((await readout.textContent()) ?? ''),
    ).catch(async () => assert.fail(`the first day reads ${await readout.textContent()}`));
    await page.keyboard.press('End');
    await eventually(async () =>
      (await readout.textContent())!.endsWith(
        `Sent: ${today.sent}, Delivered: ${today.delivered}, Read: ${today.read}`,
      ),
    );
    // The same numbers as a table under the chart, a row per day.
    const table = page.getByTestId('funnel-chart').locator('details');
    await table.locator('summary').click();
    assert.equal(await table.locator('tbody tr').count(), 7);
    assert.deepEqual(
      await table.locator('tbody tr').last().locator('td').allInnerTexts(),
      [today.sent, today.delivered, today.read].map(String),
    );
  });

  it('explains each failing error code and counts its failures', async () => {
    const byCode = await analytics('errorCode');
    const code = byCode.totals.find((t) => t.group.errorCode === '131026')!;
    assert.equal(code.failed, 2);
    const r = page.locator('[data-testid=error-codes] tr[data-code="131026"]');
    assert.equal(await cell(r, 'Failed'), '2');
    assert.ok(code.group.errorTitle, 'the API explains 131026');
    assert.equal(await cell(r, 'What it means'), code.group.errorTitle);
    assert.equal(await cell(r, 'What to do'), code.group.errorAction);
    const readout = page.getByTestId('failures-chart-readout');
    await page.getByTestId('failures-chart').locator('canvas').focus();
    await page.keyboard.press('End');
    await eventually(async () => (await readout.textContent())!.includes(`131026 ${code.group.errorTitle}: 2`));
  });

  it('stacks billable messages by pricing category, with each day’s estimated cost in the tooltip', async () => {
    const { total, data } = await analytics();
    const today = data.at(-1)!;
    await page.getByTestId('billable-chart').locator('canvas').focus();
    await page.keyboard.press('End');
    const values = Object.entries(today.billableByCategory)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([c, n]) => `${c.replace(/_/g, ' ')}: ${n}`)
      .join(', ');
    const readout = page.getByTestId('billable-chart-readout');
    await eventually(async () =>
      (await readout.textContent())!.endsWith(
        `: ${values} (Estimated cost: ≈ USD ${today.estimatedCost!.amount} (estimate))`,
      ),
    ).catch(async () => assert.fail(`the billable tooltip says ${await readout.textContent()}`));
    assert.equal(today.estimatedCost!.amount, total.estimatedCost!.amount, 'everything was sent today');
  });

  it('lists each template with its figures and rates, and flags the re-categorised one', async () => {
    const byTemplate = await analytics('template');
    for (const t of [order, pickup, null]) {
      const figures = byTemplate.totals.find((x) => x.group.templateId === (t?.id ?? null))!;
      const r = row(t?.id ?? null);
      for (const [label, value] of [
        ['Accepted', String(figures.accepted)],
        ['Sent', String(figures.sent)],
        ['Delivered', String(figures.delivered)],
        ['Read', String(figures.read)],
        ['Failed', String(figures.failed)],
        ['Delivery rate', percent(figures.deliveryRate)],
        ['Read rate', percent(figures.readRate)],
      ] as const) {
        assert.equal(await cell(r, label), value, `${t?.name ?? 'texts'}: ${label}`);
      }
      assert.notEqual(await cell(r, 'Median accepted → sent'), '—', `${t?.name ?? 'texts'}: a median wait`);
    }
    assert.deepEqual(
      [await cell(row(order.id), 'Accepted'), await cell(row(order.id), 'Failed'), await cell(row(order.id), 'Read')],
      ['4', '1', '3'],
    );
    assert.equal(await cell(row(pickup.id), 'Read rate'), '100.0 %');
    assert.equal(
      await row(pickup.id).locator('[data-flag=recategorised]').innerText(),
      'Re-categorised: utility → marketing',
    );
    assert.equal(await row(order.id).locator('[data-flag]').count(), 0);
    assert.match(await cell(row(null), 'Template'), /Not a template/);
  });

  it('reads the last 24 hours by hour, and downloads the range as CSV', async () => {
    await page.getByRole('combobox', { name: /^Range/ }).selectOption('24h');
    await page.getByRole('heading', { name: 'Sent, delivered and read per hour' }).waitFor();
    const canvas = page.getByTestId('funnel-chart').locator('canvas');
    await canvas.focus();
    await page.keyboard.press('End');
    const hour = `${String(new Date().getUTCHours()).padStart(2, '0')}:00`;
    await eventually(async () =>
      (await page.getByTestId('funnel-chart-readout').textContent())!.startsWith(`${hour}: Sent:`),
    ).catch(async () =>
      assert.fail(`the last hour reads ${await page.getByTestId('funnel-chart-readout').textContent()}`),
    );
    await dashboard.shoot('overview-24h');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    assert.match(
      download.suggestedFilename(),
      /^tidings-live-messages-by-template-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    assert.ok(csv.includes('order_update') && csv.includes('pickup_ready'), csv);
  });

  it('tells a test key that sent nothing how to get data', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await dashboard.signIn(h.account.testKey);
    await dashboard.go('/overview');
    const empty = page.getByTestId('overview-empty');
    await empty.waitFor();
    assert.match(
      await empty.innerText(),
      /No test messages in this range yet\. Send one with POST \/v1\/messages or from Send with this test key/,
    );
    assert.match(await empty.innerText(), /Messages sent with a live key show when you sign in with a live key\./);
    assert.equal(await page.getByTestId('funnel-chart').count(), 0);
    await dashboard.shoot('overview-empty');
  });

  it("shows each number's messaging limit, and a restriction as a banner on every screen (issue 28)", async () => {
    const wabaId = (await h.api('GET', '/v1/account')).body.wabaId;
    const signal = (field: string, value: unknown) =>
      h.platformWebhook({
        object: 'whatsapp_business_account',
        entry: [{ id: wabaId, time: 1764000000, changes: [{ field, value }] }],
      });
    assert.equal(
      (await signal('business_capability_update', { max_daily_conversations_per_business: 'TIER_10K' })).status,
      200,
    );
    assert.equal(
      (
        await signal('account_update', {
          event: 'ACCOUNT_RESTRICTION',
          restriction_info: [{ restriction_type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiration: 4102444800 }],
        })
      ).status,
      200,
    );
    await dashboard.go('/messages');
    await page.reload();
    const limit = page.getByTestId('send-queues').getByTestId('messaging-limit').first();
    await eventually(async () => (await limit.innerText()) === '10,000 customers / 24 h');
    const banner = page.getByTestId('account-banner');
    assert.match(await banner.innerText(), /The platform restricts this account: biz initiated messaging until/);
    await dashboard.go('/templates');
    assert.equal(await banner.isVisible(), true, 'the banner stays on another screen');
    await dashboard.shoot('account-restricted');
  });
});
