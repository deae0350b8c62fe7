/**
 * The message aggregates for messages stored before them (migrations 0017 and 0025, the quarter
 * hours; docs/api.md §D22): each counted once, by the steps it had reached, and changes after the
 * migration counted on top.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { readStats } from '../src/analytics/message-stats.repository.js';
import { foldStatChanges } from '../src/analytics/stats-fold.repository.js';
import { connectDatabase } from '../src/db/connect.js';
import { STAT_COUNTERS, type StatGrain } from '../src/db/tables/message-stats.js';
import { olderDatabase } from './older-database.js';

/** A stored message of account `acct_x` accepted at `createdAt`, in `status`, with these steps. */
function message(createdAt: string, id: string, status: string, steps: Record<string, string | null>) {
  return {
    id,
    account_id: 'acct_x',
    mode: 'live',
    phone_number_id: '1234',
    recipient: '+16505550100',
    type: 'text',
    status,
    source: 'api',
    sent_at: null,
    delivered_at: null,
    read_at: null,
    failed_at: null,
    error_code: null,
    created_at: createdAt,
    updated_at: createdAt,
    ...steps,
  };
}

/** Account `acct_x` and its number `1234`, as an older release stored them. */
async function seedAccount(old: Kysely<any>, at: string): Promise<void> {
  await old
    .insertInto('accounts')
    .values({ id: 'acct_x', name: 'x', waba_id: '99', access_token_enc: 'x', created_at: at })
    .execute();
  await old
    .insertInto('phone_numbers')
    .values({
      phone_number_id: '1234',
      account_id: 'acct_x',
      display_phone_number: '15550001234',
      throughput: 80,
      created_at: at,
    })
    .execute();
}

describe('message aggregates for messages stored before them (migration 0017)', () => {
  it('counts each stored message once by the steps it reached, then follows its changes', async () => {
    // The database as the release before the aggregates left it, with three messages.
    const { config, older: old, closeOlder, remove } = await olderDatabase('0016_template_lifecycle');
    const at = (s: number) => new Date(Date.parse('2026-11-20T10:00:00.000Z') + s * 1000).toISOString();
    await seedAccount(old, at(0));
    await old
      .insertInto('messages')
      .values([
        message(at(0), 'msg_read', 'read', { sent_at: at(1), delivered_at: at(3), read_at: at(9) }),
        message(at(0), 'msg_failed', 'failed', { failed_at: at(2), error_code: '131026' }),
        message(at(0), 'msg_queued', 'accepted', {}),
      ])
      .execute();
    await closeOlder();

    const store = await connectDatabase(config);
    try {
      const figures = async () => {
        const rows = await readStats(store.read, {
          accountId: 'acct_x',
          mode: 'live',
          grain: 'day',
          fromBucket: '2026-11-20',
          toBucket: '2026-11-21',
          dimensions: [],
          filters: {},
        });
        assert.equal(rows.length, 1);
        const c = Object.fromEntries(STAT_COUNTERS.map((name, i) => [name, rows[0]!.counters[i]]));
        return [c.n_messages, c.n_accepted, c.n_sent, c.n_delivered, c.n_read, c.n_failed, c.sd_5];
      };
      // 3 messages, 1 sent, delivered and read (sent → delivered 2 s: bin 5, 1.6–3.2 s), 1 failed.
      assert.deepEqual(await figures(), [3, 3, 1, 1, 1, 1, 1]);
      // The queued one goes out and is delivered after the migration: counted on top, once.
      await store.write((tx) =>
        tx
          .updateTable('messages')
          .set({ status: 'delivered', sent_at: at(4), delivered_at: at(6) })
          .where('id', '=', 'msg_queued')
          .execute(),
      );
      assert.deepEqual(await figures(), [3, 3, 2, 2, 1, 1, 2]);
      await foldStatChanges(store);
      assert.deepEqual(await figures(), [3, 3, 2, 2, 1, 1, 2]);
    } finally {
      await store.close();
      await remove();
    }
  });
});

describe('quarter-hour aggregates for messages stored before them (migration 0025)', () => {
  it('counts each stored message once in its quarter hour, folds the log of hours, and follows later changes', async () => {
    // Before 0025: two messages in one UTC hour, a quarter hour apart on either side of 18:30 (in
    // India, 23:40 and 00:10: two days), one of them changed (the log holds rows of hours).
    const { config, older: old, closeOlder, remove } = await olderDatabase('0022_template_parameter_format');
    await seedAccount(old, '2026-11-20T18:00:00.000Z');
    await old
      .insertInto('messages')
      .values([
        message('2026-11-20T18:10:00.000Z', 'msg_a', 'accepted', {}),
        message('2026-11-20T18:40:00.000Z', 'msg_b', 'accepted', {}),
      ])
      .execute();
    await old
      .updateTable('messages')
      .set({ status: 'sent', sent_at: '2026-11-20T18:41:00.000Z' })
      .where('id', '=', 'msg_b')
      .execute();
    await closeOlder();

    const store = await connectDatabase(config);
    try {
      const counts = async (grain: StatGrain, fromBucket: string, toBucket: string) =>
        (
          await readStats(store.read, {
            accountId: 'acct_x',
            mode: 'live',
            grain,
            fromBucket,
            toBucket,
            dimensions: [],
            filters: {},
          })
        ).map((r) => [
          r.bucket,
          r.counters[STAT_COUNTERS.indexOf('n_messages')],
          r.counters[STAT_COUNTERS.indexOf('n_sent')],
        ]);
      const log = async () =>
        Number(
          (await sql<{ n: number }>`select count(*) as n from message_stat_changes`.execute(store.read)).rows[0]!.n,
        );
      assert.equal(await log(), 0, 'the log of hours was folded by the migration');
      const quarters = () => counts('quarter', '2026-11-20T18:00', '2026-11-20T19:00');
      assert.deepEqual(await quarters(), [
        ['2026-11-20T18:00', 1, 0],
        ['2026-11-20T18:30', 1, 1],
      ]);
      assert.deepEqual(await counts('hour', '2026-11-20T18', '2026-11-20T19'), [['2026-11-20T18', 2, 1]]);
      assert.deepEqual(await counts('day', '2026-11-20', '2026-11-21'), [['2026-11-20', 2, 1]]);
      // A change after the migration: in the log as a quarter hour, then folded, counted once.
      await store.write((tx) =>
        tx
          .updateTable('messages')
          .set({ status: 'sent', sent_at: '2026-11-20T18:50:00.000Z' })
          .where('id', '=', 'msg_a')
          .execute(),
      );
      const after = [
        ['2026-11-20T18:00', 1, 1],
        ['2026-11-20T18:30', 1, 1],
      ];
      assert.deepEqual(await quarters(), after);
      assert.ok((await foldStatChanges(store)) > 0);
      assert.deepEqual(await quarters(), after);
      assert.deepEqual(await counts('hour', '2026-11-20T18', '2026-11-20T19'), [['2026-11-20T18', 2, 2]]);
    } finally {
      await store.close();
      await remove();
    }
  });
});
