/**
 * Each Cloud API message type's object (docs/platform.md §1.1, §1.2, §1.4) as the fields of the
 * native send of that type (docs/api.md §4.6, §D8, §D15): the inverse of `toGraphMessage` and
 * `toGraphRich` (src/platform/cloud-api/message-payloads.ts). What Tidings does not send is refused
 * with 100 and says so (docs/api.md §D34 "What is not offered").
 */
import { isObject, list, only, refuse, required, text } from './send-rules.js';

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'];
/** The message types the facade sends (docs/api.md §D34). */
export const SEND_TYPES = ['text', ...MEDIA_TYPES, 'template', 'interactive', 'location', 'contacts', 'reaction'];

/** The native send fields of a `type` message whose object is `o` (`body[type]`). @throws GraphFailure */
export function mapTypeObject(type: string, o: unknown): Record<string, unknown> {
  if (o === undefined) refuse(131008, 'parameter_missing', `The parameter ${type} is required for a ${type} message.`);
  if (type === 'text') {
    only(o, ['body', 'preview_url'], 'text');
    if (o.preview_url !== undefined && typeof o.preview_url !== 'boolean')
      refuse(100, 'parameter_invalid', 'text.preview_url must be a boolean.');
    return { type: 'text', text: required(o.body, 'text.body'), ...(o.preview_url ? { previewUrl: true } : {}) };
  }
  if (MEDIA_TYPES.includes(type)) return media(type, o);
  if (type === 'template') return template(o);
  if (type === 'interactive') return { type, interactive: interactive(o) };
  if (type === 'location') {
    only(o, ['latitude', 'longitude', 'name', 'address'], 'location');
    const degrees = (v: unknown, p: string) => {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isFinite(n)) refuse(100, 'parameter_invalid', `${p} must be a number.`);
      return n;
    };
    const name = text(o.name, 'location.name');
    const address = text(o.address, 'location.address');
    return {
      type,
      location: {
        latitude: degrees(o.latitude, 'location.latitude'),
        longitude: degrees(o.longitude, 'location.longitude'),
        ...(name ? { name } : {}),
        ...(address ? { address } : {}),
      },
    };
  }
  if (type === 'contacts')
    return { type, contacts: list(o, 'contacts').map((c, i) => contactCard(c, `contacts[${i}]`)) };
  // reaction
  only(o, ['message_id', 'emoji'], 'reaction');
  return {
    type,
    reaction: {
      messageId: required(o.message_id, 'reaction.message_id'),
      emoji: text(o.emoji, 'reaction.emoji') ?? '',
    },
  };
}

/**
 * A media message by its `med_` id (docs/api.md §D34): Tidings sends files it holds, so `link` is
 * refused (100) with the way to upload. A document's `filename` is the uploaded file's own.
 */
function media(type: string, o: unknown): Record<string, unknown> {
  only(o, ['id', 'link', 'caption', 'filename'], type);
  if (o.link !== undefined)
    refuse(
      100,
      'parameter_invalid',
      `${type}.link is not supported: Tidings sends files it holds. Upload it (POST /{phone-number-id}/media) and send ${type}.id, its med_ id.`,
    );
  const id = required(o.id, `${type}.id`);
  const caption = text(o.caption, `${type}.caption`);
  text(o.filename, `${type}.filename`);
  return { type: 'media', mediaId: id, ...(caption !== undefined ? { caption } : {}) };
}

/**
 * A template send (docs/platform.md §1.2) as a native one by name and language (docs/api.md §D8,
 * docs/api.md §D20): a text header's value under `"header"`, body values by position (`"1"`…) or by
 * `parameter_name`, `currency` and `date_time` by their `fallback_value`, buttons by index. A media
 * header's parameter is taken and not used: the template is sent with its own header file (docs/api.md §D8).
 */
