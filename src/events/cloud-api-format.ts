/**
 * Endpoints of format `cloud_api` (docs/api.md §D35): a Cloud API client's app, which receives its
 * business number's updates in Meta's webhook shapes, signed as Meta signs them, through the same
 * deliveries, retries, attempt log and redeliveries as every endpoint (docs/api.md §D10).
 *
 * The events feature is built first and knows no facade: what an event becomes in Meta's shape is
 * a port (`CloudApiRenderer`) that the facade's module fills (a `Slot`, src/feature.ts). What
 * events a `cloud_api` endpoint receives, and how its POST is signed, are decided here, where the
 * fan-out and the delivery happen.
 */
import { TidingsError } from '../errors.js';
import { hubSignature } from '../lib/crypto.js';
import { metaJson } from '../lib/meta-json.js';
import type { EventType } from './event-types.js';

/** An endpoint's format: `tidings` (events, Standard Webhooks) or `cloud_api` (Meta's shapes). */
export type EndpointFormat = 'tidings' | 'cloud_api';

/**
 * The event types relayed to a `cloud_api` endpoint: a business number's messages and their
 * statuses (webhook field `messages`), and the account's template updates
 * (`message_template_status_update`, `message_template_quality_update`, `template_category_update`).
 */
export const CLOUD_API_EVENT_TYPES: readonly EventType[] = [
  'message.received',
  'message.sent',
  'message.delivered',
  'message.read',
  'message.failed',
  'template.approved',
  'template.rejected',
  'template.paused',
  'template.unpaused',
  'template.disabled',
  'template.flagged',
  'template.reinstated',
  'template.quality_updated',
  'template.category_updated',
  'template.category_update_scheduled',
];

const RELAYED = new Set<string>(CLOUD_API_EVENT_TYPES);

/**
 * Whether a `cloud_api` endpoint receives an event: a relayed type it subscribed to, about its own
 * business number; an event about no number (a template's) goes to every app of the account and
 * mode, as Meta sends a WABA's template updates to every app subscribed to it.
 */
export function cloudApiReceives(
  endpoint: { phone_number_id: string | null },
  event: { type: string; phone_number_id: string | null },
): boolean {
  if (!RELAYED.has(event.type)) return false;
  return event.phone_number_id === null
    ? event.type.startsWith('template.')
    : event.phone_number_id === endpoint.phone_number_id;
}

/** A stored event, as the renderer gets it. */
export interface StoredEvent {
  id: string;
  type: string;
  accountId: string;
  mode: 'live' | 'test';
  /** The business number it is about; null for a template's. */
  phoneNumberId: string | null;
  /** The event as stored (the `Event` resource, JSON). */
  payload: string;
}

/** What an event becomes in Meta's shape: the facade's port (filled by src/facade/). */
export interface CloudApiRenderer {
  /**
   * Meta's webhook body for `event` (`{object: "whatsapp_business_account", entry: [...]}`), as the
   * app on `phoneNumberId` receives it; null when the event has no Meta shape (nothing is sent).
   */
  render(event: StoredEvent, phoneNumberId: string | null): Promise<unknown | null>;
}

/**
 * The bytes and headers of one POST as Meta sends a webhook: JSON with every non-ASCII character
 * escaped (lib/meta-json.ts), `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of those bytes with the
 * app secret>` (docs/platform.md §4, the same function the simulator signs with).
 */
export function metaDelivery(body: unknown, appSecret: string): { raw: string; headers: Record<string, string> } {
  const raw = metaJson(body);
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Tidings-Webhooks/1.0 (Cloud API)',
      'x-hub-signature-256': hubSignature(raw, appSecret),
    },
  };
}

/**
 * Checks the fields of a create or change that concern the format: a `cloud_api` endpoint needs
 * its verify token and app secret and receives only relayed types; a `tidings` one takes neither.
 * @throws TidingsError parameter_missing (verifyToken, appSecret at create); parameter_invalid
 *   (a `tidings` endpoint given either; an event type a `cloud_api` endpoint is never sent)
 */
export function checkFormatFields(
  format: EndpointFormat,
  body: { events?: string[]; verifyToken?: string; appSecret?: string },
  creating: boolean,
): void {
  if (format === 'tidings') {
    for (const param of ['verifyToken', 'appSecret'] as const)
      if (body[param] !== undefined)
        throw new TidingsError('parameter_invalid', `${param} is for endpoints of format cloud_api only.`, { param });
    return;
  }
  if (creating)
    for (const param of ['verifyToken', 'appSecret'] as const)
      if (body[param] === undefined)
        throw new TidingsError('parameter_missing', `An endpoint of format cloud_api needs ${param}.`, { param });
  const other = (body.events ?? []).filter((e) => e !== '*' && !RELAYED.has(e));
  if (other.length > 0)
    throw new TidingsError(
      'parameter_invalid',
      `An endpoint of format cloud_api is sent only ${CLOUD_API_EVENT_TYPES.join(', ')} (or "*" for all of them); not ${other.join(', ')}.`,
      { param: 'events' },
    );
}
