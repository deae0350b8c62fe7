/** Rich sends as Meta documents them: reply buttons, a list, a call-to-action URL, a location, contacts, reactions. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { dispatched, sentText } from '../factories.js';
import { CUSTOMER, richKit } from './kit.js';

export function sendCases(harness: () => Harness): void {
  const { send, sendAndRecord, envelope, customer, inboundByWamid } = richKit(harness);

  describe('sends, as Meta documents them', () => {
    it('reply buttons with header, footer and a quoted message', async () => {
      const h = harness();
      const quoted = await sentText(h, CUSTOMER, 'Your parcel is ready.');
      const interactive = {
        kind: 'buttons',
        header: 'Order 1042',
        body: 'Deliver Friday?',
        footer: 'Tap a button',
        buttons: [
          { id: 'yes', title: 'Yes 👍' },
          { id: 'later', title: 'Later' },
        ],
      };
      const { message, request } = await sendAndRecord({ type: 'interactive', interactive, replyTo: quoted.id });
      assert.equal(message.type, 'interactive');
      assert.deepEqual(message.interactive, interactive);
      assert.equal(message.location, null);
      const wamid = (await dispatched(h, quoted.id)).platformMessageId;
      // Meta `interactive-reply-buttons-messages` request syntax.
      assert.deepEqual(request, {
        ...envelope(message.id),
        context: { message_id: wamid },
        type: 'interactive',
        interactive: {
          type: 'button',
          header: { type: 'text', text: 'Order 1042' },
          body: { text: 'Deliver Friday?' },
          footer: { text: 'Tap a button' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'yes', title: 'Yes 👍' } },
              { type: 'reply', reply: { id: 'later', title: 'Later' } },
            ],
          },
        },
      });
      const read = await eventually(async () =>
        (await h.api('GET', `/v1/messages/${message.id}`)).body.status === 'read' ? true : null,
      );
      assert.ok(read, 'it goes through the status machine like every send');
    });

    it('a list', async () => {
      const interactive = {
        kind: 'list',
        body: 'When?',
        button: 'Pick a slot',
        sections: [
          {
            title: 'Friday',
            rows: [
              { id: 'fri-am', title: 'Morning', description: '8 to 12' },
              { id: 'fri-pm', title: 'Afternoon' },
            ],
          },
          { title: 'Saturday', rows: [{ id: 'sat', title: 'All day' }] },
        ],
      };
      const { message, request } = await sendAndRecord({ type: 'interactive', interactive });
      // Meta `interactive-list-messages`: no header or footer when none is given.
      assert.deepEqual(request, {
        ...envelope(message.id),
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: 'When?' },
          action: {
            button: 'Pick a slot',
            sections: [
              {
                title: 'Friday',
                rows: [
                  { id: 'fri-am', title: 'Morning', description: '8 to 12' },
                  { id: 'fri-pm', title: 'Afternoon' },
                ],
              },
              { title: 'Saturday', rows: [{ id: 'sat', title: 'All day' }] },
            ],
          },
        },
      });
    });

    it('a call-to-action URL button', async () => {
      const { message, request } = await sendAndRecord({
        type: 'interactive',
        interactive: {
          kind: 'cta_url',
          header: 'Order 1042',
          body: 'Track it here.',
          displayText: 'Track parcel',
          url: 'https://acme.example/track/1042',
        },
      });
      // Meta `interactive-cta-url-messages`.
      assert.deepEqual(request, {
        ...envelope(message.id),
        type: 'interactive',
        interactive: {
          type: 'cta_url',
          header: { type: 'text', text: 'Order 1042' },
          body: { text: 'Track it here.' },
          action: {
            name: 'cta_url',
            parameters: { display_text: 'Track parcel', url: 'https://acme.example/track/1042' },
          },
        },
      });
    });

    it('a location', async () => {
      const location = { latitude: 37.4847, longitude: -122.1477, name: 'Pick-up point', address: '1 Hacker Way' };
      const { message, request } = await sendAndRecord({ type: 'location', location });
      assert.deepEqual(message.location, location);
      // Meta `location-messages`.
      assert.deepEqual(request, { ...envelope(message.id), type: 'location', location });
    });

    it('contacts', async () => {
      const card = {
        name: { formatted: 'Acme Support', first: 'Acme', last: 'Support' },
        phones: [{ phone: '+1 650 555 0100', type: 'WORK', waId: '16505550100' }],
        emails: [{ email: 'help@acme.example', type: 'WORK' }],
        urls: [{ url: 'https://acme.example', type: 'WORK' }],
        org: { company: 'Acme', title: 'Support' },
        addresses: [
          {
            street: '1 Hacker Way',
            city: 'Menlo Park',
            state: 'CA',
            zip: '94025',
            country: 'United States',
            countryCode: 'US',
            type: 'WORK',
          },
        ],
        birthday: '1990-01-31',
      };
      const { message, request } = await sendAndRecord({ type: 'contacts', contacts: [card] });
      assert.deepEqual(message.contacts, [card]);
      // Meta `contacts-messages`.
      assert.deepEqual(request, {
        ...envelope(message.id),
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Acme Support', first_name: 'Acme', last_name: 'Support' },
            phones: [{ phone: '+1 650 555 0100', type: 'WORK', wa_id: '16505550100' }],
            emails: [{ email: 'help@acme.example', type: 'WORK' }],
            urls: [{ url: 'https://acme.example', type: 'WORK' }],
            org: { company: 'Acme', title: 'Support' },
            addresses: [
              {
                street: '1 Hacker Way',
                city: 'Menlo Park',
                state: 'CA',
                zip: '94025',
                country: 'United States',
                country_code: 'US',
                type: 'WORK',
              },
            ],
            birthday: '1990-01-31',
          },
        ],
      });
    });

    it('a reaction on a customer message (in_ id or wamid), on one of ours (msg_ id), and its removal', async () => {
      const h = harness();
      const inWamid = await customer({ text: 'Thanks!' });
      const inbound = await inboundByWamid(inWamid);
      const onIn = await sendAndRecord({ type: 'reaction', reaction: { messageId: inbound.id, emoji: '❤️' } });
      assert.deepEqual(onIn.message.reaction, { messageId: inbound.id, emoji: '❤️' });
      // Meta `reaction-messages`.
      assert.deepEqual(onIn.request, {
        ...envelope(onIn.message.id),
        type: 'reaction',
        reaction: { message_id: inWamid, emoji: '❤️' },
      });
      const byWamid = await sendAndRecord({ type: 'reaction', reaction: { messageId: inWamid, emoji: '👍' } });
      assert.deepEqual(byWamid.request.reaction, { message_id: inWamid, emoji: '👍' });
      const removed = await sendAndRecord({ type: 'reaction', reaction: { messageId: inbound.id, emoji: '' } });
      assert.deepEqual(removed.request.reaction, { message_id: inWamid, emoji: '' });

      // On a message of ours sent in the same breath: reacted to by its wamid once it has one.
      const ours = await send({ type: 'text', text: 'Your order shipped.' });
      const onOurs = await sendAndRecord({ type: 'reaction', reaction: { messageId: ours.body.id, emoji: '🎉' } });
      assert.deepEqual(onOurs.request.reaction, {
        message_id: (await dispatched(h, ours.body.id)).platformMessageId,
        emoji: '🎉',
      });

      const unknown = await send({ type: 'reaction', reaction: { messageId: 'in_nope', emoji: '👍' } });
      assert.deepEqual(
        [unknown.status, unknown.body.error.code, unknown.body.error.param],
        [404, 'reply_target_not_found', 'reaction.messageId'],
      );
      await h.customerWrites('+16505559999');
      const other = await h.api('POST', '/v1/messages/', {
        body: { to: '+16505559999', type: 'reaction', reaction: { messageId: inbound.id, emoji: '👍' } },
      });
      assert.deepEqual(
        [other.status, other.body.error.code, other.body.error.param],
        [400, 'parameter_invalid', 'reaction.messageId'],
        'a reaction stays in its conversation',
      );
    });
  });
}
