/** The overview's per-template table (figures, rates, the re-categorised template flagged), and the range by hour exported as CSV. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { eventually } from '../helpers.js';
import { overviewKit, percent, type OverviewScope } from './kit.js';

export function templateTableCases(scope: () => OverviewScope): void {
  const { analytics, row, cell } = overviewKit(scope);

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
}
