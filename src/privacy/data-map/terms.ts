/**
 * The terms of the map of what Tidings keeps (src/privacy/data-map.ts, docs/privacy.md): what a
 * column holds, what removes it, what erasure does to it; and the builder the tables' entries use.
 */

/**
 * What a column holds.
 * - `address`: a customer's phone number (E.164), business-scoped user id (BSUID) or parent BSUID,
 *   or a key built from them.
 * - `name`: a customer's profile name or username, or words built from them (the search index).
 * - `content`: what a customer or a business wrote to a customer (text, captions, rich content,
 *   template values, a document's file name), or an object that carries it (an event, a queued send).
 * - `file`: a customer's file (the bytes), or what describes it as theirs.
 * - `raw_platform_payload`: the platform's message object as it arrived.
 * - `delivery_log`: when and how a message reached (or failed to reach) a customer, and the
 *   answers of the business's webhook receiver to the events about them.
 * - `identifier`: an id (Tidings', the platform's, the client's) that names no person by itself.
 * - `metadata`: the business's own configuration, counts, states and times that hold no personal data.
 * - `secret`: a credential, a key or a hash of one.
 * - `staff`: personal data of the business's team: people, their sessions, who did what.
 */
export type DataCategory =
  | 'address'
  | 'name'
  | 'content'
  | 'file'
  | 'raw_platform_payload'
  | 'delivery_log'
  | 'identifier'
  | 'metadata'
  | 'secret'
  | 'staff';

/** The categories that hold a customer's personal data: each such column is named in docs/privacy.md. */
export const PERSONAL_CATEGORIES: ReadonlySet<DataCategory> = new Set<DataCategory>([
  'address',
  'name',
  'content',
  'file',
  'raw_platform_payload',
  'delivery_log',
]);

/** The per-account settings that remove data by age (accounts table; docs/api.md §D17, §D27). */
export type RetentionSetting =
  | 'retain_message_bodies_days'
  | 'retain_customer_files_days'
  | 'retain_events_days'
  | 'retain_platform_payloads_days'
  | 'retain_inactive_contacts_days'
  | 'retain_audit_days';

/**
 * What removes a value, when no setting does:
 * - `contact lifetime`: the row goes when its customer is erased (on request, or by
 *   `retain_inactive_contacts_days`); nothing else removes it.
 * - `for ever`: nothing removes it (the business's configuration, aggregates, the team).
 * - `until sent`: a send's waiting copy, gone once the dispatcher hands it to the platform (or it fails).
 * - `until done`: a job, gone once it ran.
 * - `24 hours`: idempotency replays and client references (docs/api.md §D4, §D18).
 * - `while blocked`: a block, gone at unblock.
 * - `session lifetime`: a session, removed once expired or revoked.
 * - `ten minutes`: a single sign-on attempt at its provider.
 * - `30 days (platform)`: a file's registration at the platform, which forgets it then (docs/platform.md §3).
 * - `until folded`: the analytics change log, folded into the aggregates within seconds.
 */
export type FixedRetention =
  | 'contact lifetime'
  | 'for ever'
  | 'until sent'
  | 'until done'
  | '24 hours'
  | 'while blocked'
  | 'session lifetime'
  | 'ten minutes'
  | '30 days (platform)'
  | 'until folded';

export type Retention = RetentionSetting | FixedRetention;

/**
 * What erasure of a customer (docs/api.md §D28) does to a column:
 * - `deleted`: the row goes.
 * - `nulled`: the row stays, the value is removed (an address becomes `erased`).
 * - `unlinked`: the row stays, its address and contact removed (the columns marked `nulled`): what
 *   is left (a message's status and times, counted by the analytics) names no one.
 * - `hashed`: the value is replaced by a keyed hash (HMAC-SHA256, key from the secrets file): an
 *   erased customer's active suppression still refuses a send to them.
 * - `kept (no personal data)`: the column holds none.
 * - `not reached (staff data)`: the team's data: erasure of a customer does not touch it.
 * - `not reached (expires)`: a short-lived copy erasure leaves to its own retention (hours at most).
 * - `not reached`: kept as it is: docs/privacy.md says why and for how long.
 */
export type Erasure =
  | 'deleted'
  | 'nulled'
  | 'unlinked'
  | 'hashed'
  | 'kept (no personal data)'
  | 'not reached (staff data)'
  | 'not reached (expires)'
  | 'not reached';

/** One column of one table. */
export interface ColumnEntry {
  table: string;
  column: string;
  category: DataCategory;
  retention: Retention;
  erasure: Erasure;
  /** Whether the export of a customer (docs/api.md §D29) carries what it holds about them. */
  export: boolean;
  /** Only on this dialect (the search index is an FTS5 table on SQLite, a table of words on PostgreSQL). */
  dialect?: 'sqlite' | 'postgres';
  /**
   * The migration (`0029_erasure`) that adds it, when it is written on another branch and not yet
   * merged: until that migration is in src/db/migrations.ts the test does not require the column;
   * once it is, the entry is checked like any other.
   */
  migration?: string;
  /** What it holds, where its name does not say. */
  note?: string;
}

/** A kind of file Tidings writes (or leaves) under the data directory or beside its backups. */
export interface FileEntry {
  /** The path, `DATA_DIR/…` (default `./data`), or `FILE…` for a backup written to `FILE`. */
  path: string;
  category: DataCategory | 'database';
  retention: Retention | 'until the operator deletes it';
  erasure: Erasure;
  export: boolean;
  note: string;
}

export type Defaults = Omit<ColumnEntry, 'table' | 'column' | 'category'>;
export type Column = DataCategory | [DataCategory, Partial<Omit<ColumnEntry, 'table' | 'column' | 'category'>>];

/** The entries of one table: each column's category, with `defaults` unless it says otherwise. */
export function table(name: string, defaults: Defaults, columns: Record<string, Column>): ColumnEntry[] {
  return Object.entries(columns).map(([column, spec]) => {
    const [category, over] = typeof spec === 'string' ? [spec, {}] : spec;
    return { table: name, column, category, ...defaults, ...over };
  });
}

/** The business's own configuration: no customer's data, kept while the account is. */
export const CONFIG: Defaults = { retention: 'for ever', erasure: 'kept (no personal data)', export: false };
/** A customer's row: gone with the customer. */
export const CUSTOMER: Defaults = { retention: 'contact lifetime', erasure: 'deleted', export: true };
/** A customer's message: emptied by erasure into a husk that names no one (the analytics still count it). */
export const HUSK: Defaults = { retention: 'contact lifetime', erasure: 'unlinked', export: true };
/** Nulled by erasure. */
export const NULLED = { erasure: 'nulled' } as const;
/** The team's data (erasure of a customer never touches it). */
export const STAFF: Defaults = { retention: 'for ever', erasure: 'not reached (staff data)', export: false };

export const BODIES = { retention: 'retain_message_bodies_days' } as const;
