/**
 * The overview's per-template table (figures, rates, the re-categorised template flagged; a long
 * name cut short with its whole name on hover, the rates in view at 1,280 px), and the range by
 * hour exported as CSV.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { signInWithKey } from '../browser.js';
import { approvedTemplate } from '../factories.js';
import { eventually } from '../helpers.js';
import { overviewKit, percent, type OverviewScope } from './kit.js';

export function templateTableCases(scope: () => OverviewScope): void {
  const { analytics, row, cell, sendTemplate } = overviewKit(scope);

  it('lists each template with its figures and rates, and flags the re-categorised one', async () => {
    const { order, pickup } = scope();
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
    const { dashboard, page } = scope();
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

  it('cuts a long template name short with its whole name on hover, keeping the rates in view at 1,280 px', async () => {
    const { h, page } = scope();
    // As long as a generated template's name (generated_<platform id>), and longer.
    const name = `shipment_update_for_customers_who_ordered_before_the_holiday_cutoff_${'x'.repeat(60)}`;
    const long = await approvedTemplate(h, {
      name,
      body: 'Order {{1}} is on its way.',
      variables: [{ example: 'A-1' }],
    });
    await sendTemplate(long, '+16505550107');
    await eventually(async () => (await analytics('template')).totals.some((x) => x.group.templateId === long.id));
    await page.reload();
    const r = row(long.id);
    await r.waitFor({ timeout: 15_000 });
    const link = r.getByRole('link', { name });
    assert.equal(await link.getAttribute('title'), name, 'the whole name on hover');
    const scroller = page.getByTestId('template-stats').locator('xpath=..');
    const view = (await scroller.boundingBox())!;
    for (const label of ['Delivery rate', 'Read rate', 'Median accepted → sent']) {
      const box = (await r.locator(`td[data-label="${label}"]`).boundingBox())!;
      assert.ok(
        box.x + box.width <= Math.min(view.x + view.width, 1280) + 1,
        `${label} in view: ${JSON.stringify(box)}`,
      );
    }
    assert.equal(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth), true, 'no sideways scroll');
  });

  it("asks for the browser's time zone's days, and says which zone the buckets are in", async () => {
    const { h, dashboard } = scope();
    // A browser in India (+5:30): its days start at 18:30 UTC.
    const context = await dashboard.browser.newContext({
      viewport: { width: 1280, height: 860 },
      timezoneId: 'Asia/Kolkata',
    });
    try {
      const page = await context.newPage();
      // The overview is where a sign-in lands: its first request for figures is the one to read.
      const answered = page.waitForResponse((r) => r.url().includes('/v1/analytics/messages?'));
      await signInWithKey(page, h.url, h.account.liveKey);
      const res = await answered;
      // Chromium names India's zone by its older IANA name, Asia/Calcutta: the same zone.
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      assert.ok(['Asia/Kolkata', 'Asia/Calcutta'].includes(zone), zone);
      assert.equal(new URL(res.url()).searchParams.get('timeZone'), zone);
      const body = await res.json();
      assert.deepEqual([body.timeZone, body.from.slice(-6), body.to.slice(10, 23)], [zone, '+05:30', 'T00:00:00.000']);
      await page.getByText(`in your time zone (${zone})`).waitFor();
    } finally {
      await context.close();
    }
  });
}
