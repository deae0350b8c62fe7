/**
 * What Tidings keeps, where, for how long (docs/privacy.md): every column of every table the
 * migrations create, and every kind of file under the data directory, each with the kind of data
 * it holds, the retention that removes it, what erasure of a customer does to it
 * (`POST /v1/contacts/{id}/erase`, docs/api.md §D28) and whether the export of a customer carries
 * it (`GET /v1/contacts/{id}/export`, docs/api.md §D29).
 *
 * `test/privacy-map.test.ts` keeps this map, the live schema of both databases and docs/privacy.md
 * in step: a column the migrations create without an entry here fails, naming it; an entry for a
 * column that does not exist fails; a column holding personal data (`PERSONAL_CATEGORIES`) that
 * docs/privacy.md does not name as `table.column` fails. A new column therefore needs an entry here,
 * and, if it holds a customer's address, name, content, file, raw payload or delivery log, a line
 * in docs/privacy.md.
 *
 * Nothing reads this map at run time: it is the record the documentation and the test check.
 */
import { CHANGE_SIDE_COLUMNS, STAT_COUNTERS, STAT_KEY } from '../db/tables/message-stats.js';

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
 * - `nulled`: the row stays, the value is removed.
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

type Defaults = Omit<ColumnEntry, 'table' | 'column' | 'category'>;
type Column = DataCategory | [DataCategory, Partial<Omit<ColumnEntry, 'table' | 'column' | 'category'>>];

/** The entries of one table: each column's category, with `defaults` unless it says otherwise. */
function table(name: string, defaults: Defaults, columns: Record<string, Column>): ColumnEntry[] {
  return Object.entries(columns).map(([column, spec]) => {
    const [category, over] = typeof spec === 'string' ? [spec, {}] : spec;
    return { table: name, column, category, ...defaults, ...over };
  });
}

/** The business's own configuration: no customer's data, kept while the account is. */
const CONFIG: Defaults = { retention: 'for ever', erasure: 'kept (no personal data)', export: false };
/** A customer's row: gone with the customer. */
const CUSTOMER: Defaults = { retention: 'contact lifetime', erasure: 'deleted', export: true };
/** The team's data (erasure of a customer never touches it). */
const STAFF: Defaults = { retention: 'for ever', erasure: 'not reached (staff data)', export: false };

const BODIES = { retention: 'retain_message_bodies_days' } as const;

