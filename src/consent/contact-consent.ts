/**
 * What GET /v1/contacts shows of a contact's consent (the contacts feature's `ContactConsentPort`):
 * its active suppression on the number and its marketing consent, picked for each contact of a
 * page from the rows read for the whole page.
 */
import type { Reader } from '../db/store.js';
import * as repo from './suppression.repository.js';
import type { MarketingConsentRow, SuppressionRow } from './suppression.repository.js';

/** A contact's consent, as GET /v1/contacts shows it. */
export interface ContactConsent {
  suppression: { id: string; reason: string; scope: string; since: string } | null;
  marketingConsent: { value: 'granted' | 'revoked'; reportedAt: string } | null;
}

/**
 * Each contact's consent, by contact id: of the active suppressions naming it (by phone, BSUID,
 * parent BSUID or contact id), scope `all` before `marketing`, then the oldest; of its marketing consents (by phone
 * or BSUID), the latest reported.
 */
export function contactConsents(
  contacts: { id: string; phone: string | null; userId: string | null; parentUserId?: string | null }[],
  rows: SuppressionRow[],
  consents: MarketingConsentRow[],
): Map<string, ContactConsent> {
  const out = new Map<string, ContactConsent>();
  for (const c of contacts) {
    const mine = rows.filter(
      (r) =>
        (c.phone !== null && r.phone === c.phone) ||
        (c.userId !== null && r.bsuid === c.userId) ||
        (c.parentUserId != null && r.bsuid === c.parentUserId) ||
        r.contact_id === c.id,
    );
    const s = mine.sort((a, b) =>
      a.scope === b.scope ? (a.created_at < b.created_at ? -1 : 1) : a.scope === 'all' ? -1 : 1,
    )[0];
    const m = consents
      .filter((r) => (c.phone !== null && r.phone === c.phone) || (c.userId !== null && r.bsuid === c.userId))
      .sort((a, b) => (a.reported_at < b.reported_at ? 1 : -1))[0];
    out.set(c.id, {
      suppression: s ? { id: s.id, reason: s.reason, scope: s.scope, since: s.created_at } : null,
      marketingConsent: m ? { value: m.value, reportedAt: m.reported_at } : null,
    });
  }
  return out;
}

/** A contact of a page as the consent port is given it. */
export interface ContactOfPage {
  id: string;
  phone: string | null;
  userId: string | null;
  parentUserId?: string | null;
}

/**
 * Reads the consent of a page of contacts: the active suppressions of `mode` on the number naming
 * any of their addresses, and (live only: the platform reports live customers' preferences) their
 * marketing consents. Two statements for the whole page, then `contactConsents`.
 */
export async function readContactConsents(
  db: Reader,
  accountId: string,
  mode: repo.Mode,
  phoneNumberId: string,
  contacts: ContactOfPage[],
): Promise<Map<string, ContactConsent>> {
  const rows = await repo.activeFor(
    db,
    accountId,
    mode,
    phoneNumberId,
    contacts.flatMap((c) => [
      { phone: c.phone, bsuid: c.userId, contactId: c.id },
      ...(c.parentUserId ? [{ phone: null, bsuid: c.parentUserId, contactId: null }] : []),
    ]),
  );
  const consents =
    mode === 'live'
      ? await repo.marketingConsentsOf(
          db,
          phoneNumberId,
          contacts.map((c) => ({ phone: c.phone, bsuid: c.userId })),
        )
      : [];
  return contactConsents(contacts, rows, consents);
}
