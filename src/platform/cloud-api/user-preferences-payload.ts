/**
 * The `user_preferences` webhook field (docs/platform.md §4.11): a customer stopped or resumed
 * marketing messages. Shape per Meta's reference
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/reference/user_preferences):
 * `value.metadata.phone_number_id`, `value.contacts[]`, `value.user_preferences[] { wa_id, detail,
 * category: "marketing_messages", value: "stop" | "resume", timestamp }` (the page's parameter table
 * lists both values; its example, test/fixtures/platform/webhook-user-preferences-resume.json, is a
 * resume). A `user_id` (BSUID) on an item is read too: UNCONFIRMED, the page shows only `wa_id`.
 * A preference of another category or value is counted as ignored.
 */
import type { PlatformUpdates, PlatformUserPreference } from '../updates.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** Adds the change's preferences to `out.userPreferences`; counts what it cannot read in `out.ignored`. */
export function parseUserPreferences(
  value: Json,
  out: Pick<PlatformUpdates, 'userPreferences'> & { ignored: number },
): void {
  const phoneNumberId = isObject(value.metadata) ? str(value.metadata.phone_number_id) : null;
  const items = Array.isArray(value.user_preferences) ? value.user_preferences : [];
  if (phoneNumberId === null || items.length === 0) {
    out.ignored++;
    return;
  }
  for (const item of items) {
    const parsed = isObject(item) ? parseOne(item, phoneNumberId) : null;
    if (parsed) out.userPreferences.push(parsed);
    else out.ignored++;
  }
}

function parseOne(item: Json, phoneNumberId: string): PlatformUserPreference | null {
  const value = str(item.value)?.toLowerCase();
  const category = str(item.category);
  const seconds = str(item.timestamp);
  const waId = str(item.wa_id);
  const userId = str(item.user_id);
  const digits = waId !== null && /^\d{5,20}$/.test(waId) ? waId : null;
  if (
    (value !== 'stop' && value !== 'resume') ||
    category !== 'marketing_messages' ||
    seconds === null ||
    !/^\d+$/.test(seconds) ||
    (digits === null && userId === null)
  )
    return null;
  return {
    phoneNumberId,
    waId: digits,
    userId,
    category,
    value,
    at: new Date(Number(seconds) * 1000).toISOString(),
    detail: str(item.detail),
  };
}