/** Every column of every table the migrations create, by table. */
export const COLUMNS: readonly ColumnEntry[] = [
  ...table('accounts', CONFIG, {
    id: 'identifier',
    name: 'metadata',
    waba_id: 'identifier',
    access_token_enc: 'secret',
    app_secret_enc: 'secret',
    simulated: 'metadata',
    created_at: 'metadata',
    retain_customer_files_days: 'metadata',
    retain_message_bodies_days: 'metadata',
    bodies_removed_before: 'metadata',
    sso_required: 'metadata',
    retain_audit_days: 'metadata',
  }),
  ...table('phone_numbers', CONFIG, {
    phone_number_id: 'identifier',
    account_id: 'identifier',
    display_phone_number: ['identifier', { note: "the business's own number, not a customer's" }],
    throughput: 'metadata',
    created_at: 'metadata',
    throughput_source: 'metadata',
    throughput_checked_at: 'metadata',
    direct_send: 'metadata',
    direct_send_checked_at: 'metadata',
    messaging_limit_tier: 'metadata',
    messaging_limit_users: 'metadata',
    messaging_limit_updated_at: 'metadata',
  }),
  ...table('api_keys', CONFIG, {
    id: 'identifier',
    account_id: 'identifier',
    phone_number_id: 'identifier',
    mode: 'metadata',
    key_hash: 'secret',
    key_hint: 'secret',
    scopes: 'metadata',
    rate_limit: 'metadata',
    created_at: 'metadata',
    revoked_at: 'metadata',
    created_by: ['staff', { erasure: 'not reached (staff data)', note: 'the `usr_` id of the person who made it' }],
    last_used_at: 'metadata',
    name: ['metadata', { note: 'what its maker calls it' }],
  }),
  ...table('messages', CUSTOMER, {
    id: 'identifier',
    account_id: 'identifier',
    mode: 'metadata',
    phone_number_id: 'identifier',
    recipient: ['address', { note: 'E.164 or BSUID, as addressed' }],
    type: 'metadata',
    status: 'delivery_log',
    platform_message_id: 'identifier',
    source: 'metadata',
    text: ['content', BODIES],
    caption: ['content', BODIES],
    media_id: 'identifier',
    template_id: 'identifier',
    reply_to: 'identifier',
    error_code: 'delivery_log',
    error_message: 'delivery_log',
    sent_at: 'delivery_log',
    delivered_at: 'delivery_log',
    read_at: 'delivery_log',
    failed_at: 'delivery_log',
    created_at: 'metadata',
    updated_at: 'metadata',
    contact_id: 'identifier',
    content: [
      'content',
      { ...BODIES, note: 'rich content (interactive, location, contact cards, reaction) and template values, JSON' },
    ],
    content_removed_at: 'metadata',
    batch_id: 'identifier',
    client_reference: ['identifier', { note: "the client's own reference: whatever the client put in it" }],
    scheduled_at: 'metadata',
    canceled_at: 'metadata',
    route: 'metadata',
    delivered_as: 'metadata',
    generated_template_id: 'identifier',
    ttl_ends_at: 'metadata',
    pricing_model: 'metadata',
    pricing_category: 'metadata',
    pricing_type: 'metadata',
    recipient_country: ['metadata', { note: "the country of the recipient's number (ISO 3166)" }],
    pricing_billable: 'metadata',
    suppression_override: 'identifier',
    batch_index: 'metadata',
  }),
  ...table('inbound_messages', CUSTOMER, {
    id: 'identifier',
    account_id: 'identifier',
    mode: 'metadata',
    phone_number_id: 'identifier',
    sender: ['address', { note: 'E.164, or the BSUID when the platform gave no number' }],
    platform_message_id: 'identifier',
    type: 'metadata',
    text: ['content', BODIES],
    contact_name: ['name', { note: "the customer's profile name as the webhook gave it" }],
    context_message_id: 'identifier',
    payload: [
      'raw_platform_payload',
      {
        retention: 'retain_platform_payloads_days',
        export: false,
        note: "the platform's message object as received (its content is cut by retain_message_bodies_days too)",
      },
    ],
    sent_at: 'metadata',
    created_at: 'metadata',
    contact_id: 'identifier',
    read_at: 'metadata',
    media_id: 'identifier',
    media_status: 'metadata',
    media_failure: 'metadata',
    content_removed_at: 'metadata',
  }),
  ...table('status_reports', CUSTOMER, {
    platform_message_id: 'identifier',
    status: 'delivery_log',
    occurred_at: 'delivery_log',
    error_code: 'delivery_log',
    error_message: 'delivery_log',
    callback_data: ['content', { note: "the business's `biz_opaque_callback_data` echoed by the platform" }],
    created_at: 'metadata',
    pricing: 'metadata',
  }),
  ...table(
    'idempotency_keys',
    { retention: '24 hours', erasure: 'not reached (expires)', export: false },
    {
      account_id: 'identifier',
      mode: 'metadata',
      key: 'identifier',
      fingerprint: ['secret', { note: "a hash of the request's body" }],
      state: 'metadata',
      response_status: 'metadata',
      response_headers: 'metadata',
      response_body: ['content', { note: 'the answer replayed to a retry: a Message with its address and text' }],
      created_at: 'metadata',
    },
  ),
  ...table(
    'jobs',
    { retention: 'until done', erasure: 'not reached (expires)', export: false },
    {
      id: 'identifier',
      type: 'metadata',
      payload: [
        'content',
        { note: "a job's input, JSON: a keyword's confirmation holds the customer's address and the reply's text" },
      ],
      run_at: 'metadata',
      attempts: 'metadata',
      locked_until: 'metadata',
      last_error: 'metadata',
      created_at: 'metadata',
    },
  ),
  ...table('templates', CONFIG, {
    id: 'identifier',
    account_id: 'identifier',
    name: 'metadata',
    language: 'metadata',
    category: 'metadata',
    status: 'metadata',
    body: ['metadata', { note: "the business's template text, with placeholders, not a customer's values" }],
    variables: ['metadata', { note: "the template's examples" }],
    header: 'metadata',
    footer: 'metadata',
    platform_template_id: 'identifier',
    rejection_reason: 'metadata',
    approved_at: 'metadata',
    submission_error: 'metadata',
    created_at: 'metadata',
    updated_at: 'metadata',
    deleted_at: 'metadata',
    buttons: 'metadata',
    time_to_live: 'metadata',
    source: 'metadata',
    quality: 'metadata',
    pause: 'metadata',
    flag: 'metadata',
    category_update: 'metadata',
    previous_category: 'metadata',
    library_template_name: 'metadata',
    library_inputs: 'metadata',
    parameter_format: 'metadata',
  }),
  // A customer's file goes by retain_customer_files_days; the business's uploads stay until deleted.
  ...table(
    'media',
    { retention: 'retain_customer_files_days', erasure: 'deleted', export: true },
    {
      id: 'identifier',
      account_id: 'identifier',
      mode: 'metadata',
      filename: ['file', { note: "a file's name, as uploaded or as the customer's document named it" }],
      mime_type: 'metadata',
      kind: 'metadata',
      size_bytes: 'metadata',
      sha256: ['file', { note: "the file's own SHA-256: it finds the same file anywhere" }],
      created_at: 'metadata',
      source: ['metadata', { note: '`inbound` (a customer sent it) or `upload` (the business did)' }],
    },
  ),
  ...table(
    'media_registrations',
    { retention: '30 days (platform)', erasure: 'deleted', export: false },
    {
      media_id: 'identifier',
      phone_number_id: 'identifier',
      platform_media_id: 'identifier',
      expires_at: 'metadata',
      created_at: 'metadata',
    },
  ),
  ...table(
    'media_usage',
    { ...CONFIG },
    { account_id: 'identifier', mode: 'metadata', source: 'metadata', files: 'metadata', bytes: 'metadata' },
  ),
  ...table('webhook_endpoints', CONFIG, {
    id: 'identifier',
    account_id: 'identifier',
    mode: 'metadata',
    url: 'metadata',
    events: 'metadata',
    description: 'metadata',
    enabled: 'metadata',
    disabled_reason: 'metadata',
    secret: 'secret',
    previous_secret: 'secret',
    previous_secret_expires_at: 'metadata',
    failing_since: 'metadata',
    created_at: 'metadata',
    updated_at: 'metadata',
    deleted_at: 'metadata',
  }),
  ...table(
    'events',
    { retention: 'retain_events_days', erasure: 'deleted', export: true },
    {
      id: 'identifier',
      account_id: 'identifier',
      mode: 'metadata',
      type: 'metadata',
      payload: [
        'content',
        { note: 'the event as delivered: its Message, InboundMessage or Contact with addresses, names and content' },
      ],
      created_at: 'metadata',
    },
  ),
  ...table(
    'event_deliveries',
    { retention: 'retain_events_days', erasure: 'deleted', export: false },
    {
      id: 'identifier',
      event_id: 'identifier',
      endpoint_id: 'identifier',
      status: 'metadata',
      attempt_count: 'metadata',
      next_attempt_at: 'metadata',
      created_at: 'metadata',
      updated_at: 'metadata',
    },
  ),
  ...table(
    'delivery_attempts',
    { retention: 'retain_events_days', erasure: 'deleted', export: false },
    {
      id: 'identifier',
      delivery_id: 'identifier',
      attempted_at: 'metadata',
      status_code: 'metadata',
      duration_ms: 'metadata',
      response_body: ['delivery_log', { note: "the first 1 KB of the receiver's answer, which may echo the event" }],
      error: ['delivery_log', { note: 'why no answer was usable' }],
    },
  ),
  ...table(
    'dispatches',
    { retention: 'until sent', erasure: 'deleted', export: false },
    {
      message_id: 'identifier',
      account_id: 'identifier',
      mode: 'metadata',
      phone_number_id: 'identifier',
      recipient: 'address',
      seq: 'metadata',
      payload: ['content', { note: 'the platform request waiting to be sent: address and content' }],
      state: 'metadata',
      attempts: 'metadata',
      not_before: 'metadata',
      expires_at: 'metadata',
      last_error: ['delivery_log', { note: "the last attempt's error, JSON: its message may name the address" }],
      created_at: 'metadata',
      held_for_template: 'identifier',
    },
  ),
  ...table(
    'dispatch_pacing',
    { ...CONFIG },
    { lane: 'identifier', next_slot_at: 'metadata', factor: 'metadata', slowed_at: 'metadata' },
  ),
  ...table(
    'contacts',
    { retention: 'retain_inactive_contacts_days', erasure: 'deleted', export: true },
    {
      id: 'identifier',
      account_id: 'identifier',
      phone_number_id: 'identifier',
      mode: 'metadata',
      phone: ['address', { note: 'E.164' }],
      user_id: ['address', { note: 'the BSUID' }],
      parent_user_id: ['address', { note: 'the parent BSUID' }],
      profile_name: 'name',
      username: 'name',
      last_inbound_at: 'metadata',
      last_outbound_at: 'metadata',
      last_activity_at: 'metadata',
      created_at: 'metadata',
      updated_at: 'metadata',
      search_text: ['name', { export: false, note: 'the folded words of the name, username and phone number' }],
    },
  ),
  ...table(
    'contact_words',
    { retention: 'retain_inactive_contacts_days', erasure: 'deleted', export: false, dialect: 'postgres' },
    {
      contact_id: 'identifier',
      phone_number_id: 'identifier',
      mode: 'metadata',
      words: ['name', { note: "the contact's search words as a tsvector (kept by triggers)" }],
    },
  ),
  ...table(
    'contacts_search',
    { retention: 'retain_inactive_contacts_days', erasure: 'deleted', export: false, dialect: 'sqlite' },
    { search_text: ['name', { note: "the FTS5 index of the contacts' search words (kept by triggers)" }] },
  ),
  ...table(
    'scheduled_sends',
    { retention: 'until sent', erasure: 'deleted', export: false },
    {
      message_id: 'identifier',
      account_id: 'identifier',
      mode: 'metadata',
      phone_number_id: 'identifier',
      recipient: 'address',
      payload: ['content', { note: 'the send waiting for its time: address and content' }],
      send_at: 'metadata',
      validity_ms: 'metadata',
      created_at: 'metadata',
    },
  ),
  ...table('batches', CONFIG, {
    id: 'identifier',
    account_id: 'identifier',
    mode: 'metadata',
    phone_number_id: 'identifier',
    items: 'metadata',
    accepted: 'metadata',
    send_at: 'metadata',
    source: 'metadata',
    created_at: 'metadata',
    completed_at: 'metadata',
    refusals: [
      'address',
      {
        erasure: 'not reached',
        note: 'refused items\' errors, JSON: a message may name the address ("The customer service window with +… is closed")',
      },
    ],
    template_id: 'identifier',
    template_name: 'metadata',
  }),
  ...table(
    'client_references',
    { retention: '24 hours', erasure: 'deleted', export: false },
    {
      account_id: 'identifier',
      mode: 'metadata',
      reference: 'identifier',
      message_id: 'identifier',
      created_at: 'metadata',
    },
  ),
  ...table('template_changes', CONFIG, {
    id: 'identifier',
    template_id: 'identifier',
    account_id: 'identifier',
    at: 'metadata',
    type: 'metadata',
    source: 'metadata',
    changes: 'metadata',
    detail: 'metadata',
  }),
  ...table('template_syncs', CONFIG, { account_id: 'identifier', synced_at: 'metadata', due_at: 'metadata' }),
  // The analytics (docs/api.md §D22): counts by hour, number, template, status, country… never a
  // customer's address or content. Their columns come from the constants the migrations use.
  ...table(
    'message_stat_changes',
    { ...CONFIG, retention: 'until folded' },
    {
      ...Object.fromEntries(
        ['account_id', 'mode', ...['o', 'n'].flatMap((side) => CHANGE_SIDE_COLUMNS.map((c) => `${side}_${c}`))].map(
          (c): [string, Column] => [c, c === 'account_id' ? 'identifier' : 'metadata'],
        ),
      ),
    },
  ),
  ...table('message_stat_changes', { ...CONFIG, retention: 'until folded', dialect: 'sqlite' }, { id: 'identifier' }),
  ...['message_stats_hourly', 'message_stats_daily', 'message_stats_quarter'].flatMap((name) =>
    table(
      name,
      CONFIG,
      Object.fromEntries(
        [...STAT_KEY, ...STAT_COUNTERS].map((c): [string, Column] => [
          c,
          c === 'account_id' ? 'identifier' : 'metadata',
        ]),
      ),
    ),
  ),
  ...table('pricing_tiers', CONFIG, {
    id: 'identifier',
    account_id: 'identifier',
    effective_month: 'metadata',
    pricing_category: 'metadata',
    region: 'metadata',
    tier: 'metadata',
    tier_min: 'metadata',
    tier_max: 'metadata',
    platform_updated_at: 'metadata',
    received_at: 'metadata',
  }),
  ...table('account_signals', CONFIG, {
    account_id: 'identifier',
    kind: 'metadata',
    key: 'metadata',
    value: 'metadata',
    platform_at: 'metadata',
    received_at: 'metadata',
  }),
  // Suppressions are kept, lifted ones too (the consent history). Erasure keeps an active one as a
  // tombstone of hashes (suppression_tombstones, below) and deletes the row.
  ...table(
    'suppressions',
    { retention: 'for ever', erasure: 'deleted', export: true },
    {
      id: 'identifier',
      account_id: 'identifier',
      phone_number_id: 'identifier',
      contact_id: 'identifier',
      phone: ['address', { erasure: 'hashed' }],
      bsuid: ['address', { erasure: 'hashed' }],
      reason: 'metadata',
      scope: 'metadata',
      source: 'metadata',
      created_at: 'metadata',
      lifted_at: 'metadata',
      lifted_by: 'metadata',
      customer_key: ['address', { erasure: 'hashed', note: '`phone|bsuid|contact`' }],
      number_key: 'metadata',
      mode: 'metadata',
    },
  ),
  ...table('consent_settings', CONFIG, {
    account_id: 'identifier',
    allow_suppression_override: 'metadata',
    opt_out_keywords: 'metadata',
    opt_in_keywords: 'metadata',
    opt_out_reply: ['metadata', { note: "the business's confirmation text" }],
    opt_in_reply: ['metadata', { note: "the business's confirmation text" }],
    updated_at: 'metadata',
  }),
  ...table(
    'marketing_consents',
    { retention: 'for ever', erasure: 'deleted', export: true },
    {
      account_id: 'identifier',
      phone_number_id: 'identifier',
      customer_key: ['address', { note: '`p:<E.164>` or `u:<BSUID>`' }],
      phone: 'address',
      bsuid: 'address',
      value: ['metadata', { note: '`granted` or `revoked`, as the platform last reported' }],
      reported_at: 'metadata',
      updated_at: 'metadata',
    },
  ),
  ...table(
    'blocked_users',
    { retention: 'while blocked', erasure: 'deleted', export: true },
    {
      account_id: 'identifier',
      phone_number_id: 'identifier',
      mode: 'metadata',
      contact_id: 'identifier',
      phone: 'address',
      bsuid: 'address',
      blocked_at: 'metadata',
      source: 'metadata',
    },
  ),
  ...table('users', STAFF, {
    id: 'staff',
    email: 'staff',
    name: 'staff',
    password_hash: 'secret',
    totp_secret_enc: 'secret',
    totp_enabled_at: 'staff',
    created_at: 'staff',
    last_sign_in_at: 'staff',
    totp_last_step: 'secret',
  }),
  ...table('recovery_codes', STAFF, { user_id: 'staff', code_hash: 'secret', used_at: 'staff' }),
  ...table('memberships', STAFF, { account_id: 'identifier', user_id: 'staff', role: 'staff', created_at: 'staff' }),
  ...table(
    'sessions',
    { ...STAFF, retention: 'session lifetime' },
    {
      id: 'identifier',
      token_hash: 'secret',
      user_id: 'staff',
      account_id: 'identifier',
      mode: 'metadata',
      phone_number_id: 'identifier',
      method: 'staff',
      second_factor: 'staff',
      address: ['staff', { note: "the browser's IP address" }],
      user_agent: 'staff',
      created_at: 'staff',
      last_seen_at: 'staff',
      expires_at: 'metadata',
      revoked_at: 'metadata',
    },
  ),
  ...table('one_time_links', STAFF, {
    id: 'identifier',
    token_hash: 'secret',
    kind: 'metadata',
    account_id: 'identifier',
    email: ['staff', { note: "an invited person's email" }],
    role: 'staff',
    user_id: 'staff',
    created_by: 'staff',
    created_at: 'metadata',
    expires_at: 'metadata',
    used_at: 'metadata',
    revoked_at: 'metadata',
  }),
  ...table('sso_connections', CONFIG, {
    id: 'identifier',
    account_id: 'identifier',
    name: 'metadata',
    issuer: 'metadata',
    client_id: 'identifier',
    client_secret_enc: 'secret',
    allowed_domains: 'metadata',
    role_claim: 'metadata',
    role_map: 'metadata',
    default_role: 'metadata',
    created_at: 'metadata',
  }),
  ...table(
    'sso_attempts',
    { ...CONFIG, retention: 'ten minutes' },
    {
      state_hash: 'secret',
      connection_id: 'identifier',
      code_verifier: 'secret',
      nonce: 'secret',
      created_at: 'metadata',
      expires_at: 'metadata',
    },
  ),
  // The audit trail (docs/api.md §D27): hash-chained, append-only, removed only by its retention.
  ...table(
    'audit_events',
    { retention: 'retain_audit_days', erasure: 'not reached (staff data)', export: false },
    {
      id: 'identifier',
      chain: 'identifier',
      seq: 'metadata',
      actor_type: 'staff',
      actor_id: 'staff',
      actor_name: ['staff', { note: "the person's email or the key's hint, as it was" }],
      action: 'metadata',
      object_type: 'metadata',
      object_id: 'identifier',
      mode: 'metadata',
      changes: [
        'address',
        {
          erasure: 'not reached',
          note: "before and after, JSON: `message.created` and `suppression.*` entries hold the customer's address",
        },
      ],
      request_id: 'identifier',
      address: ['staff', { note: "the actor's IP address" }],
      user_agent: 'staff',
      created_at: 'metadata',
      entry_hash: 'metadata',
      chain_hash: 'metadata',
    },
  ),
  ...table('audit_chains', CONFIG, {
    chain: 'identifier',
    seq: 'metadata',
    hash: 'metadata',
    anchor_seq: 'metadata',
    anchor_hash: 'metadata',
  }),

  // ---------------------------------------------------------------------------------------------
  // PENDING: columns added on other branches of issue 40, written from the shared design before
  // they merged (migration 0029_erasure on `erasure`, 0030_retention_kinds on `retention`).
  // The coordinator checks them against the merged migrations; the test requires them once their
  // migration is in src/db/migrations.ts.
  // ---------------------------------------------------------------------------------------------
  ...table(
    'accounts',
    { ...CONFIG, migration: '0030_retention_kinds' },
    {
      retain_events_days: 'metadata',
      retain_platform_payloads_days: 'metadata',
      retain_inactive_contacts_days: 'metadata',
      payloads_removed_before: 'metadata',
    },
  ),
  ...table(
    'events',
    { retention: 'retain_events_days', erasure: 'deleted', export: true, migration: '0029_erasure' },
    { contact_id: ['identifier', { note: 'the contact an event is about: what erasure and export find it by' }] },
  ),
  ...table(
    'erasures',
    { ...CONFIG, migration: '0029_erasure' },
    {
      id: 'identifier',
      account_id: 'identifier',
      mode: 'metadata',
      requested_by: ['staff', { erasure: 'not reached (staff data)', note: 'who asked: `{ type, id, name }`' }],
      request_id: 'identifier',
      status: 'metadata',
      customers: 'metadata',
      erased: 'metadata',
      progress: ['metadata', { note: 'counts removed' }],
      created_at: 'metadata',
      started_at: 'metadata',
      completed_at: 'metadata',
    },
  ),
  ...table(
    'erasure_contacts',
    { ...CONFIG, migration: '0029_erasure' },
    {
      erasure_id: 'identifier',
      contact_id: ['identifier', { note: 'the erased contact id only, never an address' }],
      state: 'metadata',
      erased_at: 'metadata',
    },
  ),
  ...table(
    'suppression_tombstones',
    { ...CONFIG, migration: '0029_erasure' },
    {
      suppression_id: 'identifier',
      account_id: 'identifier',
      mode: 'metadata',
      phone_number_id: 'identifier',
      address_hash: ['secret', { note: 'HMAC-SHA256 of an address the erased suppression covered' }],
      reason: 'metadata',
      scope: 'metadata',
      since: 'metadata',
      erasure_id: 'identifier',
      created_at: 'metadata',
    },
  ),
];

