/**
 * Keeping contacts up to date (README "Customers and conversations"): every customer message,
 * status report and send names a customer by phone number and/or BSUID; each sighting creates the
 * contact or updates it, inside the caller's unit of work, and never refuses.
 *
 * Merge rule (one contact per person per business number and mode):
 * - A sighting is matched by phone number and by BSUID (by parent BSUID only when that is all it
 *   carries, as a send to a parent BSUID does).
 * - Matched by neither: a new contact with what it carries.
 * - Matched by one: that contact gains what it lacked. A contact known by phone later seen with
 *   phone + BSUID gains the BSUID; a BSUID-only contact later seen with phone + that BSUID gains
 *   the phone. Identifiers a sighting carries replace different ones the contact held (the
 *   newest word of the platform wins: a customer who changed number keeps their BSUID).
 * - Matched by both, and they are two contacts (one known by phone, one by BSUID, until a payload
 *   carried both): they are merged into the one created first (earlier `created_at`, then the
 *   smaller id), which keeps its id and takes the other's messages (`onMerge`), identifiers it
 *   lacked, and the later of each timestamp; the other is deleted. Deterministic whatever order
 *   the sightings arrive in.
 * - Names and usernames: the latest given replaces the stored one; absent ones change nothing.
 */
import type { RawBuilder } from 'kysely';
import type { Tx } from '../db/store.js';
import { waIdToE164 } from './phone.js';
import type { Owned, PlatformContactUpdate } from '../platform/updates.js';
import { observeMany } from './contact-batch.js';
import * as repo from './contact.repository.js';
import { moveFormerAddresses } from './former-addresses.repository.js';
import { moveIdentity, withoutFormerAddresses, type IdentityChanged } from './identity-changes.js';
import { changesFor, later, newRow, sentToPhone as byPhone, type ContactSighting } from './sighting.js';

export type { ContactSighting } from './sighting.js';

const phoneKey = (phoneNumberId: string, mode: string, phone: string) => `${phoneNumberId} ${mode} ${phone}`;

/** One new-contact row per customer of these sends to phone numbers, at their latest send. */
function outboundRows(sightings: ContactSighting[], now: string): repo.ContactWrite[] {
  const rows = new Map<string, repo.ContactWrite>();
  for (const s of sightings) {
    const key = phoneKey(s.phoneNumberId, s.mode, s.phone!);
    const row = rows.get(key);
    if (!row || s.at > row.last_outbound_at!) rows.set(key, newRow(s, now));
  }
  return [...rows.values()];
}

export interface ContactUpdatesOptions {
  /** Re-points what refers to contact `from` (messages of both directions) to `into`, in the same unit. */
  onMerge: (tx: Tx, from: string, into: string) => Promise<void>;
  /**
   * A customer changed number or BSUID, in the same unit: `change` is the contact's move (its
   * `contact.changed_identity` event), or only the identifiers before and after when no contact
   * holds them (an erased customer's tombstones still follow them).
   */
  onIdentityChange?: (
    tx: Tx,
    accountId: string,
    change: IdentityChanged | Pick<IdentityChanged, 'previous' | 'current'>,
    phoneNumberId: string,
  ) => Promise<void>;
}

export class ContactUpdates {
  readonly #o: ContactUpdatesOptions;

  constructor(options: ContactUpdatesOptions) {
    this.#o = options;
  }

