/**
 * The Platform implementation over the WhatsApp Cloud API (Graph API), docs/platform.md §1.
 */
import type {
  LibraryTemplate,
  LibraryTemplateSubmission,
  MediaDownload,
  OutboundContent,
  OutboundMessage,
  Platform,
  PlatformMediaUrl,
  PlatformTemplate,
  PlatformTemplateDetail,
  PlatformTemplateListing,
  SenderCredentials,
  SendResult,
  TemplateSubmission,
} from '../platform.js';
import type { TemplateButtonValue } from '../platform.js';
import { PlatformError, THROUGHPUT_LEVELS } from '../platform.js';
import { FormData } from 'undici';
import type { Resolver } from '../../lib/address-guard.js';
import { isBsuid } from '../bsuid.js';
import { blocklistPage, changeBlocklist } from './block-users.js';
import { GraphClient } from './graph-client.js';
import {
  LISTING_FIELDS,
  toGraphTemplate,
  toLibraryTemplate,
  toPlatformTemplate,
  toTemplateDetail,
  toTemplateListing,
  type GraphTemplate,
} from './template-payloads.js';

interface SendResponse {
  contacts?: { input?: string; wa_id?: string }[];
  messages?: { id?: string; message_status?: string }[];
}

/**
 * The Graph API body for one message (docs/platform.md §1.1; compare `send-text-request.json` and
 * `send-reply-text-request.json`). A business-scoped user id goes in `recipient`, a phone number in
 * `to` (docs/platform.md §4.9: `to` would win if both were given, so only one is).
 */
export function toGraphMessage(message: OutboundMessage): Record<string, unknown> {
  const body: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    ...(isBsuid(message.to) ? { recipient: message.to } : { to: message.to }),
  };
  if (message.replyToWamid) body.context = { message_id: message.replyToWamid };
  // Direct Send (docs/platform.md §5.1): the category beside an ordinary send, its TTL below it.
  if (message.directSend) Object.assign(body, { category: 'utility', ttl_seconds: message.directSend.ttlSeconds });
  const content = message.content;
  switch (content.type) {
    case 'text':
      body.type = 'text';
      body.text = { preview_url: content.previewUrl, body: content.body };
      break;
    case 'media': {
      // docs/platform.md §1.1: caption for image, video and document; filename for documents.
      const object: Record<string, unknown> = { id: content.platformMediaId };
      if (content.caption !== null) object.caption = content.caption;
      if (content.kind === 'document' && content.filename) object.filename = content.filename;
      body.type = content.kind;
      body[content.kind] = object;
      break;
    }
    case 'template': {
      // Positional parameters, or each named for a NAMED template (docs/platform.md §1.2,
      // send-template-positional-params-request.json, send-template-named-params-request.json);
      // a template without values is sent with no components.
      const components: Record<string, unknown>[] = [];
      const [header, names] = [content.header, content.parameterNames];
      const named = (name: string | null | undefined) => (names && name ? { parameter_name: name } : {});
      if (header?.type === 'text')
        components.push({ type: 'header', parameters: [{ type: 'text', ...named(names?.header), text: header.text }] });
      else if (header)
        components.push({
          type: 'header',
          parameters: [{ type: header.type, [header.type]: { id: header.platformMediaId } }],
        });
      if (content.body.length > 0)
        components.push({
          type: 'body',
          parameters: content.body.map((text, i) => ({ type: 'text', ...named(names?.body[i]), text })),
        });
      for (const b of content.buttons ?? []) components.push(toGraphButtonValue(b));
      body.type = 'template';
      body.template = {
        name: content.name,
        language: { code: content.language },
        ...(components.length > 0 ? { components } : {}),
      };
      break;
    }
    case 'interactive':
    case 'location':
    case 'contacts':
    case 'reaction':
      body.type = content.type;
      body[content.type] = toGraphRich(content);
      break;
  }
  if (message.callbackData) body.biz_opaque_callback_data = message.callbackData;
  return body;
}

/**
 * The object of a rich free-form message, named after its type (docs/platform.md §1.4, Meta's
 * `interactive-reply-buttons-messages`, `interactive-list-messages`, `interactive-cta-url-messages`,
 * `location-messages`, `contacts-messages`, `reaction-messages`). Optional fields left out are not sent.
 */
