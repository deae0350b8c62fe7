// test-runner: one database (the dashboard's pages in a browser; the API they call is tested on both dialects by its own files)
/**
 * Every message type in the dashboard, in a real browser (Debian's Chromium driven by
 * playwright-core) against the real service and simulator over HTTP: one message of each type we
 * send (text, template, image, document, audio, reply buttons, list, link button, location, contact
 * card, reaction) and each type a customer sends (text, image, reaction, location, contact card,
 * button and list replies, a template quick-reply tap) shows its content in the thread, a one-line
 * summary in the messages list, and its content on the message page; the thread's Block / Unblock
 * button and the refusals it shows (issue 28). Screenshots go to
 * test-output/screenshots (ignored by git); docs/dashboard-thread.jpg is a copy of thread-all-desktop.jpg.
 * The cases are in test/dashboard-thread/, a module a subject, all on the messages this file seeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import type { Contact } from '../src/contacts/contact.schemas.js';
import type { InboundMessage, Message } from '../src/messages/schemas/message.schemas.js';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { blockCases } from './dashboard-thread/block.js';
import { customer, threadKit, type Thread } from './dashboard-thread/kit.js';
import { listCases } from './dashboard-thread/lists.js';
import { threadCases } from './dashboard-thread/thread.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { ROOT } from './helpers.js';

describe('dashboard: every message type in the thread and the lists', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;
  /** Our sends by name, and the customer's messages by name (`in_` ids). */
  const ours: Record<string, Message> = {};
  const theirs: Record<string, string> = {};
  let contact: Contact;
  const thread = (): Thread => ({ h, dashboard, page, ours, theirs, contact });
  const { drawnPng, upload, send, wamidOf, customerSends } = threadKit(thread);

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

  threadCases(thread);
  listCases(thread);
  blockCases(thread);
});
