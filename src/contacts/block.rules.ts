/**
 * What a block or unblock is refused for before or by the platform (docs/api.md §D25): a contact the
 * platform cannot name, the 24-hour rule (Meta's Block Users API blocks only customers who wrote in
 * the last 24 hours), and the platform's own per-user refusals.
 */
import type { ErrorCode } from '../errors.js';
import type { BlockUserOutcome } from '../platform/platform.js';
import type { ContactRow } from './contact.repository.js';
import { CUSTOMER_WINDOW_MS } from './contact.service.js';

/** A contact's refusal: Tidings' code and message, and the platform's code when it refused. */
export type Refusal = { code: ErrorCode; message: string; platformError: { code: string; message: string } | null };

/** What the platform is sent for a contact: phone digits (no `+`), else the BSUID. */
export const platformUserOf = (c: Pick<ContactRow, 'phone' | 'user_id'>): string | null =>
  c.phone ? c.phone.replace(/^\+/, '') : c.user_id;

export const refuse = (code: ErrorCode, message: string, platformError: Refusal['platformError'] = null): Refusal => ({
  code,
  message,
  platformError,
});

/** What Tidings refuses alone, before the platform is asked. */
export function checkRow(row: ContactRow, action: 'block' | 'unblock', blocked: boolean, now: number): Refusal | null {
  if (!platformUserOf(row))
    return refuse(
      'contact_not_blockable',
      `${row.id} has neither a phone number nor a business-scoped user id the platform could ${action}.`,
    );
  if (action === 'unblock' || blocked) return null;
  const last = row.last_inbound_at === null ? null : Date.parse(row.last_inbound_at);
  if (last === null || now - last > CUSTOMER_WINDOW_MS) {
    return refuse(
      'block_window_closed',
      `${row.id} ${last === null ? 'never wrote' : 'last wrote more than 24 hours ago'}; the platform blocks only customers who wrote in the last 24 hours.`,
    );
  }
  return null;
}

/** A per-user refusal of the platform: its 131047 is the 24-hour rule (its clock against ours). */
export function platformRefusal(action: 'block' | 'unblock', error: NonNullable<BlockUserOutcome['error']>): Refusal {
  const platformError = { code: error.code === null ? 'none' : String(error.code), message: error.message };
  if (error.code === 131047)
    return refuse(
      'block_window_closed',
      `The platform refused to ${action} this customer: no message from them in the last 24 hours.`,
      platformError,
    );
  return refuse('platform_error', `The platform refused to ${action} this customer: ${error.message}`, platformError);
}
