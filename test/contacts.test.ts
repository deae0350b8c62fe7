/**
 * Customers and conversations (issue 16): contacts known by phone number and/or business-scoped
 * user id (BSUID), made from the platform's real payloads (webhook-inbound-text-with-user-id.json)
 * and from the simulator's username-only customers; sends to a BSUID or a `ct_` id; the window as
 * a property of the contact on the manual clock; lists, search, paging and the timeline; the
 * inbound list; mark as read with the typing indicator, as the simulator recorded it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Contact } from '../src/contacts/contact.schemas.js';
import { ManualClock } from '../src/lib/clock.js';
import type { TimelineEntry } from '../src/messages/schemas/message-list.schemas.js';
import type { InboundMessage, Message } from '../src/messages/schemas/message.schemas.js';
import { bsuidRefusal } from '../src/messages/accept/recipient-rules.js';
import { approvedTemplate, dispatched } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture, valueOf } from './helpers.js';

/** The business number and customer of webhook-inbound-text-with-user-id.json. */
const FIXTURE_NUMBER = '1122334455667';
const FIXTURE_CUSTOMER = '+972987654321';
const FIXTURE_USER_ID = 'US.13491208655302741918';
const FIXTURE_PARENT = 'US.ENT.11815799212886844830';

type Page<T> = { data: T[]; has_more: boolean };

