/**
 * `messaging_handovers` (docs/platform.md §4.18): the platform tells this app that a conversation's
 * thread was passed to it (`control_passed`) or taken from it (`control_taken`, e.g. by Meta
 * Business Agent). Meta's WhatsApp reference (webhooks/reference/messaging-handovers, updated
 * 2026-09-22) names the two notifications and says `type` names which object is present beside it,
 * each naming the role that held the thread before and the role that holds it now. The nesting of
 * the roles and of the customer is read from Messenger's handover protocol and the partners' docs,
 * not a WhatsApp example (UNCONFIRMED): `previous_owner.role` / `new_owner.role` (or
 * `previous_role` / `new_role`), the customer in `sender` (`wa_id`, `phone_number` or `id`, and
 * `user_id`) or `contacts[]`. A value that names no number, notification or customer is ignored.
 */
import type { PlatformHandover } from '../signal-updates.js';
import type { PlatformContactUpdate } from '../updates.js';
import { secondsToIso } from './signal-payload.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;

/** A role as given: `{ role }`, or a bare string. */
function roleOf(owner: unknown, flat: unknown): string | null {
  return (isObject(owner) ? str(owner.role) : str(owner)) ?? str(flat);
}

/** Parses one `messaging_handovers` value into `out` (its customer into `out.contacts`, kind `status`). */
export function parseHandover(
  value: Json,
  entryAt: string | null,
  out: { handovers: PlatformHandover[]; contacts: PlatformContactUpdate[]; ignored: number },
): void {
  const phoneNumberId = isObject(value.metadata) ? str(value.metadata.phone_number_id) : null;
  const type = value.type === 'control_passed' || value.type === 'control_taken' ? value.type : null;
  const body = type && isObject(value[type]) ? (value[type] as Json) : {};
  const sender = isObject(value.sender) ? value.sender : {};
  const contact = Array.isArray(value.contacts) ? value.contacts.find(isObject) : undefined;
  const waId =
    (str(sender.wa_id) ?? str(sender.phone_number) ?? str(sender.id) ?? str(contact?.wa_id))?.replace(/\D/g, '') ||
    null;
  const userId = str(sender.user_id) ?? str(contact?.user_id);
  const at = secondsToIso(value.timestamp) ?? secondsToIso(body.timestamp) ?? entryAt;
  if (!phoneNumberId || !type || (!waId && !userId) || !at) {
    out.ignored++;
    return;
  }
  out.handovers.push({
    phoneNumberId,
    waId,
    userId,
    at,
    type,
    previousRole: roleOf(body.previous_owner, body.previous_role),
    newRole: roleOf(body.new_owner, body.new_role),
    metadata: str(body.metadata),
  });
  out.contacts.push({
    phoneNumberId,
    waId,
    userId,
    parentUserId: null,
    name: null,
    username: null,
    at,
    kind: 'status',
  });
}