function template(o: unknown): Record<string, unknown> {
  only(o, ['name', 'language', 'components', 'namespace'], 'template');
  only(o.language, ['code', 'policy'], 'template.language');
  if (o.language.policy !== undefined && o.language.policy !== 'deterministic')
    refuse(100, 'parameter_invalid', 'template.language.policy must be "deterministic".');
  const variables: Record<string, string> = {};
  const buttons: Record<string, Record<string, string>> = {};
  list(o.components ?? [], 'template.components').forEach((c, i) => {
    const path = `template.components[${i}]`;
    only(c, ['type', 'sub_type', 'index', 'parameters'], path);
    const kind = String(c.type).toLowerCase();
    const params = list(c.parameters ?? [], `${path}.parameters`);
    if (kind === 'header') {
      const p = params[0];
      if (isObject(p) && p.type === 'text') variables.header = required(p.text, `${path}.parameters[0].text`);
      else if (!isObject(p) || !['image', 'video', 'document', 'location'].includes(p.type))
        refuse(100, 'parameter_invalid', `${path}: a header parameter is text, image, video, document or location.`);
    } else if (kind === 'body') {
      params.forEach((p, j) => {
        const at = `${path}.parameters[${j}]`;
        if (!isObject(p)) refuse(100, 'parameter_invalid', `${at} must be an object.`);
        const value =
          p.type === 'text'
            ? required(p.text, `${at}.text`)
            : p.type === 'currency' || p.type === 'date_time'
              ? required(p[p.type]?.fallback_value, `${at}.${p.type}.fallback_value`)
              : refuse(100, 'parameter_invalid', `${at}.type must be text, currency or date_time.`);
        variables[typeof p.parameter_name === 'string' ? p.parameter_name : String(j + 1)] = value;
      });
    } else if (kind === 'button') {
      const index = String(c.index ?? '');
      if (!/^\d+$/.test(index)) refuse(100, 'parameter_invalid', `${path}.index must be the button's index.`);
      const p = params[0];
      const sub = String(c.sub_type ?? '').toLowerCase();
      if (!isObject(p)) refuse(131008, 'parameter_missing', `The parameter ${path}.parameters is required.`);
      if (sub === 'quick_reply') buttons[index] = { payload: required(p.payload, `${path}.parameters[0].payload`) };
      else if (sub === 'url') buttons[index] = { urlSuffix: required(p.text, `${path}.parameters[0].text`) };
      else if (sub === 'copy_code')
        buttons[index] = { couponCode: required(p.coupon_code, `${path}.parameters[0].coupon_code`) };
      else
        refuse(
          100,
          'parameter_invalid',
          `${path}.sub_type ${JSON.stringify(c.sub_type)} is not offered: Tidings sends quick_reply, url and copy_code buttons.`,
        );
    } else refuse(100, 'parameter_invalid', `${path}.type must be header, body or button.`);
  });
  return {
    type: 'template',
    templateName: required(o.name, 'template.name'),
    language: required(o.language.code, 'template.language.code'),
    ...(Object.keys(variables).length > 0 ? { variables } : {}),
    ...(Object.keys(buttons).length > 0 ? { buttons } : {}),
  };
}

