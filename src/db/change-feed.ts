/**
 * Notices of changes to rows the service caches (API keys, accounts and their numbers, webhook
 * endpoints, templates, each account's active suppressions), from this process and from every
 * other one on the same database, so a cache can keep what it read until it changes instead of
 * reading it on every request.
 *
 * - A unit of work that changes such a row says so (`tx.changed(topic, key)`, db/store.ts). Its
 *   notices reach this process's subscribers once it commits; never when it rolls back.
 * - Other processes learn of it on PostgreSQL through `NOTIFY`, sent inside the same transaction
 *   (so it is delivered exactly when the change commits) on a channel of the service's schema
 *   (pg-listener.ts); on SQLite, whose other writers are the admin CLI and backups, from the
 *   database's `data_version`, which changes when another connection commits: then every cache
 *   starts over.
 * - A subscriber told `null` drops everything of the topic: notices may have been missed (a
 *   listener that reconnected), or another connection changed the file.
 */

/** What a notice is about: one table (or a few that are cached together) of the service's. */
export const CHANGE_TOPICS = [
  'api_keys',
  'accounts',
  'webhook_endpoints',
  'templates',
  'suppressions',
  'memberships',
  'sessions',
] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** One changed row (`key`, e.g. its id or its account's), or anything of the topic (`null`). */
export interface ChangeNotice {
  topic: ChangeTopic;
  key: string | null;
}

export class ChangeFeed {
  readonly #subscribers = new Map<ChangeTopic, Set<(key: string | null) => void>>();

  /** Calls `fn` with each changed key of `topic`, or null when anything of it may have changed. @returns the unsubscribe. */
  subscribe(topic: ChangeTopic, fn: (key: string | null) => void): () => void {
    let set = this.#subscribers.get(topic);
    if (!set) this.#subscribers.set(topic, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  /** Delivers notices to this process's subscribers. */
  emit(notices: readonly ChangeNotice[]): void {
    for (const { topic, key } of notices) for (const fn of this.#subscribers.get(topic) ?? []) fn(key);
  }

  /** Everything may have changed: every subscriber drops what it holds. */
  emitAll(): void {
    this.emit(CHANGE_TOPICS.map((topic) => ({ topic, key: null })));
  }
}

/**
 * The payload of one `NOTIFY` for a transaction's notices: `topic key` lines (a topic alone for
 * `null`). PostgreSQL takes payloads under 8,000 bytes; past that, each topic goes as a whole.
 */
export function encodeNotices(notices: readonly ChangeNotice[]): string {
  const unique = [...new Set(notices.map((n) => (n.key === null ? n.topic : `${n.topic} ${n.key}`)))];
  const text = unique.join('\n');
  return text.length < 7000 ? text : [...new Set(notices.map((n) => n.topic))].join('\n');
}

/** The notices of a `NOTIFY` payload made by `encodeNotices`; lines naming no known topic are skipped. */
export function decodeNotices(payload: string): ChangeNotice[] {
  const out: ChangeNotice[] = [];
  for (const line of payload.split('\n')) {
    const space = line.indexOf(' ');
    const topic = (space < 0 ? line : line.slice(0, space)) as ChangeTopic;
    if (!(CHANGE_TOPICS as readonly string[]).includes(topic)) continue;
    out.push({ topic, key: space < 0 ? null : line.slice(space + 1) });
  }
  return out;
}
