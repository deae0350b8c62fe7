/**
 * The Cloud API facade's sends (issue 43, docs/api.md §D34): whatsapp-api-js, changed only in its
 * token (a Tidings live key) and where its fetch goes (`https://graph.facebook.com` → the service's
 * `/graph`), sends every message type through `POST /{phone-number-id}/messages`; each is answered
 * at once with a `msg_` id, reaches the simulator as the Cloud API request it stands for, and moves
 * on through /v1. Mark as read with the typing indicator; the refusals in Meta's envelope as the
 * library surfaces them; a retry with the same Idempotency-Key queueing once; the phone number node.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { WhatsAppAPI } from 'whatsapp-api-js';
import { Reaction, Text } from 'whatsapp-api-js/messages';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { facadeClient } from './cloud-api-receiver.js';
import { approvedTemplate, platformRequest, uploaded } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';
import { everyType } from './facade-sends/messages.js';

describe('the Cloud API facade: sends through whatsapp-api-js (issue 43)', () => {
  let h: Harness;
  let api: WhatsAppAPI;
  let PNID: string;
  const phone = '16505551234';
  /** whatsapp-api-js 6.3 types a recipient as needing a BSUID; a phone alone is what it sends for `{ phone }`. */
  const toPhone = (p = phone) => ({ phone: p }) as unknown as { bsuid: string };
  const client = (token: string) => facadeClient(h, token);
  const message = async (id: string) => (await h.api<Message>('GET', `/v1/messages/${id}`)).body;
  const graph = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    fetch(`${h.url}/graph/v25.0${path}`, {
      method: init.method ?? 'POST',
      headers: { authorization: `Bearer ${h.account.liveKey}`, 'content-type': 'application/json', ...init.headers },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  before(async () => {
    h = await startHarness();
    PNID = h.account.phoneNumberId;
    api = client(h.account.liveKey);
    await h.customerWrites(`+${phone}`, 'Where is my order?');
  });
  after(() => h.close());

  it('sends every message type, each reaching the platform as the Cloud API request it stands for', async () => {
    const template = await approvedTemplate(h, {
      name: 'facade_order',
      header: { type: 'text', text: 'Order {{1}}', example: 'A-1042' },
      body: 'Hi {{1}}, your order left our warehouse today.',
      variables: [{ example: 'Ann' }],
      buttons: [{ type: 'quick_reply', text: 'Stop updates' }],
    });
    const files = {
      image: await uploaded(h, 'sample.jpg', 'image/jpeg'),
      video: await uploaded(h, 'sample.mp4', 'video/mp4'),
      audio: await uploaded(h, 'sample.mp3', 'audio/mpeg'),
      document: await uploaded(h, 'sample.pdf', 'application/pdf'),
      sticker: await uploaded(h, 'sample.webp', 'image/webp'),
    };
    const sends = everyType(files);
    const ids: string[] = [];
    for (const [name, m, check] of sends) {
      const res = (await api.sendMessage(PNID, toPhone(), m)) as any;
      assert.equal(res.error, undefined, `${name}: ${JSON.stringify(res.error)}`);
      assert.deepEqual(res.contacts, [{ input: phone, wa_id: phone }], name);
      assert.match(res.messages[0].id, /^msg_/, name);
      const request = await platformRequest(h, res.messages[0].id);
      assert.equal(request.to, `+${phone}`, name);
      check(request);
      ids.push(res.messages[0].id);
    }
    // The file's platform id, registered for the number, is what the platform receives.
    assert.notEqual((await platformRequest(h, ids[1]!)).image.id, files.image.id);
    // A reply, quoting our own message by its msg_ id, and a reaction on it.
    const reply = (await api.sendMessage(PNID, toPhone(), new Text('Also this'), ids[0])) as any;
    const quoted = (await message(ids[0]!)).platformMessageId;
    assert.deepEqual((await platformRequest(h, reply.messages[0].id)).context, { message_id: quoted });
    const reaction = (await api.sendMessage(PNID, toPhone(), new Reaction(ids[0]!, '👍'))) as any;
    assert.deepEqual((await platformRequest(h, reaction.messages[0].id)).reaction, { message_id: quoted, emoji: '👍' });
    // To a BSUID alone (v25.0): the answer names the user id, as the platform's does.
    const user = h.sim.state.userIdForPhone(phone);
    const byBsuid = (await api.sendMessage(PNID, { bsuid: user }, new Text('by BSUID'))) as any;
    assert.deepEqual(byBsuid.contacts, [{ input: user, user_id: user }]);
    assert.equal((await platformRequest(h, byBsuid.messages[0].id)).recipient, user);
    // Every message moves on as any other: delivered (a reaction only gets `sent`).
    for (const id of [...ids, reply.messages[0].id, byBsuid.messages[0].id])
      await eventually(async () => ['delivered', 'read'].includes((await message(id)).status));
    assert.equal((await message(ids[6]!)).templateId, template.id);
    // Tidings' own fields ride along in `tidings`: clientReference, validity, routing.
    const extra = await graph(`/${PNID}/messages`, {
      body: {
        messaging_product: 'whatsapp',
        to: `+1 (650) 555-1234`,
        type: 'text',
        text: { body: 'With extras' },
        tidings: { clientReference: 'order-1042', validityPeriod: 600, route: 'auto' },
      },
    });
    assert.equal(extra.status, 200, JSON.stringify(extra.body));
    assert.equal(extra.body.contacts[0].input, '+1 (650) 555-1234');
    const stored = await message(extra.body.messages[0].id);
    assert.deepEqual([stored.clientReference, stored.route, stored.to], ['order-1042', 'auto', `+${phone}`]);
    // Form-encoded, as the Graph API also takes it: object parameters as JSON strings.
    const form = await fetch(`${h.url}/graph/v25.0/${PNID}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.account.liveKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        messaging_product: 'whatsapp',
        to: phone,
        type: 'text',
        text: JSON.stringify({ body: 'As a form' }),
        tidings: JSON.stringify({ clientReference: 'order-1042-form' }),
      }),
    }).then((r) => r.json() as Promise<any>);
    assert.equal((await message(form.messages[0].id)).clientReference, 'order-1042-form');
  });

  it('answers a retry with the same Idempotency-Key with the same message, queued once', async () => {
    const body = { messaging_product: 'whatsapp', to: phone, type: 'text', text: { body: 'Exactly once' } };
    const headers = { 'idempotency-key': 'facade-once' };
    const first = await graph(`/${PNID}/messages`, { body, headers });
    const again = await graph(`/${PNID}/messages`, { body, headers });
    assert.equal(first.status, 200);
    assert.deepEqual(again.body, first.body);
    // The same key with another body is refused, in Meta's envelope with Tidings' 409.
    const other = await graph(`/${PNID}/messages`, { body: { ...body, text: { body: 'Another' } }, headers });
    assert.deepEqual([other.status, other.body.error.code], [409, 100]);
    assert.match(other.body.error.error_data.details, /^idempotency_key_reused: /);
    await platformRequest(h, first.body.messages[0].id);
    const listed = await h.api<{ data: Message[] }>('GET', `/v1/messages?to=%2B${phone}&limit=100`);
    assert.equal(listed.body.data.filter((m) => m.type === 'text' && m.text === 'Exactly once').length, 1);
    const atPlatform = [...h.sim.state.messages.values()].filter((m) => (m.body as any).text?.body === 'Exactly once');
    assert.equal(atPlatform.length, 1);
  });

  it("marks a customer's message read with the typing indicator", async () => {
    const wamid = await h.customerWrites(`+${phone}`, 'Are you there?');
    assert.deepEqual(await api.markAsRead(PNID, wamid, 'text'), { success: true });
    assert.deepEqual(
      h.sim.state.reads.filter((r) => r.wamid === wamid).map((r) => r.typingIndicator),
      ['text'],
    );
    const inbound = await h.api('GET', `/v1/inbound_messages/${encodeURIComponent(wamid)}`);
    assert.ok(inbound.body.readAt);
    const unknown = (await api.markAsRead(PNID, 'wamid.nothing')) as any;
    assert.equal(unknown.error.code, 131009);
    assert.match(unknown.error.error_data.details, /^message_not_found: /);
  });

  it('refuses in Meta’s envelope: a closed window, a suppressed customer, a bad token, another number, bad input', async () => {
    // Nobody at this number ever wrote: free-form text is outside the window (131047).
    const closed = (await api.sendMessage(PNID, toPhone('16505559876'), new Text('Hello?'))) as any;
    assert.equal(closed.error.code, 131047);
    assert.equal(closed.error.type, 'OAuthException');
    assert.match(closed.error.error_data.details, /^outside_customer_window: /);
    // A customer who opted out (131050), window open or not.
    await h.customerWrites('+16505554321', 'STOP');
    await h.api('POST', '/v1/suppressions', { body: { to: '+16505554321' } });
    const suppressed = (await api.sendMessage(PNID, toPhone('16505554321'), new Text('Hi'))) as any;
    assert.equal(suppressed.error.code, 131050);
    assert.match(suppressed.error.error_data.details, /^recipient_suppressed: /);
    // A token Tidings did not issue (190, HTTP 401).
    const raw = await fetch(`${h.url}/graph/v25.0/${PNID}/messages`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_live_not-issued', 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to: phone, text: { body: 'x' } }),
    });
    assert.equal(raw.status, 401);
    assert.equal(
      ((await client('sk_live_not-issued').sendMessage(PNID, toPhone(), new Text('x'))) as any).error.code,
      190,
    );
    // Another number's id (100 / subcode 33).
    const other = (await api.sendMessage('109876543210987', toPhone(), new Text('x'))) as any;
    assert.deepEqual([other.error.code, other.error.error_subcode], [100, 33]);
    // Input Meta refuses at once, each with a clear message.
    const refusals: [Record<string, unknown>, number, RegExp][] = [
      [{ to: phone, text: { body: 'x' } }, 100, /messaging_product is required/],
      [{ messaging_product: 'whatsapp', to: phone, type: 'poll', poll: {} }, 100, /not a message type/],
      [
        { messaging_product: 'whatsapp', to: phone, text: { body: 'x' }, colour: 'red' },
        100,
        /colour is not a parameter/,
      ],
      [{ messaging_product: 'whatsapp', type: 'text', text: { body: 'x' } }, 131008, /to is required/],
      [
        { messaging_product: 'whatsapp', to: phone, type: 'image', image: { link: 'https://a.example/x.png' } },
        100,
        /image\.link is not supported.*upload/i,
      ],
      [
        { messaging_product: 'whatsapp', to: phone, type: 'text', text: { body: 'x' }, biz_opaque_callback_data: 'c' },
        100,
        /tidings\.clientReference/,
      ],
      [
        { messaging_product: 'whatsapp', to: phone, type: 'text', text: { body: 'x'.repeat(5000) } },
        100,
        /^parameter_invalid: /,
      ],
    ];
    for (const [body, code, details] of refusals) {
      const res = await graph(`/${PNID}/messages`, { body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, code, JSON.stringify(res.body));
      assert.match(res.body.error.error_data.details, details);
    }
    const beforeV25 = await fetch(`${h.url}/graph/v24.0/${PNID}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.account.liveKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient: 'US.13491208655302741918',
        text: { body: 'x' },
      }),
    }).then((r) => r.json() as Promise<any>);
    assert.match(beforeV25.error.error_data.details, /v25\.0 or later/);
  });

  it("reads the phone number node with Graph's default fields, and `fields=`", async () => {
    const node = await graph(`/${PNID}`, { method: 'GET' });
    assert.equal(node.status, 200);
    assert.deepEqual(Object.keys(node.body), [
      'verified_name',
      'display_phone_number',
      'platform_type',
      'throughput',
      'id',
    ]);
    assert.deepEqual([node.body.verified_name, node.body.platform_type, node.body.id], ['Acme', 'CLOUD_API', PNID]);
    assert.deepEqual(node.body.throughput, { level: 'STANDARD' });
    const some = await graph(`/${PNID}?fields=throughput{level},quality_score`, { method: 'GET' });
    assert.deepEqual(some.body, { throughput: { level: 'STANDARD' }, id: PNID });
    const wrong = await graph(`/${PNID}?fields=colour`, { method: 'GET' });
    assert.equal(
      wrong.body.error.message,
      '(#100) Tried accessing nonexisting field (colour) on node type (WhatsAppBusinessPhoneNumber)',
    );
  });
});
