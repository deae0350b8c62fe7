/**
 * What a stored event becomes for a Cloud API client's app (docs/api.md §D35): the events feature's
 * `CloudApiRenderer` port (events/cloud-api-format.ts), filled by this feature's module. Called at
 * delivery time, once per attempt: it reads the event as stored, the business number's WABA and
 * display number (the accounts' cache) and, for a customer's message, the platform's message object
 * as received (one read by primary key), and builds Meta's webhook body.
 */
import type { CloudApiRenderer, StoredEvent } from '../events/cloud-api-format.js';
import type { Event } from '../events/event.schemas.js';
import type { InboundMessage, Message } from '../messages/schemas/message.schemas.js';
import type { Template } from '../templates/template.schemas.js';
import { inboundValue, statusValue } from './webhook-messages.js';
import { templateChange } from './webhook-templates.js';

export interface WebhookRendererOptions {
  /** A business number's WABA id and display number (AccountService.senderCredentials, cached). */
  numberOf(phoneNumberId: string): Promise<{ wabaId: string; displayPhoneNumber: string }>;
  /** A customer message's platform object as received, or null (MessageService.platformPayloadOf). */
  platformPayloadOf(accountId: string, mode: 'live' | 'test', id: string): Promise<Record<string, unknown> | null>;
  /** The Graph API version the service speaks (`v25.0`): which fields a status carries. */
  graphVersion: string;
}

const STATUSES: Readonly<Record<string, 'sent' | 'delivered' | 'read' | 'failed'>> = {
  'message.sent': 'sent',
  'message.delivered': 'delivered',
  'message.read': 'read',
  'message.failed': 'failed',
};

export class CloudApiWebhookRenderer implements CloudApiRenderer {
  readonly #o: WebhookRendererOptions;

  constructor(options: WebhookRendererOptions) {
    this.#o = options;
  }

  /**
   * Meta's body for `event` as the app on `phoneNumberId` receives it: one change in one entry
   * (whatsapp-api-js, like most clients, reads `entry[0].changes[0]`). @returns null for an event
   * with no Meta shape (an app without a number, a type not relayed).
   */
  async render(event: StoredEvent, phoneNumberId: string | null): Promise<unknown | null> {
    const number = event.phoneNumberId ?? phoneNumberId;
    if (number === null) return null;
    const { wabaId, displayPhoneNumber } = await this.#o.numberOf(number);
    const metadata = { displayPhoneNumber, phoneNumberId: number };
    const object = (JSON.parse(event.payload) as Event).data.object;
    let change: { field: string; value: unknown } | null = null;
    const status = STATUSES[event.type];
    if (status) {
      change = { field: 'messages', value: statusValue(metadata, object as Message, status, this.#o.graphVersion) };
    } else if (event.type === 'message.received') {
      const inbound = object as InboundMessage;
      const raw = await this.#o.platformPayloadOf(event.accountId, event.mode, inbound.id);
      change = { field: 'messages', value: inboundValue(metadata, inbound, raw) };
    } else if (event.type.startsWith('template.')) {
      change = templateChange(event.type, object as Template);
    }
    if (!change) return null;
    return {
      object: 'whatsapp_business_account',
      entry: [{ id: wabaId, changes: [{ value: change.value, field: change.field }] }],
    };
  }
}
