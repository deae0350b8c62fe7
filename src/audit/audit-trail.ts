/**
 * The audit trail (docs/api.md §D27): who changed what, written in the unit of work of the change.
 *
 * `record(tx, change)` adds one entry in the caller's unit: the actor and the request it came by
 * are the work's own (lib/actor.ts), so a service names only what changed. The entry carries an
 * HMAC-SHA256 of its content (audit-hash.ts, keyed from the secrets file's encryption key) at once;
 * the sealer (audit-seal.ts) then links entries into their account's chain in commit order, each
 * carrying the chain hash of the one before, and `npx tidings audit verify` checks every link.
 *
 * Secrets never enter an entry: `before` and `after` are what the caller passes, and callers pass
 * resources as the API shows them (a key's hint, never the key; an endpoint without its secret).
 */
import type { Tx } from '../db/store.js';
import type { Mode } from '../http/access.js';
import { currentActing, type Acting, type Actor } from '../lib/actor.js';
import type { Clock } from '../lib/clock.js';
import { iso } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { entryHash, type AuditKey } from './audit-hash.js';

/** The chain of what belongs to no account (a failed sign-in for an unknown email, a person's own settings). */
export const SERVICE_CHAIN = 'service';

/** One change to record. */
export interface AuditChange {
  /** `<object>.<verb>`, past tense: `template.created`, `member.role_changed`, `session.created`. */
  action: string;
  /** The account it happened in; null for what belongs to none (it goes to the `service` chain). */
  accountId: string | null;
  /** What changed: `template`, `api_key`, `member`, `session`, `suppression`… */
  object: { type: string; id: string | null };
  /** The mode of what changed, when it has one. */
  mode?: Mode | null;
  /** The object before and after (as the API shows it, secrets left out); omit what does not apply. */
  before?: unknown;
  after?: unknown;
  /** Another actor than the work's own (a sign-in names the person before the session exists). */
  actor?: Actor;
  /** The actor's name as it was (the person's email, a key's hint). */
  actorName?: string | null;
}

export class AuditTrail {
  readonly #o: { clock: Clock; key: AuditKey };

  constructor(options: { clock: Clock; key: AuditKey }) {
    this.#o = options;
  }

  /**
   * Records `change` in the unit `tx`: it commits with the change, or not at all.
   * @returns the entry's id (`aud_…`).
   */
  async record(tx: Tx, change: AuditChange): Promise<string> {
    const [id] = await this.recordAll(tx, [{ change, acting: currentActing() }]);
    return id!;
  }

  /**
   * Records several changes in the unit `tx` with one statement, each with the work it came from
   * (a group commit stores sends of several requests in one unit: each keeps its own actor and request).
   * @returns the entries' ids (`aud_…`), in order.
   */
  async recordAll(tx: Tx, changes: { change: AuditChange; acting: Acting }[]): Promise<string[]> {
    if (changes.length === 0) return [];
    const rows = changes.map(({ change, acting }) => this.entry(change, acting));
    await tx.insertInto('audit_events').values(rows).execute();
    return rows.map((r) => r.id);
  }

  /**
   * The row of `change` by `acting`, hashed, not yet sealed: for a statement that inserts it with
   * others (messages/accept/accept.repository.ts); `record` and `recordAll` insert it themselves.
   */
  entry(change: AuditChange, acting: Acting) {
    const actor = change.actor ?? acting.actor;
    const now = this.#o.clock.now();
    const changes =
      change.before === undefined && change.after === undefined
        ? null
        : JSON.stringify({ before: change.before ?? null, after: change.after ?? null });
    const row = {
      id: newId('aud', now),
      chain: change.accountId ?? SERVICE_CHAIN,
      actor_type: actor.type,
      actor_id: actor.id,
      actor_name: change.actorName ?? (actor.type === 'user' ? actor.email : null),
      action: change.action,
      object_type: change.object.type,
      object_id: change.object.id,
      mode: change.mode ?? null,
      changes,
      request_id: acting.origin?.requestId ?? null,
      address: acting.origin?.address ?? null,
      user_agent: acting.origin?.userAgent ?? null,
      created_at: iso(now),
    };
    return { ...row, seq: null, chain_hash: null, entry_hash: entryHash(this.#o.key, row) };
  }
}
