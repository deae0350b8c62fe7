/**
 * Rows of a person's second factor (second-factor.service.ts): the TOTP columns of `users` and
 * the `recovery_codes` table. The "used once" rules are conditional updates, so two requests at
 * once cannot both use the same code.
 */
import type { Reader, Tx } from '../db/store.js';

/** Sets (or clears, with nulls) the secret being set up or in use, and when it was confirmed. */
export async function setTotp(
  tx: Tx,
  userId: string,
  set: { totp_secret_enc: string | null; totp_enabled_at: string | null; totp_last_step: number | null },
): Promise<void> {
  await tx.updateTable('users').set(set).where('id', '=', userId).execute();
}

/**
 * Records `step` as the last accepted TOTP step, unless one as late was accepted already.
 * @returns false when it was (the code is a replay, or lost a race with the same code).
 */
export async function claimTotpStep(tx: Tx, userId: string, step: number): Promise<boolean> {
  const result = await tx
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces a person's recovery codes with these hashes (all of the old ones void). */
export async function replaceRecoveryCodes(tx: Tx, userId: string, hashes: string[]): Promise<void> {
  await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length > 0)
    await tx
      .insertInto('recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
      .execute();
}

/**
 * Marks the recovery code with this hash used, if it is the person's and unused.
 * @returns false when it is not theirs or was used already.
 */
export async function useRecoveryCode(tx: Tx, userId: string, hash: string, at: string): Promise<boolean> {
  const result = await tx
    .updateTable('recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many of a person's recovery codes are still unused. */
export async function unusedRecoveryCodes(db: Reader, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
