/**
 * Which accounts a webhook signal belongs to (docs/api.md §D24). A change passed on as
 * `platform.webhook` that names a business number (its id, or its displayed number under the
 * WABA) belongs to the account that owns that number only, like a status or a customer's message:
 * on a WABA shared by several accounts, one account's customers never reach another. A number no
 * account owns: nobody's (skipped, like a status of such a number). Every other signal (a typed
 * one, or a change that names no number) names the WABA, and each account on it keeps it.
 */
import type { PlatformSignal } from './signal-updates.js';
import type { Owned } from './updates.js';

/** A pass-through change that names a business number by its displayed digits only. */
export type DisplayNamed = Extract<PlatformSignal, { kind: 'unknown' }> & { displayPhoneNumber: string };

/** The number a signal names, if any: `id` (`phone_number_id`) first, else the displayed digits. */
export function numberNamed(s: PlatformSignal): { id: string } | { display: string } | null {
  if (s.kind !== 'unknown') return null;
  if (s.phoneNumberId) return { id: s.phoneNumberId };
  return s.displayPhoneNumber ? { display: s.displayPhoneNumber } : null;
}

/** The pass-through changes that name a number by its displayed digits only, in order. */
export function displayNamed(signals: PlatformSignal[]): DisplayNamed[] {
  return signals.filter((s): s is DisplayNamed => {
    const named = numberNamed(s);
    return named !== null && 'display' in named;
  });
}

/**
 * Each signal with the account(s) it belongs to.
 * @param lookups.owners the account owning each phone number id named (null: none).
 * @param lookups.displayOwners for each of `displayNamed(signals)`, its number and account (null: none).
 * @param lookups.wabaAccounts the accounts on each WABA (absent: none).
 * @returns the owned signals (a displayed number resolved to its `phoneNumberId`) and how many went to nobody.
 */
export function routeSignals(
  signals: PlatformSignal[],
  lookups: {
    owners: Map<string, string | null>;
    displayOwners: Map<PlatformSignal, { accountId: string; phoneNumberId: string } | null>;
    wabaAccounts: Map<string, string[]>;
  },
): { owned: Owned<PlatformSignal>[]; unowned: number } {
  let unowned = 0;
  const owned = signals.flatMap((s): Owned<PlatformSignal>[] => {
    const named = numberNamed(s);
    let out: Owned<PlatformSignal>[];
    if (named === null) out = (lookups.wabaAccounts.get(s.wabaId) ?? []).map((accountId) => ({ ...s, accountId }));
    else if ('id' in named) {
      const accountId = lookups.owners.get(named.id);
      out = accountId ? [{ ...s, accountId }] : [];
    } else {
      const owner = lookups.displayOwners.get(s);
      out =
        owner && s.kind === 'unknown' ? [{ ...s, phoneNumberId: owner.phoneNumberId, accountId: owner.accountId }] : [];
    }
    if (out.length === 0) unowned++;
    return out;
  });
  return { owned, unowned };
}
