/**
 * An account's consent settings (docs/api.md §4.37, §D23): whether a send may say
 * `"suppression": "ignore"`, its opt-out and opt-in keywords (keywords.ts: stored folded, the
 * defaults when none are set) and the replies to them. As stored (`SettingsRow`), as the feature
 * uses them (`EffectiveSettings`), as the API shows them, and a change applied to the stored row.
 */
import { TidingsError } from '../errors.js';
import type { ConsentSettings, UpdateConsentSettingsBody } from './consent.schemas.js';
import { DEFAULT_OPT_IN_KEYWORDS, DEFAULT_OPT_OUT_KEYWORDS, foldKeyword } from './keywords.js';
import type { SettingsRow } from './suppression.repository.js';

/** An account's consent settings, keywords folded. */
export interface EffectiveSettings {
  allowOverride: boolean;
  optOut: readonly string[];
  optIn: readonly string[];
  optOutReply: string | null;
  optInReply: string | null;
}

/** Settings of a stored row (or the defaults). */
export function effectiveSettings(row: SettingsRow | undefined): EffectiveSettings {
  return {
    allowOverride: row?.allow_suppression_override === 1,
    optOut: row?.opt_out_keywords ? (JSON.parse(row.opt_out_keywords) as string[]) : DEFAULT_OPT_OUT_KEYWORDS,
    optIn: row?.opt_in_keywords ? (JSON.parse(row.opt_in_keywords) as string[]) : DEFAULT_OPT_IN_KEYWORDS,
    optOutReply: row?.opt_out_reply ?? null,
    optInReply: row?.opt_in_reply ?? null,
  };
}

/** The ConsentSettings resource of the settings. */
export function toSettings(s: EffectiveSettings): ConsentSettings {
  return {
    allowSuppressionOverride: s.allowOverride,
    optOutKeywords: [...s.optOut],
    optInKeywords: [...s.optIn],
    optOutReply: s.optOutReply,
    optInReply: s.optInReply,
  };
}

/**
 * The account's settings row once `body` is applied to `row` (the stored one, if any): what the
 * body leaves out stays, keywords are stored folded (null: back to the defaults).
 * `allowSuppressionOverride` is an operator's decision (issue 38): `by` a key, it may only be sent
 * unchanged; the admin CLI (`npx tidings accounts consent`) changes it.
 * @param at ISO, the row's `updated_at`.
 * @throws TidingsError parameter_invalid (a keyword with no letters or digits), operator_only (a key
 *   changing `allowSuppressionOverride`).
 */
export function changedSettings(
  accountId: string,
  row: SettingsRow | undefined,
  body: UpdateConsentSettingsBody,
  at: string,
  by: 'key' | 'operator' = 'key',
): SettingsRow {
  const override = body.allowSuppressionOverride;
  if (by === 'key' && override !== undefined && override !== effectiveSettings(row).allowOverride) {
    throw new TidingsError(
      'operator_only',
      `allowSuppressionOverride is an operator's decision, not a key's: run npx tidings accounts consent ${accountId} --${override ? '' : 'no-'}allow-suppression-override on the service's host.`,
      { param: 'allowSuppressionOverride' },
    );
  }
  const fold = (list: string[] | null | undefined, param: string) => {
    if (!list) return list;
    const folded = [...new Set(list.map(foldKeyword))];
    if (folded.includes(''))
      throw new TidingsError('parameter_invalid', `${param} holds a keyword with no letters or digits.`, { param });
    return folded;
  };
  const optOut = fold(body.optOutKeywords, 'optOutKeywords');
  const optIn = fold(body.optInKeywords, 'optInKeywords');
  return {
    account_id: accountId,
    allow_suppression_override:
      body.allowSuppressionOverride === undefined
        ? (row?.allow_suppression_override ?? 0)
        : body.allowSuppressionOverride
          ? 1
          : 0,
    opt_out_keywords: optOut === undefined ? (row?.opt_out_keywords ?? null) : optOut && JSON.stringify(optOut),
    opt_in_keywords: optIn === undefined ? (row?.opt_in_keywords ?? null) : optIn && JSON.stringify(optIn),
    opt_out_reply: body.optOutReply === undefined ? (row?.opt_out_reply ?? null) : body.optOutReply,
    opt_in_reply: body.optInReply === undefined ? (row?.opt_in_reply ?? null) : body.optInReply,
    updated_at: at,
  };
}
