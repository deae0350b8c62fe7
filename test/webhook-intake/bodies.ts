/**
 * Whole webhook bodies: every inbound fixture stored once, batches repeated, shuffled and large, a
 * NUL character, many entries and changes, numbers no account owns, and bodies that are no webhook.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fixture, valueOf } from '../helpers.js';
import { batch, intakeKit, type IntakeScope } from './kit.js';

export function bodyCases(scope: () => IntakeScope): void {
  const { post, message, counts } = intakeKit(scope);

  it('stores every inbound fixture once, and an inbound text opens the customer service window', async () => {
    const { h, keys } = scope();
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
    const { h, keys } = scope();
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
}
