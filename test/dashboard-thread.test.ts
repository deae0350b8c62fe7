/**
 * Every message type in the dashboard, in a real browser (Debian's Chromium driven by
 * playwright-core) against the real service and simulator over HTTP: one message of each type we
 * send (text, template, image, document, audio, reply buttons, list, link button, location, contact
 * card, reaction) and each type a customer sends (text, image, reaction, location, contact card,
 * button and list replies, a template quick-reply tap) shows its content in the thread, a one-line
 * summary in the messages list, and its content on the message page; the thread's Block / Unblock
 * button and the refusals it shows (issue 28). Screenshots go to
 * test-output/screenshots (ignored by git); docs/dashboard-thread.jpg is a copy of thread-all-desktop.jpg.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { Contact } from '../src/contacts/contact.schemas.js';
import type { Media } from '../src/media/media.schemas.js';
import type { InboundMessage, Message } from '../src/messages/schemas/message.schemas.js';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { approvedTemplate, dispatched } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture, valueOf, ROOT } from './helpers.js';
import { multipart } from './multipart.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');

describe('dashboard: every message type in the thread and the lists', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;
  const customer = '+16505551970';
  /** Our sends by name, and the customer's messages by name (`in_` ids). */
  const ours: Record<string, Message> = {};
  const theirs: Record<string, string> = {};
  let contact: Contact;

  /** A picture drawn by the browser (the fixtures' PNG is one pixel): a parcel label. */
  const drawnPng = (label: string, colour: string) =>
    page.evaluate(
      ([text, fill]) => {
        const canvas = Object.assign(document.createElement('canvas'), { width: 240, height: 150 });
        const g = canvas.getContext('2d')!;
        g.fillStyle = fill!;
        g.fillRect(0, 0, 240, 150);
        g.fillStyle = '#fff';
        g.fillRect(20, 40, 200, 70);
        g.fillStyle = '#1d2430';
        g.font = 'bold 22px sans-serif';
        g.fillText(text!, 34, 84);
        return canvas.toDataURL('image/png').split(',')[1]!;
      },
      [label, colour],
    );
  const upload = async (filename: string, type: string, data: Buffer) => {
    const { body, contentType } = multipart({ file: { filename, type, data } });
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/media/',
      headers: { 'x-api-key': h.account.liveKey, 'content-type': contentType },
      payload: body,
    });
    assert.equal(res.statusCode, 201, res.body);
    return JSON.parse(res.body) as Media;
  };
  const send = async (name: string, body: Record<string, unknown>) => {
    const res = await h.api<Message>('POST', '/v1/messages/', { body: { to: customer, ...body } });
    assert.equal(res.status, 201, `${name}: ${res.text}`);
    ours[name] = res.body;
    return res.body;
  };
  const wamidOf = async (name: string) => (await dispatched(h, ours[name]!.id)).platformMessageId!;
  /** A customer message through the simulator's control API (docs/simulator.md), by its `in_` id once Tidings stored it. */
  const customerSends = async (name: string, body: Record<string, unknown>) => {
    const { wamid } = await h.customerSends(customer, body);
    theirs[name] = await eventually(async () => {
      const timeline = await h.api<{ data: { inbound: InboundMessage | null }[] }>(
        'GET',
        `/v1/contacts/${contact?.id ?? ''}/messages?limit=100`,
      );
      return timeline.body.data?.find((e) => e.inbound?.platformMessageId === wamid)?.inbound?.id;
    });
  };

  before(async () => {
    h = await startHarness();
    dashboard = await openDashboard(h);
    page = dashboard.page;
    await dashboard.signIn(h.account.liveKey);

    const { wamid } = await h.customerSends(customer, { text: 'Hello, is my order ready?', name: 'Rita Porto' });
    contact = (await h.api<{ data: Contact[] }>('GET', `/v1/contacts?q=${customer.slice(1)}`)).body.data[0]!;
    theirs.text = (
      await h.api<{ data: { inbound: InboundMessage | null }[] }>('GET', `/v1/contacts/${contact.id}/messages`)
    ).body.data.find((e) => e.inbound?.platformMessageId === wamid)!.inbound!.id;

    const template = await approvedTemplate(h, {
      name: 'thread_pickup',
      body: 'Your order {{1}} is ready for pickup at {{2}}.',
      variables: [{ example: 'A-1', name: 'order' }, { example: 'the front desk' }],
      footer: 'Tidings Shop',
      buttons: [{ type: 'quick_reply', text: 'Thanks' }],
    });
    const picture = await upload(
      'parcel.png',
      'image/png',
      Buffer.from(await drawnPng('PARCEL B-12', '#0b6bcb'), 'base64'),
    );
    const pdf = await upload(
      'receipt.pdf',
      'application/pdf',
      fs.readFileSync(path.join(ROOT, 'test/fixtures/media/sample.pdf')),
    );
    const mp3 = await upload(
      'voice-note.mp3',
      'audio/mpeg',
      fs.readFileSync(path.join(ROOT, 'test/fixtures/media/sample.mp3')),
    );

    await send('text', { type: 'text', text: 'Yes, it is ready.' });
    await send('template', {
      type: 'template',
      templateId: template.id,
      variables: { order: 'B-12', '2': 'the front desk' },
    });
    await send('image', { type: 'media', mediaId: picture.id, caption: 'Your parcel' });
    await send('document', { type: 'media', mediaId: pdf.id, caption: 'Your receipt' });
    await send('audio', { type: 'media', mediaId: mp3.id });
    await send('buttons', {
      type: 'interactive',
      interactive: {
        kind: 'buttons',
        body: 'When should we deliver?',
        buttons: [
          { id: 'fri', title: 'Friday' },
          { id: 'later', title: 'Later, please' },
        ],
      },
    });
    await send('list', {
      type: 'interactive',
      interactive: {
        kind: 'list',
        header: 'Pickup points',
        body: 'Choose where to collect it.',
        button: 'Choose a point',
        sections: [
          {
            title: 'Lisbon',
            rows: [
              { id: 'chiado', title: 'Chiado', description: 'Rua Garrett 12' },
              { id: 'baixa', title: 'Baixa' },
            ],
          },
          { title: 'Porto', rows: [{ id: 'ribeira', title: 'Ribeira' }] },
        ],
      },
    });
    await send('cta', {
      type: 'interactive',
      interactive: {
        kind: 'cta_url',
        body: 'Track your parcel online.',
        displayText: 'Track parcel',
        url: 'https://shop.example.com/track/B-12',
      },
    });
    await send('location', {
      type: 'location',
      location: {
        latitude: 38.7107,
        longitude: -9.1423,
        name: 'Tidings Shop Chiado',
        address: 'Rua Garrett 12, Lisbon',
      },
    });
    await send('contacts', {
      type: 'contacts',
      contacts: [
        {
          name: { formatted: 'Maria Santos', first: 'Maria', last: 'Santos' },
          phones: [{ phone: '+351 912 345 678', type: 'WORK' }],
        },
      ],
    });
    await send('reaction', { type: 'reaction', reaction: { messageId: theirs.text, emoji: '👍' } });

    await customerSends('reaction', { type: 'reaction', reaction: { message_id: await wamidOf('text'), emoji: '🎉' } });
    await customerSends('quickReply', {
      type: 'button',
      button: { payload: 'Thanks', text: 'Thanks' },
      contextMessageId: await wamidOf('template'),
    });
    await customerSends('buttonReply', {
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'fri', title: 'Friday' } },
      contextMessageId: await wamidOf('buttons'),
    });
    await customerSends('listReply', {
      type: 'interactive',
      interactive: { type: 'list_reply', list_reply: { id: 'chiado', title: 'Chiado', description: 'Rua Garrett 12' } },
      contextMessageId: await wamidOf('list'),
    });
    await customerSends('location', {
      type: 'location',
      location: { latitude: 41.1413, longitude: -8.611, name: 'Home', address: 'Rua das Flores 5, Porto' },
    });
    await customerSends('contacts', {
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'João Costa', first_name: 'João' },
          phones: [{ phone: '+351 933 000 111', wa_id: '351933000111', type: 'CELL' }],
        },
      ],
    });
    await customerSends('image', {
      type: 'image',
      image: { caption: 'The box', data: await drawnPng('BOX 7', '#137a3a'), mimeType: 'image/png' },
    });
  });
  after(async () => {
    await dashboard?.close();
    await h?.close();
  });

  /** The text of a bubble without its time, status and links line. */
  const contentOf = (bubble: Locator) =>
    bubble.evaluate((li) =>
      [...li.children]
        .filter((c) => !c.classList.contains('bubble-meta'))
        .map((c) => (c as HTMLElement).innerText)
        .join('\n'),
    );
  /** Waits until the bubble's content matches (lookups fill it in), else fails showing what it says. */
  const shows = async (bubble: Locator, pattern: RegExp) => {
    await eventually(async () => pattern.test(await contentOf(bubble))).catch(async () =>
      assert.match(await contentOf(bubble), pattern),
    );
  };
  /** Waits until an image has loaded and decoded. */
  const loaded = (img: Locator) =>
    eventually(() => img.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));

  it('shows the content of every type, both ways, in the thread', async () => {
    await dashboard.go(`/inbox/${contact.id}`);
    const log = page.getByRole('log', { name: 'Conversation with Rita Porto' });
    const out = (name: string) => log.locator(`li.bubble.out[data-message="${ours[name]!.id}"]`);
    const inn = (name: string) => log.locator(`li.bubble.in[data-message="${theirs[name]!}"]`);
    await inn('image').waitFor({ timeout: 10_000 });
    assert.equal(await log.locator('li.bubble').count(), 19, 'every message, on the first page');
    assert.equal(await log.getByText('not shown here').count(), 0);

    // Ours.
    await shows(out('text'), /^Yes, it is ready\.$/);
    const template = out('template');
    await template.getByRole('link', { name: 'thread_pickup' }).waitFor();
    await shows(template, /thread_pickup[\s\S]*en_US/);
    // The values sent are not in the Message resource: the body shows its placeholders, by name where they have one.
    // Filled with the values the send gave, as the customer read it.
    await shows(template, /Your order B-12 is ready for pickup at the front desk\.[\s\S]*Tidings Shop[\s\S]*Thanks/);
    assert.equal(await template.locator('var').count(), 0);
    const picture = out('image').getByRole('img', { name: 'image: Your parcel' });
    await loaded(picture);
    await out('image').locator('figcaption', { hasText: 'Your parcel' }).waitFor();
    await shows(out('document'), /receipt\.pdf \(218 B\)[\s\S]*Your receipt/);
    await shows(out('audio'), /voice-note\.mp3 \(1\.2 KB\)/);
    assert.equal(await out('document').locator('code').count(), 0, 'no med_ id in place of the file');
    const buttons = out('buttons');
    await shows(buttons, /When should we deliver\?/);
    assert.deepEqual(await buttons.getByRole('list', { name: 'Reply buttons' }).getByRole('listitem').allInnerTexts(), [
      'Friday',
      'Later, please',
    ]);
    const list = out('list');
    await shows(list, /Pickup points[\s\S]*Choose where to collect it\.[\s\S]*Choose a point/);
    assert.deepEqual(await list.getByRole('list', { name: 'Lisbon' }).getByRole('listitem').allInnerTexts(), [
      'Chiado\nRua Garrett 12',
      'Baixa',
    ]);
    assert.deepEqual(await list.getByRole('list', { name: 'Porto' }).getByRole('listitem').allInnerTexts(), [
      'Ribeira',
    ]);
    await shows(out('cta'), /Track your parcel online\./);
    assert.equal(
      await out('cta').getByRole('link', { name: 'Track parcel' }).getAttribute('href'),
      'https://shop.example.com/track/B-12',
    );
    await shows(out('location'), /Tidings Shop Chiado[\s\S]*Rua Garrett 12, Lisbon[\s\S]*38\.7107, -9\.1423/);
    assert.match(
      (await out('location').getByRole('link', { name: /map/ }).getAttribute('href'))!,
      /openstreetmap\.org\/.*mlat=38\.7107&mlon=-9\.1423/,
    );
    await shows(out('contacts'), /Maria Santos[\s\S]*\+351 912 345 678/);
    assert.equal(
      await out('contacts').getByRole('link', { name: '+351 912 345 678' }).getAttribute('href'),
      'tel:+351912345678',
    );
    await shows(out('reaction'), /👍[\s\S]*Hello, is my order ready\?/);

    // The customer's.
    await shows(inn('text'), /^Hello, is my order ready\?$/);
    await shows(inn('reaction'), /🎉[\s\S]*Yes, it is ready\./);
    await shows(inn('quickReply'), /Tapped Thanks/);
    await shows(inn('buttonReply'), /Tapped Friday[\s\S]*When should we deliver\?/);
    await shows(inn('listReply'), /Tapped Chiado[\s\S]*Rua Garrett 12/);
    await shows(inn('location'), /Home[\s\S]*Rua das Flores 5, Porto[\s\S]*41\.1413, -8\.611/);
    await shows(inn('contacts'), /João Costa[\s\S]*\+351 933 000 111/);
    await loaded(inn('image').getByRole('img', { name: 'image: The box' }));

    // The whole thread in one picture, every send read: the log grown to its content.
    await eventually(
      async () => (await log.locator('li.bubble.out .badge.status-read').count()) === Object.keys(ours).length,
    );
    await log.evaluate((el) => ((el as HTMLElement).style.maxHeight = 'none'));
    for (const img of await log.locator('img').all()) await loaded(img);
    await page
      .locator('.thread-view')
      .screenshot({ path: path.join(SHOTS, 'thread-all-desktop.jpg'), type: 'jpeg', quality: 60 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .locator('.thread-view')
      .screenshot({ path: path.join(SHOTS, 'thread-all-phone.jpg'), type: 'jpeg', quality: 60 });
    await page.setViewportSize({ width: 1280, height: 860 });
    await dashboard.shoot('thread');
  });

  it('shows a one-line summary of every type in the messages list', async () => {
    await dashboard.go('/messages');
    /** The summary of a message, once it matches `pattern` (a template's or file's lookup answered). */
    const summary = async (name: string, pattern: RegExp) => {
      const link = page.locator(`a[href="#/messages/${ours[name]!.id}"]`);
      await eventually(async () => pattern.test(await link.innerText())).catch(() => {});
      return link.innerText();
    };
    const expected: Record<string, RegExp> = {
      text: /^Yes, it is ready\.$/,
      template: /^Template thread_pickup \(en_US\): Your order B-12 is ready for pickup at the front desk\.$/,
      image: /^Image parcel\.png: Your parcel$/,
      document: /^Document receipt\.pdf: Your receipt$/,
      audio: /^Audio voice-note\.mp3$/,
      buttons: /^When should we deliver\? \[Friday · Later, please\]$/,
      list: /^Choose where to collect it\. \[Choose a point: 3 options\]$/,
      cta: /^Track your parcel online\. \[Track parcel\]$/,
      location: /^Location: Tidings Shop Chiado, Rua Garrett 12, Lisbon$/,
      contacts: /^Contact card: Maria Santos$/,
      reaction: /^Reaction 👍$/,
    };
    for (const [name, pattern] of Object.entries(expected)) assert.match(await summary(name, pattern), pattern, name);
    for (const text of await page.locator('table.list td[data-label="Message"] a').allInnerTexts())
      assert.doesNotMatch(text, /^(tpl|med|msg)_/);
    await dashboard.shoot('messages-every-type');
  });

  it('shows the content on the message page with the same renderer', async () => {
    const show = async (name: string) => {
      await dashboard.go(`/messages/${ours[name]!.id}`);
      return page.locator('dl.facts');
    };
    await (await show('location')).getByText('Tidings Shop Chiado').waitFor();
    await (await show('template')).getByRole('link', { name: 'thread_pickup' }).waitFor();
    const image = await show('image');
    await loaded(image.getByRole('img', { name: 'image: Your parcel' }));
    await (await show('reaction')).getByText('Hello, is my order ready?').waitFor();
    await (await show('contacts')).getByText('Maria Santos').waitFor();
    await dashboard.shoot('message-every-type');
  });

  it("blocks and unblocks the customer from the thread, and shows the refusals: Tidings' 24-hour rule, the platform's own 131047", async () => {
    const platformList = async () => {
      const token = (await h.deps.accounts.senderCredentials(h.account.phoneNumberId)).accessToken;
      const res = await fetch(`${h.simUrl}/v23.0/${h.account.phoneNumberId}/block_users`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { data: { wa_id: string }[] }).data.map((u) => u.wa_id);
    };
    page.on('dialog', (dialog) => void dialog.accept());
    await dashboard.go(`/inbox/${contact.id}`);
    const control = page.getByTestId('block-control');
    await control.getByRole('button', { name: 'Block', exact: true }).click();
    await control.getByTestId('blocked').waitFor();
    assert.deepEqual(await platformList(), [customer.slice(1)]);
    await dashboard.shoot('thread-blocked');
    await control.getByRole('button', { name: 'Unblock', exact: true }).click();
    await control.getByRole('button', { name: 'Block', exact: true }).waitFor();
    assert.equal(await control.getByTestId('blocked').count(), 0);
    assert.deepEqual(await platformList(), []);

    // A customer who only ever received a template: the platform would refuse, so Tidings does first.
    const stranger = await h.api<Message>('POST', '/v1/messages/', {
      body: {
        to: '+16505551971',
        type: 'template',
        templateId: ours.template!.templateId,
        variables: { order: 'B-13', '2': 'the front desk' },
      },
    });
    assert.equal(stranger.status, 201, stranger.text);
    await dashboard.go(`/inbox/${stranger.body.contactId}`);
    await page.getByTestId('block-control').getByRole('button', { name: 'Block', exact: true }).click();
    const refusal = page.getByTestId('block-control').getByRole('alert');
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /block_window_closed/);
    assert.match(await refusal.innerText(), /24 hours/);

    // A customer message the service received but the platform has no record of: the platform refuses that user (131047).
    const payload = fixture('webhook-inbound-text.json');
    payload.entry[0].id = (await h.deps.accounts.senderCredentials(h.account.phoneNumberId)).wabaId;
    Object.assign(valueOf(payload).metadata, { phone_number_id: h.account.phoneNumberId });
    valueOf(payload).contacts[0].wa_id = '16505551972';
    Object.assign(valueOf(payload).messages[0], {
      from: '16505551972',
      id: 'wamid.thread-block-1972',
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
    assert.equal((await h.platformWebhook(payload)).status, 200);
    const unknown = (await h.api<{ data: Contact[] }>('GET', '/v1/contacts?q=16505551972')).body.data[0]!;
    await dashboard.go(`/inbox/${unknown.id}`);
    await page.getByTestId('block-control').getByRole('button', { name: 'Block', exact: true }).click();
    const platformRefusal = page.getByTestId('block-control').getByRole('alert');
    await platformRefusal.waitFor();
    assert.match(await platformRefusal.innerText(), /Platform:[\s\S]*131047/);
  });
});
