/** Migration 0028_second_factor (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0028_second_factor: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // The last TOTP time step (30 s since the epoch) a code was accepted for: a code is accepted
    // only for a later step, so none is accepted twice (RFC 6238 section 5.2). Null: none yet.
    // While a second factor is being set up its secret is already in `totp_secret_enc` (0026) and
    // `totp_enabled_at` is null; the pending sign-in is a session with `second_factor = 'pending'`.
    await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  },
};
