/** Migration 0026_people_and_audit (src/db/migrations.ts lists them all, in order). */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0026_people_and_audit: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // People who sign in (docs/api.md §D26). `email` is kept lowercased: one person per address.
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('totp_secret_enc', 'text')
      .addColumn('totp_enabled_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_sign_in_at', 'text')
      .execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
      .execute();
    await db.schema
      .createTable('memberships')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('memberships_pk', ['account_id', 'user_id'])
      .execute();
    await db.schema.createIndex('memberships_user').on('memberships').column('user_id').execute();
    // Server-side sessions: the cookie holds a random token; only its SHA-256 is kept.
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('phone_number_id', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('second_factor', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'created_at']).execute();
    // One-time links: invitations, password resets, the first owner's link (only the token's hash).
    await db.schema
      .createTable('one_time_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.references('accounts.id'))
      .addColumn('email', 'text')
      .addColumn('role', 'text')
      .addColumn('user_id', 'text', (c) => c.references('users.id'))
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createIndex('one_time_links_account')
      .on('one_time_links')
      .columns(['account_id', 'kind'])
      .execute();
    // Single sign-on through OpenID Connect, per account (the client secret encrypted).
    await db.schema
      .createTable('sso_connections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('client_secret_enc', 'text')
      .addColumn('allowed_domains', 'text', (c) => c.notNull())
      .addColumn('role_claim', 'text')
      .addColumn('role_map', 'text', (c) => c.notNull())
      .addColumn('default_role', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // A sign-in in progress at the provider: its state, nonce and PKCE verifier, until the callback.
    await db.schema
      .createTable('sso_attempts')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('connection_id', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .alterTable('accounts')
      .addColumn('sso_required', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('accounts').addColumn('retain_audit_days', 'integer').execute();
    // A key made by a person (null: by the operator with the CLI), and when it was last used.
    await db.schema.alterTable('api_keys').addColumn('created_by', 'text').execute();
    await db.schema.alterTable('api_keys').addColumn('last_used_at', 'text').execute();

    // The audit trail (docs/api.md §D27): append-only, one hash chain per account (`chain`: the
    // account's id, or `service` for what belongs to no account). `seq` and `chain_hash` are set
    // when the entry is sealed into its chain; `entry_hash` when it is written.
    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('chain', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer')
      .addColumn('actor_type', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('object_id', 'text')
      .addColumn('mode', 'text')
      .addColumn('changes', 'text')
      .addColumn('request_id', 'text')
      .addColumn('address', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('entry_hash', 'text', (c) => c.notNull())
      .addColumn('chain_hash', 'text')
      .execute();
    await sql`create unique index audit_events_chain_seq on audit_events (chain, seq) where seq is not null`.execute(
      db,
    );
    await sql`create index audit_events_unsealed on audit_events (created_at, id) where seq is null`.execute(db);
    await db.schema
      .createIndex('audit_events_list')
      .on('audit_events')
      .columns(['chain', 'created_at', 'id'])
      .execute();
    await db.schema
      .createTable('audit_chains')
      .addColumn('chain', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('anchor_seq', 'integer', (c) => c.notNull())
      .addColumn('anchor_hash', 'text', (c) => c.notNull())
      .execute();
  },
};
