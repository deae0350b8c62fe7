/**
 * A number's Direct Send capability on its row (`phone_numbers.direct_send`, 0015) and the lease of
 * the one routed send that probes it (`direct_send_probe_id`, `direct_send_probe_until`, 0036);
 * accounts/direct-send.ts reads and sets them. Times are ISO strings on the clock's time, compared
 * as strings (one format, so their order is the times').
 */
import type { Reader, Tx } from '../db/store.js';
import type { PhoneNumberRow } from './account.repository.js';

/** What a number's row says of Direct Send. */
export type CapabilityRow = Pick<
  PhoneNumberRow,
  'direct_send' | 'direct_send_checked_at' | 'direct_send_probe_id' | 'direct_send_probe_until'
>;

/** What Direct Send does for a number, as last learned, with its probe's lease; undefined for an unknown number. */
export function capabilityOf(db: Reader, phoneNumberId: string): Promise<CapabilityRow | undefined> {
  return db
    .selectFrom('phone_numbers')
    .select(['direct_send', 'direct_send_checked_at', 'direct_send_probe_id', 'direct_send_probe_until'])
    .where('phone_number_id', '=', phoneNumberId)
    .executeTakeFirst();
}

/**
 * Records the number's capability (`checkedAt` ISO, null for `unknown` set by an operator) and ends
 * any probe's lease: its answer is known.
 */
export async function setCapability(
  tx: Tx,
  phoneNumberId: string,
  value: PhoneNumberRow['direct_send'],
  checkedAt: string | null,
): Promise<void> {
  await tx
    .updateTable('phone_numbers')
    .set({
      direct_send: value,
      direct_send_checked_at: checkedAt,
      direct_send_probe_id: null,
      direct_send_probe_until: null,
    })
    .where('phone_number_id', '=', phoneNumberId)
    .execute();
  tx.changed('accounts', phoneNumberId);
}

/**
 * Gives the number's probe to `messageId` until `until`, in one conditional UPDATE (so two
 * processes never both take it): only while a probe is due (the capability `unknown`, or a refusal
 * learned before `refusedBefore`) and no other send holds an unexpired lease (`now`; the holder
 * itself may take it again). All ISO. @returns whether `messageId` holds it now.
 */
export async function takeProbe(
  tx: Tx,
  phoneNumberId: string,
  messageId: string,
  times: { now: string; until: string; refusedBefore: string },
): Promise<boolean> {
  const result = await tx
    .updateTable('phone_numbers')
    .set({ direct_send_probe_id: messageId, direct_send_probe_until: times.until })
    .where('phone_number_id', '=', phoneNumberId)
    .where((eb) =>
      eb.or([
        eb('direct_send', '=', 'unknown'),
        eb.and([
          eb('direct_send', 'in', ['not_enabled', 'blocked']),
          eb.or([eb('direct_send_checked_at', 'is', null), eb('direct_send_checked_at', '<=', times.refusedBefore)]),
        ]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('direct_send_probe_until', 'is', null),
        eb('direct_send_probe_until', '<=', times.now),
        eb('direct_send_probe_id', '=', messageId),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends `messageId`'s lease on the number's probe (its attempt ended without an answer on Direct Send). */
export async function endProbe(tx: Tx, phoneNumberId: string, messageId: string): Promise<void> {
  await tx
    .updateTable('phone_numbers')
    .set({ direct_send_probe_id: null, direct_send_probe_until: null })
    .where('phone_number_id', '=', phoneNumberId)
    .where('direct_send_probe_id', '=', messageId)
    .execute();
}