export function toGraphRich(
  content: Extract<OutboundContent, { type: 'interactive' | 'location' | 'contacts' | 'reaction' }>,
): unknown {
  const defined = <T extends Record<string, unknown>>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
  switch (content.type) {
    case 'interactive': {
      const a = content.action;
      const action =
        a.kind === 'buttons'
          ? { buttons: a.buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) }
          : a.kind === 'list'
            ? {
                button: a.button,
                sections: a.sections.map((s) =>
                  defined({
                    title: s.title,
                    rows: s.rows.map((r) => defined({ id: r.id, title: r.title, description: r.description })),
                  }),
                ),
              }
            : { name: 'cta_url', parameters: { display_text: a.displayText, url: a.url } };
      return defined({
        type: a.kind === 'buttons' ? 'button' : a.kind,
        header: content.header !== null ? { type: 'text', text: content.header } : undefined,
        body: { text: content.body },
        footer: content.footer !== null ? { text: content.footer } : undefined,
        action,
      });
    }
    case 'location':
      return defined({
        latitude: content.latitude,
        longitude: content.longitude,
        name: content.name,
        address: content.address,
      });
    case 'contacts':
      return content.contacts.map((c) =>
        defined({
          name: defined({
            formatted_name: c.name.formatted,
            first_name: c.name.first,
            last_name: c.name.last,
            middle_name: c.name.middle,
            prefix: c.name.prefix,
            suffix: c.name.suffix,
          }),
          phones: c.phones?.map((p) => defined({ phone: p.phone, type: p.type, wa_id: p.waId })),
          emails: c.emails?.map((e) => defined({ email: e.email, type: e.type })),
          urls: c.urls?.map((u) => defined({ url: u.url, type: u.type })),
          org: c.org && defined({ company: c.org.company, department: c.org.department, title: c.org.title }),
          addresses: c.addresses?.map((x) =>
            defined({
              street: x.street,
              city: x.city,
              state: x.state,
              zip: x.zip,
              country: x.country,
              country_code: x.countryCode,
              type: x.type,
            }),
          ),
          birthday: c.birthday,
        }),
      );
    case 'reaction':
      return { message_id: content.targetWamid, emoji: content.emoji };
  }
}

/**
 * A button's value at send time (docs/platform.md §1.2, `send-template-quick-reply-buttons-request.json`):
 * a `button` component addressed by its index as a string and its `sub_type`.
 */
function toGraphButtonValue(b: TemplateButtonValue): Record<string, unknown> {
  const parameter =
    b.subType === 'quick_reply'
      ? { type: 'payload', payload: b.value }
      : b.subType === 'url'
        ? { type: 'text', text: b.value }
        : { type: 'coupon_code', coupon_code: b.value };
  return { type: 'button', sub_type: b.subType, index: String(b.index), parameters: [parameter] };
}

export class CloudApiPlatform implements Platform {
  readonly #graph: GraphClient;

