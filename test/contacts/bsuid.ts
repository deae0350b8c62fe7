/**
 * Customers known by their BSUID alone (a username, no phone number): recorded, their window
 * opened, answered by BSUID or `ct_` id; what the platform will not send to a BSUID refused or failed.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bsuidRefusal } from '../../src/messages/accept/recipient-rules.js';
import type { InboundMessage, Message } from '../../src/messages/schemas/message.schemas.js';
import { eventually } from '../helpers.js';
import { approvedTemplate, dispatched } from '../factories.js';
import { contactsKit, type BsuidCustomer, type ContactsScope, type Page } from './kit.js';

/** The cases; the first records the customer in `bsuid` for the ones after it. */
export function bsuidCases(scope: () => ContactsScope, bsuid: BsuidCustomer): void {
  const { simState, simInbound, contactsOf } = contactsKit(scope);

  it('records a username-only customer by BSUID, opens their window, and a reply to the BSUID goes out as recipient', async () => {
    const { h } = scope();
    const userId = 'GB.10293847561029384756';
    bsuid.inboundWamid = (
      await simInbound({ userId, username: '@sheena', name: 'Sheena', text: 'Is my parcel out?' })
    ).wamid;
    const found = await contactsOf('q=sheena');
    assert.equal(found.data.length, 1);
    bsuid.contact = found.data[0]!;
    assert.deepEqual(
      [bsuid.contact.phone, bsuid.contact.userId, bsuid.contact.username, bsuid.contact.window.open],
      [null, userId, '@sheena', true],
    );
    const inbound = (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${bsuid.inboundWamid}`)).body;
    assert.deepEqual([inbound.from, inbound.contactId], [userId, bsuid.contact.id]);

    const reply = await h.api<Message>('POST', '/v1/messages/', {
      body: { to: userId, type: 'text', text: 'Yes, today.' },
    });
    assert.equal(reply.status, 201, reply.text);
    assert.deepEqual([reply.body.to, reply.body.contactId], [userId, bsuid.contact.id]);
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
      body: { to: bsuid.contact.id, type: 'text', text: 'It left the depot.' },
    });
    assert.equal(byContact.status, 201, byContact.text);
    assert.deepEqual([byContact.body.to, byContact.body.contactId], [userId, bsuid.contact.id]);
    assert.equal(
      (await h.api('POST', '/v1/messages/', { body: { to: 'ct_nobody', type: 'text', text: 'x' } })).body.error.code,
      'contact_not_found',
    );
  });

  it('refuses at once what the platform will not send to a BSUID, and fails a message the platform refuses with 131062', async () => {
    const { h } = scope();
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
        body: { to: bsuid.contact.userId, type: 'text', text: 'One more thing' },
      });
      assert.equal(res.status, 201, res.text);
      const failed = await dispatched(h, res.body.id);
      assert.deepEqual([failed.status, failed.error?.code], ['failed', '131062']);
    } finally {
      await h.simulatorConfig({ errorRate: 0 });
    }
  });

  it('fails a template sent to a BSUID that never wrote, from a failed status that names no recipient', async () => {
    const { h } = scope();
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
}
