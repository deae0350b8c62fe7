/**
 * The Platform implementation over the WhatsApp Cloud API (Graph API), CLOUD_API.md §1.
 */
import type { SenderCredentials } from '../../accounts/account.service.js';
import type { OutboundMessage, Platform, PlatformTemplate, SendResult, TemplateSubmission } from '../platform.js';
import { PlatformError } from '../platform.js';
import { FormData } from 'undici';
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
    case 'media': {
      // CLOUD_API.md §1.1: caption for image, video and document; filename for documents.
      const object: Record<string, unknown> = { id: content.platformMediaId };
      if (content.caption !== null) object.caption = content.caption;
      if (content.kind === 'document' && content.filename) object.filename = content.filename;
      body.type = content.kind;
      body[content.kind] = object;
      break;
    }
    case 'template': {
      // Positional parameters (CLOUD_API.md §1.2, send-template-positional-params-request.json);
      // a template without values is sent with no components.
      const components: Record<string, unknown>[] = [];
      const header = content.header;
      if (header?.type === 'text') components.push({ type: 'header', parameters: [{ type: 'text', text: header.text }] });
      else if (header) components.push({ type: 'header', parameters: [{ type: header.type, [header.type]: { id: header.platformMediaId } }] });
      if (content.body.length > 0) components.push({ type: 'body', parameters: content.body.map((text) => ({ type: 'text', text })) });
      body.type = 'template';
      body.template = { name: content.name, language: { code: content.language }, ...(components.length > 0 ? { components } : {}) };
      break;
    }
  }
  if (message.callbackData) body.biz_opaque_callback_data = message.callbackData;
  return body;
}

/**
 * The Graph API body of a template submission (CLOUD_API.md §2.1; compare
 * `template-create-request-positional-params.json`): components with examples, POSITIONAL format.
 */
export function toGraphTemplate(t: TemplateSubmission): Record<string, unknown> {
  const components: Record<string, unknown>[] = [];
  if (t.header?.type === 'text') {
    components.push({ type: 'HEADER', format: 'TEXT', text: t.header.text, ...(t.header.example ? { example: { header_text: [t.header.example] } } : {}) });
  } else if (t.header) {
    // template-create-request-image-header.json
    components.push({ type: 'HEADER', format: t.header.type.toUpperCase(), example: { header_handle: [t.header.handle] } });
  }
  components.push({ type: 'BODY', text: t.body, ...(t.bodyExamples.length > 0 ? { example: { body_text: [t.bodyExamples] } } : {}) });
  if (t.footer) components.push({ type: 'FOOTER', text: t.footer });
  return { name: t.name, language: t.language, category: t.category, parameter_format: 'POSITIONAL', components };
}

interface GraphTemplate {
  id?: string;
  status?: string;
  category?: string;
  name?: string;
  language?: string;
}

function toPlatformTemplate(t: GraphTemplate): PlatformTemplate {
  return { id: String(t.id), status: String(t.status ?? 'PENDING').toUpperCase(), category: String(t.category ?? 'UTILITY').toUpperCase() };
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

  async uploadMedia(sender: SenderCredentials, file: { blob: Blob; filename: string; mimeType: string }): Promise<{ id: string }> {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', file.mimeType);
    form.append('file', file.blob, file.filename);
    const res = await this.#graph.postForm<{ id?: string }>(`/${sender.phoneNumberId}/media`, sender.accessToken, form);
    if (!res.id) throw new PlatformError('unavailable', 'The platform accepted the file but returned no id.');
    return { id: String(res.id) };
  }

  async uploadHeaderHandle(account: SenderCredentials, appId: string, file: { blob: Blob; filename: string; mimeType: string }): Promise<string> {
    const query = new URLSearchParams({ file_name: file.filename, file_length: String(file.blob.size), file_type: file.mimeType });
    const session = await this.#graph.postJson<{ id?: string }>(`/${appId}/uploads?${query}`, account.accessToken, {});
    if (!session.id) throw new PlatformError('unavailable', 'The platform opened no upload session.');
    // The file data goes with `Authorization: OAuth <token>` and `file_offset` (CLOUD_API.md §2.6).
    const done = await this.#graph.postBytes<{ h?: string }>(`/${session.id}`, account.accessToken, { authorization: `OAuth ${account.accessToken}`, file_offset: '0', 'content-type': 'application/octet-stream' }, file.blob);
    if (!done.h) throw new PlatformError('unavailable', 'The platform returned no upload handle.');
    return done.h;
  }

  async createTemplate(account: SenderCredentials, template: TemplateSubmission): Promise<PlatformTemplate> {
    const created = await this.#graph.postJson<GraphTemplate>(`/${account.wabaId}/message_templates`, account.accessToken, toGraphTemplate(template));
    if (!created.id) throw new PlatformError('unavailable', 'The platform accepted the template but returned no id.');
    return toPlatformTemplate(created);
  }

  async findTemplate(account: SenderCredentials, name: string, language: string): Promise<PlatformTemplate | null> {
    const query = new URLSearchParams({ name, fields: 'id,name,language,status,category', limit: '100' });
    const list = await this.#graph.getJson<{ data?: GraphTemplate[] }>(`/${account.wabaId}/message_templates?${query}`, account.accessToken);
    const match = (list.data ?? []).find((t) => t.name === name && t.language === language);
    return match ? toPlatformTemplate(match) : null;
  }

  async editTemplate(account: SenderCredentials, platformTemplateId: string, template: TemplateSubmission): Promise<void> {
    const { components } = toGraphTemplate(template);
    await this.#graph.postJson(`/${platformTemplateId}`, account.accessToken, { components });
  }

  async deleteTemplate(account: SenderCredentials, name: string): Promise<void> {
    await this.#graph.deleteJson(`/${account.wabaId}/message_templates?${new URLSearchParams({ name })}`, account.accessToken);
  }

  close(): Promise<void> {
    return this.#graph.close();
  }
}
