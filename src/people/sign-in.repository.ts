/** What signing in reads of an account: whether it requires single sign-on (0026 `accounts.sso_required`). */
import type { Reader } from '../db/store.js';

export async function accountRequiresSso(db: Reader, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('sso_required').where('id', '=', accountId).executeTakeFirst();
  return Number(row?.sso_required ?? 0) === 1;
}
