/**
 * Issue 42, item 1: conversations Meta's agent holds (docs/api.md §D30, docs/platform.md §4.18).
 * The simulator's number in "Meta's agent" mode sends the customer's messages, the agent's replies
 * and their statuses under `standby`; Tidings stores them (the customer's as ordinary inbound marked
 * `heldBy: meta_agent`, the agent's replies as outbound messages with source `meta_agent`), shows
 * who holds the conversation on the contact, and records `conversation.handover`. The business
 * takes it back with a service message; the agent passes it back with `messaging_handovers`. Every
 * message both ways is counted at the end: none lost. Through the real webhook path, on both dialects.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseWebhook } from '../src/platform/cloud-api/webhook-payload.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

const CUSTOMER = '+16505557401';

describe("conversations Meta's agent holds (issue 42)", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h.close());

  const sim = async (path: string, body: unknown) => {
    const res = await fetch(`${h.simUrl}/_simulator/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const get = async (url: string) => (await h.api('GET', url)).body;
  const inbound = async () =>
    ((await get('/v1/inbound_messages?limit=100')).data as any[]).filter((m) => m.from === CUSTOMER);
  const outbound = async () => ((await get('/v1/messages?limit=100')).data as any[]).filter((m) => m.to === CUSTOMER);
  const handovers = async () =>
    ((await get('/v1/events?type=conversation.handover&limit=100')).data as any[]).reverse();
  const contact = async () => ((await get('/v1/contacts?limit=100')).data as any[]).find((c) => c.phone === CUSTOMER);
  /** The customer writes `text`; resolves with the simulator's answer once Tidings stored the message. */
  const writes = async (text: string) => {
    const answer = await h.customerSends(CUSTOMER, { type: 'text', text });
    await eventually(async () => (await inbound()).some((m) => m.text === text));
    return answer;
  };

  it('parses standby and messaging_handovers (the shapes the simulator sends)', () => {
    const metadata = { display_phone_number: '15550001111', phone_number_id: '1234' };
    const parsed = parseWebhook({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '999',
          time: 1764000000,
          changes: [
            {
              field: 'standby',
              value: {
                messaging_product: 'whatsapp',
                metadata,
                contacts: [{ profile: { name: 'Ann' }, wa_id: '16505557401' }],
                messages: [
                  { from: '16505557401', id: 'wamid.C1', timestamp: '1764000000', type: 'text', text: { body: 'hi' } },
                ],
                message_echoes: [
                  {
                    from: '15550001111',
                    to: '16505557401',
                    id: 'wamid.A1',
                    timestamp: '1764000001',
                    type: 'text',
                    text: { body: 'hello' },
                  },
                ],
                statuses: [
                  { id: 'wamid.A1', status: 'delivered', timestamp: '1764000002', recipient_id: '16505557401' },
                ],
              },
            },
            {
              field: 'messaging_handovers',
              value: {
                messaging_product: 'whatsapp',
                metadata,
                type: 'control_passed',
                control_passed: { previous_owner: { role: 'ai_agent' }, new_owner: { role: 'escalation_partner' } },
                sender: { wa_id: '16505557401' },
                timestamp: 1764000003,
              },
            },
            {
              field: 'messaging_handovers',
              value: { messaging_product: 'whatsapp', metadata, type: 'control_passed' },
            },
          ],
        },
      ],
    })!;
    assert.deepEqual(
      parsed.inbound.map((m) => [m.wamid, m.standby]),
      [['wamid.C1', true]],
    );
    assert.deepEqual(
      parsed.echoes.map((e) => [e.wamid, e.sender, e.text]),
      [['wamid.A1', 'meta_agent', 'hello']],
    );
    assert.deepEqual(
      parsed.statuses.map((s) => [s.wamid, s.status]),
      [['wamid.A1', 'delivered']],
    );
    assert.deepEqual(parsed.handovers, [
      {
        phoneNumberId: '1234',
        waId: '16505557401',
        userId: null,
        at: '2025-11-24T16:00:03.000Z',
        type: 'control_passed',
        previousRole: 'ai_agent',
        newRole: 'escalation_partner',
        metadata: null,
      },
    ]);
    assert.equal(parsed.ignored, 1, 'a handover naming no customer is ignored, not an error');
    assert.equal(parsed.signals.length, 0, 'neither field is passed on as platform.webhook');
  });

  it("stores the agent's conversation, shows who holds it, and loses no message when it is handed back and forth", async () => {
    const pnid = h.account.phoneNumberId;
    const on = await sim(`numbers/${pnid}/meta_agent`, { enabled: true, reply: 'Agent here' });
    assert.equal(on.status, 200, JSON.stringify(on.body));

    // The agent holds the conversation: the customer's messages and its replies come under standby.
    for (const text of ['Where is my order?', 'It is order 42']) {
      const answer = await writes(text);
      assert.equal(answer.webhook, 'standby');
    }
    const agentReplies = await eventually(async () => {
      const list = (await outbound()).filter((m) => m.source === 'meta_agent');
      return list.length === 2 && list.every((m) => m.status === 'read') ? list : undefined;
    });
    assert.deepEqual(
      agentReplies.map((m) => [m.type, m.text]),
      [
        ['text', 'Agent here'],
        ['text', 'Agent here'],
      ],
    );
    assert.ok(agentReplies.every((m) => m.contactId === agentReplies[0].contactId && m.contactId));
    const held = await inbound();
    assert.deepEqual(
      held.map((m) => m.heldBy),
      ['meta_agent', 'meta_agent'],
    );
    const received = (await get('/v1/events?type=message.received&limit=100')).data as any[];
    assert.equal(received.filter((e) => e.data.object.from === CUSTOMER).length, 2, 'each emitted as message.received');
    let c = await contact();
    assert.equal(c.conversation.holder, 'meta_agent');
    assert.equal(c.window.open, true, 'a customer message under standby opens the service window (docs/api.md §D30)');
    const timeline = (await get(`/v1/contacts/${c.id}/messages?limit=100`)).data as any[];
    assert.equal(timeline.length, 4, "the thread shows both sides of the agent's conversation");
    let events = await handovers();
    assert.deepEqual(
      events.map((e) => [e.data.object.from, e.data.object.to, e.data.object.contactId]),
      [['business', 'meta_agent', c.id]],
    );
    assert.match(events[0].data.object.reason, /^(standby_message|agent_reply)$/);

    // The business takes it back with a service message (Meta: a service message takes over).
    const takeBack = (id: string, body: unknown) =>
      h.api('POST', `/v1/contacts/${id}/conversation/take_back`, { body });
    assert.equal((await takeBack('ct_nobody', { text: 'x' })).body.error.code, 'contact_not_found');
    assert.equal((await takeBack(c.id, { text: '' })).status, 400, 'an empty text is refused, not a 500');
    assert.equal((await takeBack(c.id, { text: 'x', extra: 1 })).status, 400);
    const sent = await takeBack(c.id, { text: 'A person here: let me check' });
    assert.equal(sent.status, 201, sent.text);
    assert.deepEqual(
      [sent.body.type, sent.body.text, sent.body.contactId],
      ['text', 'A person here: let me check', c.id],
    );
    c = await eventually(async () => {
      const now = await contact();
      return now.conversation.holder === 'business' ? now : undefined;
    });
    assert.equal(c.conversation.reason, 'service_message');
    events = await handovers();
    assert.deepEqual(events.map((e) => [e.data.object.from, e.data.object.to, e.data.object.reason]).slice(1), [
      ['meta_agent', 'business', 'service_message'],
    ]);
    // The customer's next message comes under `messages` again, and the agent does not answer it.
    const back = await writes('Thanks, a person at last');
    assert.equal(back.webhook, 'delivered');
    assert.equal((await inbound()).find((m) => m.text === 'Thanks, a person at last').heldBy, null);

    // The business releases it (no webhook, Meta: a release names no new owner); the customer's next
    // message is the agent's again, and the agent passes it back (messaging_handovers control_passed).
    assert.deepEqual((await sim(`numbers/${pnid}/meta_agent/release`, { to: CUSTOMER })).body.webhook, null);
    assert.equal((await writes('One more question')).webhook, 'standby');
    await eventually(async () => (await contact()).conversation.holder === 'meta_agent');
    await eventually(async () => (await outbound()).filter((m) => m.source === 'meta_agent').length === 3);
    const passed = await sim(`numbers/${pnid}/meta_agent/pass`, { to: CUSTOMER, metadata: 'needs a person' });
    assert.equal(passed.status, 200, JSON.stringify(passed.body));
    c = await eventually(async () => {
      const now = await contact();
      return now.conversation.reason === 'control_passed' ? now : undefined;
    });
    assert.equal(c.conversation.holder, 'business');
    assert.equal((await writes('Still there?')).webhook, 'delivered');

    // Every message, both ways: five from the customer, three agent replies, one business message.
    // Compared as sets: the platform's timestamps are whole seconds, so messages of one second may
    // list in either order.
    const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
    const all = await inbound();
    assert.deepEqual(
      sorted(all.map((m) => [m.text, m.heldBy])),
      sorted([
        ['Where is my order?', 'meta_agent'],
        ['It is order 42', 'meta_agent'],
        ['Thanks, a person at last', null],
        ['One more question', 'meta_agent'],
        ['Still there?', null],
      ]),
    );
    const out = await outbound();
    assert.deepEqual(
      sorted(out.map((m) => [m.source, m.text])),
      sorted([
        ['meta_agent', 'Agent here'],
        ['meta_agent', 'Agent here'],
        ['meta_agent', 'Agent here'],
        ['api', 'A person here: let me check'],
      ]),
    );
    assert.equal((await get(`/v1/contacts/${c.id}/messages?limit=100`)).data.length, 9);
    // Analytics count the agent's replies apart: in `metaAgent`, and in no figure of the business's.
    const analytics = await eventually(async () => {
      const a = await get('/v1/analytics/messages');
      return a.total.accepted === 1 ? a : undefined;
    });
    assert.equal(analytics.metaAgent.replies, 3);
    assert.ok(analytics.metaAgent.delivered >= 1 && analytics.metaAgent.read <= 3);
    assert.equal((await get(`/v1/analytics/messages?phoneNumberId=${pnid}`)).metaAgent.replies, 3);
    assert.equal((await get('/v1/analytics/messages?phoneNumberId=999')).metaAgent.replies, 0);
    // The agent's holding is told by the customer's standby message or the agent's echo, whichever
    // webhook came first (the platform sends them apart; no order is promised).
    const reasons = (await handovers()).map((e) => e.data.object.reason.replace('agent_reply', 'standby_message'));
    assert.deepEqual(reasons, ['standby_message', 'service_message', 'standby_message', 'control_passed']);
  });
});
