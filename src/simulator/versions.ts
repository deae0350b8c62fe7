/**
 * Where the simulator answers differently by Graph API version (docs/simulator.md "Graph API
 * versions", docs/platform.md §0.2): the version of a call is the first segment of its path
 * (`/v25.0/…`); the version of webhooks is the app's, `webhookVersion` in the config.
 *
 * - From v25.0 a send may name its customer by `recipient` (a BSUID) alone, and the answer then
 *   carries `user_id` without `wa_id`; before v25.0 such a send is refused with error 100.
 * - From v25.0 a message of a type the Cloud API does not support arrives as `type: "unsupported"`
 *   with `unsupported: {type}`; before v25.0 as `type: "unknown"` with the older error wording.
 * The v25.0 boundary of both is a community client's reading of Meta's v25.0 reference
 * (ericvera/whatsapp-cloudapi v5.0.0), not a Meta changelog entry: UNCONFIRMED.
 */

/** The first Graph version whose sends take `recipient` alone and whose webhooks say `unsupported`. */
export const BSUID_ERA_MAJOR = 25;

/** The major number of a version as written in a path (`v25.0` → 25); 0 when it is not one. */
export function majorOf(version: string | undefined): number {
  return Number(/^v(\d+)\.\d+$/.exec(version ?? '')?.[1] ?? 0);
}

/** The `messages[]` item for a message of a type the Cloud API does not support, in the webhook's version. */
export function unsupportedMessage(webhookMajor: number, originalType: string): Record<string, unknown> {
  if (webhookMajor < BSUID_ERA_MAJOR) {
    // Meta's earlier "Webhooks payload examples" (Unknown messages), as whatsapp-api-js types it (ServerUnknownMessage).
    return {
      errors: [{ code: 131051, details: 'Message type is not currently supported', title: 'Unsupported message type' }],
      type: 'unknown',
    };
  }
  // Meta's "Unsupported messages webhook reference" (updated 2026-03-20); webhook-inbound-unsupported-131051.json.
  return {
    errors: [
      {
        code: 131051,
        title: 'Message type unknown',
        message: 'Message type unknown',
        error_data: { details: 'Message type is currently not supported.' },
      },
    ],
    type: 'unsupported',
    unsupported: { type: originalType },
  };
}
