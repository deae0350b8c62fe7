/**
 * A customer's message made through the control API (`POST /_simulator/inbound`), in the platform's
 * payload shapes (docs/platform.md §4.5; webhook-inbound-*.json): text, media with downloadable content
 * (given as base64 or a built-in sample), interactive `button_reply`/`list_reply` and template
 * quick-reply `button` taps pointing at the business message, reactions, locations, contacts and
 * unsupported types; from a phone number (with optional BSUIDs) or a BSUID alone (docs/platform.md §4.9).
 * A reply-button tap on a Direct Send comes in the template quick-reply format.
 */
import { createHash } from 'node:crypto';
import { webhookMajor } from './config.js';
import type { SimContext } from './context.js';
import { mediaUrl, storeMedia } from './media.routes.js';
import { PLATFORM_MEDIA } from './media-rules.js';
import { SAMPLES } from './samples.js';
import type { SimNumber, SimUser } from './state.js';
import { BSUID_PATTERN, newBsuid } from './users.js';
import { unsupportedMessage } from './versions.js';

type Obj = Record<string, any>;

const MEDIA = new Set(['image', 'video', 'audio', 'document', 'sticker']);
export const INBOUND_TYPES = [
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'interactive',
  'button',
  'reaction',
  'location',
  'contacts',
  'unsupported',
] as const;

export interface Inbound {
  user: SimUser;
  /** The `messages[]` item, without `id`/`timestamp` ordering concerns (set by the caller). */
  message: Obj;
}

const digits = (s: unknown) => (typeof s === 'string' ? s.replace(/\D/g, '') : '');

/** The customer: by phone (`from`, with optional `userId`/`parentUserId`) or by BSUID alone (`userId` + `username`). */
export function customerOf(ctx: SimContext, body: Obj): SimUser | string {
  const from = digits(body.from);
  const userId = typeof body.userId === 'string' ? body.userId : null;
  if (userId !== null && !BSUID_PATTERN.test(userId))
    return 'userId must be a business-scoped user id like US.13491208655302741918.';
  if (typeof body.parentUserId === 'string' && !/^[A-Z]{2}\.ENT\.[A-Za-z0-9]+$/.test(body.parentUserId))
    return 'parentUserId must look like US.ENT.11815799212886844830.';
  if (from === '' && userId === null && body.username === undefined)
    return 'Give from (the customer number), or userId and username for a customer who shows only a username.';
  if (from === '' && typeof body.username !== 'string') return 'A customer without a phone number needs a username.';
  const known = from !== '' ? ctx.state.user({ phone: from }) : userId ? ctx.state.user({ userId }) : null;
  const user: SimUser = {
    userId: userId ?? known?.userId ?? newBsuid(),
    parentUserId: typeof body.parentUserId === 'string' ? body.parentUserId : (known?.parentUserId ?? null),
    phone: from === '' ? null : from,
    username: typeof body.username === 'string' ? body.username : (known?.username ?? null),
    name: typeof body.name === 'string' ? body.name : (known?.name ?? 'Simulated Customer'),
  };
  if (
    userId !== null ||
    user.parentUserId !== null ||
    user.username !== null ||
    typeof body.name === 'string' ||
    !ctx.state.users.has(user.userId)
  )
    ctx.state.addUser(user);
  return user;
}

/**
 * The `messages[]` object of one inbound message of `body.type` (default text).
 * @returns the object (without from/id/timestamp), or an error sentence for a 400.
 */
