/**
 * Direct Send (Meta's 2026 beta): an allow-listed account sends a utility (or authentication) text
 * or interactive message outside the customer service window, without an approved template, by
 * adding `"category": "utility"` to an ordinary send; Meta generates a template for the content
 * (templates/generated.ts). Sources, Meta's Direct Send pages (dated July–August 2026) under
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/direct-send/:
 * - send-utility-and-authentication-messages: `category` `utility` or `authentication`; without it
 *   the send is an ordinary free-form one; authentication messages can't go to a BSUID.
 * - api-reference (error codes): 100 "Direct Send isn't enabled for this account" synchronously for
 *   an ineligible account; 100 for a TTL on a send that is not Direct Send and for a TTL out of range;
 *   139200 "Direct Send utility or authentication access is blocked".
 * - supported-features-and-limits: utility text, reply-button and CTA URL messages (mixed: at most
 *   10 buttons, at most 2 CTA), image/video/document headers; authentication text; no marketing,
 *   media, contacts, location, reaction, sticker or list messages; body 1,024, header 60, footer 60,
 *   button text 20 characters.
 * - supported-message-types: reply-button messages carry up to three replies.
 * - business-named-templates: `direct_send_config.template_name`, `^[a-z0-9_]+$`, at most 512
 *   characters, utility only.
 * The exact answers (the not-enabled and blocked envelopes, the unknown-category and bad
 * template-name ones) are as a Meta partner captured them in August 2026; what no source shows
 * (the wording of the content refusals below) is UNCONFIRMED.
 */
import { bareError, graphError, type GraphError } from '../../lib/graph-errors.js';
import type { SimNumber } from '../model.js';
import { checkTtl, TTL_RANGES } from '../ttl.js';
import { checkFreeForm } from './rules.js';

type Obj = Record<string, any>;

/** What a Direct Send asked for. */
export interface DirectSendRequest {
  category: 'UTILITY' | 'AUTHENTICATION';
  /** Its TTL, s: `ttl_seconds`, else the category's default. */
  ttlSeconds: number;
  /** `direct_send_config.template_name`, when given. */
  templateName: string | null;
}

/** Meta's answer to a `category` from an account that is not allow-listed (HTTP 400). */
export const NOT_ENABLED_DETAILS =
  "Parameter Invalid: The 'category' value requires Direct Send, which isn't enabled for this account. Use an approved message template instead.";
/** A send with a parameter Cloud API does not take (api-reference: a TTL without Direct Send). */
const unsupported = () => graphError(100, 'The request included one or more unsupported or misspelled parameters.');

/**
 * Reads a send's `category`, `ttl_seconds` and `direct_send_config`, checking eligibility first, as
 * the platform does before it looks at the recipient. `category` is read case-insensitively;
 * `service` is an ordinary send. The unknown-category answer has no `error_data` (partner capture).
 * 139200 is answered HTTP 400 like the other send-time refusals (UNCONFIRMED).
 * @returns null for an ordinary send, the Direct Send, or the Graph error.
 */
export function readDirectSend(number: SimNumber, body: Obj): DirectSendRequest | GraphError | null {
  const raw = body.category;
  const category = typeof raw === 'string' ? raw.toLowerCase() : raw === undefined || raw === null ? 'service' : null;
  if (category === null || !['utility', 'authentication', 'service'].includes(category)) {
    return bareError(
      100,
      `(#100) Param category must be one of {AUTHENTICATION, SERVICE, UTILITY} - got ${JSON.stringify(raw)}.`,
    );
  }
  if (category === 'service')
    return body.ttl_seconds !== undefined || body.direct_send_config !== undefined ? unsupported() : null;
  const status = number.directSend ?? 'not_enabled';
  if (status === 'not_enabled') return graphError(100, NOT_ENABLED_DETAILS);
  if (status === 'blocked') return graphError(139200);
  const kind = category === 'utility' ? 'UTILITY' : 'AUTHENTICATION';
  const ttl =
    body.ttl_seconds === undefined ? TTL_RANGES[kind].default : checkTtl(kind, body.ttl_seconds, 'ttl_seconds');
  if (typeof ttl !== 'number') return ttl;
  const config = body.direct_send_config;
  let templateName: string | null = null;
  if (config !== undefined) {
    if (typeof config !== 'object' || config === null || Array.isArray(config))
      return bareError(100, 'direct_send_config');
    if (config.template_name !== undefined) {
      const name = config.template_name;
      if (typeof name !== 'string' || !/^[a-z0-9_]+$/.test(name) || name.length > 512)
        return bareError(100, 'template_name');
      // Business-named templates are for utility messages only (business-named-templates).
      if (kind !== 'UTILITY')
        return graphError(100, 'direct_send_config.template_name is supported only for utility messages.');
      templateName = name;
    }
  }
  return { category: kind, ttlSeconds: ttl, templateName };
}