  /**
   * Applies sightings in order, by the merge rule above.
   * @returns the contact id of each sighting (null for one that names nobody: no phone, no BSUID).
   */
  async observe(tx: Tx, sightings: ContactSighting[], now: string): Promise<(string | null)[]> {
    const ids: (string | null)[] = [];
    for (const s of sightings)
      ids.push(s.phone || s.userId || s.parentUserId ? await this.#observeOne(tx, s, now) : null);
    return ids;
  }

  /**
   * The customers of sends, as `observe` would apply them, in as few statements as it takes: sends
   * to a phone number (nearly all) in one upsert, the rest (BSUIDs) after them by `observeMany`.
   * @returns the contact id of each sighting.
   */
  async observeSends(tx: Tx, sightings: ContactSighting[], now: string): Promise<(string | null)[]> {
    const rows = outboundRows(sightings.filter(byPhone), now);
    const found = new Map(
      (await repo.upsertOutbound(tx, rows)).map((r) => [phoneKey(r.phone_number_id, r.mode, r.phone), r.id]),
    );
    // The others (BSUIDs) after them, in order, as `observe` would apply them: in a few statements
    // (contact-batch.ts), not one unit of statements each.
    const others = sightings.filter((s) => !byPhone(s));
    const otherIds = others.length > 0 ? await this.observeMany(tx, others, now) : [];
    let next = 0;
    return sightings.map((s) =>
      byPhone(s) ? (found.get(phoneKey(s.phoneNumberId, s.mode, s.phone!)) ?? null) : otherIds[next++]!,
    );
  }

  /**
   * `observeSends` as one statement, not run, for sends that all go to phone numbers (else null: go
   * through `observeSends`): the caller runs it inside its own (a data-modifying CTE on
   * PostgreSQL). It returns `id, phone_number_id, mode, phone` of each customer.
   */
  outboundStatement(
    tx: Tx,
    sightings: ContactSighting[],
    now: string,
  ): RawBuilder<{ id: string; phone_number_id: string; mode: string; phone: string }> | null {
    return sightings.length > 0 && sightings.every(byPhone)
      ? repo.upsertOutboundStatement(tx, outboundRows(sightings, now))
      : null;
  }

  /**
   * The webhook intake's consumer: the customers a batch of deliveries' messages and statuses name
   * (live mode), applied as `observe` would, in a few statements (contact-batch.ts).
   */
  async applyPlatform(tx: Tx, updates: Owned<PlatformContactUpdate>[], now: string): Promise<void> {
    // In order: sightings in runs, each change of number or BSUID between them (identity-changes.ts).
    for (let i = 0; i < updates.length; ) {
      const u = updates[i]!;
      if (u.kind === 'identity') {
        const change = await moveIdentity(tx, u, now, (t, a, b) => this.merge(t, a, b));
        await this.#o.onIdentityChange?.(tx, u.accountId, change, u.phoneNumberId);
        i++;
        continue;
      }
      let end = i;
      while (end < updates.length && updates[end]!.kind !== 'identity') end++;
      const run = updates.slice(i, end) as (Owned<PlatformContactUpdate> & { kind: 'inbound' | 'status' })[];
      await this.#sightings(tx, await withoutFormerAddresses(tx, run), now);
      i = end;
    }
  }

  async #sightings(
    tx: Tx,
    updates: (Owned<PlatformContactUpdate> & { kind: 'inbound' | 'status' })[],
    now: string,
  ): Promise<void> {
    await this.observeMany(
      tx,
      updates.map((u) => ({
        accountId: u.accountId,
        phoneNumberId: u.phoneNumberId,
        mode: 'live' as const,
        phone: u.waId ? waIdToE164(u.waId) : null,
        userId: u.userId,
        parentUserId: u.parentUserId,
        name: u.name,
        username: u.username,
        at: u.at,
        kind: u.kind,
      })),
      now,
    );
  }

  /** `observe`, in a few statements whatever the number of sightings (contact-batch.ts). @returns each sighting's contact id. */
  observeMany(tx: Tx, sightings: ContactSighting[], now: string): Promise<(string | null)[]> {
    return observeMany(tx, sightings, now, {
      changesFor,
      newRow,
      observeOne: async (s) => (await this.observe(tx, [s], now))[0]!,
    });
  }

  /**
   * The contacts of many messages, once their sightings were applied: by phone number, else by
   * BSUID, else by parent BSUID; null when none is stored. A few statements for all of them.
   */
  async contactIdsOf(
    tx: Tx,
    whos: {
      phoneNumberId: string;
      mode: 'live' | 'test';
      phone: string | null;
      userId: string | null;
      parentUserId: string | null;
    }[],
  ): Promise<(string | null)[]> {
    const found = new Map<string, string>();
    const scopes = new Map<
      string,
      { phoneNumberId: string; mode: 'live' | 'test'; phones: string[]; userIds: string[] }
    >();
    for (const w of whos) {
      const key = `${w.phoneNumberId} ${w.mode}`;
      if (!scopes.has(key)) scopes.set(key, { phoneNumberId: w.phoneNumberId, mode: w.mode, phones: [], userIds: [] });
      if (w.phone) scopes.get(key)!.phones.push(w.phone);
      if (w.userId) scopes.get(key)!.userIds.push(w.userId);
    }
    for (const [key, scope] of scopes) {
      for (const row of await repo.findByKeys(tx, scope, {
        phones: [...new Set(scope.phones)],
        userIds: [...new Set(scope.userIds)],
      })) {
        if (row.phone) found.set(`${key} p ${row.phone}`, row.id);
        if (row.user_id) found.set(`${key} u ${row.user_id}`, row.id);
      }
    }
    const ids: (string | null)[] = [];
    for (const w of whos) {
      const key = `${w.phoneNumberId} ${w.mode}`;
      const id =
        (w.phone ? found.get(`${key} p ${w.phone}`) : undefined) ??
        (w.userId ? found.get(`${key} u ${w.userId}`) : undefined);
      ids.push(id ?? (w.parentUserId ? await this.contactIdOf(tx, { ...w, phone: null, userId: null }) : null));
    }
    return ids;
  }

