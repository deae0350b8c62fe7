/**
 * A customer's change of number or BSUID, as a messages webhook brings it (docs/platform.md §4.19):
 * a `messages[]` item of `type: "system"` whose `system.type` is `user_changed_number` or
 * `user_changed_user_id`. It is no customer message (no window opens, nothing is stored in the
 * timeline): it becomes one `PlatformContactUpdate` of kind `identity`.
 *
 * Shapes read (each field optional, an empty string taken as absent):
 * - `from` (the old number, digits), `from_user_id`;
 * - `system.wa_id` (the number after the change; `new_wa_id` in the long-documented shape),
 *   `system.user_id`, `system.parent_user_id` (after), `system.previous_user_id`,
 *   `system.previous_parent_user_id` (before; Meta's page from 2026-08-11).
 * Any other `system.type` (`customer_identity_changed`, …) is left to the ordinary reading.
 */
import type { PlatformContactUpdate } from '../updates.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A non-empty string (a number as its digits); null otherwise. */
const given = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

const CHANGES = new Set(['user_changed_number', 'user_changed_user_id']);

/**
 * @returns the identity change `m` reports, or null when `m` is not one (another type, or it names
 *   no identifier before or after the change, or has no wamid or time: then the caller ignores it).
 */
export function parseIdentityChange(m: Json, phoneNumberId: string): PlatformContactUpdate | null {
  if (m.type !== 'system' || !isObject(m.system)) return null;
  const system = m.system;
  const type = given(system.type);
  if (type === null || !CHANGES.has(type)) return null;
  const wamid = given(m.id);
  const seconds = given(m.timestamp);
  if (!wamid || !seconds || !/^\d+$/.test(seconds)) return null;
  const from = given(m.from);
  const previousUserId = given(system.previous_user_id) ?? given(m.from_user_id);
  const userId = given(system.user_id);
  // A number change names the new number; a BSUID change the (unchanged) number, or none.
  const waId = given(system.wa_id) ?? given(system.new_wa_id) ?? (type === 'user_changed_user_id' ? from : null);
  const change = {
    type: type as 'user_changed_number' | 'user_changed_user_id',
    wamid,
    previousWaId: from,
    previousUserId: previousUserId !== userId ? previousUserId : null,
    previousParentUserId: given(system.previous_parent_user_id),
  };
  if (!change.previousWaId && !change.previousUserId && !change.previousParentUserId) return null;
  if (!waId && !userId) return null;
  return {
    phoneNumberId,
    waId,
    userId,
    parentUserId: given(system.parent_user_id),
    name: null,
    username: null,
    at: new Date(Number(seconds) * 1000).toISOString(),
    kind: 'identity',
    change,
  };
}
