/**
 * A message of either direction in one line, for lists and quotes: its text, or what it carries
 * ("Template order_shipped (en_US): Hi {{first_name}}…", "Location: Chiado, Rua Garrett 12").
 * The full form is `MessageContent` (message-content.tsx).
 */
import { api, ApiError, type InboundMessage, type MediaItem, type Message, type Template } from './api';
import { useLoaded, useLookup, type Lookup } from './lookups';

export type AnyMessage = Message | InboundMessage;

export function isInbound(m: AnyMessage): m is InboundMessage {
  return 'receivedAt' in m;
}

/**
 * The message named by a `msg_` id, an `in_` id or a wamid (ours, else the customer's), looked up
 * once per page; a wamid neither knows is an ApiError 404.
 */
export function useMessage(id: string | null): Lookup<AnyMessage> {
  return useLoaded<AnyMessage>(id && `message:${id}`, async () => {
    const ref = encodeURIComponent(id!);
    if (id!.startsWith('msg_')) return api<Message>('GET', `/messages/${ref}`);
    if (id!.startsWith('in_')) return api<InboundMessage>('GET', `/inbound_messages/${ref}`);
    try {
      return await api<Message>('GET', `/messages/${ref}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return api<InboundMessage>('GET', `/inbound_messages/${ref}`);
      throw err;
    }
  });
}

/** What kind of file a MIME type is, as the platform sends it (WebP images go as stickers). */
export function fileKind(mimeType: string): 'image' | 'sticker' | 'video' | 'audio' | 'document' {
  if (mimeType === 'image/webp') return 'sticker';
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
}

/**
 * A template's text as the customer read it, split at its placeholders: each is the value the send
 * gave (`values`, by index, name, or `header`), else the template's example (what the platform
 * sent), else shown as `{{name}}` (or `{{n}}`) and marked a placeholder.
 * @param values the message's `variables`; null or undefined: the send gave none (examples were sent)
 * @param header the header's placeholder example, when `text` is the header
 */
export function templateText(
  text: string,
  variables: Template['variables'],
  values?: Record<string, string> | null,
  header?: { example?: string | null },
): { text: string; placeholder: boolean }[] {
  return text.split(/(\{\{\d+\}\})/).flatMap((piece): { text: string; placeholder: boolean }[] => {
    const n = /^\{\{(\d+)\}\}$/.exec(piece)?.[1];
    if (n === undefined) return piece ? [{ text: piece, placeholder: false }] : [];
    const variable = header ? { name: 'header', example: header.example ?? undefined } : variables[Number(n) - 1];
    const value = header ? values?.header : (values?.[n] ?? (variable?.name ? values?.[variable.name] : undefined));
    const filled = value ?? variable?.example;
    return filled !== undefined && filled !== null
      ? [{ text: filled, placeholder: false }]
      : [{ text: `{{${variable?.name ?? n}}}`, placeholder: true }];
  });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function locationLine(l: {
  latitude: number;
  longitude: number;
  name?: string | null;
  address?: string | null;
}): string {
  return `Location: ${[l.name, l.address].filter(Boolean).join(', ') || `${l.latitude}, ${l.longitude}`}`;
}

function contactsLine(cards: { name: { formatted: string } }[]): string {
  return `${cards.length === 1 ? 'Contact card' : 'Contact cards'}: ${cards.map((c) => c.name.formatted).join(', ')}`;
}

const reactionLine = (emoji: string) => (emoji ? `Reaction ${emoji}` : 'Reaction removed');

/** Our message in a line; `template` and `file` once looked up (before that, the kind alone). */
function outboundLine(m: Message, template: Template | null, templateError: unknown, file: MediaItem | null): string {
  const i = m.interactive;
  if (i?.kind === 'buttons') return `${i.body} [${i.buttons.map((b) => b.title).join(' · ')}]`;
  if (i?.kind === 'list')
    return `${i.body} [${i.button}: ${i.sections.reduce((n, s) => n + s.rows.length, 0)} options]`;
  if (i?.kind === 'cta_url') return `${i.body} [${i.displayText}]`;
  if (m.location) return locationLine(m.location);
  if (m.contacts) return contactsLine(m.contacts);
  if (m.reaction) return reactionLine(m.reaction.emoji);
  if (m.type === 'template') {
    if (template)
      return `Template ${template.name} (${template.language}): ${templateText(
        template.body,
        template.variables,
        m.variables,
      )
        .map((p) => p.text)
        .join('')}`;
    return templateError ? `Template ${m.templateId ?? ''} (not found)` : 'Template…';
  }
  if (m.mediaId) {
    const what = file ? `${capital(fileKind(file.mimeType))} ${file.filename}` : 'File';
    return m.caption ? `${what}: ${m.caption}` : what;
  }
  if (m.text !== null) return m.text;
  return m.source === 'external' ? 'Sent outside Tidings' : `A ${m.type ?? 'message'}`;
}

/** A customer's message in a line. */
function inboundLine(m: InboundMessage): string {
  if (m.reply) return `Tapped ${m.reply.title}`;
  if (m.reaction) return reactionLine(m.reaction.emoji);
  if (m.location) return locationLine(m.location);
  if (m.contacts && m.contacts.length > 0) return contactsLine(m.contacts);
  if (m.media) {
    const what = `${capital(m.type)}${m.media.filename ? ` ${m.media.filename}` : ''}`;
    return m.text ? `${what}: ${m.text}` : what;
  }
  return m.text ?? `A ${m.type} message`;
}

const LIMIT = 120;

/** The line, at most 120 characters, newlines as spaces. */
export function MessageSummary({ message: m }: { message: AnyMessage }) {
  const inbound = isInbound(m);
  const template = useLookup<Template>(
    !inbound && m.type === 'template' && m.templateId ? `/templates/${encodeURIComponent(m.templateId)}` : null,
  );
  const file = useLookup<MediaItem>(!inbound && m.mediaId ? `/media/${encodeURIComponent(m.mediaId)}` : null);
  const line = oneLine(inbound ? inboundLine(m) : outboundLine(m, template.data, template.error, file.data));
  return <>{line.length > LIMIT ? `${line.slice(0, LIMIT - 1)}…` : line}</>;
}
