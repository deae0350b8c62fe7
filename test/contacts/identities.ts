/**
 * One contact per customer, known by phone number and/or BSUID: made from the platform's real
 * payload (webhook-inbound-text-with-user-id.json) and answered, and two merged once a payload names both.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { TimelineEntry } from '../../src/messages/schemas/message-list.schemas.js';
import type { InboundMessage, Message } from '../../src/messages/schemas/message.schemas.js';
import { dispatched } from '../factories.js';
import {
  contactsKit,
  FIXTURE_CUSTOMER,
  FIXTURE_PARENT,
  FIXTURE_USER_ID,
  type ContactsScope,
  type Page,
} from './kit.js';

export function identityCases(scope: () => ContactsScope): void {
  const { fixturePayload, simState, contactsOf } = contactsKit(scope);

  it('makes one contact holding phone, BSUID and parent from the fixture, and a reply to +972987654321 reaches the platform', async () => {
    const { h, fixtureKey } = scope();
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
    const { h, fixtureKey } = scope();
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
}