  /**
   * The contact a message names, once its sighting was applied: by phone number, else by BSUID,
   * else by parent BSUID; null when none is stored.
   */
  async contactIdOf(
    tx: Tx,
    who: {
      phoneNumberId: string;
      mode: 'live' | 'test';
      phone: string | null;
      userId: string | null;
      parentUserId: string | null;
    },
  ): Promise<string | null> {
    const scope = { phoneNumberId: who.phoneNumberId, mode: who.mode };
    const row =
      (who.phone ? await repo.findByKey(tx, scope, { phone: who.phone }) : undefined) ??
      (who.userId ? await repo.findByKey(tx, scope, { userId: who.userId }) : undefined) ??
      (who.parentUserId ? await repo.findByKey(tx, scope, { parentUserId: who.parentUserId }) : undefined);
    return row?.id ?? null;
  }

  async #observeOne(tx: Tx, s: ContactSighting, now: string): Promise<string> {
    const scope = { phoneNumberId: s.phoneNumberId, mode: s.mode };
    for (let attempt = 0; ; attempt++) {
      const { byPhone, byUser } =
        s.phone && s.userId
          ? await repo.findByPhoneAndUser(tx, scope, s.phone, s.userId, true)
          : {
              byPhone: s.phone ? await repo.findByKey(tx, scope, { phone: s.phone }, true) : undefined,
              byUser: s.userId ? await repo.findByKey(tx, scope, { userId: s.userId }, true) : undefined,
            };
      const byParent =
        !s.phone && !s.userId && s.parentUserId
          ? await repo.findByKey(tx, scope, { parentUserId: s.parentUserId }, true)
          : undefined;
      let target = byPhone ?? byUser ?? byParent;
      if (byPhone && byUser && byPhone.id !== byUser.id) target = await this.merge(tx, byPhone, byUser);
      if (target) {
        const changes = changesFor(target, s, now);
        // A status report usually tells nothing new of its customer: then nothing is written.
        if (
          Object.entries(changes).some(
            ([column, value]) => column !== 'updated_at' && target[column as keyof repo.ContactRow] !== value,
          )
        ) {
          await repo.updateContact(tx, target.id, changes);
        }
        return target.id;
      }
      const row = newRow(s, now);
      if (await repo.insertContact(tx, row)) return row.id;
      // Lost a race with another unit creating the same customer (PostgreSQL): look again, once.
      if (attempt > 0) throw new Error(`contact ${row.id} could neither be stored nor found`);
    }
  }

  /** Merges two contacts into the older; @returns the survivor as it now is (the sighting's changes still to apply). */
  async merge(tx: Tx, a: repo.ContactRow, b: repo.ContactRow): Promise<repo.ContactRow> {
    const [keep, drop] =
      a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id) ? [a, b] : [b, a];
    await repo.deleteContact(tx, drop.id);
    await this.#o.onMerge(tx, drop.id, keep.id);
    await moveFormerAddresses(tx, drop.id, keep.id);
    const merged: repo.ContactRow = {
      ...keep,
      phone: keep.phone ?? drop.phone,
      user_id: keep.user_id ?? drop.user_id,
      parent_user_id: keep.parent_user_id ?? drop.parent_user_id,
      profile_name: keep.profile_name ?? drop.profile_name,
      username: keep.username ?? drop.username,
      last_inbound_at: later(keep.last_inbound_at, drop.last_inbound_at),
      last_outbound_at: later(keep.last_outbound_at, drop.last_outbound_at),
      last_activity_at: later(keep.last_activity_at, drop.last_activity_at)!,
    };
    const { id: _id, ...rest } = merged;
    await repo.updateContact(tx, keep.id, rest);
    return merged;
  }
}
