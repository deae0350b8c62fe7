/**
 * Blocking customers on the key's business number through the platform's Block Users API
 * (docs/api.md §D25; docs/platform.md §4.17). What Tidings can tell alone is checked before the
 * platform is asked: the contact exists, has a phone number or BSUID (else 422
 * contact_not_blockable), and wrote in the last 24 hours (else 409 block_window_closed, Meta's
 * rule). A bulk request is one platform call for every contact that passed; each contact gets its
 * own result. Blocking a blocked contact, or unblocking one that is not, is a success that asks
 * the platform nothing. Test keys never reach the platform: their blocks are recorded, checked by
 * the same rules, and seen only by test keys.
 */
import type { AccountService } from '../accounts/account.service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import type { EventService, NewEvent } from '../events/event.service.js';
import type { AuthContext } from '../http/access.js';
import { paginate, type Page } from '../http/paging.js';
import { currentActing } from '../lib/actor.js';
import { iso, type Clock } from '../lib/clock.js';
import { toClientError } from '../platform/errors.js';
import { PlatformError, type BlockUserOutcome, type Platform } from '../platform/platform.js';
import * as blocks from './block.repository.js';
import { checkRow, platformRefusal, platformUserOf, refuse, type Refusal } from './block.rules.js';
import type { BlockedContact, BlockResult, ListBlockedQuery } from './block.schemas.js';
import { findByIds, type ContactRow } from './contact.repository.js';
import { scopeOf, type ContactService } from './contact.service.js';

/**
 * The suppression list's side of a block (implemented by the consent feature; wired in the
 * composition root). Called inside the block's or unblock's unit of work.
 */
export interface BlockSuppressions {
  /** Suppress these customers on this number, reason 'blocked', source 'block' (idempotent). */
  blocked(tx: Tx, entries: BlockEntry[]): Promise<void>;
  /** Lift their 'blocked' suppressions on this number (only those). */
  unblocked(tx: Tx, entries: BlockEntry[]): Promise<void>;
}

/** One customer of a block or unblock, as the port is told of them. */
export interface BlockEntry {
  accountId: string;
  /** The block's mode: its suppression covers that mode's sends. */
  mode: 'live' | 'test';
  phoneNumberId: string;
  contactId: string;
  phone: string | null;
  bsuid: string | null;
  at: string;
}

export interface BlockServiceOptions {
  store: Store;
  clock: Clock;
  platform: Pick<Platform, 'blockUsers' | 'unblockUsers' | 'listBlockedUsers'>;
  accounts: Pick<AccountService, 'senderCredentials'>;
  events: Pick<EventService, 'record'>;
  contacts: Pick<ContactService, 'present'>;
  suppressions: BlockSuppressions;
  /** Records each block and unblock (docs/api.md §D27) in its unit of work. */
  audit: Pick<AuditTrail, 'recordAll'>;
}

type Source = 'api' | 'dashboard' | 'sync';

export class BlockService {
  readonly #o: BlockServiceOptions;

  constructor(options: BlockServiceOptions) {
    this.#o = options;
  }

  /**
   * Blocks one contact (`POST /v1/contacts/{id}/block`); the caller reads the contact again.
   * @throws TidingsError contact_not_found, contact_not_blockable, block_window_closed, or the
   *   platform's refusal (platform_error with its code; block_window_closed for its 131047),
   *   platform_rate_limited, platform_unavailable
   */
  async blockOne(auth: AuthContext, id: string, source: Source): Promise<void> {
    raise((await this.change(auth, 'block', [id], source))[0]!);
  }

  /** Unblocks one contact (`POST /v1/contacts/{id}/unblock`). @throws as `blockOne`, without the window rule */
  async unblockOne(auth: AuthContext, id: string): Promise<void> {
    raise((await this.change(auth, 'unblock', [id], 'api'))[0]!);
  }

  /**
   * Blocks or unblocks up to 1,000 contacts with one platform request, after the checks Tidings can
   * make alone; then, in one unit of work, stores the blocks that took, tells the suppression list
   * and records `contact.blocked` / `contact.unblocked` for contacts whose state changed.
   * @returns one result per id, in the order given
   * @throws TidingsError platform_rate_limited, platform_unavailable, platform_error when the
   *   platform refused or did not answer the whole request (nothing stored)
   */
  async change(auth: AuthContext, action: 'block' | 'unblock', ids: string[], source: Source): Promise<BlockResult[]> {
    const { store, clock } = this.#o;
    const scope = scopeOf(auth);
    const rows = new Map((await findByIds(store.read, scope, ids)).map((r) => [r.id, r]));
    const current = new Map(
      (await blocks.findBlocks(store.read, scope, [...rows.keys()])).map((b) => [b.contact_id, b]),
    );
    const now = clock.now();
    const refusals = new Map<string, Refusal>();
    const ask: ContactRow[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      const refusal = !row
        ? refuse('contact_not_found', `No contact ${id} of this number.`)
        : checkRow(row, action, current.has(id), now);
      if (refusal) refusals.set(id, refusal);
      else if ((action === 'block') !== current.has(id)) ask.push(row!);
    }
    const outcomes = await this.#ask(auth, action, ask);
    const changed: ContactRow[] = [];
    for (const row of ask) {
      const outcome = outcomes.get(platformUserOf(row)!);
      if (!outcome || outcome.error === null) changed.push(row);
      else refusals.set(row.id, platformRefusal(action, outcome.error));
    }
    await this.#apply(auth, action, changed, source);
    return ids.map((contactId) => {
      const error = refusals.get(contactId) ?? null;
      return { contactId, outcome: error ? 'failed' : action === 'block' ? 'blocked' : 'unblocked', error };
    });
  }

