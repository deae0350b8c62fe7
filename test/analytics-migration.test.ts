/**
 * The message aggregates for messages stored before them (migration 0017, docs/api.md §D22): each
 * counted once, by the steps it had reached, and changes after the migration counted on top.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readStats } from '../src/analytics/message-stats.repository.js';
import { foldStatChanges } from '../src/analytics/stats-fold.repository.js';
import { connectDatabase } from '../src/db/connect.js';
import { STAT_COUNTERS } from '../src/db/tables/message-stats.js';
import { olderDatabase } from './older-database.js';

describe('message aggregates for messages stored before them (migration 0017)', () => {
  it('counts each stored message once by the steps it reached, then follows its changes', async () => {
    // The database as the release before the aggregates left it, with three messages.
    const { config, older: old, closeOlder, remove } = await olderDatabase('0016_template_lifecycle');
    const at = (s: number) => new Date(Date.parse('2026-11-20T10:00:00.000Z') + s * 1000).toISOString();
    const message = (id: string, status: string, steps: Record<string, string | null>) => ({
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
      created_at: at(0),
      updated_at: at(0),
      ...steps,
    });
    await old
      .insertInto('accounts')
      .values({ id: 'acct_x', name: 'x', waba_id: '99', access_token_enc: 'x', created_at: at(0) })
      .execute();
    await old
      .insertInto('phone_numbers')
      .values({
        phone_number_id: '1234',
        account_id: 'acct_x',
        display_phone_number: '15550001234',
        throughput: 80,
        created_at: at(0),
      })
      .execute();
    await old
      .insertInto('messages')
      .values([
        message('msg_read', 'read', { sent_at: at(1), delivered_at: at(3), read_at: at(9) }),
        message('msg_failed', 'failed', { failed_at: at(2), error_code: '131026' }),
        message('msg_queued', 'accepted', {}),
      ])
      .execute();
    await closeOlder();

    const store = await connectDatabase(config);
    try {
      const figures = async () => {
        const rows = await readStats(store.read, {
          accountId: 'acct_x',
          mode: 'live',
          granularity: 'day',
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
