/**
 * `POST /v1/contacts/blocks/sync` (docs/api.md §D25): reads the number's whole blocklist from the
 * platform (every page of `GET /{phone-number-id}/block_users`, docs/platform.md §4.17) and makes
 * Tidings' table agree with it: contacts the platform lists become blocked (source `sync`),
 * contacts it no longer lists are unblocked, each with its event and suppression change, in one
 * unit of work. Platform users that match no contact of the number are counted, not stored.
 */
import type { AccountService } from '../accounts/account.service.js';
import type { Store } from '../db/store.js';
import type { AuthContext } from '../http/access.js';
import { iso, type Clock } from '../lib/clock.js';
import { toClientError } from '../platform/errors.js';
import { PlatformError, type Platform } from '../platform/platform.js';
import * as blocks from './block.repository.js';
import type { BlockSyncResult } from './block.schemas.js';
import type { BlockService } from './block.service.js';
import { findByIds, findByKeys } from './contact.repository.js';
import { scopeOf } from './contact.service.js';

/** The blocklist holds at most 64,000 users: at 100 a page, this many pages read all of it. */
const MAX_PAGES = 640;

export interface BlockSyncOptions {
  store: Store;
  clock: Clock;
  platform: Pick<Platform, 'listBlockedUsers'>;
  accounts: Pick<AccountService, 'senderCredentials'>;
  blocks: Pick<BlockService, 'applyChanges'>;
}

export class BlockSync {
  readonly #o: BlockSyncOptions;

  constructor(options: BlockSyncOptions) {
    this.#o = options;
  }

  /**
   * Reconciles the key's number with the platform's blocklist. A test key has no platform list:
   * nothing changes, and the answer counts its blocks.
   * @throws TidingsError platform_rate_limited, platform_unavailable, platform_error (nothing changed)
   */
  async sync(auth: AuthContext): Promise<BlockSyncResult> {
    const scope = scopeOf(auth);
    if (auth.mode === 'test') {
      const held = await blocks.allBlocks(this.#o.store.read, scope);
      return { added: 0, removed: 0, unknown: 0, blocked: held.length };
    }
    const waIds = await this.#platformList(auth);
    return this.#o.store.write(async (tx) => {
      const phones = waIds.filter((w) => /^\d+$/.test(w)).map((w) => `+${w}`);
      const userIds = waIds.filter((w) => !/^\d+$/.test(w));
      const listed = new Map((await findByKeys(tx, scope, { phones, userIds })).map((r) => [r.id, r]));
      const matched = new Set(
        [...listed.values()].flatMap((r) => [r.phone?.slice(1), r.user_id]).filter((x): x is string => !!x),
      );
      const unknown = waIds.filter((w) => !matched.has(w)).length;
      const held = await blocks.allBlocks(tx, scope);
      const heldIds = new Set(held.map((b) => b.contact_id));
      const at = iso(this.#o.clock.now());
      const toAdd = [...listed.values()].filter((r) => !heldIds.has(r.id));
      const toRemove = await findByIds(
        tx,
        scope,
        held.filter((b) => !listed.has(b.contact_id)).map((b) => b.contact_id),
      );
      const added = await this.#o.blocks.applyChanges(tx, auth.accountId, scope, 'block', toAdd, 'sync', at);
      const removed = await this.#o.blocks.applyChanges(tx, auth.accountId, scope, 'unblock', toRemove, 'sync', at);
      return { added, removed, unknown, blocked: held.length + added - removed };
    });
  }

  /** Every wa_id on the platform's blocklist of the key's number. */
  async #platformList(auth: AuthContext): Promise<string[]> {
    try {
      const sender = await this.#o.accounts.senderCredentials(auth.phoneNumberId);
      const out: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < MAX_PAGES; i++) {
        const page = await this.#o.platform.listBlockedUsers(sender, { after, limit: 100 });
        out.push(...page.waIds);
        after = page.after;
        if (!after) break;
      }
      return [...new Set(out)];
    } catch (err) {
      if (err instanceof PlatformError) throw toClientError(err);
      throw err;
    }
  }
}