  /**
   * @param options.connections requests in flight at once (graph-client.ts)
   * @param options.media where media downloads may go besides the Graph base's origin
   *   (media-url-policy.ts: PLATFORM_MEDIA_HOSTS, PLATFORM_ALLOW_HTTP), and the host name resolution
   *   of their address guard (default: the system resolver)
   */
  constructor(options: {
    graphUrl: string;
    timeoutMs: number;
    connections?: number;
    media?: { hosts: readonly string[]; allowHttp: boolean; resolver?: Resolver | undefined };
  }) {
    const { graphUrl, timeoutMs, connections, media } = options;
    const resolver = media?.resolver;
    this.#graph = new GraphClient({
      baseUrl: graphUrl,
      timeoutMs,
      ...(connections ? { connections } : {}),
      ...(media ? { media: { hosts: media.hosts, allowHttp: media.allowHttp } } : {}),
      ...(resolver ? { resolver } : {}),
    });
  }

  async getThroughput(sender: SenderCredentials): Promise<{ level: string; messagesPerSecond: number | null }> {
    const node = await this.#graph.getJson<{ throughput?: { level?: string } }>(
      `/${sender.phoneNumberId}?fields=throughput`,
      sender.accessToken,
    );
    const level = String(node.throughput?.level ?? 'UNKNOWN').toUpperCase();
    return { level, messagesPerSecond: THROUGHPUT_LEVELS[level] ?? null };
  }

  async sendMessage(sender: SenderCredentials, message: OutboundMessage): Promise<SendResult> {
    const response = await this.#graph.postJson<SendResponse>(
      `/${sender.phoneNumberId}/messages`,
      sender.accessToken,
      toGraphMessage(message),
    );
    const wamid = response.messages?.[0]?.id;
    if (typeof wamid !== 'string' || wamid === '') {
      throw new PlatformError('unavailable', 'The platform accepted the send but returned no message id.', {
        maybeTaken: true,
      });
    }
    return { wamid, waId: response.contacts?.[0]?.wa_id?.trim() ?? null };
  }

  // The Block Users API (block-users.ts, docs/platform.md §4.17).
  blockUsers: Platform['blockUsers'] = (sender, users) => changeBlocklist(this.#graph, sender, 'POST', users);
  unblockUsers: Platform['unblockUsers'] = (sender, users) => changeBlocklist(this.#graph, sender, 'DELETE', users);
  listBlockedUsers: Platform['listBlockedUsers'] = (sender, page) => blocklistPage(this.#graph, sender, page);

  async markRead(sender: SenderCredentials, read: { wamid: string; typingIndicator: boolean }): Promise<void> {
    // mark-as-read-request.json, with Meta's typing indicator (docs/platform.md §1.1).
    await this.#graph.postJson(`/${sender.phoneNumberId}/messages`, sender.accessToken, {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: read.wamid,
      ...(read.typingIndicator ? { typing_indicator: { type: 'text' } } : {}),
    });
  }

  async uploadMedia(
    sender: SenderCredentials,
    file: { blob: Blob; filename: string; mimeType: string },
  ): Promise<{ id: string }> {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', file.mimeType);
    form.append('file', file.blob, file.filename);
    const res = await this.#graph.postForm<{ id?: string }>(`/${sender.phoneNumberId}/media`, sender.accessToken, form);
    if (!res.id) throw new PlatformError('unavailable', 'The platform accepted the file but returned no id.');
    return { id: String(res.id) };
  }

  async deleteMedia(sender: SenderCredentials, platformMediaId: string): Promise<void> {
    await this.#graph.deleteJson(
      `/${encodeURIComponent(platformMediaId)}?${new URLSearchParams({ phone_number_id: sender.phoneNumberId })}`,
      sender.accessToken,
    );
  }

  async uploadHeaderHandle(
    account: SenderCredentials,
    appId: string,
    file: { blob: Blob; filename: string; mimeType: string },
  ): Promise<string> {
    const query = new URLSearchParams({
      file_name: file.filename,
      file_length: String(file.blob.size),
      file_type: file.mimeType,
    });
    const session = await this.#graph.postJson<{ id?: string }>(`/${appId}/uploads?${query}`, account.accessToken, {});
    if (!session.id) throw new PlatformError('unavailable', 'The platform opened no upload session.');
    // The file data goes with `Authorization: OAuth <token>` and `file_offset` (docs/platform.md §2.6).
    const done = await this.#graph.postBytes<{ h?: string }>(
      `/${session.id}`,
      account.accessToken,
      { authorization: `OAuth ${account.accessToken}`, file_offset: '0', 'content-type': 'application/octet-stream' },
      file.blob,
    );
    if (!done.h) throw new PlatformError('unavailable', 'The platform returned no upload handle.');
    return done.h;
  }

  async getMediaUrl(sender: SenderCredentials, platformMediaId: string): Promise<PlatformMediaUrl> {
    const query = new URLSearchParams({ phone_number_id: sender.phoneNumberId });
    const res = await this.#graph.getJson<{
      url?: unknown;
      mime_type?: unknown;
      sha256?: unknown;
      file_size?: unknown;
    }>(`/${encodeURIComponent(platformMediaId)}?${query}`, sender.accessToken);
    if (typeof res.url !== 'string' || res.url === '')
      throw new PlatformError('unavailable', 'The platform answered without a media URL.');
    // `file_size` is a string in Meta's collection and a number elsewhere (docs/platform.md §3).
    const size = Number(res.file_size);
    return {
      url: res.url,
      mimeType: typeof res.mime_type === 'string' ? res.mime_type : null,
      sha256: typeof res.sha256 === 'string' ? res.sha256 : null,
      fileSize: res.file_size !== undefined && res.file_size !== null && Number.isFinite(size) ? size : null,
    };
  }

  async downloadMedia(sender: SenderCredentials, url: string): Promise<MediaDownload> {
    const { body, headers } = await this.#graph.download(url, sender.accessToken);
    const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;
    const length = one(headers['content-length']);
    return {
      body,
      contentLength: length !== null && /^\d+$/.test(length) ? Number(length) : null,
      contentType: one(headers['content-type']),
    };
  }

  async createTemplate(account: SenderCredentials, template: TemplateSubmission): Promise<PlatformTemplate> {
    const created = await this.#graph.postJson<GraphTemplate>(
      `/${account.wabaId}/message_templates`,
      account.accessToken,
      toGraphTemplate(template),
    );
    if (!created.id) throw new PlatformError('unavailable', 'The platform accepted the template but returned no id.');
    return toPlatformTemplate(created);
  }

  async findTemplate(account: SenderCredentials, name: string, language: string): Promise<PlatformTemplate | null> {
    const query = new URLSearchParams({ name, fields: 'id,name,language,status,category', limit: '100' });
    const list = await this.#graph.getJson<{ data?: GraphTemplate[] }>(
      `/${account.wabaId}/message_templates?${query}`,
      account.accessToken,
    );
    const match = (list.data ?? []).find((t) => t.name === name && t.language === language);
    return match ? toPlatformTemplate(match) : null;
  }

  async editTemplate(
    account: SenderCredentials,
    platformTemplateId: string,
    template: TemplateSubmission,
  ): Promise<void> {
    const { components } = toGraphTemplate(template);
    await this.#graph.postJson(`/${platformTemplateId}`, account.accessToken, {
      components,
      ...(typeof template.timeToLive === 'number' ? { message_send_ttl_seconds: template.timeToLive } : {}),
    });
  }

  async setTemplateTimeToLive(account: SenderCredentials, platformTemplateId: string, seconds: number): Promise<void> {
    // template-edit-request.json's call with only the time to live (docs/platform.md §2.4, §5.2).
    await this.#graph.postJson(`/${platformTemplateId}`, account.accessToken, { message_send_ttl_seconds: seconds });
  }

  async getTemplate(account: SenderCredentials, platformTemplateId: string): Promise<PlatformTemplateDetail> {
    const fields = 'id,name,language,status,category,components,message_send_ttl_seconds';
    const t = await this.#graph.getJson<GraphTemplate>(
      `/${encodeURIComponent(platformTemplateId)}?fields=${fields}`,
      account.accessToken,
    );
    if (!t.id) throw new PlatformError('unavailable', 'The platform answered without the template.');
    return toTemplateDetail(t);
  }

  async readTemplate(account: SenderCredentials, platformTemplateId: string): Promise<PlatformTemplateListing> {
    const t = await this.#graph.getJson<GraphTemplate>(
      `/${encodeURIComponent(platformTemplateId)}?fields=${LISTING_FIELDS}`,
      account.accessToken,
    );
    if (!t.id) throw new PlatformError('unavailable', 'The platform answered without the template.');
    return toTemplateListing(t);
  }

  async listTemplates(account: SenderCredentials): Promise<PlatformTemplateListing[]> {
    const all: PlatformTemplateListing[] = [];
    let after: string | undefined;
    // Pages of 100 until the platform gives no `next` (template-list-fields-response.json's `paging`).
    for (;;) {
      const query = new URLSearchParams({ fields: LISTING_FIELDS, limit: '100', ...(after ? { after } : {}) });
      const page = await this.#graph.getJson<{
        data?: GraphTemplate[];
        paging?: { cursors?: { after?: string }; next?: string };
      }>(`/${account.wabaId}/message_templates?${query}`, account.accessToken);
      all.push(...(page.data ?? []).filter((t) => t.id).map(toTemplateListing));
      after = page.paging?.next ? page.paging.cursors?.after : undefined;
      if (!after) return all;
    }
  }

  async createLibraryTemplate(account: SenderCredentials, t: LibraryTemplateSubmission): Promise<PlatformTemplate> {
    const body = {
      name: t.name,
      language: t.language,
      category: 'UTILITY',
      library_template_name: t.libraryTemplateName,
      ...(Object.keys(t.bodyInputs).length > 0 ? { library_template_body_inputs: t.bodyInputs } : {}),
      ...(t.buttonInputs.length > 0 ? { library_template_button_inputs: t.buttonInputs } : {}),
    };
    const created = await this.#graph.postJson<GraphTemplate>(
      `/${account.wabaId}/message_templates`,
      account.accessToken,
      body,
    );
    if (!created.id) throw new PlatformError('unavailable', 'The platform accepted the template but returned no id.');
    return toPlatformTemplate(created);
  }

  async browseTemplateLibrary(
    account: SenderCredentials,
    filter: { search?: string; topic?: string; usecase?: string; industry?: string; language?: string },
  ): Promise<LibraryTemplate[]> {
    const query = new URLSearchParams(
      Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
    );
    const page = await this.#graph.getJson<{ data?: Record<string, unknown>[] }>(
      `/message_template_library?${query}`,
      account.accessToken,
    );
    return (page.data ?? []).map(toLibraryTemplate);
  }

  async deleteTemplate(account: SenderCredentials, name: string): Promise<void> {
    await this.#graph.deleteJson(
      `/${account.wabaId}/message_templates?${new URLSearchParams({ name })}`,
      account.accessToken,
    );
  }

  close(): Promise<void> {
    return this.#graph.close();
  }
}
