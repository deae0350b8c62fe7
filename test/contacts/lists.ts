/** Contacts listed by latest activity, paged and searched, each with its timeline; customer messages listed. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { TimelineEntry } from '../../src/messages/schemas/message-list.schemas.js';
import type { InboundMessage, Message } from '../../src/messages/schemas/message.schemas.js';
import { contactsKit, type ContactsScope, type Page } from './kit.js';

export function listCases(scope: () => ContactsScope): void {
  const { contactsOf } = contactsKit(scope);

  it('lists contacts by latest activity, pages them, searches number, name and username, and gives one timeline per contact', async () => {
    const { h, clock } = scope();
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
    const { h } = scope();
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
}
