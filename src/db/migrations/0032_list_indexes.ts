/** Migration 0032_list_indexes (src/db/migrations.ts lists them all, in order). */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0032_list_indexes: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // Every list filter read from an index in the list's order (docs/api.md §D6): a page reads about
    // `limit` rows, not the account's whole list until the page fills. Each index leads with the
    // list's scope, then the filter's column, then the list's order (newest first, keyset paged).

    // GET /v1/messages?status=: the states a message passes through or ends in rarely (scheduled,
    // accepted, sent, failed, canceled). Partial: a message leaves it once delivered or read, so a
    // send costs one entry in, one move on `sent` and one out on `delivered`; the two common end
    // states stay out of it (their pages are dense in messages_list). The repository repeats this
    // WHERE word for word (message-list.repository.ts), which SQLite needs to choose the index.
    await sql`create index messages_status_list on messages (account_id, mode, status, created_at, id) where status not in ('delivered', 'read')`.execute(
      db,
    );
    // GET /v1/messages?to=: a recipient's messages. The address never changes: one entry per send.
    await db.schema
      .createIndex('messages_recipient_list')
      .on('messages')
      .columns(['account_id', 'mode', 'recipient', 'created_at', 'id'])
      .execute();
    // GET /v1/inbound_messages?type=: customers' messages of one type. One entry per message received.
    await db.schema
      .createIndex('inbound_messages_type_list')
      .on('inbound_messages')
      .columns(['account_id', 'mode', 'type', 'sent_at', 'id'])
      .execute();

    // GET /v1/suppressions: the list is per account and mode (suppressions_by_account lacked the mode,
    // so a test key's page walked the live rows); by number, by reason, and the lifted ones. Written
    // on opt-outs and lifts only.
    await db.schema.dropIndex('suppressions_by_account').execute();
    await db.schema.createIndex('suppressions_list').on('suppressions').columns(['account_id', 'mode', 'id']).execute();
    await db.schema
      .createIndex('suppressions_number_list')
      .on('suppressions')
      .columns(['account_id', 'mode', 'phone_number_id', 'id'])
      .execute();
    await db.schema
      .createIndex('suppressions_reason_list')
      .on('suppressions')
      .columns(['account_id', 'mode', 'reason', 'id'])
      .execute();
    await sql`create index suppressions_lifted_list on suppressions (account_id, mode, id) where lifted_at is not null`.execute(
      db,
    );

    // GET /v1/audit_events: by actor, actor kind, action and kind of object (an object's own entries
    // are audit_events_object's, 0029). Written once per audited change.
    for (const column of ['actor_id', 'actor_type', 'action', 'object_type'])
      await db.schema
        .createIndex(`audit_events_${column}_list`)
        .on('audit_events')
        .columns(['chain', column, 'created_at', 'id'])
        .execute();

    // SQLite: a database someone analyzed (the service never does) has statistics for the old indexes
    // and none for these, which SQLite then takes for very selective: the plain list of messages
    // chose messages_recipient_list and sorted the account's every message (4 req/s at 1,000,000
    // messages, bench/README.md). The tables' statistics made again keep them in step.
    const analyzed =
      !(db.getExecutor().adapter instanceof PostgresAdapter) &&
      (await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db)).rows.length > 0;
    if (analyzed)
      for (const table of ['messages', 'inbound_messages', 'suppressions', 'audit_events'])
        await sql`analyze ${sql.table(table)}`.execute(db);
  },
};