const tooLong = (path: string, max: number) => graphError(100, `Direct Send limits ${path} to ${max} characters.`);
const missing = (path: string) => graphError(131008, `The parameter ${path} is required.`);
const str = (v: unknown): v is string => typeof v === 'string' && v !== '';
const MEDIA_HEADERS = new Set(['image', 'video', 'document']);

/**
 * Checks the content of a Direct Send against what Direct Send takes (see the file comment): a
 * missing part is 131008 as in any send (rules.ts); a type Direct Send does not take and a breached
 * limit are 100 (wording UNCONFIRMED).
 * @returns the Graph error, or null when the platform would take it.
 */
export function checkDirectSendContent(
  category: DirectSendRequest['category'],
  type: string,
  object: Obj | undefined,
): GraphError | null {
  if ((type === 'text' || type === 'interactive') && (typeof object !== 'object' || object === null))
    return missing(type);
  if (type === 'interactive' && !str(object!.type)) return missing('interactive.type');
  const interactiveType = type === 'interactive' && typeof object?.type === 'string' ? object.type : null;
  const allowed =
    type === 'text' || (category === 'UTILITY' && (interactiveType === 'button' || interactiveType === 'cta_url'));
  if (!allowed) {
    const what = interactiveType ? `interactive ${interactiveType}` : type;
    const takes = category === 'UTILITY' ? 'text and interactive button and cta_url messages' : 'text messages';
    return graphError(
      100,
      `Direct Send ${category.toLowerCase()} messages take only ${takes}; ${what} messages can't be sent with category.`,
    );
  }
  if (type === 'text') {
    const wrong = checkFreeForm('text', object);
    if (wrong) return wrong;
    return object!.body.length > 1024 ? tooLong('text.body', 1024) : null;
  }
  const i = object!;
  if (typeof i.action !== 'object' || i.action === null) return missing('interactive.action');
  if (!str(i.body?.text)) return missing('interactive.body.text');
  if (i.body.text.length > 1024) return tooLong('interactive.body.text', 1024);
  if (i.header !== undefined) {
    const headerType = i.header?.type;
    if (headerType === 'text') {
      if (!str(i.header.text)) return missing('interactive.header.text');
      if (i.header.text.length > 60) return tooLong('interactive.header.text', 60);
    } else if (MEDIA_HEADERS.has(headerType)) {
      if (!str(i.header[headerType]?.id) && !str(i.header[headerType]?.link))
        return missing(`interactive.header.${headerType}.id`);
    } else return graphError(100, 'Param interactive.header.type must be text, image, video or document.');
  }
  if (i.footer !== undefined) {
    if (!str(i.footer?.text)) return missing('interactive.footer.text');
    if (i.footer.text.length > 60) return tooLong('interactive.footer.text', 60);
  }
  return interactiveType === 'cta_url'
    ? checkCtaUrl(i.action.parameters, 'interactive.action.parameters', i.action.name)
    : checkButtons(i.action.buttons);
}

/** A CTA URL: `{display_text ≤ 20, url}` (standalone: `action.name` `cta_url`). */
function checkCtaUrl(p: Obj | undefined, path: string, name: unknown = 'cta_url'): GraphError | null {
  if (name !== 'cta_url') return graphError(100, 'Param interactive.action.name must be cta_url.');
  if (!str(p?.display_text)) return missing(`${path}.display_text`);
  if (p.display_text.length > 20) return tooLong(`${path}.display_text`, 20);
  if (!str(p.url) || !/^https?:\/\/\S+$/i.test(p.url)) return missing(`${path}.url`);
  return null;
}

/** Reply buttons (≤ 3, titles ≤ 20, ids ≤ 256, unique) and CTA URL buttons (≤ 2), ≤ 10 in all. */
function checkButtons(buttons: unknown): GraphError | null {
  if (!Array.isArray(buttons) || buttons.length === 0) return missing('interactive.action.buttons');
  if (buttons.length > 10) return graphError(100, 'Direct Send takes at most 10 buttons.');
  const ids = new Set<string>();
  let replies = 0;
  let ctas = 0;
  for (const [n, b] of buttons.entries()) {
    const path = `interactive.action.buttons[${n}]`;
    if (b?.type === 'cta_url') {
      if (++ctas > 2) return graphError(100, 'Direct Send takes at most 2 cta_url buttons.');
      const wrong = checkCtaUrl(b.cta_url, `${path}.cta_url`);
      if (wrong) return wrong;
      continue;
    }
    if (b?.type !== 'reply') return graphError(100, `Param ${path}.type must be reply or cta_url.`);
    if (++replies > 3) return graphError(100, 'Direct Send takes at most 3 reply buttons.');
    if (!str(b.reply?.id)) return missing(`${path}.reply.id`);
    if (!str(b.reply?.title)) return missing(`${path}.reply.title`);
    if (b.reply.id.length > 256)
      return graphError(131009, `Param ${path}.reply.id must be at most 256 characters long.`);
    if (b.reply.title.length > 20) return tooLong(`${path}.reply.title`, 20);
    if (ids.has(b.reply.id)) return graphError(131009, 'Button ids must be unique.');
    ids.add(b.reply.id);
  }
  return null;
}
