/**
 * JSON as the platform sends its webhooks: neutral ground, so the simulator (which sends them as
 * Meta does) and the service (which relays them to Cloud API clients, docs/api.md §D35) write the
 * same bytes.
 */

/**
 * JSON as the platform sends it: every character outside printable ASCII escaped as `\\uXXXX` with
 * lowercase hex (astral characters as their two UTF-16 halves), so the body is pure ASCII and the
 * signature is over the escaped bytes. Meta: "we generate the signature using an escaped unicode
 * version of the payload, with lowercase hex digits" (developers.facebook.com/docs/messenger-platform/
 * webhooks#validate-payloads, quoted in Secreto31126/whatsapp-api-js#290, whose verifier escapes
 * `[^\\0-~]` the same way). Whether `/` is escaped too is UNCONFIRMED; it is not.
 */
export function metaJson(payload: unknown): string {
  return JSON.stringify(payload).replace(/[^\0-~]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
