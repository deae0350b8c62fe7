/**
 * What follows a customer who changed number or BSUID (docs/api.md §D31) in the consent feature's
 * tables: their marketing consents (`marketing_consents`, otherwise suppression.repository.ts's).
 */
import type { Tx } from '../db/store.js';

/**
 * A customer changed number or BSUID (docs/api.md §D31): their marketing consents on the number,
 * kept by their old phone (`p:`) or BSUID (`u:`), are copied to the new one (a consent stored there
 * already is kept: it is newer news). @returns how many were copied.
 */
export async function moveMarketingConsents(
  tx: Tx,
  phoneNumberId: string,
  from: { phone: string | null; bsuid: string | null },
  to: { phone: string | null; bsuid: string | null },
): Promise<number> {
  const moves = [
    ...(from.phone && to.phone && from.phone !== to.phone
      ? [[`p:${from.phone}`, { phone: to.phone, bsuid: null }] as const]
      : []),
    ...(from.bsuid && to.bsuid && from.bsuid !== to.bsuid
      ? [[`u:${from.bsuid}`, { phone: null, bsuid: to.bsuid }] as const]
      : []),
  ];
  let copied = 0;
  for (const [key, next] of moves) {
    const row = await tx
      .selectFrom('marketing_consents')
      .selectAll()
      .where('phone_number_id', '=', phoneNumberId)
      .where('customer_key', '=', key)
      .executeTakeFirst();
    if (!row) continue;
    const r = await tx
      .insertInto('marketing_consents')
      .values({ ...row, ...next, customer_key: next.phone ? `p:${next.phone}` : `u:${next.bsuid}` })
      .onConflict((oc) => oc.columns(['phone_number_id', 'customer_key']).doNothing())
      .executeTakeFirst();
    copied += Number(r.numInsertedOrUpdatedRows ?? 0n);
  }
  return copied;
}
