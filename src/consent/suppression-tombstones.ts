/**
 * What remains of an erased customer's active suppressions (docs/api.md §D28): a tombstone per
 * address the suppression covered (E.164 number, BSUID, parent BSUID), holding only an HMAC-SHA256
 * of it, so that a later send to that number or BSUID is still refused, at accept and at dispatch,
 * by the one decision (suppression-decision.ts) — GDPR Art. 17(3) and 21(3) let the business keep
 * what it needs to honour the objection, and no more.
 *
 * The key is HKDF-SHA256 of the secrets file's encryption key (info `tidings erasure v1`): someone
 * holding the database but not the secrets cannot test a number against the hashes. A send pays
 * for hashing only when its account has tombstones in its mode: each account's tombstones are held
 * in memory (like its active suppressions, accept-suppressions.ts), until a `suppressions` change
 * notice (an erasure writes one) says they changed.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import type { Reader, Store, Tx } from '../db/store.js';
import type { SuppressionTombstonesTable } from '../db/schema.js';
import { ReadThroughCache } from '../lib/cache.js';
import type { ActiveSuppression, CustomerIds, SuppressionLookup } from './suppression-decision.js';

/** The tombstones' HMAC key (32 bytes). */
export type TombstoneKey = Buffer & { readonly __tombstone: true };

/** The key tombstones are hashed with, from the secrets file's encryption key (HKDF-SHA256, info `tidings erasure v1`). */
export function tombstoneKeyOf(encryptionKey: Buffer): TombstoneKey {
  return Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'tidings erasure v1', 32)) as TombstoneKey;
}

/** Hex HMAC-SHA256 of one address (E.164 number with its `+`, or a BSUID, exactly as stored). */
export function addressHash(key: TombstoneKey, address: string): string {
  return createHmac('sha256', key).update(address).digest('hex');
}

/** Tombstones held per account and mode at most; past that, a send reads the index (one statement). */
const HELD_MAX = 20_000;

type TombstoneRow = SuppressionTombstonesTable;
type Held = { byHash: Map<string, TombstoneRow[]> } | { tooMany: true };

/** Up to `limit` tombstones of an account in a mode. */
function tombstonesOf(db: Reader, accountId: string, mode: 'live' | 'test', limit: number): Promise<TombstoneRow[]> {
  return db
    .selectFrom('suppression_tombstones')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .limit(limit)
    .execute();
}

/** Stores tombstones (a tombstone stored already is left as it is) and tells the send checks. */
export async function insertTombstones(tx: Tx, rows: TombstoneRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('suppression_tombstones')
    .values(rows)
    .onConflict((oc) => oc.columns(['suppression_id', 'address_hash']).doNothing())
    .execute();
  for (const accountId of new Set(rows.map((r) => r.account_id))) tx.changed('suppressions', accountId);
}

export class SuppressionTombstones {
  readonly #store: Store;
  readonly #key: TombstoneKey;
  /** By `<mode>:<account id>`. */
  readonly #held = new ReadThroughCache<Held>(1_000);

  constructor(options: { store: Store; key: TombstoneKey }) {
    this.#store = options.store;
    this.#key = options.key;
    options.store.changes.subscribe('suppressions', (accountId) => {
      this.#held.invalidate(`live:${accountId}`);
      this.#held.invalidate(`test:${accountId}`);
    });
  }

