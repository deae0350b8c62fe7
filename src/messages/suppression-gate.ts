/**
 * The suppression check at accept (docs/api.md §D23): a send to a suppressed customer is refused
 * with 409 `recipient_suppressed`, unless it says `"suppression": "ignore"` and the account allows
 * that (else 403 `suppression_override_not_allowed`). A `marketing`-scope suppression refuses only
 * marketing templates. One lookup per request, however many sends it holds (a batch's items are
 * checked together), answered from the account's held list (consent/accept-suppressions.ts); the
 * account's setting is read only when a suppressed customer's send asks to ignore it. The consent
 * feature answers through a narrow port (`SuppressionLookup`).
 */
import { Type } from '@sinclair/typebox';
import { TidingsError } from '../errors.js';
import type { AuthContext } from '../http/access.js';
import { StringEnum } from '../http/schemas.js';

/** The send body's field (every send type): `ignore` reaches a suppressed customer where the account allows it. */
export const suppressionField = {
  suppression: Type.Optional(
    StringEnum(['check', 'ignore'] as const, {
      description:
        '`check` (default): a send to a suppressed customer (opted out, blocked…) is refused with 409 `recipient_suppressed`. `ignore`: send anyway, for a notice the customer must get; only where the account allows it (`allowSuppressionOverride`, else 403 `suppression_override_not_allowed`).',
    }),
  ),
};

/** An active suppression, as the gate needs it. */
export interface SuppressionSeen {
  id: string;
  phone: string | null;
  bsuid: string | null;
  reason: string;
  scope: 'all' | 'marketing';
  created_at: string;
}

/** What the gate asks the consent feature (`SuppressionService`). */
export interface SuppressionLookup {
  /** Active suppressions covering any of these customers on the number (one statement). */
  activeFor(
    accountId: string,
    phoneNumberId: string,
    customers: { phone: string | null; bsuid: string | null; contactId: string | null }[],
  ): Promise<SuppressionSeen[]>;
  overrideAllowed(accountId: string): Promise<boolean>;
}

/** One send to check: its address (E.164 or BSUID), its template's category (null: not a template), and whether it asks to ignore suppressions. */
export interface GateItem {
  to: string;
  category: string | null;
  ignore: boolean;
}

/** The suppressions of `rows` that refuse a send to `to` of `category`. */
export function refusing(rows: SuppressionSeen[], to: string, category: string | null): SuppressionSeen[] {
  return rows.filter(
    (r) => (r.phone === to || r.bsuid === to) && (r.scope === 'all' || category?.toUpperCase() === 'MARKETING'),
  );
}

/** Each reason of a suppression in words, for the refusal's message. */
const WHY: Record<string, string> = {
  opt_out_keyword: 'they asked for no more messages',
  platform_preference: 'they stopped marketing messages',
  api: 'the account suppressed them',
  blocked: 'the business blocked them',
};

/** The refusal of a send to a suppressed customer: names the reason and since when. */
export function suppressedError(to: string, s: SuppressionSeen): TidingsError {
  return new TidingsError(
    'recipient_suppressed',
    `${to} is suppressed (${s.reason}, since ${s.created_at}, ${s.id}): ${WHY[s.reason] ?? 'they asked for no more messages'}. Lift it (DELETE /v1/suppressions/{id}) if they opt back in, or send "suppression": "ignore" for a notice they must get, where the account allows it.`,
    { param: 'to' },
  );
}

export class SuppressionGate {
  readonly #lookup: SuppressionLookup;

  constructor(lookup: SuppressionLookup) {
    this.#lookup = lookup;
  }

  /**
   * Checks sends of one key together. @returns each refused item's error, by its index in `items`
   * (recipient_suppressed, suppression_override_not_allowed); the others may be stored.
   */
  async refusals(auth: AuthContext, items: GateItem[]): Promise<Map<number, TidingsError>> {
    const refused = new Map<number, TidingsError>();
    if (items.length === 0) return refused;
    const customers = items.map((i) =>
      i.to.startsWith('+')
        ? { phone: i.to, bsuid: null, contactId: null }
        : { phone: null, bsuid: i.to, contactId: null },
    );
    const rows = await this.#lookup.activeFor(auth.accountId, auth.phoneNumberId, customers);
    if (rows.length === 0) return refused;
    let allowed: boolean | undefined;
    for (const [index, item] of items.entries()) {
      const hit = refusing(rows, item.to, item.category)[0];
      if (!hit) continue;
      if (!item.ignore) {
        refused.set(index, suppressedError(item.to, hit));
        continue;
      }
      allowed ??= await this.#lookup.overrideAllowed(auth.accountId);
      if (!allowed) {
        refused.set(
          index,
          new TidingsError(
            'suppression_override_not_allowed',
            `${item.to} is suppressed (${hit.reason}, since ${hit.created_at}), and this account does not allow "suppression": "ignore"; it can be allowed with PATCH /v1/account/consent (allowSuppressionOverride).`,
            { param: 'suppression' },
          ),
        );
      }
    }
    return refused;
  }

  /** Checks one send. @throws its refusal, if any. */
  async admit(auth: AuthContext, item: GateItem): Promise<void> {
    const refusal = (await this.refusals(auth, [item])).get(0);
    if (refusal) throw refusal;
  }
}
