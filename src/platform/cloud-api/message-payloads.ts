/**
 * Messages on the Graph API: the body of one send (docs/platform.md §1.1–§1.4; compare the fixtures
 * `send-*-request.json`), written from what the service sends (`OutboundMessage`,
 * platform/outbound-message.ts), and the send's answer. CloudApiPlatform posts these.
 */
import type { OutboundContent, OutboundMessage } from '../outbound-message.js';
import type { TemplateButtonValue } from '../template-types.js';
import { isBsuid } from '../bsuid.js';

/** The answer to `POST /{phone-number-id}/messages` (send-message-response.json). */
export interface SendResponse {
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