describe('contacts', () => {
  let h: Harness;
  const clock = new ManualClock(Date.now());
  let fixtureKey: string;

  before(async () => {
    h = await startHarness({ clock });
    const account = await h.deps.accounts.createAccount({
      name: 'Fixture',
      wabaId: '102290129340398',
      phoneNumberId: FIXTURE_NUMBER,
      phoneNumber: '+972123456789',
      accessToken: 'EAAG-contacts-token',
    });
    h.sim.registerToken('EAAG-contacts-token', '102290129340398', [FIXTURE_NUMBER]);
    fixtureKey = (await h.deps.keys.createKey({ accountId: account.id, mode: 'live' })).key;
  });
  after(() => h.close());

  /** The fixture, sent now (its 2023 timestamp would leave the window closed), with `edit` applied to its value. */
  const fixturePayload = (edit: (value: any) => void = () => {}) => {
    const payload = fixture('webhook-inbound-text-with-user-id.json');
    const value = valueOf(payload);
    value.messages[0].timestamp = String(Math.floor(clock.now() / 1000));
    edit(value);
    return payload;
  };
  const simState = async () => (await fetch(`${h.simUrl}/_simulator/state`)).json() as Promise<any>;
  const simInbound = async (body: Record<string, unknown>) => {
    const res = await fetch(`${h.simUrl}/_simulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: h.account.phoneNumberId, ...body }),
    });
    assert.equal(res.status, 200);
    return (await res.json()) as { wamid: string; webhook: string };
  };
  const contactsOf = async (query: string, key = h.account.liveKey) => {
    const res = await h.api<Page<Contact>>('GET', `/v1/contacts?${query}`, { key });
    assert.equal(res.status, 200, res.text);
    return res.body;
  };

  it('makes one contact holding phone, BSUID and parent from the fixture, and a reply to +972987654321 reaches the platform', async () => {
    const res = await h.platformWebhook(fixturePayload((v) => (v.messages[0].id = 'wamid.contacts-fixture-1')));
    assert.equal(res.status, 200);
    const list = await contactsOf('limit=10', fixtureKey);
    assert.equal(list.data.length, 1);
    const contact = list.data[0]!;
    assert.deepEqual(
      [contact.phone, contact.userId, contact.parentUserId, contact.name, contact.window.open],
      [FIXTURE_CUSTOMER, FIXTURE_USER_ID, FIXTURE_PARENT, 'Test Name', true],
    );
    const inbound = (
      await h.api<InboundMessage>('GET', '/v1/inbound_messages/wamid.contacts-fixture-1', { key: fixtureKey })
    ).body;
    assert.equal(inbound.contactId, contact.id);

    // libphonenumber-js calls this number invalid; the platform delivered a message from it.
    const reply = await h.api<Message>('POST', '/v1/messages/', {
      key: fixtureKey,
      body: { to: FIXTURE_CUSTOMER, type: 'text', text: 'Thanks, on it.' },
    });
    assert.equal(reply.status, 201, reply.text);
    assert.equal(reply.body.to, FIXTURE_CUSTOMER);
    assert.equal(reply.body.contactId, contact.id);
    const sent = await dispatched(h, reply.body.id, fixtureKey);
    const atPlatform = (await simState()).messages.find((m: any) => m.wamid === sent.platformMessageId);
    assert.equal(atPlatform?.to, '972987654321');
    assert.equal(atPlatform.body.recipient, undefined);
    assert.equal(
      (await h.api<Contact>('GET', `/v1/contacts/${contact.id}`, { key: fixtureKey })).body.lastOutboundAt,
      reply.body.createdAt,
    );
  });

  it('merges a phone-only contact and a BSUID-only contact once a payload names both, keeping the older one with every message', async () => {
    const phone = '+972987650002';
    const userId = 'IL.55501234567890123456';
    const post = (id: string, edit: (v: any) => void) =>
      h.platformWebhook(fixturePayload((v) => ((v.messages[0].id = id), edit(v))));
    // Known by phone only (before BSUIDs)…
    await post('wamid.merge-1', (v) => {
      v.contacts = [{ profile: { name: 'Noa' }, wa_id: phone.slice(1) }];
      v.messages[0].from = phone.slice(1);
    });
    // …then by BSUID only (a username, no phone number: no wa_id, no from)…
    await post('wamid.merge-2', (v) => {
      v.contacts = [{ profile: { name: 'Noa', username: 'noa.k' }, user_id: userId }];
      delete v.messages[0].from;
      v.messages[0].from_user_id = userId;
    });
    const separate = await contactsOf('q=noa', fixtureKey);
    assert.equal(separate.data.length, 2);
    const byPhone = separate.data.find((c) => c.phone === phone)!;
    const byUser = separate.data.find((c) => c.userId === userId)!;
    assert.equal(byUser.phone, null);
    // …then by both: one contact, the first made, with both identifiers and all three messages.
    await post('wamid.merge-3', (v) => {
      v.contacts = [{ profile: { name: 'Noa K' }, wa_id: phone.slice(1), user_id: userId }];
      v.messages[0].from = phone.slice(1);
    });
    const merged = await contactsOf('q=noa', fixtureKey);
    assert.equal(merged.data.length, 1);
    assert.deepEqual(
      [
        merged.data[0]!.id,
        merged.data[0]!.phone,
        merged.data[0]!.userId,
        merged.data[0]!.name,
        merged.data[0]!.username,
      ],
      [byPhone.id, phone, userId, 'Noa K', 'noa.k'],
    );
    assert.equal((await h.api('GET', `/v1/contacts/${byUser.id}`, { key: fixtureKey })).status, 404);
    const timeline = (
      await h.api<Page<TimelineEntry>>('GET', `/v1/contacts/${byPhone.id}/messages`, { key: fixtureKey })
    ).body;
    assert.deepEqual(timeline.data.map((e) => e.inbound?.platformMessageId).sort(), [
      'wamid.merge-1',
      'wamid.merge-2',
      'wamid.merge-3',
    ]);
  });

  let bsuidContact: Contact;
  let bsuidInboundWamid: string;

  it('records a username-only customer by BSUID, opens their window, and a reply to the BSUID goes out as recipient', async () => {
    const userId = 'GB.10293847561029384756';
    bsuidInboundWamid = (await simInbound({ userId, username: '@sheena', name: 'Sheena', text: 'Is my parcel out?' }))
      .wamid;
    const found = await contactsOf('q=sheena');
    assert.equal(found.data.length, 1);
    bsuidContact = found.data[0]!;
    assert.deepEqual(
      [bsuidContact.phone, bsuidContact.userId, bsuidContact.username, bsuidContact.window.open],
      [null, userId, '@sheena', true],
    );
    const inbound = (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${bsuidInboundWamid}`)).body;
    assert.deepEqual([inbound.from, inbound.contactId], [userId, bsuidContact.id]);

    const reply = await h.api<Message>('POST', '/v1/messages/', {
      body: { to: userId, type: 'text', text: 'Yes, today.' },
    });
    assert.equal(reply.status, 201, reply.text);
    assert.deepEqual([reply.body.to, reply.body.contactId], [userId, bsuidContact.id]);
    const sent = await dispatched(h, reply.body.id);
    const atPlatform = (await simState()).messages.find((m: any) => m.wamid === sent.platformMessageId);
    assert.deepEqual(
      [atPlatform?.to, atPlatform?.recipient, atPlatform?.body.to, atPlatform?.body.recipient],
      [null, userId, undefined, userId],
    );
    // Its statuses name the customer by recipient_user_id alone, and still find the message.
    await eventually(async () => (await h.api<Message>('GET', `/v1/messages/${reply.body.id}`)).body.status === 'read');

    // Addressed by ct_ id: sent to the contact's only identifier, its BSUID, which `to` records.
    const byContact = await h.api<Message>('POST', '/v1/messages/', {
      body: { to: bsuidContact.id, type: 'text', text: 'It left the depot.' },
    });
    assert.equal(byContact.status, 201, byContact.text);
    assert.deepEqual([byContact.body.to, byContact.body.contactId], [userId, bsuidContact.id]);
    assert.equal(
      (await h.api('POST', '/v1/messages/', { body: { to: 'ct_nobody', type: 'text', text: 'x' } })).body.error.code,
      'contact_not_found',
    );
  });

  it('refuses at once what the platform will not send to a BSUID, and fails a message the platform refuses with 131062', async () => {
    // docs/platform.md §4.9: authentication templates (all carry a one-tap, zero-tap or copy-code button).
    assert.match(bsuidRefusal({ type: 'template', category: 'AUTHENTICATION' }) ?? '', /131062/);
    for (const kind of [
      { type: 'text' as const },
      { type: 'media' as const },
      { type: 'template' as const, category: 'UTILITY' },
    ])
      assert.equal(bsuidRefusal(kind), null);
    assert.equal(
      (await h.api('POST', '/v1/messages/', { body: { to: 'US.not-a-bsuid', type: 'text', text: 'x' } })).body.error
        .param,
      'to',
    );

    await h.simulatorConfig({ errorRate: 1, errorCode: 131062 });
    try {
      const res = await h.api<Message>('POST', '/v1/messages/', {
        body: { to: bsuidContact.userId, type: 'text', text: 'One more thing' },
      });
      assert.equal(res.status, 201, res.text);
      const failed = await dispatched(h, res.body.id);
      assert.deepEqual([failed.status, failed.error?.code], ['failed', '131062']);
    } finally {
      await h.simulatorConfig({ errorRate: 0 });
    }
  });

  it('fails a template sent to a BSUID that never wrote, from a failed status that names no recipient', async () => {
    const template = await approvedTemplate(h, { name: 'bsuid_notice', body: 'Your parcel is on its way.' });
    const res = await h.api<Message>('POST', '/v1/messages/', {
      body: { to: 'DE.55501234567890123456', type: 'template', templateId: template.id },
    });
    assert.equal(res.status, 201, res.text);
    const failed = await eventually(async () => {
      const m = (await h.api<Message>('GET', `/v1/messages/${res.body.id}`)).body;
      return m.status === 'failed' && m;
    });
    assert.equal(failed.error?.code, '131026');
    const events = (
      await h.api<Page<{ type: string; data: { object: Message } }>>('GET', '/v1/events?type=message.failed&limit=100')
    ).body.data;
    assert.ok(
      events.some((e) => e.data.object.id === res.body.id),
      'message.failed was sent',
    );
  });

  it('marks a customer message read at the platform, with the typing indicator when asked; test keys skip the platform', async () => {
    const inbound = (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${bsuidInboundWamid}`)).body;
    const res = await h.api<InboundMessage>('POST', `/v1/inbound_messages/${inbound.id}/read`, {
      body: { typingIndicator: true },
      headers: { 'idempotency-key': 'read-1' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.readAt, new Date(clock.now()).toISOString());
    const again = await h.api<InboundMessage>(
      'POST',
      `/v1/inbound_messages/${encodeURIComponent(bsuidInboundWamid)}/read`,
    );
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.readAt, res.body.readAt);
    const reads = (await simState()).reads.filter((r: any) => r.wamid === bsuidInboundWamid);
    assert.deepEqual(
      reads.map((r: any) => r.typingIndicator),
      ['text', null],
    );
    // The same Idempotency-Key replays the answer without a third platform call.
    assert.equal(
      (
        await h.api('POST', `/v1/inbound_messages/${inbound.id}/read`, {
          body: { typingIndicator: true },
          headers: { 'idempotency-key': 'read-1' },
        })
      ).status,
      200,
    );
    assert.equal((await simState()).reads.filter((r: any) => r.wamid === bsuidInboundWamid).length, 2);
    assert.equal((await h.api('POST', '/v1/inbound_messages/in_nothing/read')).body.error.code, 'message_not_found');

    const test = await h.api<InboundMessage>('POST', '/v1/test_helpers/inbound_messages', {
      key: h.account.testKey,
      body: { from: '+16505550199', text: 'hi' },
    });
    const testRead = await h.api<InboundMessage>('POST', `/v1/inbound_messages/${test.body.id}/read`, {
      key: h.account.testKey,
      body: { typingIndicator: true },
    });
    assert.equal(testRead.status, 200, testRead.text);
    assert.notEqual(testRead.body.readAt, null);
    assert.equal(
      (await simState()).reads.some((r: any) => r.wamid === test.body.platformMessageId),
      false,
    );
  });

  it("marks a customer's earlier unread messages read with the one the call names, in one platform call, and no one else's", async () => {
    const [m1, m2, m3] = [
      await simInbound({ from: '+16505550301', text: 'one' }),
      await simInbound({ from: '+16505550301', text: 'two' }),
      await simInbound({ from: '+16505550301', text: 'three' }),
    ];
    const other = await simInbound({ from: '+16505550302', text: 'someone else' });
    const readsBefore = (await simState()).reads.length;
    const res = await h.api<InboundMessage>('POST', `/v1/inbound_messages/${encodeURIComponent(m2!.wamid)}/read`);
    assert.equal(res.status, 200, res.text);
    const readAt = async (wamid: string) =>
      (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${encodeURIComponent(wamid)}`)).body.readAt;
    assert.deepEqual(
      [await readAt(m1!.wamid), await readAt(m2!.wamid), await readAt(m3!.wamid), await readAt(other.wamid)],
      [res.body.readAt, res.body.readAt, null, null],
    );
    assert.deepEqual(
      (await simState()).reads.slice(readsBefore).map((r: any) => r.wamid),
      [m2!.wamid],
    );
  });

  it('lists contacts by latest activity, pages them, searches number, name and username, and gives one timeline per contact', async () => {
    // Test mode: a scope of its own, so the counts are this test's.
    const key = h.account.testKey;
    const ids: string[] = [];
    for (const from of ['+16505550101', '+16505550102', '+16505550103']) {
      clock.advance(1000);
      const res = await h.api<InboundMessage>('POST', '/v1/test_helpers/inbound_messages', {
        key,
        body: { from, text: `hello from ${from}` },
      });
      assert.equal(res.status, 201, res.text);
      ids.push(res.body.contactId!);
    }
    clock.advance(1000);
    const reply = await h.api<Message>('POST', '/v1/messages/', {
      key,
      body: { to: '+16505550101', type: 'text', text: 'hi 0101' },
    });
    assert.equal(reply.status, 201, reply.text);

    const first = await contactsOf('limit=2', key);
    assert.deepEqual(
      first.data.map((c) => c.phone),
      ['+16505550101', '+16505550103'],
    );
    assert.equal(first.has_more, true);
    const rest = await contactsOf(`limit=2&starting_after=${first.data[1]!.id}`, key);
    assert.deepEqual(
      rest.data.map((c) => c.phone),
      ['+16505550102', '+16505550199'],
    );
    assert.equal(rest.has_more, false);
    assert.deepEqual(
      (await contactsOf('q=0102', key)).data.map((c) => c.id),
      [ids[1]],
    );
    assert.equal((await contactsOf('q=%25', key)).data.length, 0, 'a % in q is a character, not a wildcard');
    assert.equal(
      (await h.api('GET', '/v1/contacts?starting_after=ct_unknown', { key })).body.error.code,
      'parameter_invalid',
    );

    const timeline = (await h.api<Page<TimelineEntry>>('GET', `/v1/contacts/${ids[0]}/messages`, { key })).body;
    assert.deepEqual(
      timeline.data.map((e) => [e.direction, e.outbound?.text ?? e.inbound?.text]),
      [
        ['outbound', 'hi 0101'],
        ['inbound', 'hello from +16505550101'],
      ],
    );
    const page1 = (await h.api<Page<TimelineEntry>>('GET', `/v1/contacts/${ids[0]}/messages?limit=1`, { key })).body;
    const page2 = (
      await h.api<Page<TimelineEntry>>(
        'GET',
        `/v1/contacts/${ids[0]}/messages?limit=1&starting_after=${page1.data[0]!.id}`,
        { key },
      )
    ).body;
    assert.deepEqual([page1.has_more, page2.has_more, page2.data[0]!.direction], [true, false, 'inbound']);
    // Another key's contact is not found.
    assert.equal((await h.api('GET', `/v1/contacts/${ids[0]}`, { key: h.account.liveKey })).status, 404);
  });

  it('lists customer messages by contact, type and time', async () => {
    const key = h.account.testKey;
    const all = (await h.api<Page<InboundMessage>>('GET', '/v1/inbound_messages?limit=100', { key })).body.data;
    assert.deepEqual(
      all.map((m) => m.from),
      ['+16505550103', '+16505550102', '+16505550101', '+16505550199'],
    );
    const one = (await h.api<Page<InboundMessage>>('GET', `/v1/inbound_messages?contact=${all[1]!.contactId}`, { key }))
      .body.data;
    assert.deepEqual(
      one.map((m) => m.id),
      [all[1]!.id],
    );
    assert.equal(
      (await h.api<Page<InboundMessage>>('GET', '/v1/inbound_messages?type=image', { key })).body.data.length,
      0,
    );
    assert.equal(
      (await h.api<Page<InboundMessage>>('GET', '/v1/inbound_messages?type=text', { key })).body.data.length,
      4,
    );
    const since = (
      await h.api<Page<InboundMessage>>('GET', `/v1/inbound_messages?since=${encodeURIComponent(all[1]!.receivedAt)}`, {
        key,
      })
    ).body.data;
    assert.deepEqual(
      since.map((m) => m.id),
      [all[0]!.id, all[1]!.id],
    );
    const paged = (
      await h.api<Page<InboundMessage>>('GET', `/v1/inbound_messages?limit=2&starting_after=${all[1]!.id}`, { key })
    ).body;
    assert.deepEqual([paged.data.map((m) => m.id), paged.has_more], [[all[2]!.id, all[3]!.id], false]);
  });

  it('closes the window 24 hours after the customer last wrote, however they are addressed (manual clock)', async () => {
    const key = h.account.testKey;
    const contact = (await contactsOf('q=0102', key)).data[0]!;
    assert.equal(contact.window.open, true);
    assert.equal(contact.window.expiresAt, new Date(Date.parse(contact.lastInboundAt!) + 86_400_000).toISOString());
    assert.deepEqual((await contactsOf('windowOpen=false', key)).data, []);
    const start = clock.now();
    try {
      clock.set(Date.parse(contact.window.expiresAt!) - 1);
      assert.equal((await h.api<Contact>('GET', `/v1/contacts/${contact.id}`, { key })).body.window.open, true);
      clock.set(Date.parse(contact.window.expiresAt!));
      const closed = (await h.api<Contact>('GET', `/v1/contacts/${contact.id}`, { key })).body;
      assert.deepEqual(closed.window, { open: false, expiresAt: contact.window.expiresAt });
      assert.ok((await contactsOf('windowOpen=false', key)).data.some((c) => c.id === contact.id));
      assert.ok(!(await contactsOf('windowOpen=true', key)).data.some((c) => c.id === contact.id));
      const bySend = await h.api('POST', '/v1/messages/', {
        key,
        body: { to: contact.id, type: 'text', text: 'late' },
      });
      assert.deepEqual([bySend.status, bySend.body.error?.code], [409, 'outside_customer_window']);
    } finally {
      clock.set(start);
    }
  });
});
