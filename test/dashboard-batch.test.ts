// test-runner: one database (the dashboard's pages in a browser; the API they call is tested on both dialects by its own files)
/**
 * Batch and scheduled sends in the dashboard, in a real browser (Debian's Chromium driven by
 * playwright-core) against the real service and simulator over HTTP: a CSV file is previewed,
 * checked with a dry run and sent in a batch with each refused row named by its line; a column the
 * template lacks is shown, and the rows that fill it refused, not sent without it; the batches
 * page shows the batch; a message scheduled from the send form is canceled from the messages list;
 * a refused cancel shows the service's error. Screenshots go to test-output/screenshots.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Batch } from '../src/messages/schemas/batch.schemas.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { insertGenerated } from '../src/templates/template.repository.js';
import { generatedTemplateId } from '../src/templates/generated-templates.js';
import { approvedTemplate, dispatched, sentText } from './factories.js';
import { startHarness, type Harness } from './harness.js';

describe('dashboard batch and scheduled sends in a browser', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;
  const go = (hash: string) => dashboard.go(hash);
  const shoot = (name: string) => dashboard.shoot(name);

  before(async () => {
    h = await startHarness();
    await approvedTemplate(h, {
      name: 'csv_notice',
      body: 'Hello {{1}}, your order shipped.',
      variables: [{ example: 'Jessica' }],
    });
    dashboard = await openDashboard(h);
    page = dashboard.page;
    await dashboard.signIn(h.account.liveKey);
  });
  after(async () => {
    await dashboard?.close();
    await h?.close();
  });

  it('previews a CSV file, checks it with a dry run, sends it and names the refused row by its line', async () => {
    // A Direct Send's generated template (approved, but sent only as a Direct Send) is not offered.
    await h.deps.store.write((tx) =>
      insertGenerated(tx, {
        id: generatedTemplateId('998877665544'),
        accountId: h.account.id,
        platformTemplateId: '998877665544',
        createdAt: new Date().toISOString(),
      }),
    );
    await go('/bulk');
    await page.locator('select[name=templateId] option', { hasText: 'csv_notice' }).waitFor({ state: 'attached' });
    const offered = await page.locator('select[name=templateId] option').allInnerTexts();
    assert.ok(offered.includes('csv_notice (en_US)'), offered.join());
    assert.ok(!offered.some((o) => o.startsWith('generated_')), `a generated template offered: ${offered.join()}`);
    await page.locator('select[name=templateId]').selectOption({ label: 'csv_notice (en_US)' });
    // A quoted comma, and an invalid number on line 3.
    const csv = 'to,1,clientReference\r\n+16505552001,"Ann, Jr.",csv-1\r\n+1650,Bob,csv-2\r\n+16505552003,Cy,csv-3\r\n';
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByRole('table', { name: 'Preview' });
    await preview.getByText('Ann, Jr.').waitFor();
    assert.equal(await preview.locator('tbody tr').count(), 3);

    await page.getByRole('button', { name: 'Check (dry run)' }).click();
    const check = page.getByTestId('dry-run');
    await check.getByText('2 valid, 1 refused').waitFor();
    assert.match(await check.innerText(), /2 closed/);
    assert.match(await check.locator('tr[data-line="3"]').innerText(), /phone_number_invalid/);
    assert.equal(
      (await h.api<{ data: Batch[] }>('GET', '/v1/batches')).body.data.length,
      0,
      'the dry run stored nothing',
    );
    await shoot('bulk-check');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const summary = page.getByTestId('send-summary');
    await summary.getByText('2 accepted, 1 refused').waitFor();
    const refused = summary.locator('tr[data-line]');
    assert.equal(await refused.count(), 1);
    assert.equal(await refused.getAttribute('data-line'), '3');
    assert.match(await refused.innerText(), /phone_number_invalid/);
    const batches = (await h.api<{ data: Batch[] }>('GET', '/v1/batches')).body.data;
    assert.equal(batches.length, 1);
    const batch = batches[0]!;
    assert.deepEqual([batch.items, batch.accepted, batch.refused, batch.source], [3, 2, 1, 'dashboard']);
    const sent = (await h.api<{ data: Message[] }>('GET', `/v1/messages?batch=${batch.id}`)).body.data;
    assert.deepEqual(sent.map((m) => m.clientReference).sort(), ['csv-1', 'csv-3']);
    assert.deepEqual(sent.find((m) => m.clientReference === 'csv-1')!.variables, { '1': 'Ann, Jr.' });
    await shoot('bulk-sent');

    // Sending the same file again replays the first answer: nothing is sent twice.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await summary.getByText(/already sent from this file/).waitFor();
    assert.equal((await h.api<{ data: Batch[] }>('GET', '/v1/batches')).body.data.length, 1);

    await summary.getByRole('link', { name: batch.id }).click();
    await page.waitForURL(new RegExp(`#/batches/${batch.id}$`));
    await page.getByRole('link', { name: sent[0]!.id }).waitFor();
    // The batch page, later, still names the refused row (the item after the header: line 3) and the template.
    const refusedLater = page.getByRole('table', { name: 'Refused items' }).locator('tr[data-refused="1"]');
    assert.match(await refusedLater.innerText(), /phone_number_invalid/);
    assert.match(await page.getByRole('definition').filter({ hasText: 'csv_notice' }).innerText(), /csv_notice/);
    await go('/batches');
    const row = page.locator(`tr[data-batch="${batch.id}"]`);
    await row.getByText('2 accepted, 1 refused').waitFor();
    // Read again while processing: the simulator delivers both, and the batch completes.
    await row.getByText('completed').waitFor({ timeout: 20_000 });
    assert.match(await row.innerText(), /2 of 2 done/);
    await shoot('batches');
  });

  it('warns of a column the template lacks, and the dry run refuses the rows that fill it by line', async () => {
    await go('/bulk');
    await page.locator('select[name=templateId]').selectOption({ label: 'csv_notice (en_US)' });
    // `nickname` is no placeholder of csv_notice: a variable all the same, never silently left out.
    // Line 4 leaves {{1}} empty: refused, never sent with the template's example (issue 38, finding 12).
    const csv = 'to,1,nickname\n+16505552101,Ann,\n+16505552102,Bob,Bobby\n+16505552103,,\n';
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'nicknames.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page
      .getByTestId('lacking-columns')
      .getByText(/nickname/)
      .waitFor();
    await page.getByRole('button', { name: 'Check (dry run)' }).click();
    const check = page.getByTestId('dry-run');
    await check.getByText('1 valid, 2 refused').waitFor();
    const refused = check.locator('tr[data-line="3"]');
    assert.match(await refused.innerText(), /variables\.nickname/);
    assert.match(await refused.innerText(), /variables_invalid/);
    const empty = await check.locator('tr[data-line="4"]').innerText();
    assert.match(empty, /template_values_missing/);
    assert.match(empty, /variables\.1/);
    await shoot('bulk-lacking-column');
  });

  it('schedules a message from the send form and cancels it from the messages list', async () => {
    await go('/send');
    await page.getByLabel('template', { exact: true }).check();
    await page.getByLabel('To (E.164)').fill('+16505552010');
    await page.locator('select[name=templateId]').selectOption({ label: 'csv_notice (en_US)' });
    await page.getByLabel('{{1}}').fill('Dana');
    // Ten minutes from now in the browser's own time zone, as a datetime-local input takes it.
    // (A string: tsx would wrap a function's inner helpers in a `__name` the page does not have.)
    const local = await page.evaluate<string>(`(() => {
      const d = new Date(Date.now() + 10 * 60000);
      const p = (n) => String(n).padStart(2, '0');
      return d.getFullYear() + '-' + p(d.getMonth() + 1) + '-' + p(d.getDate()) + 'T' + p(d.getHours()) + ':' + p(d.getMinutes());
    })()`);
    await page.getByLabel('Send later').fill(local);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.waitForURL(/#\/messages\/msg_/);
    const id = decodeURIComponent(page.url().split('/').pop()!);
    await page.locator('.title-row .badge').getByText('scheduled').waitFor();
    await page.getByTestId('scheduled-at').waitFor();
    const message = (await h.api<Message>('GET', `/v1/messages/${id}`)).body;
    assert.equal(message.status, 'scheduled');
    const expected = await page.evaluate((v) => new Date(v).getTime(), local);
    assert.equal(
      new Date(message.scheduledAt!).getTime(),
      expected,
      'the local time the form took, with the browser offset',
    );
    await shoot('message-scheduled');

    await go('/messages');
    await page.getByLabel('Status').selectOption('scheduled');
    const row = page.locator('tbody tr').filter({ has: page.locator(`a[href="#/messages/${id}"]`) });
    await row.locator('.scheduled-at').waitFor();
    await shoot('messages-scheduled');
    await row.getByRole('button', { name: 'Cancel' }).click();
    await row.getByText('canceled').waitFor();
    assert.equal((await h.api<Message>('GET', `/v1/messages/${id}`)).body.status, 'canceled');
    await page.getByLabel('Status').selectOption('canceled');
    await page
      .locator('tbody tr')
      .filter({ has: page.locator(`a[href="#/messages/${id}"]`) })
      .getByText('canceled')
      .waitFor();
  });

  it("shows the service's refusal when a message was sent before the cancel arrived", async () => {
    await h.customerWrites('+16505552020', 'Hello');
    const m = await dispatched(h, (await sentText(h, '+16505552020')).id);
    // The page still shows the message as queued, as a page read a moment before it was sent would.
    await page.route(`**/v1/messages/${m.id}`, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const real = await route.fetch();
      await route.fulfill({
        response: real,
        json: { ...(await real.json()), status: 'accepted', sentAt: null, deliveredAt: null, readAt: null },
      });
    });
    await go(`/messages/${m.id}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('message_not_cancelable').waitFor();
    await page.unroute(`**/v1/messages/${m.id}`);
  });
});