/** What Tidings writes to files, and what it leaves in files it does not manage. */
export const FILES: readonly FileEntry[] = [
  {
    path: 'DATA_DIR/tidings.sqlite',
    category: 'database',
    retention: 'for ever',
    erasure: 'deleted',
    export: false,
    note: 'the SQLite database (with its `-wal` and `-shm` files): every table above',
  },
  {
    path: 'DATA_DIR/media/',
    category: 'file',
    retention: 'retain_customer_files_days',
    erasure: 'deleted',
    export: true,
    note: "each stored file, named by its `med_` id: customers' files and the business's uploads",
  },
  {
    path: 'DATA_DIR/media/tmp/',
    category: 'file',
    retention: 'until done',
    erasure: 'not reached (expires)',
    export: false,
    note: 'a download or upload in progress; a stale one is removed after ten minutes',
  },
  {
    path: 'DATA_DIR/secrets.json',
    category: 'secret',
    retention: 'for ever',
    erasure: 'kept (no personal data)',
    export: false,
    note: 'the generated encryption key, app secret and verify token',
  },
  {
    path: 'DATA_DIR/simulator-state.json',
    category: 'content',
    retention: 'until the operator deletes it',
    erasure: 'not reached',
    export: false,
    note: "the embedded Cloud API simulator's state (its `.media/` beside it): simulated customers' recent messages",
  },
  {
    path: 'FILE, FILE.media/, FILE.secrets.json',
    category: 'database',
    retention: 'until the operator deletes it',
    erasure: 'not reached',
    export: false,
    note: 'a backup made by `npx tidings backup FILE`: a copy of the database and the files as they were',
  },
  {
    path: '….before-restore-<time>',
    category: 'database',
    retention: 'until the operator deletes it',
    erasure: 'not reached',
    export: false,
    note: 'what `npx tidings restore` moved aside in the data directory',
  },
];
