/**
 * A customer who changed number or BSUID (docs/api.md §D31; the platform's `user_changed_number`
 * and `user_changed_user_id` system messages, docs/platform.md §4.19): their contact moves to the
 * new address and keeps its `ct_` id, and so its timeline, window (`last_inbound_at`), consent and
 * suppressions; the addresses it leaves are kept as former addresses (former-addresses.repository.ts),
 * which the send checks read, so a suppression goes on refusing every address of the person.
 */
import type { Tx } from '../db/store.js';
import type { Owned, PlatformContactUpdate } from '../platform/updates.js';
import * as repo from './contact.repository.js';
import { addFormerAddresses } from './former-addresses.repository.js';
import { waIdToE164 } from './phone.js';

/** A customer's identifiers: E.164 number, BSUID, parent BSUID (each null when not known). */
export interface Identifiers {
  phone: string | null;
  userId: string | null;
  parentUserId: string | null;
}

/** The object of a `contact.changed_identity` event. */
export interface IdentityChanged {
  object: 'identity_change';
  /** `ct_…`: the contact that moved (it keeps its id). */
  contactId: string;
  /** `number`: `user_changed_number`; `user_id`: `user_changed_user_id`. */
  change: 'number' | 'user_id';
  previous: Identifiers;
  current: Identifiers;
  /** ISO: the system message's time. */
  at: string;
  /** The system message's wamid. */
  platformMessageId: string;
}

/** Merges two contacts into the older (contact-updates.ts): @returns the survivor. */
export type Merge = (tx: Tx, a: repo.ContactRow, b: repo.ContactRow) => Promise<repo.ContactRow>;

/**
 * Moves the contact an identity change names (live mode), in the caller's unit of work. The contact
 * is found by the identifiers before the change (BSUID, then number, then parent BSUID); when the
 * new number or BSUID already belongs to another contact, the two merge by the merge rule (the
 * older keeps its id). The window, names and timestamps are left as they are: a system message is
 * no customer message.
 * @returns the change as the event tells it; only the identifiers before and after it when no
 *   contact holds any of them (nothing to move: no contact is made for it).
 */
export async function moveIdentity(
  tx: Tx,
  u: Owned<PlatformContactUpdate>,
  now: string,
  merge: Merge,
): Promise<IdentityChanged | Pick<IdentityChanged, 'previous' | 'current'>> {
  const c = u.change!;
  const scope = { phoneNumberId: u.phoneNumberId, mode: 'live' as const };
  const before: Identifiers = {
    phone: c.previousWaId ? waIdToE164(c.previousWaId) : null,
    userId: c.previousUserId,
    parentUserId: c.previousParentUserId,
  };
  const after: Identifiers = {
    phone: u.waId ? waIdToE164(u.waId) : null,
    userId: u.userId,
    parentUserId: u.parentUserId,
  };
  const find = async (ids: Identifiers) =>
    (ids.userId ? await repo.findByKey(tx, scope, { userId: ids.userId }, true) : undefined) ??
    (ids.phone ? await repo.findByKey(tx, scope, { phone: ids.phone }, true) : undefined) ??
    (ids.parentUserId ? await repo.findByKey(tx, scope, { parentUserId: ids.parentUserId }, true) : undefined);
  let target = await find(before);
  // Whoever holds the new number or BSUID already (a message under it came first) is the same person.
  for (const key of [
    ...(after.userId ? [{ userId: after.userId }] : []),
    ...(after.phone ? [{ phone: after.phone }] : []),
  ]) {
    const holder = await repo.findByKey(tx, scope, key, true);
    if (holder && target && holder.id !== target.id) target = await merge(tx, target, holder);
    else target ??= holder;
  }
  if (!target) return { previous: before, current: after };
  const previous: Identifiers = {
    phone: before.phone ?? target.phone,
    userId: before.userId ?? target.user_id,
    parentUserId: before.parentUserId ?? target.parent_user_id,
  };
  const current: Identifiers = {
    phone: after.phone ?? target.phone,
    userId: after.userId ?? target.user_id,
    parentUserId: after.parentUserId ?? target.parent_user_id,
  };
  await repo.updateContact(tx, target.id, {
    phone: current.phone,
    profile_name: target.profile_name,
    username: target.username,
    user_id: current.userId,
    parent_user_id: current.parentUserId,
    updated_at: now,
  });
  const left = new Set(
    [
      previous.phone,
      previous.userId,
      previous.parentUserId,
      target.phone,
      target.user_id,
      target.parent_user_id,
    ].filter((a): a is string => a !== null),
  );
  for (const a of [current.phone, current.userId, current.parentUserId]) if (a) left.delete(a);
  await addFormerAddresses(tx, scope, target.id, [...left], u.at);
  return {
    object: 'identity_change',
    contactId: target.id,
    change: c.type === 'user_changed_number' ? 'number' : 'user_id',
    previous,
    current,
    at: u.at,
    platformMessageId: c.wamid,
  };
}

/**
 * Status reports stripped of the addresses their customer has left: a report on a message sent
 * before the change may arrive after it, naming the old number or BSUID, and must neither move the
 * contact back nor make a contact of the old address. Reports left naming nobody are dropped;
 * customer messages are kept as they are (one statement; none when no report names an address).
 */
export async function withoutFormerAddresses<U extends Owned<PlatformContactUpdate> & { kind: 'inbound' | 'status' }>(
  tx: Tx,
  updates: U[],
): Promise<U[]> {
  const named = (u: U) =>
    [u.waId ? waIdToE164(u.waId) : null, u.userId, u.parentUserId].filter((a): a is string => a !== null);
  const reports = updates.filter((u) => u.kind === 'status');
  const addresses = [...new Set(reports.flatMap(named))];
  if (addresses.length === 0) return updates;
  const left = new Set(
    (
      await tx
        .selectFrom('contact_former_addresses')
        .select(['phone_number_id', 'address'])
        .where('phone_number_id', 'in', [...new Set(reports.map((u) => u.phoneNumberId))])
        .where('mode', '=', 'live')
        .where('address', 'in', addresses)
        .execute()
    ).map((r) => `${r.phone_number_id} ${r.address}`),
  );
  if (left.size === 0) return updates;
  const gone = (u: U, a: string | null) => a !== null && left.has(`${u.phoneNumberId} ${a}`);
  return updates.flatMap((u) => {
    if (u.kind !== 'status') return [u];
    const kept = {
      ...u,
      waId: gone(u, u.waId ? waIdToE164(u.waId) : null) ? null : u.waId,
      userId: gone(u, u.userId) ? null : u.userId,
      parentUserId: gone(u, u.parentUserId) ? null : u.parentUserId,
    };
    return kept.waId || kept.userId || kept.parentUserId ? [kept] : [];
  });
}
