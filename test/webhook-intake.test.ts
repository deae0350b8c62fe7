/**
 * The platform's webhooks in (docs/api.md §D11), fed with the real payloads in
 * test/fixtures/platform: signature, every status and message of a batch, durability before the
 * 200, duplicates and any order of arrival.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hubSignature } from '../src/lib/crypto.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture, valueOf } from './helpers.js';

/** Business numbers the fixtures were captured from. */
const FIXTURE_NUMBERS = ['106540352242922', '1122334455667', '109999999999999', '409552778964973'];

describe('platform webhook intake', () => {
  let h: Harness;
  const keys: Record<string, string> = {};

  before(async () => {
    h = await startHarness();
    for (const phoneNumberId of FIXTURE_NUMBERS) {
      const account = await h.deps.accounts.createAccount({
        name: `Fixture ${phoneNumberId}`,
        wabaId: '102290129340398',
        phoneNumberId,
        phoneNumber: '+15550783881',
        accessToken: 'EAAG-fixture-token',
      });
      keys[phoneNumberId] = (await h.deps.keys.createKey({ accountId: account.id, mode: 'live' })).key;
    }
    // The simulator knows only tokens it issued or was told about.
    h.sim.registerToken('EAAG-fixture-token', '102290129340398', FIXTURE_NUMBERS);
  });
  after(() => h.close());

  const post = (payload: unknown, secret = h.deps.secrets.appSecret, signature?: string) => {
    const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return h.app.inject({
      method: 'POST',
      url: '/platform/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? hubSignature(raw, secret) },
      payload: raw,
    });
  };
  const message = async (phoneNumberId: string, id: string) =>
    (await h.api('GET', `/v1/messages/${encodeURIComponent(id)}`, { key: keys[phoneNumberId] })).body;
  /** Rows stored, optionally only for wamids starting with `prefix` (other tests' traffic may be in flight). */
  const counts = async (prefix = '') => {
    const n = async (table: 'messages' | 'status_reports' | 'inbound_messages') =>
      Number(
        (
          await h.deps.store.read
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('platform_message_id', 'like', `${prefix}%`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { messages: await n('messages'), reports: await n('status_reports'), inbound: await n('inbound_messages') };
  };

  it('answers the verification handshake with the challenge, and refuses a wrong token', async () => {
    const ok = await h.app.inject({
      method: 'GET',
      url: `/platform/whatsapp/webhook?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${h.deps.secrets.verifyToken}`,
    });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.body, '1158201444');
    const bad = await h.app.inject({
      method: 'GET',
      url: '/platform/whatsapp/webhook?hub.mode=subscribe&hub.challenge=1&hub.verify_token=wrong',
    });
    assert.equal(bad.statusCode, 403);
  });

  it('refuses a forged or missing signature with 401 and changes nothing', async () => {
    const before = await counts();
    const payload = fixture('webhook-status-sent.json');
    const forged = await post(payload, 'not-the-app-secret');
    assert.equal(forged.statusCode, 401);
    assert.equal(JSON.parse(forged.body).error.code, 'signature_invalid');
    const raw = JSON.stringify(payload);
    const tampered = await post(
      raw.replace('"sent"', '"read"'),
      undefined,
      hubSignature(raw, h.deps.secrets.appSecret),
    );
    assert.equal(tampered.statusCode, 401);
    const missing = await h.app.inject({
      method: 'POST',
      url: '/platform/whatsapp/webhook',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    assert.equal(missing.statusCode, 401);
    assert.deepEqual(await counts(), before);
  });

  it('creates a readable record for a status of a message the service never sent (sent fixture)', async () => {
    const payload = fixture('webhook-status-sent.json');
    assert.equal((await post(payload)).statusCode, 200);
    const status = valueOf(payload).statuses[0];
    const m = await message('106540352242922', status.id);
    assert.equal(m.status, 'sent');
    assert.equal(m.platformMessageId, status.id);
    assert.equal(m.to, '+16505551234');
    assert.equal(m.source, 'external');
    assert.equal(m.type, 'template', 'pricing category marketing means a template');
    assert.equal(m.sentAt, new Date(Number(status.timestamp) * 1000).toISOString());
  });

  it('records a failed status with the platform error (failed fixture, 131049)', async () => {
    const payload = fixture('webhook-status-failed.json');
    assert.equal((await post(payload)).statusCode, 200);
    const status = valueOf(payload).statuses[0];
    const m = await message('106540352242922', status.id);
    assert.equal(m.status, 'failed');
    assert.equal(m.error.code, '131049');
    assert.equal(m.error.message, status.errors[0].error_data.details);
    assert.equal(m.failedAt, new Date(Number(status.timestamp) * 1000).toISOString());
  });

  it('moves a sent message to failed, keeping the sent step', async () => {
    const sent = batch('106540352242922', 1, ['sent'], 'then-failed');
    assert.equal((await post(sent)).statusCode, 200);
    const failed = fixture('webhook-status-failed.json');
    valueOf(failed).statuses[0].id = 'wamid.batch-then-failed-0';
    assert.equal((await post(failed)).statusCode, 200);
    const m = await message('106540352242922', 'wamid.batch-then-failed-0');
    assert.deepEqual([m.status, m.error.code], ['failed', '131049']);
    assert.ok(m.sentAt);
  });

  it('settles a failed status that names no recipient by its wamid, and counts one that names no known message', async () => {
    // docs/platform.md §4.9: a failed send to a BSUID may come back with no recipient field at all.
    assert.equal((await post(batch('106540352242922', 1, ['sent'], 'no-recipient'))).statusCode, 200);
    const failed = fixture('webhook-status-failed.json');
    const item = Object.assign(valueOf(failed).statuses[0], {
      id: 'wamid.batch-no-recipient-0',
      recipient_id: undefined,
    });
    assert.equal((await post(failed)).statusCode, 200);
    const m = await message('106540352242922', 'wamid.batch-no-recipient-0');
    assert.deepEqual([m.status, m.error.code, m.to], ['failed', '131049', '+16505551234']);

    const unmatched = async () =>
      (await h.deps.metrics.registry.getSingleMetric('tidings_webhook_statuses_unmatched_total')!.get()).values[0]
        ?.value ?? 0;
    const before = await unmatched();
    item.id = 'wamid.nobody-knows';
    assert.equal((await post(failed)).statusCode, 200);
    assert.equal(await unmatched(), before + 1);
    assert.deepEqual(
      await counts('wamid.nobody-knows'),
      { messages: 0, reports: 1, inbound: 0 },
      'kept in the status log, no record made up',
    );
  });

  it('applies delivered then read (pywa fixtures), and ignores the late repeat of delivered', async () => {
    assert.equal((await post(fixture('webhook-status-delivered.json'))).statusCode, 200);
    assert.equal((await message('1122334455667', 'wamid.xyzxyz')).status, 'delivered');
    assert.equal((await post(fixture('webhook-status-read.json'))).statusCode, 200);
    const read = await message('1122334455667', 'wamid.xyzxyz');
    assert.equal(read.status, 'read');
    assert.equal((await post(fixture('webhook-status-delivered.json'))).statusCode, 200);
    assert.deepEqual(await message('1122334455667', 'wamid.xyzxyz'), read);
    // failed after read is refused by the status machine.
    assert.equal((await post(fixture('webhook-status-failed-130472.json'))).statusCode, 200);
    assert.equal((await message('1122334455667', 'wamid.xyzxyz')).status, 'read');
  });

  it('records failures with their codes (131047 and 131053 fixtures) and the legacy sent shape', async () => {
    for (const [name, code] of [
      ['webhook-status-failed-131047.json', '131047'],
      ['webhook-status-failed-131053.json', '131053'],
    ] as const) {
      const payload = fixture(name);
      assert.equal((await post(payload)).statusCode, 200);
      const value = valueOf(payload);
      const m = await message(value.metadata.phone_number_id, value.statuses[0].id);
      assert.deepEqual([m.status, m.error.code], ['failed', code], name);
      assert.ok(m.error.message.length > 0);
    }
    const legacy = fixture('webhook-status-sent-cbp-legacy.json');
    assert.equal((await post(legacy)).statusCode, 200);
    assert.equal((await message('409552778964973', valueOf(legacy).statuses[0].id)).status, 'sent');
    assert.equal((await post(fixture('webhook-status-minimal-v24.json'))).statusCode, 200);
  });

  it('stores every inbound fixture once, and an inbound text opens the customer service window', async () => {
    const names = [
      'webhook-inbound-text.json',
      'webhook-inbound-image.json',
      'webhook-inbound-image-no-url.json',
      'webhook-inbound-document-forwarded.json',
      'webhook-inbound-reply-with-context.json',
      'webhook-inbound-template-quick-reply-button.json',
      'webhook-inbound-interactive-button-reply.json',
      'webhook-inbound-text-with-user-id.json',
      'webhook-inbound-unsupported-131051.json',
      'webhook-value-errors-131000.json',
    ];
    for (const name of names) assert.equal((await post(fixture(name))).statusCode, 200, name);
    const stored = await h.deps.store.read.selectFrom('inbound_messages').selectAll().execute();
    const text = stored.find(
      (r) => r.platform_message_id === valueOf(fixture('webhook-inbound-text.json')).messages[0].id,
    )!;
    assert.deepEqual(
      [text.sender, text.text, text.contact_name, text.type],
      ['+16505551234', 'Does it come in another color?', 'Sheena Nelson', 'text'],
    );
    const replies = stored.filter((r) => r.platform_message_id === 'wamid.xyzxyz');
    assert.equal(replies.length, 1, 'one row per wamid whatever the number of deliveries');

    // The fixture is from 2025, so the window it opened has closed; the same payload sent now opens it.
    const to = '+16505551234';
    let send = await h.api('POST', '/v1/messages/', {
      key: keys['106540352242922'],
      body: { to, type: 'text', text: 'Yes: blue' },
    });
    assert.equal(send.body.error.code, 'outside_customer_window');
    const fresh = fixture('webhook-inbound-text.json');
    valueOf(fresh).messages[0].id = 'wamid.fresh-inbound';
    valueOf(fresh).messages[0].timestamp = String(Math.floor(Date.now() / 1000));
    assert.equal((await post(fresh)).statusCode, 200);
    send = await h.api('POST', '/v1/messages/', {
      key: keys['106540352242922'],
      body: { to, type: 'text', text: 'Yes: blue', replyTo: 'wamid.fresh-inbound' },
    });
    assert.equal(send.status, 201);
  });

  it('handles a duplicated batch twice without effect', async () => {
    const payload = batch('1122334455667', 10, ['sent', 'delivered']);
    assert.equal((await post(payload)).statusCode, 200);
    const before = await counts('wamid.batch-dup-');
    assert.deepEqual(before, { messages: 10, reports: 20, inbound: 0 });
    const snapshot = await message('1122334455667', 'wamid.batch-dup-0');
    assert.equal((await post(payload)).statusCode, 200);
    assert.deepEqual(await counts('wamid.batch-dup-'), before);
    assert.deepEqual(await message('1122334455667', 'wamid.batch-dup-0'), snapshot);
  });

  it('reaches the same state from a shuffled batch of 50 statuses, in one request or many', async () => {
    const statuses = valueOf(batch('1122334455667', 17, ['sent', 'delivered', 'read'], 'shuf')).statuses.slice(0, 50);
    const shuffled = [...statuses].sort(() => Math.random() - 0.5);
    const one = batch('1122334455667', 0, []);
    valueOf(one).statuses = shuffled;
    assert.equal((await post(one)).statusCode, 200);
    for (let i = 0; i < 16; i++) assert.equal((await message('1122334455667', `wamid.batch-shuf-${i}`)).status, 'read');
    // The 17th message got only sent and delivered in the first 50: its read arrives alone, later.
    assert.equal((await message('1122334455667', 'wamid.batch-shuf-16')).status, 'delivered');

    const many = [...valueOf(batch('1122334455667', 5, ['sent', 'delivered', 'read'], 'many')).statuses].reverse();
    for (const s of many) {
      const single = batch('1122334455667', 0, []);
      valueOf(single).statuses = [s];
      assert.equal((await post(single)).statusCode, 200);
    }
    for (let i = 0; i < 5; i++) {
      const m = await message('1122334455667', `wamid.batch-many-${i}`);
      assert.equal(m.status, 'read');
      assert.ok(m.sentAt < m.deliveredAt && m.deliveredAt < m.readAt, 'each step keeps its own time');
    }
  });

  it('stores 3,000 messages in three statuses each, POSTed at once in ten batches of 900 (one POST carries at most 1,000)', async () => {
    const posts = [...Array(10).keys()].map((i) =>
      post(batch('1122334455667', 300, ['sent', 'delivered', 'read'], `huge-${i}`)),
    );
    assert.deepEqual(
      (await Promise.all(posts)).map((r) => r.statusCode),
      Array(10).fill(200),
    );
    assert.equal((await counts('wamid.batch-huge-')).messages, 3000);
    assert.equal((await counts('wamid.batch-huge-')).reports, 9000);
    assert.equal((await message('1122334455667', 'wamid.batch-huge-9-299')).status, 'read');
  });

  it('stores a customer message carrying a NUL character, replaced by U+FFFD, rather than refusing the batch forever', async () => {
    const payload = fixture('webhook-inbound-text.json');
    const value = valueOf(payload);
    value.metadata.phone_number_id = '1122334455667';
    value.messages[0].id = 'wamid.nul-in-text';
    value.messages[0].text.body = 'before\u0000after';
    value.messages[0]['odd\u0000key'] = 'x';
    assert.equal((await post(payload)).statusCode, 200);
    const stored = await h.api('GET', '/v1/inbound_messages/wamid.nul-in-text', { key: keys['1122334455667'] });
    assert.equal(stored.body.text, 'before\ufffdafter');
  });

  it('reads every entry and change of a batch', async () => {
    const a = batch('1122334455667', 2, ['sent'], 'multi-a');
    const b = batch('106540352242922', 2, ['sent'], 'multi-b');
    const payload = {
      object: 'whatsapp_business_account',
      entry: [...a.entry, { ...b.entry[0], changes: [...b.entry[0].changes, ...a.entry[0].changes] }],
    };
    assert.equal((await post(payload)).statusCode, 200);
    assert.equal((await message('1122334455667', 'wamid.batch-multi-a-1')).status, 'sent');
    assert.equal((await message('106540352242922', 'wamid.batch-multi-b-1')).status, 'sent');
  });

  it('answers 200 for numbers no account owns, and stores nothing for them', async () => {
    assert.equal((await post(batch('999000999000', 3, ['sent'], 'stranger'))).statusCode, 200);
    assert.deepEqual(await counts('wamid.batch-stranger-'), { messages: 0, reports: 0, inbound: 0 });
  });

  it('refuses a body that is not a platform webhook with 400', async () => {
    assert.equal((await post('{"object":"page"}')).statusCode, 400);
    assert.equal((await post('not json')).statusCode, 400);
  });

  it('links statuses to a send whose answer was lost, by biz_opaque_callback_data, and never sends it again', async () => {
    // The platform takes longer than the service waits: every answer is lost, the send itself is not.
    const h2 = await startHarness({ env: { PLATFORM_TIMEOUT_MS: '200' }, simulator: { latencyMs: 400 } });
    try {
      await h2.customerWrites('+16505551234');
      const res = await h2.api('POST', '/v1/messages/', {
        body: { to: '+16505551234', type: 'text', text: 'lost answer' },
      });
      assert.deepEqual([res.status, res.body.status], [201, 'accepted']);
      const read = await eventually(async () => {
        const m = (await h2.api('GET', `/v1/messages/${res.body.id}`)).body;
        return m.status === 'read' && m;
      });
      assert.match(read.platformMessageId, /^wamid\./);
      assert.equal(read.error, null);
      assert.equal([...h2.sim.state.messages.values()].filter((m) => m.callbackData === res.body.id).length, 1);
      assert.equal(
        await h2.deps.store.read
          .selectFrom('dispatches')
          .select('message_id')
          .where('message_id', '=', res.body.id)
          .executeTakeFirst(),
        undefined,
        'the message left the queue',
      );
    } finally {
      await h2.close();
    }
  });
});

/** A webhook with `count` messages of one number, each reported with `steps`, one second apart. */
function batch(phoneNumberId: string, count: number, steps: string[], tag = 'dup') {
  const statuses: Record<string, string>[] = [];
  for (let i = 0; i < count; i++) {
    steps.forEach((status, s) => {
      statuses.push({
        id: `wamid.batch-${tag}-${i}`,
        status,
        timestamp: String(1750030073 + s),
        recipient_id: '16505551234',
      });
    });
  }
  const template = fixture('webhook-status-minimal-v24.json');
  valueOf(template).metadata.phone_number_id = phoneNumberId;
  valueOf(template).statuses = statuses;
  return template;
}
