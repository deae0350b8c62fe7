/**
 * Customers' answers to rich messages (docs/api.md §D15): taps on reply buttons and template quick
 * replies, list picks, shared locations and contacts, and reactions, parsed and linked to the
 * message they answer, from the platform's fixtures and through the simulator.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sentAndRecorded } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { fixture, valueOf } from './helpers.js';

const CUSTOMER = '+16505551234';
const DIGITS = CUSTOMER.slice(1);

describe('answers to rich messages come back linked', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.customerWrites(CUSTOMER);
  });
  after(() => h.close());

  const sendAndRecord = (body: Record<string, unknown>) => sentAndRecorded(h, { to: CUSTOMER, ...body });
  /** A customer message through the simulator's control API (docs/simulator.md). */
  const customer = async (body: Record<string, unknown>): Promise<string> => {
    const answer = await h.customerSends(CUSTOMER, body);
    assert.equal(answer.webhook, 'delivered');
    return answer.wamid;
  };
  const inboundByWamid = async (wamid: string) =>
    (await h.api('GET', `/v1/inbound_messages/${encodeURIComponent(wamid)}`)).body;

  /** A fixture's single customer message, re-pointed at our number, customer and message, with a fresh wamid. */
  const adjusted = (name: string, contextWamid: string, wamid: string) => {
    const payload = fixture(name);
    const value = valueOf(payload);
    value.metadata.phone_number_id = h.account.phoneNumberId;
    value.contacts[0].wa_id = DIGITS;
    delete value.contacts[0].user_id;
    delete value.contacts[0].parent_user_id;
    const m = value.messages[0];
    m.from = DIGITS;
    m.id = wamid;
    m.timestamp = String(Math.floor(Date.now() / 1000));
    m.context.id = contextWamid;
    return payload;
  };

  it('a reply-button tap (webhook-inbound-interactive-button-reply.json) names the button and our message, in message.received too', async () => {
    const { message, wamid } = await sendAndRecord({
      type: 'interactive',
      interactive: { kind: 'buttons', body: 'Friday?', buttons: [{ id: 'callback_data', title: 'title' }] },
    });
    const tap = `wamid.tap-${Date.now()}`;
    assert.equal(
      (await h.platformWebhook(adjusted('webhook-inbound-interactive-button-reply.json', wamid, tap))).status,
      200,
    );
    const inbound = await inboundByWamid(tap);
    assert.equal(inbound.type, 'interactive');
    assert.equal(inbound.text, 'title');
    assert.deepEqual(inbound.reply, { id: 'callback_data', title: 'title', description: null });
    assert.deepEqual(inbound.context, { platformMessageId: wamid, messageId: message.id, forwarded: false });
    const answers = await h.api('GET', `/v1/inbound_messages?answering=${message.id}`);
    assert.deepEqual(
      answers.body.data.map((m: { id: string }) => m.id),
      [inbound.id],
    );
    // The list and the contact's timeline name our message too.
    const listed = (await h.api('GET', '/v1/inbound_messages?limit=100')).body.data.find(
      (m: { id: string }) => m.id === inbound.id,
    );
    assert.equal(listed.context.messageId, message.id);
    const timeline = (await h.api('GET', `/v1/contacts/${inbound.contactId}/messages?limit=100`)).body.data;
    assert.equal(timeline.find((e: { id: string }) => e.id === inbound.id).inbound.context.messageId, message.id);
    const events = await h.api('GET', '/v1/events?type=message.received&limit=100');
    const event = events.body.data.find((e: { data: { object: { id: string } } }) => e.data.object.id === inbound.id);
    assert.ok(event, 'message.received carries it');
    assert.deepEqual(event.data.object.reply, inbound.reply);
    assert.equal(event.data.object.context.messageId, message.id);
  });

  it('a template quick-reply tap (webhook-inbound-template-quick-reply-button.json)', async () => {
    const { message, wamid } = await sendAndRecord({
      type: 'text',
      text: 'Stand-in for a template with quick replies',
    });
    const tap = `wamid.quick-${Date.now()}`;
    assert.equal(
      (await h.platformWebhook(adjusted('webhook-inbound-template-quick-reply-button.json', wamid, tap))).status,
      200,
    );
    const inbound = await inboundByWamid(tap);
    assert.equal(inbound.type, 'button');
    assert.deepEqual(inbound.reply, { id: 'callback_data', title: 'title', description: null });
    assert.equal(inbound.context.messageId, message.id);
  });

  it('through the simulator: a button tap, a list pick, a shared location and contacts', async () => {
    const buttons = await sendAndRecord({
      type: 'interactive',
      interactive: {
        kind: 'buttons',
        body: 'Friday?',
        buttons: [
          { id: 'yes', title: 'Yes' },
          { id: 'no', title: 'No' },
        ],
      },
    });
    const tap = await inboundByWamid(
      await customer({
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'no', title: 'No' } },
        contextMessageId: buttons.wamid,
      }),
    );
    assert.deepEqual(
      [tap.reply, tap.context.messageId],
      [{ id: 'no', title: 'No', description: null }, buttons.message.id],
    );

    const list = await sendAndRecord({
      type: 'interactive',
      interactive: {
        kind: 'list',
        body: 'When?',
        button: 'Pick',
        sections: [{ rows: [{ id: 'am', title: 'Morning', description: '8 to 12' }] }],
      },
    });
    const pick = await inboundByWamid(
      await customer({
        type: 'interactive',
        interactive: { type: 'list_reply', list_reply: { id: 'am', title: 'Morning', description: '8 to 12' } },
        contextMessageId: list.wamid,
      }),
    );
    assert.deepEqual(
      [pick.reply, pick.context.messageId],
      [{ id: 'am', title: 'Morning', description: '8 to 12' }, list.message.id],
    );

    const place = await inboundByWamid(
      await customer({
        type: 'location',
        location: { latitude: 52.52, longitude: 13.405, name: 'Home', address: 'Berlin' },
      }),
    );
    assert.deepEqual(place.location, {
      latitude: 52.52,
      longitude: 13.405,
      name: 'Home',
      address: 'Berlin',
      url: null,
    });

    const cards = await inboundByWamid(
      await customer({
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Maria Lopez', first_name: 'Maria' },
            phones: [{ phone: '+34 600 000 000', wa_id: '34600000000', type: 'CELL' }],
          },
        ],
      }),
    );
    assert.deepEqual(cards.contacts, [
      {
        name: { formatted: 'Maria Lopez', first: 'Maria' },
        phones: [{ phone: '+34 600 000 000', type: 'CELL', waId: '34600000000' }],
      },
    ]);
  });

  it("a customer's reaction to our message is on the message: the latest, and gone when removed", async () => {
    const { message, wamid } = await sendAndRecord({ type: 'text', text: 'Your parcel arrived.' });
    assert.equal((await h.api('GET', `/v1/messages/${message.id}`)).body.customerReaction, null);
    const first = await inboundByWamid(
      await customer({ type: 'reaction', reaction: { message_id: wamid, emoji: '👍' } }),
    );
    assert.equal(first.type, 'reaction');
    assert.deepEqual(first.reaction, { emoji: '👍', messageId: message.id, platformMessageId: wamid });
    assert.equal(first.context.messageId, message.id, 'a reaction answers the message it is on');
    assert.deepEqual((await h.api('GET', `/v1/messages/${message.id}`)).body.customerReaction, {
      emoji: '👍',
      at: first.receivedAt,
    });
    const second = await inboundByWamid(
      await customer({ type: 'reaction', reaction: { message_id: wamid, emoji: '❤️' } }),
    );
    assert.equal(
      (await h.api('GET', `/v1/messages/${message.id}`)).body.customerReaction.emoji,
      '❤️',
      `the latest wins (${second.id})`,
    );
    await customer({ type: 'reaction', reaction: { message_id: wamid, emoji: '' } });
    assert.equal(
      (await h.api('GET', `/v1/messages/${message.id}`)).body.customerReaction,
      null,
      'an empty emoji removes it',
    );
    const answers = await h.api('GET', `/v1/inbound_messages?answering=${message.id}&type=reaction`);
    assert.equal(answers.body.data.length, 3);
  });
});