  /** The hash of one address under this service's key. */
  hash(address: string): string {
    return addressHash(this.#key, address);
  }

  #heldOf(accountId: string, mode: 'live' | 'test'): Promise<Held | undefined> {
    return this.#held.get(`${mode}:${accountId}`, async () => {
      const rows = await tombstonesOf(this.#store.read, accountId, mode, HELD_MAX + 1);
      if (rows.length > HELD_MAX) return { tooMany: true };
      const byHash = new Map<string, TombstoneRow[]>();
      for (const r of rows) byHash.set(r.address_hash, [...(byHash.get(r.address_hash) ?? []), r]);
      return { byHash };
    });
  }

  /**
   * The customer opted in again by keyword (consent-intake.ts): the tombstones of their opt-out
   * keyword and API suppressions made before `at` (ISO) that name any of `addresses` go, each
   * suppression's whole (every address it covered), in the caller's unit (one indexed read; STARTs are
   * rare). @returns how many rows went.
   */
  async lift(
    tx: Tx,
    accountId: string,
    mode: 'live' | 'test',
    addresses: (string | null)[],
    at: string,
  ): Promise<number> {
    const hashes = addresses.filter((a): a is string => a !== null).map((a) => this.hash(a));
    if (hashes.length === 0) return 0;
    const ids = await tx
      .selectFrom('suppression_tombstones')
      .select('suppression_id')
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .where('address_hash', 'in', hashes)
      .where('reason', 'in', ['opt_out_keyword', 'api'])
      .where('since', '<=', at)
      .execute();
    if (ids.length === 0) return 0;
    const gone = await tx
      .deleteFrom('suppression_tombstones')
      .where('suppression_id', 'in', [...new Set(ids.map((r) => r.suppression_id))])
      .executeTakeFirst();
    tx.changed('suppressions', accountId);
    return Number(gone.numDeletedRows);
  }

  /**
   * An erased customer changed number or BSUID (docs/api.md §D31): the tombstones naming any of
   * `from` (their addresses before) are copied to `to` (after), same suppression, in the caller's
   * unit, so their new address is refused too. One indexed read; nothing is written when none
   * matches. @returns how many rows were added.
   */
  async follow(tx: Tx, accountId: string, mode: 'live' | 'test', from: string[], to: string[]): Promise<number> {
    const fresh = to.filter((a) => !from.includes(a));
    if (from.length === 0 || fresh.length === 0) return 0;
    const rows = await tx
      .selectFrom('suppression_tombstones')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .where(
        'address_hash',
        'in',
        from.map((a) => this.hash(a)),
      )
      .execute();
    const bySuppression = new Map(rows.map((r) => [r.suppression_id, r]));
    const added = [...bySuppression.values()].flatMap((r) => fresh.map((a) => ({ ...r, address_hash: this.hash(a) })));
    await insertTombstones(tx, added);
    return added.length;
  }

  /** True when the account surely has no tombstone in the mode (then no send hashes anything). */
  async none(accountId: string, mode: 'live' | 'test'): Promise<boolean> {
    const held = await this.#heldOf(accountId, mode);
    return held !== undefined && 'byHash' in held && held.byHash.size === 0;
  }

  /**
   * The tombstones covering any of these customers on `phoneNumberId` (their number's and every
   * number's), as active suppressions naming the address that matched (so the decision covers the
   * send by it), in id order. Nothing is hashed when the account has none.
   */
  async covering(
    accountId: string,
    mode: 'live' | 'test',
    phoneNumberId: string | null,
    customers: CustomerIds[],
  ): Promise<ActiveSuppression[]> {
    const held = await this.#heldOf(accountId, mode);
    if (held && 'byHash' in held && held.byHash.size === 0) return [];
    const addresses = [...new Set(customers.flatMap((c) => [c.phone, c.bsuid].filter((a): a is string => a !== null)))];
    if (addresses.length === 0) return [];
    const hashes = new Map(addresses.map((a) => [this.hash(a), a]));
    let rows: TombstoneRow[];
    if (held && 'byHash' in held) rows = [...hashes.keys()].flatMap((h) => held.byHash.get(h) ?? []);
    else
      rows = await this.#store.read
        .selectFrom('suppression_tombstones')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('mode', '=', mode)
        .where('address_hash', 'in', [...hashes.keys()])
        .execute();
    const out: ActiveSuppression[] = [];
    for (const r of rows) {
      if (phoneNumberId !== null && r.phone_number_id !== null && r.phone_number_id !== phoneNumberId) continue;
      const address = hashes.get(r.address_hash)!;
      out.push({
        id: r.suppression_id,
        phone: address.startsWith('+') ? address : null,
        bsuid: address.startsWith('+') ? null : address,
        contactId: null,
        reason: r.reason,
        scope: r.scope,
        since: r.since,
      });
    }
    return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}

/**
 * `lookup` (the suppression list as the dispatcher reads it, from the database) with the
 * tombstones that cover the customers added: the send checks refuse an erased customer who opted out.
 */
export function withTombstones(
  lookup: Pick<SuppressionLookup, 'activeFor' | 'overrideAllowed'>,
  tombstones: SuppressionTombstones,
): SuppressionLookup {
  return {
    activeFor: async (accountId, mode, phoneNumberId, customers) =>
      mergeById(
        await lookup.activeFor(accountId, mode, phoneNumberId, customers),
        await tombstones.covering(accountId, mode, phoneNumberId, customers),
      ),
    overrideAllowed: (accountId) => lookup.overrideAllowed(accountId),
  };
}

/** Two lists of active suppressions as one, in id order, each suppression once (per address it matched). */
export function mergeById(a: ActiveSuppression[], b: ActiveSuppression[]): ActiveSuppression[] {
  if (b.length === 0) return a;
  return [...a, ...b].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}
