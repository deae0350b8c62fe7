/**
 * The overview's charts: each drawn, the totals and the estimated cost beside them, the values under
 * the pointer and the arrow keys, the failing code's meaning and remedy, billable messages by category.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually } from '../helpers.js';
import { overviewKit, percent, type OverviewScope } from './kit.js';

export function chartCases(scope: () => OverviewScope): void {
  const { analytics, cell, inked } = overviewKit(scope);

  it('opens on the overview, first in the navigation, and draws every chart', async () => {
    const { dashboard, page } = scope();
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
    const { page } = scope();
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
    const { page } = scope();
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
    const { page } = scope();
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
}
