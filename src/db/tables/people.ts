/** People, their sessions and sign-in, and the audit trail (0026; people/, audit/; src/db/schema.ts gathers every table). */
import type { Generated } from 'kysely';

/** A person who signs in (docs/api.md §D26). */
export interface UsersTable {
  /** `usr_…`. */
  id: string;
  /** Lowercased: one person per address. */
  email: string;
  name: string;
  /** argon2id (PHC string); null for a person who signs in only through single sign-on. */
  password_hash: string | null;
  /** The TOTP secret, encrypted (lib/crypto SecretBox); null without a second factor. */
  totp_secret_enc: string | null;
  /** ISO: when the second factor was confirmed; null while being set up or absent. */
  totp_enabled_at: string | null;
  /** The last TOTP time step (30 s since the epoch) a code was accepted for (0028): never again one up to it. */
  totp_last_step: Generated<number | null>;
  created_at: string;
  last_sign_in_at: string | null;
}

/** A person's recovery codes for the second factor: SHA-256 of each, each used once. */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

/** A person's role in an account. */
export interface MembershipsTable {
  account_id: string;
  user_id: string;
  /** `owner`, `admin`, `developer`, `agent` or `viewer` (http/access.ts ROLE_PERMISSIONS). */
  role: string;
  created_at: string;
}

/** A signed-in browser (or API client holding the cookie). */
export interface SessionsTable {
  /** `ses_…`: the public id (listed, revoked by it); never the cookie's token. */
  id: string;
  /** Hex SHA-256 of the cookie's token. */
  token_hash: string;
  user_id: string;
  /** The account the session acts in now (the account switcher). */
  account_id: string;
  /** `live` or `test`: chosen in the session, not by a key. */
  mode: 'live' | 'test';
  /** The number the session sends from. */
  phone_number_id: string;
  /** `password` or `sso`. */
  method: string;
  /** `none` (not set up), `pending` (password right, code not yet given), `passed`. */
  second_factor: 'none' | 'pending' | 'passed';
  address: string | null;
  user_agent: string | null;
  created_at: string;
  /** ISO: the last request seen (written at most once a minute); idle expiry counts from it. */
  last_seen_at: string;
  /** ISO: the absolute expiry. */
  expires_at: string;
  revoked_at: string | null;
}

/** An invitation, a password reset, or the first owner's link: used once, within its validity. */
export interface OneTimeLinksTable {
  id: string;
  token_hash: string;
  kind: 'invite' | 'password_reset' | 'owner';
  account_id: string | null;
  email: string | null;
  role: string | null;
  user_id: string | null;
  /** The actor who made it (`usr_…`, `cli`, `system`). */
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/** An account's OpenID Connect provider. */
export interface SsoConnectionsTable {
  /** `sso_…`. */
  id: string;
  account_id: string;
  /** Shown on the button: "Sign in with …". */
  name: string;
  issuer: string;
  client_id: string;
  /** Encrypted; null for a public client (PKCE only). */
  client_secret_enc: string | null;
  /** JSON array of email domains whose people are created on first sign-in. */
  allowed_domains: string;
  /** The ID token / userinfo claim holding the role or groups (`groups`, `roles`); null: none. */
  role_claim: string | null;
  /** JSON object: a claim value (a group) → a role. */
  role_map: string;
  /** The role when no claim value maps; null: refuse people who map to none. */
  default_role: string | null;
  created_at: string;
}

/** A sign-in in progress at the provider, until its callback (ten minutes at most). */
export interface SsoAttemptsTable {
  state_hash: string;
  connection_id: string;
  code_verifier: string;
  nonce: string;
  created_at: string;
  expires_at: string;
}

/** One entry of the audit trail (docs/api.md §D27). Never updated but to seal it; never deleted but by its retention. */
export interface AuditEventsTable {
  /** `aud_…`. */
  id: string;
  /** The account's id, or `service` for what belongs to no account (sign-ins of no account). */
  chain: string;
  /** Its place in the chain, from 1; null until sealed. */
  seq: number | null;
  /** lib/actor.ts Actor: `user`, `key`, `cli`, `platform`, `system`. */
  actor_type: string;
  actor_id: string;
  /** The person's email or the key's hint, as it was. */
  actor_name: string | null;
  /** `template.created`, `session.created`, `suppression.lifted`… */
  action: string;
  object_type: string;
  object_id: string | null;
  mode: 'live' | 'test' | null;
  /** JSON `{ before, after }` (secrets left out), or null. */
  changes: string | null;
  request_id: string | null;
  address: string | null;
  user_agent: string | null;
  created_at: string;
  /** HMAC-SHA256 of the entry's content (audit/audit-hash.ts). */
  entry_hash: string;
  /** ISO: when an erasure removed its `changes` (they named the customer); null: as recorded (0029). */
  redacted_at: Generated<string | null>;
  /** HMAC-SHA256 of the previous entry's chain hash and this entry's hash; null until sealed. */
  chain_hash: string | null;
}

/** Each chain's head (its last sealed entry) and anchor (what the retention removed before it). */
export interface AuditChainsTable {
  chain: string;
  seq: number;
  hash: string;
  /** The last entry removed by the retention (0: none): the chain verifies from it. */
  anchor_seq: number;
  anchor_hash: string;
}

export type AccountsPeopleColumns = {
  /** 1: everyone but owners must sign in through single sign-on. */
  sso_required: Generated<number>;
  /** Days audit entries are kept; null: the default (365). */
  retain_audit_days: Generated<number | null>;
};