export function inboundContent(
  ctx: SimContext,
  number: SimNumber,
  origin: string,
  body: Obj,
  lastBusinessMessage: string | null,
): Obj | string {
  const type = typeof body.type === 'string' ? body.type : 'text';
  if (!(INBOUND_TYPES as readonly string[]).includes(type)) return `type must be one of ${INBOUND_TYPES.join(', ')}.`;
  const given: Obj = typeof body[type] === 'object' && body[type] !== null ? body[type] : {};
  const contextId = typeof body.contextMessageId === 'string' ? body.contextMessageId : null;
  const out: Obj = {};
  // Replies and taps point at the business message (webhook-inbound-reply-with-context.json).
  const ctxId = contextId ?? (type === 'interactive' || type === 'button' ? lastBusinessMessage : null);
  if (ctxId) out.context = { from: number.displayPhoneNumber, id: ctxId };
  else if (body.forwarded === true) out.context = { forwarded: true };
  // A message the platform could not read: no object of its own, a value-level errors[] entry
  // (webhook-value-errors-131000.json).
  if (body.unparsed === true)
    return {
      ...out,
      type,
      valueErrors: [
        {
          code: 131000,
          title: 'Something went wrong',
          message: 'Something went wrong',
          error_data: { details: 'Unsupported webhook payload' },
        },
      ],
    };
  switch (type) {
    case 'text': {
      const text = typeof body.text === 'string' ? body.text : given.body;
      if (typeof text !== 'string' || text === '') return 'Give text (the message body).';
      return { ...out, type, text: { body: text } };
    }
    case 'interactive': {
      const kind = given.type;
      // A Flows answer (pywa's flow_completion.json): response_json is a string, passed as given.
      if (kind === 'nfm_reply') {
        const flow = given.nfm_reply as Obj | undefined;
        if (!flow || typeof flow.response_json !== 'string')
          return 'interactive nfm_reply needs {response_json (a string), body?, name?}.';
        return {
          ...out,
          type,
          interactive: {
            type: kind,
            nfm_reply: {
              response_json: flow.response_json,
              body: typeof flow.body === 'string' ? flow.body : 'Sent',
              name: typeof flow.name === 'string' ? flow.name : 'flow',
            },
          },
        };
      }
      const reply = kind === 'button_reply' ? given.button_reply : kind === 'list_reply' ? given.list_reply : null;
      if (!reply || typeof reply.id !== 'string' || typeof reply.title !== 'string')
        return 'interactive needs type button_reply or list_reply with {id, title}, or nfm_reply.';
      // A tap on a reply button of a Direct Send arrives as a template quick-reply tap, `button`
      // {payload, text} (Meta Direct Send supported-message-types: "Reply button taps use the
      // template webhook format"; webhook-inbound-template-quick-reply-button.json).
      const tapped = ctxId ? ctx.state.messages.get(ctxId) : undefined;
      if (
        kind === 'button_reply' &&
        tapped?.directSend === true &&
        (tapped.body as Obj | undefined)?.interactive?.type === 'button'
      ) {
        return { ...out, type: 'button', button: { payload: reply.id, text: reply.title } };
      }
      const picked: Obj = { id: reply.id, title: reply.title };
      if (kind === 'list_reply' && typeof reply.description === 'string') picked.description = reply.description;
      return { ...out, type, interactive: { type: kind, [kind]: picked } };
    }
    case 'button':
      if (typeof given.payload !== 'string' || typeof given.text !== 'string')
        return 'button needs {payload, text} (a template quick-reply tap).';
      return { ...out, type, button: { payload: given.payload, text: given.text } };
    case 'reaction':
      if (typeof given.message_id !== 'string' || typeof given.emoji !== 'string')
        return 'reaction needs {message_id, emoji} ("" removes a reaction).';
      return { ...out, type, reaction: { message_id: given.message_id, emoji: given.emoji } };
    case 'location': {
      if (typeof given.latitude !== 'number' || typeof given.longitude !== 'number')
        return 'location needs numeric latitude and longitude.';
      const loc: Obj = { latitude: given.latitude, longitude: given.longitude };
      for (const k of ['name', 'address', 'url']) if (typeof given[k] === 'string') loc[k] = given[k];
      return { ...out, type, location: loc };
    }
    case 'contacts': {
      const list = Array.isArray(body.contacts) ? body.contacts : null;
      if (!list || list.length === 0 || list.some((c: Obj) => typeof c?.name?.formatted_name !== 'string'))
        return 'contacts needs a list of contacts, each with name.formatted_name.';
      return { ...out, type, contacts: list };
    }
    case 'unsupported':
      // A type the Cloud API does not take (`unsupported.type`, default poll_creation), worded by the webhook's version.
      return {
        ...out,
        ...unsupportedMessage(
          webhookMajor(ctx.state.config),
          typeof given.type === 'string' ? given.type : 'poll_creation',
        ),
      };
  }
  if (!MEDIA.has(type)) return `Unsupported type ${type}.`;
  const kind = type as keyof typeof SAMPLES;
  const sample = SAMPLES[kind];
  const bytes =
    typeof given.data === 'string' ? Buffer.from(given.data, 'base64') : Buffer.from(sample.base64, 'base64');
  const mimeType =
    typeof given.mimeType === 'string' ? given.mimeType : typeof given.data === 'string' ? '' : sample.mimeType;
  if (PLATFORM_MEDIA[mimeType]?.kind !== kind)
    return `${type}.mimeType must be a ${kind} type the platform takes (got ${JSON.stringify(mimeType)}).`;
  const filename = typeof given.filename === 'string' ? given.filename : sample.filename;
  const media = storeMedia(ctx.state, number.phoneNumberId, { bytes, mimeType, filename }, 'inbound');
  // The webhook shows the SHA-256 base64-encoded (webhook-inbound-image.json), `url` since Nov 2025.
  const object: Obj = {};
  if (typeof given.caption === 'string' && kind !== 'audio' && kind !== 'sticker') object.caption = given.caption;
  if (kind === 'document') object.filename = filename;
  Object.assign(object, {
    mime_type: mimeType,
    sha256: createHash('sha256').update(bytes).digest('base64'),
    id: media.id,
  });
  if (kind === 'sticker') object.animated = false;
  if (kind === 'audio') object.voice = given.voice === true;
  object.url = mediaUrl(ctx, origin, media);
  return { ...out, type, [type]: object };
}
