/**
 * Migration 0032 (the lists' indexes, docs/api.md §D6) on a database that already holds messages:
 * the indexes are made, suppressions_by_account gives way to suppressions_list, and on a SQLite
 * database someone analyzed, the new indexes get statistics too, so the plain list of messages keeps
 * reading messages_list (without them, SQLite took messages_recipient_list for the more selective
 * and sorted every message of the account: bench/README.md, "List filters").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { connectDatabase } from '../src/db/connect.js';
import { listMessages } from '../src/messages/record/message-list.repository.js';
import { DIALECT } from './database.js';
import { capturing } from './list-indexes/plans.js';
import { olderDatabase } from './older-database.js';

describe('migration 0032 on a database with messages', () => {
  it('makes the indexes, and on an analyzed SQLite database their statistics', async () => {
    const { config, older: old, closeOlder, remove } = await olderDatabase('0030_retention_kinds');
    const at = (i: number) => new Date(Date.parse('2026-11-20T10:00:00.000Z') + i * 1000).toISOString();
    await old
      .insertInto('accounts')
      .values({ id: 'acct_x', name: 'x', waba_id: '99', access_token_enc: 'x', created_at: at(0) })
      .execute();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: `msg_${String(i).padStart(5, '0')}`,
      account_id: 'acct_x',
      mode: 'live',
      phone_number_id: '1234',
      recipient: `+1650555${String(i % 50).padStart(4, '0')}`,
      type: 'text',
      status: i % 100 === 7 ? 'scheduled' : 'read',
      source: 'api',
      created_at: at(i),
      updated_at: at(i),
    }));
    await old.insertInto('messages').values(rows).execute();
    await sql`analyze`.execute(old);
    await closeOlder();

    const store = await connectDatabase(config);
    try {
      const names = async (table: string) =>
        DIALECT === 'sqlite'
          ? (
              await sql<{
                name: string;
              }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(store.read)
            ).rows.map((r) => r.name)
          : (
              await sql<{
                name: string;
              }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(
                store.read,
              )
            ).rows.map((r) => r.name);
      const messages = await names('messages');
      assert.ok(
        messages.includes('messages_status_list') && messages.includes('messages_recipient_list'),
        String(messages),
      );
      const suppressions = await names('suppressions');
      assert.ok(suppressions.includes('suppressions_list') && !suppressions.includes('suppressions_by_account'));
      assert.ok((await names('inbound_messages')).includes('inbound_messages_type_list'));
      for (const column of ['actor_id', 'actor_type', 'action', 'object_type'])
        assert.ok((await names('audit_events')).includes(`audit_events_${column}_list`));
      if (DIALECT !== 'sqlite') return;

      const stats = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'messages'`.execute(store.read);
      const analyzed = stats.rows.map((r) => r.idx);
      assert.ok(
        analyzed.includes('messages_recipient_list') && analyzed.includes('messages_status_list'),
        String(analyzed),
      );
      // The plain list reads messages_list, as before the migration.
      const { db, statements } = capturing(store.read);
      assert.equal((await listMessages(db, { accountId: 'acct_x', mode: 'live', limit: 20 })).length, 20);
      const sqlite = new SQLite((config as { file: string }).file, { readonly: true });
      const plan = sqlite.prepare(`explain query plan ${statements[0]!.sql}`).all(...statements[0]!.parameters) as {
        detail: string;
      }[];
      sqlite.close();
      assert.deepEqual(
        plan.map((r) => r.detail),
        ['SEARCH messages USING INDEX messages_list (account_id=? AND mode=?)'],
      );
    } finally {
      await store.close();
      await remove();
    }
  });
});
