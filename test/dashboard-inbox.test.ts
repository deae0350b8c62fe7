// test-runner: one database (the dashboard's pages in a browser; the API they call is tested on both dialects by its own files)
/**
 * The dashboard's inbox in a real browser (Debian's Chromium driven by playwright-core), against the
 * real service and simulator over HTTP: a customer writes, the inbox lists them with their window
 * counting down, the thread marks their message read at the platform, a reply goes out and reaches
 * a status; a closed window offers templates only; media the service keeps no copy of is a
 * labelled placeholder, and a stored copy is shown inline; older messages load on demand. Screenshots go to test-output/screenshots (ignored by git).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { Contact } from '../src/contacts/contact.schemas.js';
import type { InboundMessage } from '../src/messages/schemas/message.schemas.js';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, ROOT } from './helpers.js';

describe('dashboard inbox in a browser', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;
  const customer = '+16505551960';
  const simState = async () => (await fetch(`${h.simUrl}/_simulator/state`)).json() as Promise<any>;
  /** A customer writes through the simulator's control API (`body`: its type and content). */
  const customerSends = async (from: string, body: Record<string, unknown>) =>
    (await h.customerSends(from, body)).wamid;
  const contactOf = async (phone: string) =>
    (await h.api<{ data: Contact[] }>('GET', `/v1/contacts?q=${encodeURIComponent(phone.slice(1))}`)).body.data[0]!;
  const go = (hash: string) => dashboard.go(hash);

  before(async () => {
    h = await startHarness();
    dashboard = await openDashboard(h);
    page = dashboard.page;
    await dashboard.signIn(h.account.liveKey);
  });
  after(async () => {
    await dashboard?.close();
    await h?.close();
  });

  const shoot = (name: string) => dashboard.shoot(name);

  it('lists a customer who wrote with the window counting down, marks their message read, and sends a reply typed in the thread', async () => {
    const wamid = await customerSends(customer, { text: 'Do you ship to Lisbon?', name: 'Ana Lisboa' });
    await go('/inbox');
    const item = page.locator(`li[data-contact]`).filter({ hasText: 'Ana Lisboa' });
    // 24 hours from a timestamp in whole seconds: "open, 23 h 59 min left".
    assert.match(await item.getByTestId('window').innerText({ timeout: 10_000 }), /^open, 23 h 5\d min left$/);
    await item.getByText(customer).waitFor();

    await item.getByRole('link').click();
    await page.waitForURL(/#\/inbox\/ct_/);
    const log = page.getByRole('log', { name: 'Conversation with Ana Lisboa' });
    const inbound = log.locator('li.bubble.in').filter({ hasText: 'Do you ship to Lisbon?' });
    await inbound.waitFor();
    // Opening the thread marked the message read: at the platform and in Tidings.
    await eventually(async () =>
      (await simState()).reads.some((r: any) => r.wamid === wamid && r.typingIndicator === null),
    );
    const id = (await inbound.getAttribute('data-message'))!;
    assert.ok((await h.api<InboundMessage>('GET', `/v1/inbound_messages/${id}`)).body.readAt);
    await inbound.getByText('read by you').waitFor();

    // Typed into the box (its accessible name then includes the text typed), Enter sends.
    await page.getByLabel('Reply', { exact: true }).fill('Yes, in 2 to 3 days.');
    await page.keyboard.press('Enter');
    const outbound = log.locator('li.bubble.out').filter({ hasText: 'Yes, in 2 to 3 days.' });
    await outbound.locator('.badge.status-read').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('form.reply textarea').inputValue(), '', 'the box is emptied once sent');
    // Oldest at the top: the customer's message, then the reply.
    assert.deepEqual(await log.locator('li.bubble').evaluateAll((els) => els.map((e) => e.classList.contains('in'))), [
      true,
      false,
    ]);

    const messageId = (await outbound.getAttribute('data-message'))!;
    const sent = (await h.api('GET', `/v1/messages/${messageId}`)).body;
    assert.equal(sent.source, 'dashboard');
    assert.equal(sent.contactId, (await contactOf(customer)).id);
    const atPlatform = (await simState()).messages.find((m: any) => m.wamid === sent.platformMessageId);
    assert.equal(atPlatform?.to, customer.slice(1));
    assert.equal((atPlatform?.body as any)?.text?.body, 'Yes, in 2 to 3 days.');

    await page.screenshot({ path: '/tmp/inbox.png', fullPage: true });
    await shoot('inbox');
  });

  it('shows a new customer message within a refresh, and a picture not stored yet as a labelled placeholder', async () => {
    await go(`/inbox/${(await contactOf(customer)).id}`);
    const log = page.getByRole('log');
    await log.locator('li.bubble').first().waitFor();
    // The platform refuses the download for now: the file stays pending (its retry is 40 s away).
    await h.simulatorConfig({ mediaDownloadFailures: 1000 });
    try {
      await customerSends(customer, { type: 'image', image: { caption: 'This parcel' } });
      const placeholder = log.getByTestId('media-placeholder').filter({ hasText: 'This parcel' });
      await placeholder.waitFor({ timeout: 10_000 });
      assert.match(await placeholder.innerText(), /image \(image\/jpeg\)[\s\S]*This parcel[\s\S]*file not stored yet/);
    } finally {
      await h.simulatorConfig({ mediaDownloadFailures: 0 });
    }
  });

  it('shows a picture inline from the copy Tidings downloaded and kept, and says so once the copy is deleted', async () => {
    const png = fs.readFileSync(path.join(ROOT, 'test/fixtures/media/sample.png')); // sample.jpg is a header only, no picture
    const wamid = await customerSends(customer, {
      type: 'image',
      image: { caption: 'The label', data: png.toString('base64'), mimeType: 'image/png' },
    });
    await go(`/inbox/${(await contactOf(customer)).id}`);
    const picture = page.getByRole('log').getByRole('img', { name: 'image: The label' });
    await picture.waitFor({ timeout: 10_000 });
    await eventually(() =>
      picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    ); // decoded
    await page.getByRole('log').locator('figcaption', { hasText: 'The label' }).waitFor();
    await shoot('inbox-media');
    // The copy deleted (DELETE /v1/media/{id}): the thread says it was, not that it is still to come.
    const inbound = (await h.api<{ data: any[] }>('GET', '/v1/inbound_messages?type=image')).body.data.find(
      (m) => m.platformMessageId === wamid,
    );
    assert.equal(inbound?.media?.status, 'stored');
    assert.equal((await h.api('DELETE', `/v1/media/${inbound.media.id}`)).status, 200);
    await page.reload();
    const placeholder = page.getByRole('log').getByTestId('media-placeholder').filter({ hasText: 'The label' });
    await placeholder.waitFor({ timeout: 10_000 });
    assert.match(await placeholder.innerText(), /file deleted/);
    assert.doesNotMatch(await placeholder.innerText(), /not stored yet/);
  });

  it('loads older messages on demand, above the ones shown, keeping the order', async () => {
    const chatty = '+16505551962';
    for (let i = 1; i <= 23; i++) await customerSends(chatty, { text: `Line ${i}` });
    await go(`/inbox/${(await contactOf(chatty)).id}`);
    const log = page.getByRole('log');
    await log.getByText('Line 23', { exact: true }).waitFor();
    const lines = () => log.locator('li.bubble p.pre').allInnerTexts();
    assert.equal((await lines()).length, 20, 'the newest page');
    await log.getByRole('button', { name: 'Load older messages' }).click();
    await log.getByText('Line 1', { exact: true }).waitFor();
    assert.deepEqual(
      await lines(),
      Array.from({ length: 23 }, (_, i) => `Line ${i + 1}`),
    );
    assert.equal(await log.getByRole('button', { name: 'Load older messages' }).count(), 0, 'nothing older');
  });

  it('offers only templates once the window is closed, and says why; filters and searches contacts', async () => {
    const template = await approvedTemplate(h, {
      name: 'inbox_follow_up',
      body: 'Your parcel {{1}} is on its way.',
      variables: [{ example: 'P-1' }],
    });
    const other = '+16505551961';
    // A send creates the contact; they never wrote, so the window is closed.
    assert.equal(
      (
        await h.api('POST', '/v1/messages/', {
          body: { to: other, type: 'template', templateId: template.id, variables: { '1': 'P-7' } },
        })
      ).status,
      201,
    );
    const contact = await contactOf(other);
    await go(`/inbox/${contact.id}`);
    await page.locator(`li[data-contact="${contact.id}"]`).getByTestId('window').getByText('closed').waitFor();
    await page
      .getByRole('note')
      .getByText(/only an approved template/)
      .waitFor();
    assert.equal(await page.getByLabel('Reply', { exact: true }).count(), 0, 'no free-form reply box');
    await page.locator('select[name=templateId]').selectOption({ label: 'inbox_follow_up (en_US)' });
    // The example is a hint in the input, never a value sent for it (issue 38, finding 12).
    const value = page.getByLabel('{{1}}');
    assert.deepEqual([await value.inputValue(), await value.getAttribute('placeholder')], ['', 'P-1']);
    await value.fill('P-42');
    await page.getByRole('button', { name: 'Send template' }).click();
    await page
      .getByRole('log')
      .locator('li.bubble.out')
      .nth(1)
      .locator('.badge.status-read, .badge.status-delivered, .badge.status-sent')
      .waitFor({ timeout: 15_000 });
    await shoot('inbox-closed');

    await page.getByLabel('Open windows only').check();
    await page.locator(`li[data-contact="${contact.id}"]`).waitFor({ state: 'detached' });
    await page.locator('li[data-contact]').filter({ hasText: 'Ana Lisboa' }).waitFor();
    await page.getByLabel('Open windows only').uncheck();
    await page.getByLabel('Search contacts').fill('1961');
    await page.getByLabel('Search contacts').press('Enter');
    await page.locator('li[data-contact]').filter({ hasText: 'Ana Lisboa' }).waitFor({ state: 'detached' });
    assert.equal(await page.locator('li[data-contact]').count(), 1);
  });

  it('marks a customer who wrote STOP as suppressed, with the reason and since when, says so in the reply box, and lifts it with its Lift button', async () => {
    const stopper = '+16505551962';
    await customerSends(stopper, { text: 'STOP', name: 'Rui Stop' });
    const contact = await eventually(async () => {
      const c = await contactOf(stopper);
      return c?.suppression ? c : null;
    });
    await go(`/inbox/${contact.id}`);
    // The search of the case before is still in the box: clear it, so the list shows them.
    await page.getByLabel('Search contacts').fill('');
    await page.getByLabel('Search contacts').press('Enter');
    const badge = page.locator(`li[data-contact="${contact.id}"]`).getByTestId('suppression');
    await badge.getByText(/opted out \(keyword\) · since/).waitFor();
    await page.locator('.title-row').getByTestId('suppression').waitFor();
    await shoot('inbox-suppressed');
    // The reply box says why a reply would be refused, and offers Lift there too.
    const why = page.getByTestId('reply-suppressed');
    assert.match(await why.innerText(), /Replies to this customer are refused: opted out \(keyword\) since/);
    await why.getByRole('button', { name: 'Lift' }).click();
    await page.locator('.title-row').getByTestId('suppression').waitFor({ state: 'detached' });
    await why.waitFor({ state: 'detached' });
    const lifted = (await h.api('GET', `/v1/suppressions?active=false&limit=100`)).body.data.find(
      (s: { id: string }) => s.id === contact.suppression!.id,
    );
    assert.deepEqual([lifted?.active, lifted?.liftedBy], [false, 'api']);
    assert.equal((await contactOf(stopper)).suppression, null);
  });
});
