/**
 * Many sightings applied as `ContactUpdates.observe` applies them one by one (the merge rule of
 * contact-updates.ts), in a few statements whatever their number: the contacts they name are read
 * (and locked, on PostgreSQL) at once, the rule runs in memory, new contacts are stored in one
 * statement and changed ones written in one. A sighting the fast way cannot decide alone (one that
 * would merge two contacts, or names only a parent BSUID) is applied by `observe` itself, after
 * what came before it is written; the rest is then read again. So is a new customer another unit
 * stored first (PostgreSQL): its sightings are applied again by `observe`, which finds it.
 */
import type { Tx } from '../db/store.js';
import type { ContactSighting } from './sighting.js';
import * as repo from './contact.repository.js';

/** How a sighting changes a contact, and the contact a sighting makes (contact-updates.ts). */
export interface MergeRule {
  changesFor(row: repo.ContactWrite, s: ContactSighting, now: string): Partial<repo.ContactWrite>;
  newRow(s: ContactSighting, now: string): repo.ContactWrite;
  /** Applies one sighting the slow, exact way (`observe`). */
  observeOne(s: ContactSighting): Promise<string | null>;
}

const scopeKey = (s: { phoneNumberId: string; mode: string }) => `${s.phoneNumberId} ${s.mode}`;
const phoneKey = (scope: string, phone: string) => `${scope} p ${phone}`;
const userKey = (scope: string, userId: string) => `${scope} u ${userId}`;

/** @returns the contact id of each sighting (null for one that names nobody). */
export async function observeMany(
  tx: Tx,
  sightings: ContactSighting[],
  now: string,
  rule: MergeRule,
): Promise<(string | null)[]> {
  const ids: (string | null)[] = new Array(sightings.length).fill(null);
  let start = 0;
  while (start < sightings.length) start = await segment(tx, sightings, start, now, rule, ids);
  return ids;
}

/** Applies sightings from `start` on, the fast way, up to the first that needs the slow one (applied too). @returns where the next segment starts. */
async function segment(
  tx: Tx,
  sightings: ContactSighting[],
  start: number,
  now: string,
  rule: MergeRule,
  ids: (string | null)[],
): Promise<number> {
  const rows = await load(tx, sightings.slice(start));
  const byKey = new Map<string, repo.ContactWrite>();
  for (const row of rows) {
    const scope = scopeKey({ phoneNumberId: row.phone_number_id, mode: row.mode });
    if (row.phone) byKey.set(phoneKey(scope, row.phone), row);
    if (row.user_id) byKey.set(userKey(scope, row.user_id), row);
  }
  const created = new Map<string, repo.ContactWrite>();
  const changed = new Map<string, repo.ContactWrite>();
  /** The sightings each contact of the segment took, in order (to apply them again if its insert lost a race). */
  const touched = new Map<string, number[]>();
  let i = start;
  for (; i < sightings.length; i++) {
    const s = sightings[i]!;
    if (!s.phone && !s.userId && !s.parentUserId) continue;
    const scope = scopeKey(s);
    const byPhone = s.phone ? byKey.get(phoneKey(scope, s.phone)) : undefined;
    const byUser = s.userId ? byKey.get(userKey(scope, s.userId)) : undefined;
    if ((!s.phone && !s.userId) || (byPhone && byUser && byPhone !== byUser)) break;
    let target = byPhone ?? byUser;
    if (target) {
      const changes = rule.changesFor(target, s, now);
      if (
        Object.entries(changes).some(
          ([column, value]) => column !== 'updated_at' && target![column as keyof repo.ContactWrite] !== value,
        )
      ) {
        if (target.phone && changes.phone !== target.phone) byKey.delete(phoneKey(scope, target.phone));
        if (target.user_id && changes.user_id !== target.user_id) byKey.delete(userKey(scope, target.user_id));
        Object.assign(target, changes);
        if (!created.has(target.id)) changed.set(target.id, target);
      }
    } else {
      target = rule.newRow(s, now);
      created.set(target.id, target);
    }
    if (target.phone) byKey.set(phoneKey(scope, target.phone), target);
    if (target.user_id) byKey.set(userKey(scope, target.user_id), target);
    ids[i] = target.id;
    touched.set(target.id, [...(touched.get(target.id) ?? []), i]);
  }
  const stored = await repo.insertContacts(tx, [...created.values()]);
  await repo.updateContacts(tx, [...changed.values()]);
  // A customer another unit stored first: its sightings go again, the exact way.
  for (const id of created.keys())
    if (!stored.has(id)) for (const k of touched.get(id)!) ids[k] = await rule.observeOne(sightings[k]!);
  if (i < sightings.length) {
    ids[i] = await rule.observeOne(sightings[i]!);
    i++;
  }
  return i;
}

/** The contacts the sightings name by phone or BSUID, locked on PostgreSQL. */
async function load(tx: Tx, sightings: ContactSighting[]): Promise<repo.ContactRow[]> {
  const scopes = new Map<
    string,
    { phoneNumberId: string; mode: 'live' | 'test'; phones: Set<string>; userIds: Set<string> }
  >();
  for (const s of sightings) {
    let scope = scopes.get(scopeKey(s));
    if (!scope)
      scopes.set(
        scopeKey(s),
        (scope = { phoneNumberId: s.phoneNumberId, mode: s.mode, phones: new Set(), userIds: new Set() }),
      );
    if (s.phone) scope.phones.add(s.phone);
    if (s.userId) scope.userIds.add(s.userId);
  }
  const rows = new Map<string, repo.ContactRow>();
  for (const scope of scopes.values()) {
    for (const row of await repo.findByKeys(tx, scope, { phones: [...scope.phones], userIds: [...scope.userIds] }))
      rows.set(row.id, row);
  }
  return [...rows.values()];
}
