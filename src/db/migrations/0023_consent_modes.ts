/** Migration 0023_consent_modes (src/db/migrations.ts lists them all, in order): consent per mode, and overrides recorded. */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0023_consent_modes: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // Suppressions are per mode, like every other resource (docs/api.md §5.3, §D23): live sends
    // obey live suppressions, test sends test ones, and a key sees and changes only its own mode's.
    // The rows stored before are live: keywords, the platform's reports and blocks made them, or a
    // key whose mode was not kept; live sends go on obeying them.
    await db.schema
      .alterTable('suppressions')
      .addColumn('mode', 'text', (c) => c.notNull().defaultTo('live'))
      .execute();
    // A customer is suppressed at most once per mode, number, scope and reason while active.
    await db.schema.dropIndex('suppressions_active_unique').execute();
    await db.schema
      .createIndex('suppressions_active_unique')
      .unique()
      .on('suppressions')
      .columns(['account_id', 'mode', 'number_key', 'customer_key', 'scope', 'reason'])
      .where(sql.ref('lifted_at'), 'is', null)
      .execute();
    // A send that passed a suppression with "suppression": "ignore" records which one and the key
    // that asked (JSON `{ suppressionId, keyId }`); null for every other message.
    await db.schema.alterTable('messages').addColumn('suppression_override', 'text').execute();
  },
};
