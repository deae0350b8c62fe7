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
import type { Tx } from '../db/store.js';
import { newId } from '../lib/ids.js';
import { waIdToE164 } from './phone.js';
import type { Owned, PlatformContactUpdate } from '../platform/updates.js';
import * as repo from './contact.repository.js';

/** A customer as one message, status report or send names them. */
export interface ContactSighting {
  accountId: string;
  phoneNumberId: string;
  mode: 'live' | 'test';
  /** E.164. */
  phone: string | null;
  /** BSUID (`US.1349…`). */
  userId: string | null;
  /** Parent BSUID (`US.ENT.1181…`). */
  parentUserId: string | null;
  /** WhatsApp profile name. */
  name: string | null;
  username: string | null;
  /** When it happened (ISO). */
  at: string;
  /** `inbound`: the customer wrote (opens the window); `outbound`: the business sent; `status`: a status report (identity only). */
  kind: 'inbound' | 'outbound' | 'status';
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

export class ContactUpdates {
  readonly #o: { onMerge: (tx: Tx, from: string, into: string) => Promise<void> };

  /** @param options.onMerge re-points what refers to contact `from` (messages of both directions) to `into`, in the same unit. */
  constructor(options: { onMerge: (tx: Tx, from: string, into: string) => Promise<void> }) {
    this.#o = options;
  }

  /**
   * Applies sightings in order, by the merge rule above.
   * @returns the contact id of each sighting (null for one that names nobody: no phone, no BSUID).
   */
  async observe(tx: Tx, sightings: ContactSighting[], now: string): Promise<(string | null)[]> {
    const ids: (string | null)[] = [];
    for (const s of sightings) ids.push(s.phone || s.userId || s.parentUserId ? await this.#observeOne(tx, s, now) : null);
    return ids;
  }

  /** The webhook intake's consumer: the customers a delivery's messages and statuses name (live mode). */
  async applyPlatform(tx: Tx, updates: Owned<PlatformContactUpdate>[], now: string): Promise<void> {
    await this.observe(
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

  /**
   * The contact a message names, once its sighting was applied: by phone number, else by BSUID,
   * else by parent BSUID; null when none is stored.
   */
  async contactIdOf(tx: Tx, who: { phoneNumberId: string; mode: 'live' | 'test'; phone: string | null; userId: string | null; parentUserId: string | null }): Promise<string | null> {
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
      const byParent = !s.phone && !s.userId && s.parentUserId ? await repo.findByKey(tx, scope, { parentUserId: s.parentUserId }, true) : undefined;
      let target = byPhone ?? byUser ?? byParent;
      if (byPhone && byUser && byPhone.id !== byUser.id) target = await this.#merge(tx, byPhone, byUser);
      if (target) {
        const changes = changesFor(target, s, now);
        // A status report usually tells nothing new of its customer: then nothing is written.
        if (Object.entries(changes).some(([column, value]) => column !== 'updated_at' && target[column as keyof repo.ContactRow] !== value)) {
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
  async #merge(tx: Tx, a: repo.ContactRow, b: repo.ContactRow): Promise<repo.ContactRow> {
    const [keep, drop] = a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id) ? [a, b] : [b, a];
    await repo.deleteContact(tx, drop.id);
    await this.#o.onMerge(tx, drop.id, keep.id);
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

/** A new contact from its first sighting. */
function newRow(s: ContactSighting, now: string): repo.ContactRow {
  return {
    id: newId('ct'),
    account_id: s.accountId,
    phone_number_id: s.phoneNumberId,
    mode: s.mode,
    phone: s.phone,
    user_id: s.userId,
    parent_user_id: s.parentUserId,
    profile_name: s.name,
    username: s.username,
    last_inbound_at: s.kind === 'inbound' ? s.at : null,
    last_outbound_at: s.kind === 'outbound' ? s.at : null,
    last_activity_at: s.at,
    created_at: now,
    updated_at: now,
  };
}

/** What a sighting changes on a stored contact. */
function changesFor(row: repo.ContactRow, s: ContactSighting, now: string): Partial<repo.ContactRow> {
  const lastInbound = s.kind === 'inbound' ? later(row.last_inbound_at, s.at) : row.last_inbound_at;
  const lastOutbound = s.kind === 'outbound' ? later(row.last_outbound_at, s.at) : row.last_outbound_at;
  return {
    phone: s.phone ?? row.phone,
    user_id: s.userId ?? row.user_id,
    parent_user_id: s.parentUserId ?? row.parent_user_id,
    profile_name: s.name ?? row.profile_name,
    username: s.username ?? row.username,
    last_inbound_at: lastInbound,
    last_outbound_at: lastOutbound,
    last_activity_at: s.kind === 'status' ? row.last_activity_at : later(row.last_activity_at, s.at)!,
    updated_at: now,
  };
}
