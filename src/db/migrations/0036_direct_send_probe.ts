/** Migration 0036_direct_send_probe (src/db/migrations.ts lists them all, in order). */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0036_direct_send_probe: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // Direct Send, learned once (docs/api.md §D19): while a number's capability is unknown (or a
    // refusal expired), one routed send probes it and the others wait. The probe's lease: the
    // message that holds it and until when (ISO, the clock's time); taken in one conditional
    // UPDATE (accounts/direct-send.ts), cleared when the answer is learned, taken over once expired.
    await db.schema.alterTable('phone_numbers').addColumn('direct_send_probe_id', 'text').execute();
    await db.schema.alterTable('phone_numbers').addColumn('direct_send_probe_until', 'text').execute();
    // GET /v1/messages?deliveredAs=: routed sends by how they went out (only routed sends record it;
    // partial, so a send without routing costs the index nothing). The repository repeats this
    // WHERE word for word (message-list.repository.ts), which SQLite needs to choose the index.
    await sql`create index messages_delivered_as_list on messages (account_id, mode, delivered_as, created_at, id) where delivered_as is not null`.execute(
      db,
    );
  },
};
