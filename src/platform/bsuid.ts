/**
 * Business-scoped user ids (BSUIDs, docs/platform.md §4.9): how the platform names a customer
 * besides, or instead of, a phone number. A platform fact, so it lives here; the contacts feature
 * builds its addressing on it.
 */

/**
 * A BSUID: an ISO country code, a dot, letters and digits (`US.13491208655302741918`). Meta
 * documents the shape as `<country code>.<alphanumeric>` (platform page "Business-scoped user
 * IDs"; the webhook fixture `webhook-inbound-text-with-user-id.json` carries one).
 */
export const BSUID_PATTERN = /^[A-Z]{2}\.[A-Za-z0-9]{1,128}$/;

/** A parent BSUID: `ENT` after the country code (`US.ENT.11815799212886844830`). */
export const PARENT_BSUID_PATTERN = /^[A-Z]{2}\.ENT\.[A-Za-z0-9]{1,128}$/;

/** True for a BSUID or a parent BSUID: an address the platform takes as `recipient`, not `to`. */
export function isBsuid(value: string): boolean {
  return BSUID_PATTERN.test(value) || PARENT_BSUID_PATTERN.test(value);
}