  /** A page of the number's blocked contacts, newest block first. @throws TidingsError parameter_invalid (`starting_after`) */
  list(auth: AuthContext, query: ListBlockedQuery): Promise<Page<BlockedContact>> {
    const db = this.#o.store.read;
    const scope = scopeOf(auth);
    return paginate(query, {
      cursor: async (id) => (await blocks.findBlocks(db, scope, [id]))[0],
      page: (limit, after) => blocks.listBlocks(db, { ...scope, limit, ...(after ? { after } : {}) }),
      map: (b) => ({
        contactId: b.contact_id,
        phone: b.phone,
        userId: b.bsuid,
        blockedAt: b.blocked_at,
        source: b.source,
      }),
      noun: 'blocked contact',
    });
  }

  /** The platform's per-user outcomes by the user sent (none asked of it on a test key). */
  async #ask(
    auth: AuthContext,
    action: 'block' | 'unblock',
    rows: ContactRow[],
  ): Promise<Map<string, BlockUserOutcome>> {
    if (rows.length === 0 || auth.mode === 'test') return new Map();
    const users = rows.map((r) => platformUserOf(r)!);
    try {
      const sender = await this.#o.accounts.senderCredentials(auth.phoneNumberId);
      const outcomes =
        action === 'block'
          ? await this.#o.platform.blockUsers(sender, users)
          : await this.#o.platform.unblockUsers(sender, users);
      return new Map(outcomes.map((o) => [o.input, o]));
    } catch (err) {
      if (err instanceof PlatformError) throw toClientError(err);
      throw err;
    }
  }

  /** Stores what changed, in one unit of work with its suppressions and events. */
  async #apply(auth: AuthContext, action: 'block' | 'unblock', rows: ContactRow[], source: Source): Promise<void> {
    if (rows.length === 0) return;
    const at = iso(this.#o.clock.now());
    const scope = scopeOf(auth);
    await this.#o.store.write((tx) => this.applyChanges(tx, auth.accountId, scope, action, rows, source, at));
  }

  /**
   * Inside `tx`: stores blocks of `rows` (or removes them), tells the suppression list, and records
   * an event per contact whose state changed. Shared with the sync.
   */
  async applyChanges(
    tx: Tx,
    accountId: string,
    scope: { phoneNumberId: string; mode: 'live' | 'test' },
    action: 'block' | 'unblock',
    rows: ContactRow[],
    source: Source,
    at: string,
  ): Promise<number> {
    const entry = (r: ContactRow) => ({
      accountId,
      mode: scope.mode,
      phoneNumberId: scope.phoneNumberId,
      contactId: r.id,
      phone: r.phone,
      bsuid: r.user_id,
      at,
    });
    let changed: { row: ContactRow; block: blocks.BlockedRow | null }[];
    if (action === 'block') {
      const toStore = rows.map((r) => ({
        account_id: accountId,
        phone_number_id: scope.phoneNumberId,
        mode: scope.mode,
        contact_id: r.id,
        phone: r.phone,
        bsuid: r.user_id,
        blocked_at: at,
        source,
      }));
      const stored = await blocks.insertBlocks(tx, toStore);
      changed = toStore
        .filter((b) => stored.has(b.contact_id))
        .map((b) => ({ row: rows.find((r) => r.id === b.contact_id)!, block: b }));
      await this.#o.suppressions.blocked(
        tx,
        changed.map((c) => entry(c.row)),
      );
    } else {
      const removed = new Set(
        (
          await blocks.deleteBlocks(
            tx,
            scope,
            rows.map((r) => r.id),
          )
        ).map((b) => b.contact_id),
      );
      changed = rows.filter((r) => removed.has(r.id)).map((row) => ({ row, block: null }));
      await this.#o.suppressions.unblocked(
        tx,
        changed.map((c) => entry(c.row)),
      );
    }
    const events: NewEvent[] = changed.map((c) => ({
      accountId,
      mode: scope.mode,
      type: action === 'block' ? 'contact.blocked' : 'contact.unblocked',
      object: this.#o.contacts.present(c.row, c.block),
    }));
    await this.#o.events.record(tx, events);
    const acting = currentActing();
    await this.#o.audit.recordAll(
      tx,
      changed.map((c) => ({
        change: {
          action: action === 'block' ? 'contact.blocked' : 'contact.unblocked',
          accountId,
          mode: scope.mode,
          object: { type: 'contact', id: c.row.id },
          after: { phoneNumberId: scope.phoneNumberId, source },
        },
        acting,
      })),
    );
    return changed.length;
  }
}

/** A single contact's refusal, as the error of its request (`param: id`, the platform's code beside). */
function raise(result: BlockResult): void {
  const e = result.error;
  if (e)
    throw new TidingsError(e.code, e.message, {
      param: 'id',
      ...(e.platformError ? { platformError: e.platformError } : {}),
    });
}
