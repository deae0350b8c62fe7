/**
 * A sighting of a customer (a message, a status report or a send naming them) and what it does to
 * a contact: the pieces of the merge rule (contact-updates.ts) that the one-by-one path and the
 * batched one (contact-batch.ts) share.
 */
import { newId } from '../lib/ids.js';
import type * as repo from './contact.repository.js';

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

/** A send to a phone number (nearly all sends): one upsert applies the merge rule to it (contact-updates.ts). */
export function sentToPhone(s: ContactSighting): boolean {
  return (
    s.kind === 'outbound' &&
    s.phone !== null &&
    s.userId === null &&
    s.parentUserId === null &&
    s.name === null &&
    s.username === null
  );
}

/** The later of two ISO times (null: unknown). */
export const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/** A new contact from its first sighting. */
export function newRow(s: ContactSighting, now: string): repo.ContactWrite {
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
export function changesFor(
  row: repo.ContactWrite,
  s: ContactSighting,
  now: string,
): repo.ContactChanges & Partial<repo.ContactWrite> {
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
