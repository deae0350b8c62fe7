/**
 * Issue 42 (coexistence, items 4 and 5): a number shared with the WhatsApp Business app, through the
 * simulator's control calls and the real webhook path, on both dialects (docs/api.md §D32,
 * docs/platform.md §4.20–§4.21). A history import of 10,000 messages in 4 chunks lands in the
 * timeline marked imported, opens no window, fires one `history.imported` per chunk and no
 * per-message event (counted after a later sentinel event, not after a sleep), leaves the analytics
 * as they were, and imports nothing twice when a chunk comes again; the app's address book on the
 * contacts; an app message edited and revoked; purchases and leads as typed events.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseWebhook } from '../src/platform/cloud-api/webhook-payload.js';
import { assertSameShape } from './conformance/shape.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture } from './helpers.js';

describe('coexistence (issue 42)', () => {
  let h: Harness;
  let phoneNumberId: string;
  before(async () => {
    h = await startHarness();
    phoneNumberId = h.account.phoneNumberId;
  });
  after(() => h.close());

  const sim = async (path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${h.simUrl}/_simulator/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumberId, ...body }),
    });
    const json = (await res.json()) as any;
    assert.equal(res.status, 200, JSON.stringify(json).slice(0, 300));
    return json;
  };
  const events = async (type: string): Promise<any[]> => {
    const all: any[] = [];
    for (let after = ''; ; ) {
      const page = (await h.api('GET', `/v1/events?type=${type}&limit=100${after}`)).body;
      all.push(...page.data);
      if (!page.has_more) return all;
      after = `&starting_after=${page.data.at(-1).id}`;
    }
  };
  const count = async (table: 'messages' | 'inbound_messages', imported: number) =>
    Number(
      (
        await h.deps.store.read
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('imported', '=', imported)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** A message sent from the app: its `message.sent` is the sentinel that comes after what was sent before it. */
  const sentinel = async (to: string) => {
    const echo = await sim('business_app_messages', { to, text: 'Sentinel' });
    return eventually(async () =>
      (await events('message.sent')).find((e) => e.data.object.platformMessageId === echo.wamid),
    );
  };

  it('parses the fixtures of the app state, ad events and echo edits and revokes', () => {
    const parsed = (name: string) => parseWebhook(fixture(name))!;
    const sync = parsed('webhook-smb-app-state-sync.json');
    assert.deepEqual(sync.coexistence, [
      {
        kind: 'app_contact',
        phoneNumberId: '106540352242922',
        phone: '16505551234',
        action: 'add',
        fullName: 'Pablo Morales',
        firstName: 'Pablo',
        at: '2025-02-12T00:43:44.000Z',
      },
    ]);
    assert.equal(sync.contacts[0]?.kind, 'status');
    const purchase = parsed('webhook-automatic-events-purchase.json').coexistence[0] as any;
    assert.deepEqual([purchase.eventName, purchase.currency, purchase.value], ['Purchase', 'USD', 25]);
    assert.match(purchase.ctwaClid, /^Aff-/);
    const revoke = parsed('webhook-smb-message-echo-revoke.json');
    assert.deepEqual([revoke.echoes.length, revoke.coexistence[0]?.kind], [0, 'echo_revoke']);
    const edit = parsed('webhook-smb-message-echo-edit.json').coexistence[0] as any;
    assert.deepEqual(
      [edit.kind, edit.originalWamid, edit.text],
      ['echo_edit', '<ORIGINAL_WAMID>', 'Updated image caption'],
    );
    assert.equal(
      parsed('webhook-automatic-events-purchase.json').signals.length,
      0,
      'not passed on as platform.webhook',
    );
  });

  it("sends the simulator's coexistence webhooks in the shape of the platform's own payloads (the fixtures)", async () => {
    const real = (name: string) => fixture(name).entry[0].changes[0].value;
    const app = await sim('app_contacts', {
      contacts: [{ phone: '+16505550900', fullName: 'Ana Lima', firstName: 'Ana' }],
    });
    assertSameShape(app.value, real('webhook-smb-app-state-sync.json'), 'app_contacts');
    const wamid = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=';
    const purchase = await sim('automatic_events', { wamid, eventName: 'Purchase', amount: 25 });
    assertSameShape(purchase.value, real('webhook-automatic-events-purchase.json'), 'automatic_events');
    const revoke = await sim('business_app_messages/revoke', { wamid, to: '+16505550900' });
    assertSameShape(revoke.value, real('webhook-smb-message-echo-revoke.json'), 'business_app_messages/revoke');
    // The fixture's edit changes an image's caption; the simulator's a text's body.
    const edit = await sim('business_app_messages/edit', { wamid, to: '+16505550900', text: 'New' });
    assertSameShape(edit.value, real('webhook-smb-message-echo-edit.json'), 'business_app_messages/edit', {
      ignore: ['.message_echoes[].edit.message'],
    });
  });

  it('imports 10,000 messages of history: in the timeline, no window, one event per chunk, no analytics', async () => {
    const analyticsBefore = (await h.api('GET', '/v1/analytics/messages')).body;
    const sent = await sim('history', { messages: 10_000, chunks: 4, customers: 10 });
    assert.equal(sent.chunks.length, 4);
    const chunks = await eventually(async () => {
      const list = await events('history.imported');
      return list.length >= 4 && list;
    }, 120_000);
    assert.deepEqual(
      chunks.map((e) => e.data.object.chunkOrder).sort(),
      [1, 2, 3, 4],
      'one history.imported per chunk',
    );
    assert.deepEqual(
      chunks.map((e) => [e.data.object.messages, e.data.object.imported]),
      chunks.map(() => [2500, 2500]),
    );
    assert.equal(Math.max(...chunks.map((e) => e.data.object.progress)), 100);
    assert.deepEqual([await count('inbound_messages', 1), await count('messages', 1)], [5000, 5000]);
    // The analytics read what the aggregates and their change log hold: nothing of the import.
    assert.deepEqual((await h.api('GET', '/v1/analytics/messages')).body, analyticsBefore);

    // The sentinel: its message.sent comes after everything the import would have evented.
    await sentinel('+16505550100');
    assert.equal((await events('message.received')).length, 0, 'no per-message event for the customers');
    assert.equal((await events('message.sent')).length, 1, 'only the sentinel was sent');

    // The timeline of a customer holds both directions, marked imported; no window opened (the
    // latest customer message is minutes old).
    const contact = (await h.api('GET', '/v1/contacts?q=15550100003')).body.data[0];
    assert.ok(contact, 'the customer of a thread is a contact');
    assert.deepEqual([contact.window.open, contact.lastInboundAt], [false, null]);
    const timeline = (await h.api('GET', `/v1/contacts/${contact.id}/messages?limit=4`)).body.data as any[];
    assert.deepEqual(new Set(timeline.map((t) => t.direction)), new Set(['inbound', 'outbound']));
    for (const t of timeline) assert.equal((t.inbound ?? t.outbound).imported, true);
    const outbound = timeline.find((t) => t.direction === 'outbound').outbound;
    assert.deepEqual([outbound.source, outbound.status], ['business_app', 'delivered']);
    const refused = await h.api('POST', '/v1/messages', {
      body: { to: '+15550100003', type: 'text', text: 'Hello again' },
    });
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.error.code, 'outside_customer_window');

    // A chunk delivered again imports nothing twice and fires nothing.
    await sim('webhooks', { field: 'history', value: sent.chunks[0].value });
    await sentinel('+16505550101');
    assert.equal((await events('history.imported')).length, 4);
    assert.deepEqual([await count('inbound_messages', 1), await count('messages', 1)], [5000, 5000]);
  });

  it("keeps the app's address book on the contacts, never over the profile name", async () => {
    await sim('app_contacts', { contacts: [{ phone: '+16505550123', fullName: 'Pablo Morales', firstName: 'Pablo' }] });
    const find = async () => (await h.api('GET', '/v1/contacts?q=16505550123')).body.data[0];
    const saved = await eventually(async () => {
      const c = await find();
      return c?.appContact?.state === 'saved' && c;
    });
    assert.deepEqual([saved.appContact.name, saved.appContact.firstName, saved.name], ['Pablo Morales', 'Pablo', null]);
    await sim('app_contacts', { contacts: [{ phone: '+16505550123', action: 'remove' }] });
    const removed = await eventually(async () => {
      const c = await find();
      return c?.appContact?.state === 'removed' && c;
    });
    assert.deepEqual([removed.id, removed.appContact.name], [saved.id, null], 'the contact stays');
  });

  it('applies an edit and a revoke of a message sent from the app', async () => {
    const echo = await sim('business_app_messages', { to: '+16505550200', text: 'Original text' });
    const get = async () => (await h.api('GET', `/v1/messages/${encodeURIComponent(echo.wamid)}`)).body;
    await eventually(async () => (await get()).source === 'business_app');
    await sim('business_app_messages/edit', { wamid: echo.wamid, to: '+16505550200', text: 'Edited text' });
    const edited = await eventually(async () => {
      const m = await get();
      return m.editedAt && m;
    });
    assert.deepEqual([edited.text, edited.edits.map((e: any) => e.text)], ['Edited text', ['Original text']]);
    await sim('business_app_messages/revoke', { wamid: echo.wamid, to: '+16505550200' });
    const revoked = await eventually(async () => {
      const m = await get();
      return m.revokedAt && m;
    });
    assert.equal(revoked.text, 'Edited text');
    const of = async (type: string) =>
      (await events(type)).filter((e) => e.data.object.platformMessageId === echo.wamid);
    assert.equal((await of('message.edited')).length, 1);
    assert.equal((await of('message.revoked')).length, 1);
  });

  it('turns automatic_events into ad.purchase and ad.lead about the contact', async () => {
    const echo = await sim('business_app_messages', { to: '+16505550300', text: 'Your order?' });
    const message = await eventually(async () => {
      const m = (await h.api('GET', `/v1/messages/${encodeURIComponent(echo.wamid)}`)).body;
      return m.contactId && m;
    });
    await sim('automatic_events', { wamid: echo.wamid, eventName: 'Purchase', amount: 25, currency: 'USD' });
    await sim('automatic_events', { wamid: echo.wamid, eventName: 'LeadSubmitted', ctwaClid: 'Aff-click' });
    const about = async (type: string) =>
      (await events(type)).filter((e) => e.data.object.platformMessageId === echo.wamid);
    const [purchase] = await eventually(async () => {
      const list = await about('ad.purchase');
      return list.length > 0 && list;
    });
    assert.deepEqual(
      [purchase.data.object.value, purchase.data.object.currency, purchase.data.object.contactId],
      [25, 'USD', message.contactId],
    );
    assert.equal(purchase.data.object.messageId, message.id);
    const [lead] = await eventually(async () => {
      const list = await about('ad.lead');
      return list.length > 0 && list;
    });
    assert.deepEqual(
      [lead.data.object.eventName, lead.data.object.ctwaClid, lead.data.object.value],
      ['LeadSubmitted', 'Aff-click', null],
    );
    assert.equal((await events('platform.webhook')).length, 0, 'not passed on raw');
  });
});
