/**
 * Group commit (db/batch-writer.ts): concurrent sends share one unit of work, as do concurrent
 * platform webhooks. When one item of a batch cannot be stored, the others still are and only it is
 * refused: no 201 (or webhook 200) for what is not stored, and no refusal for another's fault. The
 * fault is a trigger that refuses one row, on both databases.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { dispatched } from './factories.js';
import { DIALECT } from './database.js';
import { startHarness, type Harness } from './harness.js';
import { fixture, valueOf } from './helpers.js';

/** Makes inserts of `table` whose `column` is `value` fail, as a broken disk or a bug might. */
async function poison(h: Harness, table: string, column: string, value: string): Promise<void> {
  const statements =
    DIALECT === 'sqlite'
      ? [
          `create trigger poison_${table} before insert on ${table} when new.${column} = '${value}' begin select raise(abort, 'poisoned row'); end`,
        ]
      : [
          `create function poison_${table}() returns trigger as $$ begin if new.${column} = '${value}' then raise exception 'poisoned row'; end if; return new; end $$ language plpgsql`,
          `create trigger poison_${table} before insert on ${table} for each row execute function poison_${table}()`,
        ];
  await h.deps.store.write(async (tx) => {
    for (const statement of statements) await sql.raw(statement).execute(tx);
  });
}

describe('group commit', () => {
  let h: Harness;
  const customer = '+16505552900';
  before(async () => {
    h = await startHarness();
    await h.customerWrites(customer);
    await poison(h, 'messages', 'text', 'poison');
    await poison(h, 'inbound_messages', 'text', 'poison');
  });
  after(() => h.close());

  it('stores every send of a batch but the one whose insert fails, which alone is refused', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => (i === 7 ? 'poison' : `Order ${i} shipped.`));
    // Sent in one turn of the event loop: they are stored as one batch.
    const answers = await Promise.all(
      texts.map((text) => h.api<Message>('POST', '/v1/messages/', { body: { to: customer, type: 'text', text } })),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      texts.map((t) => (t === 'poison' ? 503 : 201)),
    );
    assert.equal(answers[7]!.body.error.code, 'service_unavailable');
    for (const a of answers.filter((x) => x.status === 201)) {
      assert.equal((await h.api<Message>('GET', `/v1/messages/${a.body.id}`)).status, 200, 'a 201 means stored');
      assert.match((await dispatched(h, a.body.id)).platformMessageId ?? '', /^wamid\./, 'and queued: it is sent');
    }
    const stored = await h.deps.store.read.selectFrom('messages').select('id').where('text', '=', 'poison').execute();
    assert.deepEqual(stored, [], 'nothing of the refused send was stored');
    const queue = await h.deps.store.read.selectFrom('dispatches').select('message_id').execute();
    assert.equal(queue.length, 0, 'nor queued');
  });

  it('stores every platform webhook of a batch but the one that cannot be stored, which alone gets an error (the platform retries it)', async () => {
    const bodies = Array.from({ length: 10 }, (_, i) => {
      const payload = fixture('webhook-inbound-text.json');
      const value = valueOf(payload);
      value.metadata.phone_number_id = h.account.phoneNumberId;
      value.messages[0].id = `wamid.group-${i}-${Date.now()}`;
      value.messages[0].text.body = i === 3 ? 'poison' : `Hello ${i}`;
      return payload;
    });
    const answers = await Promise.all(bodies.map((b) => h.platformWebhook(b)));
    assert.deepEqual(
      answers.map((a) => a.status),
      bodies.map((_, i) => (i === 3 ? 503 : 200)),
    );
    const stored = await h.deps.store.read
      .selectFrom('inbound_messages')
      .select('platform_message_id')
      .where('platform_message_id', 'like', 'wamid.group-%')
      .execute();
    assert.deepEqual(
      stored.map((r) => r.platform_message_id).sort(),
      bodies.flatMap((b, i) => (i === 3 ? [] : [valueOf(b).messages[0].id as string])).sort(),
    );
  });
});
