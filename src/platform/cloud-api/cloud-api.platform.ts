/**
 * The Platform implementation over the WhatsApp Cloud API (Graph API), CLOUD_API.md §1.
 */
import type { SenderCredentials } from '../../accounts/account.service.js';
import type { OutboundMessage, Platform, SendResult } from '../platform.js';
import { PlatformError } from '../platform.js';
import { GraphClient } from './graph-client.js';

interface SendResponse {
  contacts?: { input?: string; wa_id?: string }[];
  messages?: { id?: string; message_status?: string }[];
}

/**
 * The Graph API body for one message (CLOUD_API.md §1.1; compare `send-text-request.json` and
 * `send-reply-text-request.json`).
 */
export function toGraphMessage(message: OutboundMessage): Record<string, unknown> {
  const body: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
  };
  if (message.replyToWamid) body.context = { message_id: message.replyToWamid };
  const content = message.content;
  switch (content.type) {
    case 'text':
      body.type = 'text';
      body.text = { preview_url: content.previewUrl, body: content.body };
      break;
  }
  if (message.callbackData) body.biz_opaque_callback_data = message.callbackData;
  return body;
}

export class CloudApiPlatform implements Platform {
  readonly #graph: GraphClient;

  constructor(options: { graphUrl: string; timeoutMs: number }) {
    this.#graph = new GraphClient({ baseUrl: options.graphUrl, timeoutMs: options.timeoutMs });
  }

  async sendMessage(sender: SenderCredentials, message: OutboundMessage): Promise<SendResult> {
    const response = await this.#graph.postJson<SendResponse>(`/${sender.phoneNumberId}/messages`, sender.accessToken, toGraphMessage(message));
    const wamid = response.messages?.[0]?.id;
    if (typeof wamid !== 'string' || wamid === '') {
      throw new PlatformError('unavailable', 'The platform accepted the send but returned no message id.');
    }
    return { wamid, waId: response.contacts?.[0]?.wa_id?.trim() ?? null };
  }

  close(): Promise<void> {
    return this.#graph.close();
  }
}
