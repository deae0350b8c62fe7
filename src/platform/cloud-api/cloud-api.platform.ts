/**
 * The Platform implementation over the WhatsApp Cloud API (Graph API), docs/platform.md §1. The
 * bodies it sends are written by message-payloads.ts (messages), template-payloads.ts (templates)
 * and block-users.ts (the Block Users API).
 */
import type {
  LibraryTemplate,
  LibraryTemplateSubmission,
  MediaDownload,
  Platform,
  PlatformMediaUrl,
  PlatformTemplate,
  PlatformTemplateDetail,
  PlatformTemplateListing,
  SenderCredentials,
  TemplateSubmission,
} from '../platform.js';
import { PlatformError, THROUGHPUT_LEVELS } from '../platform.js';
import type { OutboundMessage, SendResult } from '../outbound-message.js';
import { FormData } from 'undici';
import type { Resolver } from '../../lib/address-guard.js';
import { blocklistPage, changeBlocklist } from './block-users.js';
import { GraphClient } from './graph-client.js';
import { toGraphMessage, type SendResponse } from './message-payloads.js';
import {
  LISTING_FIELDS,
  toGraphTemplate,
  toLibraryTemplate,
  toPlatformTemplate,
  toTemplateDetail,
  toTemplateListing,
  type GraphTemplate,
} from './template-payloads.js';

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
