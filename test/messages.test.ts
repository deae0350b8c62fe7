/** Text messages on a live key, end to end through the simulator (docs/api.md §4.6–4.7, §D8). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dispatched } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture, valueOf } from './helpers.js';

const CUSTOMER = '+16505551234';

describe('messages (live key)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.customerWrites(CUSTOMER);
  });
  after(() => h.close());

  const send = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    h.api('POST', '/v1/messages/', {
      body: { to: CUSTOMER, type: 'text', text: 'Your order shipped', ...body },
      ...(headers ? { headers } : {}),
    });

  it('accepts a text message with 201 and tracks it to read', async () => {
    const res = await send({});
    assert.equal(res.status, 201);
    assert.match(res.body.id, /^msg_/);
    assert.equal(res.body.status, 'accepted');
    assert.equal(res.body.to, CUSTOMER);
    assert.equal(res.body.type, 'text');
    assert.equal(res.body.text, 'Your order shipped');
    assert.equal(res.body.platformMessageId, null, 'the send answers before the platform is called');
    assert.equal(res.body.error, null);
    assert.equal(res.body.testMode, undefined);
    const read = await eventually(async () => {
      const m = (await h.api('GET', `/v1/messages/${res.body.id}`)).body;
      return m.status === 'read' && m;
    });
    assert.match(read.platformMessageId, /^wamid\./);
    assert.ok(read.sentAt && read.deliveredAt && read.readAt);
    assert.ok(read.sentAt <= read.deliveredAt && read.deliveredAt <= read.readAt);
    assert.ok(read.updatedAt >= read.createdAt);
  });

  it("lists the account's business numbers, marking the key's sender and the simulator", async () => {
    const res = await h.api('GET', '/v1/phone_numbers');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, [
      {
        phoneNumberId: h.account.phoneNumberId,
        displayPhoneNumber: res.body.data[0].displayPhoneNumber,
        throughput: 80,
        throughputSource: 'default',
        directSend: 'unknown',
        sender: true,
        simulated: true,
        messagingLimit: null,
        pace: 76.8,
        queued: 0,
        oldestQueuedAgeSeconds: null,
        heldBack: null,
      },
    ]);
    assert.equal(res.body.has_more, false);
  });

  it('records where a send came from: the API by default, the dashboard when it says so', async () => {
    assert.equal((await send({ text: 'from the API' })).body.source, 'api');
    const dash = await send({ text: 'from the dashboard' }, { 'x-tidings-source': 'dashboard' });
    assert.equal(dash.status, 201);
    assert.equal((await h.api('GET', `/v1/messages/${dash.body.id}`)).body.source, 'dashboard');
    const bad = await send({ text: 'from elsewhere' }, { 'x-tidings-source': 'fax' });
    assert.deepEqual([bad.status, bad.body.error.code], [400, 'parameter_invalid']);
  });

  it('sends the platform exactly the Graph API text payload', async () => {
    const res = await send({ text: 'Exact payload' });
    const simMessage = h.sim.state.messages.get((await dispatched(h, res.body.id)).platformMessageId!)!;
    assert.deepEqual(simMessage.body, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: CUSTOMER,
      type: 'text',
      text: { preview_url: false, body: 'Exact payload' },
      biz_opaque_callback_data: res.body.id,
    });
  });

  it('gets a message by its platform message id too', async () => {
    const sent = await dispatched(h, (await send({})).body.id);
    const res = await h.api('GET', `/v1/messages/${encodeURIComponent(sent.platformMessageId!)}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.id, sent.id);
  });

  it('finds a message by a wamid pasted with its / and + as they are, not percent-encoded, a / at its end included', async () => {
    // A wamid is base64: status reports for ones holding both characters, and ending with `/` (the
    // router ignores a trailing slash, so `/v1/messages/` and `/v1/messages` are one route).
    const wamids = [
      'wamid.HBgLMTY1MDU1NTEyMzQVAgAR/GBI5QTNDQT+VCM0Q0Q2RTY3RTc=',
      'wamid.HBgLMTY1MDU1NTEyMzQVAgAR/GBI5QTNDQT+VCM0Q0Q2RTY3R/',
      'wamid.HBgLMTY1MDU1NTEyMzQVAgARGBI5QTNDQTVCM0Q0Q2RTY3RTc/',
    ];
    for (const wamid of wamids) {
      const payload = fixture('webhook-status-sent.json');
      const value = valueOf(payload);
      value.metadata.phone_number_id = h.account.phoneNumberId;
      value.statuses[0].id = wamid;
      assert.equal((await h.platformWebhook(payload)).status, 200);
      for (const path of [`/v1/messages/${wamid}`, `/v1/messages/${encodeURIComponent(wamid)}`]) {
        const res = await h.api('GET', path);
        assert.equal(res.status, 200, `${path}: ${res.text}`);
        assert.equal(res.body.platformMessageId, wamid);
      }
    }
    const stray = await h.api('GET', `/v1/messages/${encodeURIComponent(wamids[0]!)}/`);
    assert.equal(stray.body.platformMessageId, wamids[0], 'a stray slash after an id that does not end with one');
  });

  it('finds a customer message by a wamid ending with / pasted as it is, by the id route and the raw one', async () => {
    for (const wamid of [
      'wamid.HBgLMTY1MDU1NTEyMzQVAgARGBI5QTNDQTVCM0Q0Q2RTY3RTc/',
      'wamid.HBgLMTY1MDU1NTEyMzQVAgAR/GBI5QTNDQTVCM0Q0Q2RTY3R/',
    ]) {
      const payload = fixture('webhook-inbound-text.json');
      const value = valueOf(payload);
      value.metadata.phone_number_id = h.account.phoneNumberId;
      value.messages[0].id = wamid;
      assert.equal((await h.platformWebhook(payload)).status, 200);
      const res = await h.api('GET', `/v1/inbound_messages/${wamid}`);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.platformMessageId, wamid);
    }
  });

  it('answers an unknown message with 404 message_not_found', async () => {
    const res = await h.api('GET', '/v1/messages/msg_doesnotexist');
    assert.equal(res.status, 404);
    assert.equal(res.body.error.code, 'message_not_found');
  });

  it('refuses a number that is not E.164 with 400 phone_number_invalid', async () => {
    for (const to of ['16505551234', '+1650555', 'hello', '+1 (650) 555-12345678']) {
      const res = await send({ to });
      assert.equal(res.status, 400, to);
      assert.equal(res.body.error.code, 'phone_number_invalid');
      assert.equal(res.body.error.param, 'to');
    }
  });

  it('normalises a valid number written with spaces and dashes', async () => {
    const res = await send({ to: '+1 650-555-1234' });
    assert.equal(res.status, 201);
    assert.equal(res.body.to, CUSTOMER);
  });

  it('refuses text sends outside the 24-hour window up front with 409 outside_customer_window', async () => {
    const res = await send({ to: '+16505559876' });
    assert.equal(res.status, 409);
    assert.equal(res.body.error.code, 'outside_customer_window');
    assert.equal(res.body.error.param, 'to');
    assert.equal(
      h.sim.state.messages.size > 0 && [...h.sim.state.messages.values()].some((m) => m.to === '16505559876'),
      false,
    );
  });

  it('checks which fields a type takes', async () => {
    let res = await h.api('POST', '/v1/messages/', { body: { to: CUSTOMER, type: 'text' } });
    assert.deepEqual([res.status, res.body.error.code, res.body.error.param], [400, 'parameter_missing', 'text']);
    res = await send({ caption: 'no' });
    assert.deepEqual([res.status, res.body.error.code, res.body.error.param], [400, 'parameter_unknown', 'caption']);
    res = await send({ text: '   ' });
    assert.deepEqual([res.status, res.body.error.code], [400, 'parameter_invalid']);
    res = await send({ text: 'x'.repeat(4097) });
    assert.deepEqual([res.status, res.body.error.code, res.body.error.param], [400, 'parameter_invalid', 'text']);
    res = await h.api('POST', '/v1/messages/', { body: { to: CUSTOMER, type: 'template', templateId: 'tpl_nope' } });
    assert.deepEqual([res.status, res.body.error.code], [404, 'template_not_found']);
    res = await h.api('POST', '/v1/messages/', { body: { to: CUSTOMER, type: 'media', mediaId: 'med_nope' } });
    assert.deepEqual([res.status, res.body.error.code], [404, 'media_not_found']);
  });

  it('threads a reply by msg_ id (quoting a message still queued by its wamid once sent) and by wamid, and refuses an unknown target with 404', async () => {
    const first = await send({ text: 'first' });
    const byId = await send({ text: 'reply by id', replyTo: first.body.id });
    assert.equal(byId.status, 201);
    assert.equal(byId.body.replyTo, first.body.id);
    const [firstSent, replySent] = [await dispatched(h, first.body.id), await dispatched(h, byId.body.id)];
    assert.deepEqual((h.sim.state.messages.get(replySent.platformMessageId!)!.body as any).context, {
      message_id: firstSent.platformMessageId,
    });
    const inboundWamid = await h.customerWrites(CUSTOMER, 'question?');
    const byWamid = await send({ text: 'answer', replyTo: inboundWamid });
    assert.equal(byWamid.status, 201);
    assert.deepEqual(
      (h.sim.state.messages.get((await dispatched(h, byWamid.body.id)).platformMessageId!)!.body as any).context,
      { message_id: inboundWamid },
    );
    for (const replyTo of ['msg_unknown', 'wamid.unknown']) {
      const res = await send({ replyTo });
      assert.deepEqual(
        [res.status, res.body.error.code, res.body.error.param],
        [404, 'reply_target_not_found', 'replyTo'],
      );
    }
    // A quote of another customer's message is refused up front (it would wait on their queue).
    await h.customerWrites('+16505550177');
    const elsewhere = await send({ to: '+16505550177', text: 'not yours', replyTo: first.body.id });
    assert.deepEqual(
      [elsewhere.status, elsewhere.body.error.code, elsewhere.body.error.param],
      [400, 'parameter_invalid', 'replyTo'],
    );
    assert.match(elsewhere.body.error.message, /not part of the conversation with \+16505550177/);
    const byInboundId = await send({
      text: 'by in_ id',
      replyTo: (await h.api('GET', `/v1/inbound_messages/${inboundWamid}`)).body.id,
    });
    assert.deepEqual(
      (h.sim.state.messages.get((await dispatched(h, byInboundId.body.id)).platformMessageId!)!.body as any).context,
      { message_id: inboundWamid },
    );
  });

  it('reports an asynchronous platform failure (131026) as failed with the platform error', async () => {
    await h.customerWrites('+16505550001');
    const res = await send({ to: '+16505550001' });
    assert.equal(res.status, 201);
    const failed = await eventually(async () => {
      const m = (await h.api('GET', `/v1/messages/${res.body.id}`)).body;
      return m.status === 'failed' && m;
    });
    assert.equal(failed.error.code, '131026');
    assert.match(failed.error.message, /undeliverable/i);
  });

  it('replays an idempotent send without sending twice, and refuses the key for another body', async () => {
    const key = `order-${Date.now()}`;
    const first = await send({ text: 'once' }, { 'idempotency-key': key });
    const before = h.sim.state.messages.size;
    const again = await send({ text: 'once' }, { 'idempotency-key': key });
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.text, first.text);
    assert.equal(h.sim.state.messages.size, before);
    const other = await send({ text: 'twice' }, { 'idempotency-key': key });
    assert.deepEqual([other.status, other.body.error.code], [409, 'idempotency_key_reused']);
    // Scoped by account and mode: the same key on a test key is a new request.
    await h.api('POST', '/v1/test_helpers/inbound_messages', {
      key: h.account.testKey,
      body: { from: CUSTOMER, text: 'hi' },
    });
    const testSend = await h.api('POST', '/v1/messages/', {
      key: h.account.testKey,
      body: { to: CUSTOMER, type: 'text', text: 'once' },
      headers: { 'idempotency-key': key },
    });
    assert.equal(testSend.status, 201);
    assert.notEqual(testSend.body.id, first.body.id);
  });

  it('refuses a malformed Idempotency-Key with 400 idempotency_key_invalid', async () => {
    for (const key of ['has space', 'x'.repeat(256), 'ünïcode']) {
      const res = await send({}, { 'idempotency-key': key });
      assert.deepEqual([res.status, res.body.error.code], [400, 'idempotency_key_invalid'], key);
    }
  });

  it('lists messages newest first, pages with starting_after, and filters by status and recipient', async () => {
    const other = await h.newAccount('Lister');
    const to = '+16505550199';
    await h.customerWrites(to, 'hi', other.phoneNumberId);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await h.api('POST', '/v1/messages/', { key: other.liveKey, body: { to, type: 'text', text: `m${i}` } });
      ids.push(r.body.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await h.api('GET', `/v1/messages?limit=3${cursor ? `&starting_after=${cursor}` : ''}`, {
        key: other.liveKey,
      });
      assert.equal(page.status, 200);
      seen.push(...page.body.data.map((m: { id: string }) => m.id));
      if (!page.body.has_more) break;
      cursor = page.body.data.at(-1).id;
    }
    assert.deepEqual(seen, [...ids].reverse());
    const bad = await h.api('GET', '/v1/messages?starting_after=msg_nope', { key: other.liveKey });
    assert.deepEqual(
      [bad.status, bad.body.error.code, bad.body.error.param],
      [400, 'parameter_invalid', 'starting_after'],
    );
    await eventually(
      async () =>
        (await h.api('GET', '/v1/messages?status=read&limit=100', { key: other.liveKey })).body.data.length === 7,
      20_000,
    );
    assert.equal((await h.api('GET', '/v1/messages?status=accepted', { key: other.liveKey })).body.data.length, 0);
    assert.equal(
      (await h.api('GET', `/v1/messages?to=${encodeURIComponent(to)}&limit=100`, { key: other.liveKey })).body.data
        .length,
      7,
    );
    assert.equal(
      (await h.api('GET', `/v1/messages?to=${encodeURIComponent('+16505550198')}`, { key: other.liveKey })).body.data
        .length,
      0,
    );
  });
});