/** Reply buttons, a list or a URL button (docs/platform.md §1.4), with a text header only. */
function interactive(o: unknown): Record<string, unknown> {
  only(o, ['type', 'header', 'body', 'footer', 'action'], 'interactive');
  const common: Record<string, unknown> = {};
  if (o.header !== undefined) {
    only(o.header, ['type', 'text'], 'interactive.header');
    if (o.header.type !== 'text')
      refuse(100, 'parameter_invalid', 'interactive.header: Tidings sends text headers only (docs/api.md §D34).');
    common.header = required(o.header.text, 'interactive.header.text');
  }
  only(o.body, ['text'], 'interactive.body');
  common.body = required(o.body.text, 'interactive.body.text');
  if (o.footer !== undefined) {
    only(o.footer, ['text'], 'interactive.footer');
    common.footer = required(o.footer.text, 'interactive.footer.text');
  }
  const a = o.action;
  if (o.type === 'button') {
    only(a, ['buttons'], 'interactive.action');
    const buttons = list(a.buttons, 'interactive.action.buttons').map((b, i) => {
      const at = `interactive.action.buttons[${i}]`;
      only(b, ['type', 'reply'], at);
      if (b.type !== 'reply') refuse(100, 'parameter_invalid', `${at}.type must be "reply".`);
      only(b.reply, ['id', 'title'], `${at}.reply`);
      return { id: required(b.reply.id, `${at}.reply.id`), title: required(b.reply.title, `${at}.reply.title`) };
    });
    return { kind: 'buttons', ...common, buttons };
  }
  if (o.type === 'list') {
    only(a, ['button', 'sections'], 'interactive.action');
    const sections = list(a.sections, 'interactive.action.sections').map((s, i) => {
      const at = `interactive.action.sections[${i}]`;
      only(s, ['title', 'rows'], at);
      const title = text(s.title, `${at}.title`);
      const rows = list(s.rows, `${at}.rows`).map((r, j) => {
        only(r, ['id', 'title', 'description'], `${at}.rows[${j}]`);
        const description = text(r.description, `${at}.rows[${j}].description`);
        return {
          id: required(r.id, `${at}.rows[${j}].id`),
          title: required(r.title, `${at}.rows[${j}].title`),
          ...(description ? { description } : {}),
        };
      });
      return { ...(title ? { title } : {}), rows };
    });
    return { kind: 'list', ...common, button: required(a.button, 'interactive.action.button'), sections };
  }
  if (o.type === 'cta_url') {
    only(a, ['name', 'parameters'], 'interactive.action');
    if (a.name !== 'cta_url') refuse(100, 'parameter_invalid', 'interactive.action.name must be "cta_url".');
    only(a.parameters, ['display_text', 'url'], 'interactive.action.parameters');
    return {
      kind: 'cta_url',
      ...common,
      displayText: required(a.parameters.display_text, 'interactive.action.parameters.display_text'),
      url: required(a.parameters.url, 'interactive.action.parameters.url'),
    };
  }
  return refuse(
    100,
    'parameter_invalid',
    `interactive.type ${JSON.stringify(o.type)} is not offered: Tidings sends button, list and cta_url (docs/api.md §D34).`,
  );
}

/** Meta's snake_case card (docs/platform.md §1.4) as the native camelCase one (rich.schemas.ts). */
function contactCard(c: unknown, at: string): Record<string, unknown> {
  only(c, ['name', 'phones', 'emails', 'urls', 'org', 'addresses', 'birthday'], at);
  const rename = (o: unknown, path: string, names: Record<string, string>) => {
    only(o, Object.keys(names), path);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [names[k]!, text(v, `${path}.${k}`)]));
  };
  const each = (v: unknown, path: string, names: Record<string, string>) =>
    v === undefined ? undefined : list(v, path).map((x, i) => rename(x, `${path}[${i}]`, names));
  const card: Record<string, unknown> = {
    name: rename(c.name, `${at}.name`, {
      formatted_name: 'formatted',
      first_name: 'first',
      last_name: 'last',
      middle_name: 'middle',
      prefix: 'prefix',
      suffix: 'suffix',
    }),
    phones: each(c.phones, `${at}.phones`, { phone: 'phone', type: 'type', wa_id: 'waId' }),
    emails: each(c.emails, `${at}.emails`, { email: 'email', type: 'type' }),
    urls: each(c.urls, `${at}.urls`, { url: 'url', type: 'type' }),
    org:
      c.org === undefined
        ? undefined
        : rename(c.org, `${at}.org`, { company: 'company', department: 'department', title: 'title' }),
    addresses: each(c.addresses, `${at}.addresses`, {
      street: 'street',
      city: 'city',
      state: 'state',
      zip: 'zip',
      country: 'country',
      country_code: 'countryCode',
      type: 'type',
    }),
    birthday: text(c.birthday, `${at}.birthday`),
  };
  return Object.fromEntries(Object.entries(card).filter(([, v]) => v !== undefined));
}
