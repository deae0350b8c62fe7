/**
 * Rich messages (docs/api.md §D15): interactive, location, contacts and reaction sends through the
 * sending pipeline to the simulator, their platform requests compared with Meta's documented shapes
 * (docs/platform.md §1.4), every limit checked locally, the customer service window. Customers'
 * answers to them: rich-answers.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dispatched, sentAndRecorded, sentText } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

const CUSTOMER = '+16505551234';

describe('rich messages', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.customerWrites(CUSTOMER);
  });
  after(() => h.close());

  const send = (body: Record<string, unknown>, key?: string) =>
    h.api('POST', '/v1/messages/', { body: { to: CUSTOMER, ...body }, ...(key ? { key } : {}) });
  /** Sends, waits for dispatch, and returns the message and the Graph request the simulator recorded. */
  const sendAndRecord = (body: Record<string, unknown>) => sentAndRecorded(h, { to: CUSTOMER, ...body });
  const envelope = (id: string) => ({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: CUSTOMER,
    biz_opaque_callback_data: id,
  });
  /** A customer message through the simulator's control API (docs/simulator.md). */
  const customer = async (body: Record<string, unknown>): Promise<string> => {
    const answer = await h.customerSends(CUSTOMER, body);
    assert.equal(answer.webhook, 'delivered');
    return answer.wamid;
  };
  const inboundByWamid = async (wamid: string) =>
    (await h.api('GET', `/v1/inbound_messages/${encodeURIComponent(wamid)}`)).body;

  describe('sends, as Meta documents them', () => {
    it('reply buttons with header, footer and a quoted message', async () => {
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

  describe('limits, each breach named by field, all in one answer', () => {
    const issuesOf = async (body: Record<string, unknown>) => {
      const res = await send(body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.error.code, 'parameter_invalid');
      assert.equal(res.body.error.param, res.body.error.issues[0].field);
      return (res.body.error.issues as { code: string; field: string }[]).map((i) => `${i.code} ${i.field}`);
    };
    const long = (n: number) => 'x'.repeat(n);

    it('reply buttons', async () => {
      const issues = await issuesOf({
        type: 'interactive',
        interactive: {
          kind: 'buttons',
          header: long(61),
          body: long(1025),
          footer: long(61),
          buttons: [
            { id: 'a', title: long(21) },
            { id: long(257), title: 'B' },
            { id: 'a', title: 'B' },
            { id: 'd', title: 'D' },
          ],
        },
      });
      assert.deepEqual(issues, [
        'too_long interactive.body',
        'too_long interactive.header',
        'too_long interactive.footer',
        'too_many interactive.buttons',
        'too_long interactive.buttons[0].title',
        'too_long interactive.buttons[1].id',
        'duplicate interactive.buttons[2].id',
        'duplicate interactive.buttons[2].title',
      ]);
      assert.deepEqual(
        await issuesOf({ type: 'interactive', interactive: { kind: 'buttons', body: ' ', buttons: [] } }),
        ['blank interactive.body', 'too_few interactive.buttons'],
      );
      // Counted as the platform's validators count (UTF-16 code units, docs/platform.md §1.4): 👍 counts 2.
      assert.equal(
        (
          await send({
            type: 'interactive',
            interactive: { kind: 'buttons', body: 'ok', buttons: [{ id: 'e', title: '👍'.repeat(10) }] },
          })
        ).status,
        201,
      );
      assert.deepEqual(
        await issuesOf({
          type: 'interactive',
          interactive: { kind: 'buttons', body: 'ok', buttons: [{ id: 'e', title: '👍'.repeat(11) }] },
        }),
        ['too_long interactive.buttons[0].title'],
      );
    });

    it('a list', async () => {
      const sections = Array.from({ length: 11 }, (_, n) => ({
        title: `Section ${n}`,
        rows: [{ id: `r${n}`, title: 'Row' }],
      }));
      sections[0] = { title: long(25), rows: [{ id: long(201), title: long(25), description: long(73) } as never] };
      sections[1] = { rows: [{ id: 'r2', title: 'Row' }] } as never;
      const issues = await issuesOf({
        type: 'interactive',
        interactive: { kind: 'list', body: long(4097), button: long(21), sections },
      });
      assert.deepEqual(issues, [
        'too_long interactive.body',
        'too_long interactive.button',
        'too_many interactive.sections',
        'too_many interactive.sections',
        'too_long interactive.sections[0].title',
        'too_long interactive.sections[0].rows[0].id',
        'too_long interactive.sections[0].rows[0].title',
        'too_long interactive.sections[0].rows[0].description',
        'section_title_required interactive.sections[1].title',
        'duplicate interactive.sections[2].rows[0].id',
      ]);
    });

    it('a call-to-action URL button', async () => {
      assert.deepEqual(
        await issuesOf({
          type: 'interactive',
          interactive: { kind: 'cta_url', body: 'Go', displayText: long(21), url: 'ftp://acme.example' },
        }),
        ['too_long interactive.displayText', 'url_invalid interactive.url'],
      );
    });

    it('location, contacts and reaction', async () => {
      assert.deepEqual(await issuesOf({ type: 'location', location: { latitude: 90.5, longitude: -181 } }), [
        'out_of_range location.latitude',
        'out_of_range location.longitude',
      ]);
      assert.deepEqual(
        await issuesOf({ type: 'contacts', contacts: [{ name: { formatted: 'Ok' } }, { name: { formatted: '  ' } }] }),
        ['blank contacts[1].name.formatted'],
      );
      assert.deepEqual(await issuesOf({ type: 'contacts', contacts: [] }), ['too_few contacts']);
      const inbound = await inboundByWamid(await customer({ text: 'hi' }));
      assert.deepEqual(await issuesOf({ type: 'reaction', reaction: { messageId: inbound.id, emoji: '👍👍' } }), [
        'not_an_emoji reaction.emoji',
      ]);
      assert.deepEqual(await issuesOf({ type: 'reaction', reaction: { messageId: inbound.id, emoji: 'a' } }), [
        'not_an_emoji reaction.emoji',
      ]);
    });

    it('the schema still names shape errors by field', async () => {
      const res = await send({
        type: 'interactive',
        interactive: { kind: 'buttons', body: 'Hi', buttons: [{ id: 'a' }] },
      });
      assert.deepEqual(
        [res.status, res.body.error.code, res.body.error.param],
        [400, 'parameter_missing', 'interactive.buttons.0.title'],
        'the schema names array items as the rest of the API does',
      );
      const kind = await send({ type: 'interactive', interactive: { kind: 'carousel', body: 'Hi' } });
      assert.deepEqual(
        [kind.status, kind.body.error.code, kind.body.error.param],
        [400, 'parameter_invalid', 'interactive.kind'],
      );
    });
  });

  it('the customer service window applies to every rich type, reactions included', async () => {
    const stranger = '+16505550777';
    const bodies = [
      { type: 'interactive', interactive: { kind: 'buttons', body: 'Hi', buttons: [{ id: 'a', title: 'A' }] } },
      {
        type: 'interactive',
        interactive: { kind: 'cta_url', body: 'Hi', displayText: 'Open', url: 'https://acme.example' },
      },
      { type: 'location', location: { latitude: 1, longitude: 2 } },
      { type: 'contacts', contacts: [{ name: { formatted: 'Acme' } }] },
    ];
    for (const body of bodies) {
      const res = await h.api('POST', '/v1/messages/', { body: { to: stranger, ...body } });
      assert.deepEqual([res.status, res.body.error.code], [409, 'outside_customer_window'], body.type);
    }
    // A reaction to the stranger's one message, once their window has closed: refused the same way.
    const old = await h.customerWrites(stranger);
    const inbound = await inboundByWamid(old);
    await h.deps.store.write((tx) =>
      tx
        .updateTable('inbound_messages')
        .set({ sent_at: '2020-01-01T00:00:00.000Z' })
        .where('sender', '=', stranger)
        .execute(),
    );
    await h.deps.store.write((tx) =>
      tx
        .updateTable('contacts')
        .set({ last_inbound_at: '2020-01-01T00:00:00.000Z' })
        .where('phone', '=', stranger)
        .execute(),
    );
    const reaction = await h.api('POST', '/v1/messages/', {
      body: { to: stranger, type: 'reaction', reaction: { messageId: inbound.id, emoji: '👍' } },
    });
    assert.deepEqual([reaction.status, reaction.body.error.code], [409, 'outside_customer_window']);
  });

  it('test keys take rich sends too, nothing reaching the platform', async () => {
    const key = h.account.testKey;
    const inbound = (
      await h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from: '+16505550888', text: 'hi' } })
    ).body;
    const buttons = await h.api('POST', '/v1/messages/', {
      key,
      body: {
        to: '+16505550888',
        type: 'interactive',
        interactive: { kind: 'buttons', body: 'Hi', buttons: [{ id: 'a', title: 'A' }] },
      },
    });
    assert.deepEqual([buttons.status, buttons.body.testMode, buttons.body.interactive.kind], [201, true, 'buttons']);
    const reaction = await h.api('POST', '/v1/messages/', {
      key,
      body: { to: '+16505550888', type: 'reaction', reaction: { messageId: inbound.id, emoji: '👍' } },
    });
    assert.equal(reaction.status, 201, JSON.stringify(reaction.body));
    await eventually(async () => (await h.api('GET', `/v1/messages/${reaction.body.id}`, { key })).body.sentAt);
    // The live key does not see the test customer's message.
    const live = await send({ to: '+16505550888', type: 'reaction', reaction: { messageId: inbound.id, emoji: '👍' } });
    assert.deepEqual([live.status, live.body.error.code], [404, 'reply_target_not_found']);
  });
});
