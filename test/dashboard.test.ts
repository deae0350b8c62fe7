/**
 * The web dashboard in a real browser: Debian's Chromium driven by playwright-core, against the real
 * service and simulator over HTTP. Screenshots of every screen, at desktop and phone width, go to
 * test-output/screenshots (ignored by git).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, ROOT } from './helpers.js';
import { startReceiver, type Receiver } from './receiver.js';

describe('dashboard in a browser', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;
  let receiver: Receiver;
  const customer = '+16505551900';

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

  const shoot = (name: string) => dashboard.shoot(name);
  const go = (hash: string) => dashboard.go(hash);

  it('signs in with a key typed at the keyboard; live mode is shown on every screen', async () => {
    await page.goto(`${h.url}/dashboard/`);
    await shoot('signin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('sk_live_not-a-real-key-at-all-000000');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').getByText('api_key_invalid').waitFor();
    await page.getByLabel('API key').fill(h.account.liveKey);
    await page.getByLabel('API key').press('Enter');
    // A live key on an account bound to the simulator: nobody real receives these messages.
    await page.getByTestId('mode-banner').getByText('LIVE MODE on the built-in simulator').waitFor();
    // The key is in this tab's session storage, not in the URL or a cookie.
    assert.equal(await page.evaluate(() => sessionStorage.getItem('tidings.apiKey')), h.account.liveKey);
    assert.ok(!page.url().includes(h.account.liveKey));
    assert.deepEqual(await dashboard.context.cookies(), []);
  });

  it('sends a text message in the window the customer opened and watches it reach read', async () => {
    await h.customerWrites(customer, 'Is my order ready?');
    await go('/send');
    await page.getByLabel('To (E.164)').fill(customer);
    await page.getByLabel('Text', { exact: true }).fill('Yes, ready for pickup.');
    await shoot('send');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForURL(/#\/messages\/msg_/);
    await page.locator('li[data-step="read"].done').waitFor({ timeout: 15_000 });
    const id = decodeURIComponent(page.url().split('/').pop()!);
    const message = (await h.api('GET', `/v1/messages/${id}`)).body;
    assert.equal(message.status, 'read');
    assert.equal(message.source, 'dashboard', 'recorded as sent from the dashboard');
    await page.getByText('the dashboard').waitFor();
    await shoot('message');
    await go('/messages');
    await page.getByRole('link', { name: 'Yes, ready for pickup.' }).waitFor();
    await shoot('messages');
  });

  /** A customer message through the simulator's control API (docs/simulator.md). */
  const customerSends = (body: Record<string, unknown>) => h.customerSends(customer, body);
  const sentWamid = async (id: string) =>
    eventually(async () => (await h.api('GET', `/v1/messages/${id}`)).body.platformMessageId as string | null);

  it('sends reply buttons from the form; the button the customer taps shows on the message page', async () => {
    await go('/send');
    await page.getByLabel('reply buttons').check();
    await page.getByLabel('To (E.164)').fill(customer);
    await page.getByLabel('Body').fill('Deliver on Friday?');
    await page.getByLabel('Button 1').fill('Friday is fine');
    await page.getByRole('button', { name: 'Add a button' }).click();
    await page.getByLabel('Button 2').fill('Later, please');
    await shoot('send-buttons');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForURL(/#\/messages\/msg_/);
    const id = decodeURIComponent(page.url().split('/').pop()!);
    const message = (await h.api('GET', `/v1/messages/${id}`)).body;
    assert.deepEqual(message.interactive, {
      kind: 'buttons',
      body: 'Deliver on Friday?',
      buttons: [
        { id: 'button-1', title: 'Friday is fine' },
        { id: 'button-2', title: 'Later, please' },
      ],
    });
    await page.getByText('Friday is fine · Later, please').waitFor();
    const wamid = await sentWamid(id);
    await customerSends({
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'button-2', title: 'Later, please' } },
      contextMessageId: wamid,
    });
    const answer = page.getByTestId('answer');
    await answer.getByText('Later, please').waitFor({ timeout: 10_000 });
    assert.match(await answer.innerText(), /Tapped Later, please button-2/);
    await shoot('message-tapped');
  });

  it("shows the customer's reaction on the message page, and its removal", async () => {
    await go('/send');
    await page.getByLabel('To (E.164)').fill(customer);
    await page.getByLabel('Text', { exact: true }).fill('Your parcel arrived.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForURL(/#\/messages\/msg_/);
    const id = decodeURIComponent(page.url().split('/').pop()!);
    await page.getByTestId('customer-reaction').getByText('none').waitFor();
    const wamid = await sentWamid(id);
    await customerSends({ type: 'reaction', reaction: { message_id: wamid, emoji: '🎉' } });
    await page.getByTestId('customer-reaction').getByText('🎉').waitFor({ timeout: 10_000 });
    await shoot('message-reaction');
    await customerSends({ type: 'reaction', reaction: { message_id: wamid, emoji: '' } });
    await page.getByTestId('customer-reaction').getByText('none').waitFor({ timeout: 10_000 });
  });

  it("shows the number's send queue on the messages screen, and why it is held back", async () => {
    await go('/messages');
    const queues = page.getByTestId('send-queues');
    await queues.getByText('idle').waitFor();
    await h.simulatorConfig({ errorRate: 1 });
    try {
      assert.equal(
        (await h.api('POST', '/v1/messages/', { body: { to: customer, type: 'text', text: 'Held back for now' } }))
          .status,
        201,
      );
      await queues.getByText(/held back: the platform is failing/).waitFor({ timeout: 10_000 });
      assert.equal(await queues.locator('td[data-label="Queued"]').first().innerText(), '1');
      await shoot('messages-queue-held');
    } finally {
      await h.simulatorConfig({ errorRate: 0 });
    }
    await queues.getByText('idle').waitFor({ timeout: 10_000 });
  });

  it('shows an API error in words with its code', async () => {
    await go('/send');
    await page.getByLabel('To (E.164)').fill('+16505551999');
    await page.getByLabel('Text', { exact: true }).fill('Nobody wrote to us');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('outside_customer_window').waitFor();
    assert.match(await alert.innerText(), /24 hours/);

    // A message the platform fails shows the platform's error on its page (the simulator fails
    // recipients ending 0001 with 131026).
    await h.customerWrites('+16505550001');
    await page.getByLabel('To (E.164)').fill('+16505550001');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForURL(/#\/messages\/msg_/);
    await page.locator('li[data-step="failed"].done').waitFor({ timeout: 15_000 });
    await page.getByRole('alert').getByText('131026').waitFor();
    await shoot('message-failed');
  });

  it('authors a template: sees the issue as it types, fixes it, sees it approved, sends it', async () => {
    await go('/templates/new');
    // Nothing typed yet: the empty name is not flagged (the check has run: it counts the issues).
    await page.getByTestId('validation').getByText(/issue/).waitFor();
    assert.equal(await page.locator('li[data-code="name_invalid"]').count(), 0);
    await page.getByLabel('Name').fill('dashboard_pickup');
    await page.getByLabel('Body').fill('{{1}} is ready for pickup.');
    await page.locator('li[data-code="placeholder_at_start"]').waitFor();
    await page.getByLabel('Example').fill('Order A-1');
    await page.locator('li[data-code="variable_example_missing"]').waitFor({ state: 'detached' });
    await shoot('template-editor');
    await page.getByLabel('Body').fill('Your order {{1}} is ready for pickup.');
    await page.getByTestId('validation').getByText('No issues found').waitFor();
    assert.equal(await page.locator('li[data-code="placeholder_at_start"]').count(), 0);
    await page.getByRole('button', { name: 'Create and submit' }).click();
    await page.waitForURL(/#\/templates\/tpl_/);
    await page.locator('.title-row .badge.status-approved').waitFor({ timeout: 15_000 });
    await shoot('template');
    await go('/templates');
    await page.getByRole('link', { name: 'dashboard_pickup' }).waitFor();
    await shoot('templates');

    await go('/send');
    await page.getByLabel('template').check();
    await page.getByLabel('To (E.164)').fill('+16505551901');
    await page.locator('select[name=templateId]').selectOption({ label: 'dashboard_pickup (en_US)' });
    await page.getByLabel('{{1}}').fill('B-7');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForURL(/#\/messages\/msg_/);
    await page.locator('li[data-step="sent"].done').waitFor({ timeout: 15_000 });
    const id = decodeURIComponent(page.url().split('/').pop()!);
    assert.equal((await h.api('GET', `/v1/messages/${id}`)).body.type, 'template');
  });

  it('authors a template with a quick reply and a link button: sees the URL issue, fixes it, and sees the buttons once approved', async () => {
    await h.simulatorConfig({ review: 'manual' });
    try {
      await go('/templates/new');
      await page.getByLabel('Name').fill('dashboard_track');
      await page.getByLabel('Body').fill('Your order has shipped and is on its way to you.');
      await page.getByRole('button', { name: 'Add button' }).click();
      await page.getByLabel('Button 1 label', { exact: true }).fill('Stop updates');
      await page.getByRole('button', { name: 'Add button' }).click();
      await page.getByLabel('Button 2 type').selectOption('url');
      await page.getByLabel('Button 2 label', { exact: true }).fill('Track order');
      await page.getByLabel('Button 2 URL', { exact: true }).fill('https://shop.example.com/{{1}}/track');
      await page.locator('.button-editor[data-index="1"] li[data-code="button_url_placeholder_invalid"]').waitFor();
      await shoot('template-editor-buttons');
      await page.getByLabel('Button 2 URL', { exact: true }).fill('https://shop.example.com/track/{{1}}');
      await page.getByLabel('Button 2 URL example (for {{1}})').fill('A-1042');
      await page.getByTestId('validation').getByText('No issues found').waitFor();
      await page.getByRole('button', { name: 'Create and submit' }).click();
      await page.waitForURL(/#\/templates\/tpl_/);
      const id = decodeURIComponent(page.url().split('/').pop()!);
      await page.locator('.title-row .badge.status-processing').waitFor();
      const simId = [...h.sim.state.templates.values()].find((t) => t.name === 'dashboard_track')!.id;
      const review = await fetch(`${h.simUrl}/_simulator/templates/${simId}/review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'APPROVED' }),
      });
      assert.equal(review.status, 200);
      await page.locator('.title-row .badge.status-approved').waitFor({ timeout: 15_000 });
      const buttons = page.getByRole('list', { name: 'Buttons' }).locator('li');
      assert.deepEqual(await buttons.evaluateAll((li) => li.map((x) => x.getAttribute('data-type'))), [
        'quick_reply',
        'url',
      ]);
      await buttons.filter({ hasText: 'https://shop.example.com/track/{{1}}' }).waitFor();
      await shoot('template-buttons');
      assert.deepEqual((await h.api('GET', `/v1/templates/${id}`)).body.buttons, [
        { type: 'quick_reply', text: 'Stop updates' },
        { type: 'url', text: 'Track order', url: 'https://shop.example.com/track/{{1}}', example: 'A-1042' },
      ]);
    } finally {
      await h.simulatorConfig({ review: 'auto' });
    }
  });

  it('uploads an image with a progress bar and sends it', async () => {
    await go('/media');
    await page.locator('input[type=file]').setInputFiles(path.join(ROOT, 'test/fixtures/media/sample.jpg'));
    await page.getByText('Uploaded sample.jpg').waitFor();
    assert.equal(await page.getByTestId('upload-percent').innerText(), '100 %');
    assert.equal(await page.locator('progress').evaluate((p) => (p as HTMLProgressElement).value), 1);
    await page.getByRole('cell', { name: 'image/jpeg' }).first().waitFor();
    // What is stored, and how long the account keeps it (GET /v1/media/usage, GET /v1/account).
    await page
      .getByTestId('storage')
      .getByText(/^Stored: [1-9]\d* files, .*Customers' files are kept for ever, what messages say for ever\.$/)
      .waitFor();
    await shoot('media');

    // A file deleted from its row (the browser's confirm accepted): gone from the list and the API.
    await page.locator('input[type=file]').setInputFiles(path.join(ROOT, 'test/fixtures/media/sample.png'));
    await page.getByText('Uploaded sample.png').waitFor();
    const png = (await h.api('GET', '/v1/media?limit=1')).body.data[0];
    page.once('dialog', (d) => void d.accept());
    await page
      .getByRole('row', { name: new RegExp(png.id) })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('row', { name: new RegExp(png.id) }).waitFor({ state: 'detached' });
    assert.equal((await h.api('GET', `/v1/media/${png.id}`)).status, 404);

    await go('/send');
    await page.getByLabel('media').check();
    await page.getByLabel('To (E.164)').fill(customer);
    await page.locator('select[name=mediaId]').selectOption({ label: 'sample.jpg (image/jpeg)' });
    await page.getByLabel(/Caption/).fill('Your receipt');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForURL(/#\/messages\/msg_/);
    await page.locator('li[data-step="delivered"].done').waitFor({ timeout: 15_000 });
    // The caption is shown as the caption, not beside the file as if it were its name.
    await page.locator('dt', { hasText: 'Caption' }).waitFor();
    assert.equal(await page.locator('dt:has-text("Caption") + dd').innerText(), 'Your receipt');
  });

  it('adds a webhook endpoint, shows its secret once, and lists its deliveries; redelivers', async () => {
    await go('/events');
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Description (optional)').fill('orders service');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByTestId('endpoint-secret').innerText();
    assert.match(secret, /^whsec_/);
    receiver.secrets = [secret];
    await page.getByRole('button', { name: 'Done' }).click();
    assert.equal(await page.getByTestId('endpoint-secret').count(), 0, 'not shown again');

    await h.customerWrites(customer, 'Thanks!');
    await eventually(async () =>
      receiver.received.some((r) => r.type === 'message.received' && r.verifiedWith.length === 1),
    );
    const event = page.locator('li[data-event]').filter({ hasText: 'Thanks!' });
    await event.getByRole('button').click({ timeout: 10_000 });
    await event.locator('.delivery').getByText('succeeded').waitFor();
    await event.getByRole('cell', { name: '200', exact: true }).waitFor();
    await shoot('events');
    await event.getByRole('button', { name: 'Redeliver' }).click();
    await event.getByText('Sent again to 1 endpoint.').waitFor();
    await eventually(
      async () => receiver.received.filter((r) => r.body?.data?.object?.text === 'Thanks!').length === 2,
    );

    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('disabled').first().waitFor();
  });

  it('makes test mode unmistakable', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').fill(h.account.testKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('mode-banner').getByText('TEST MODE').waitFor();
    await go('/messages');
    await shoot('messages-test-mode');
  });
});
