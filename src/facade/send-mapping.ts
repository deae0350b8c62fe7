/**
 * A Cloud API send body (docs/platform.md §1.1–§1.4) read as Tidings' own send (docs/api.md §4.6,
 * docs/api.md §D34): the inverse of what src/platform/cloud-api/message-payloads.ts writes. The envelope and
 * the recipient here; each type's object in send-mapping-types.ts. Anything Meta would refuse at
 * once is refused here with Meta's code; the limits are the native send's own, checked after the
 * mapping by the native schema and `MessageSender.check` (messages.facade.ts).
 *
 * Unknown parameters are refused (100): Meta's error codes page gives 100 for "one or more
 * unsupported or misspelled parameters" (docs/platform.md §6.2), and a silently dropped field (a
 * misspelled `context`) would send something other than what the client meant.
 */
import { BSUID_PATTERN, PARENT_BSUID_PATTERN } from '../platform/bsuid.js';
import { BSUID_SINCE_MAJOR, type FacadeSend, type MarkRead, refuse, missing, only, isObject } from './send-rules.js';
import { mapTypeObject, SEND_TYPES } from './send-mapping-types.js';

/** What the facade reads a `POST /{phone-number-id}/messages` body as: a send, or a mark-as-read. */
export type FacadeRequest = { kind: 'send'; send: FacadeSend } | { kind: 'read'; read: MarkRead };

/** Envelope parameters a send takes, beside its type's object. */
const ENVELOPE = ['messaging_product', 'recipient_type', 'to', 'recipient', 'type', 'context', 'tidings'];
/** Meta's parameters Tidings does not take, each with why (docs/api.md §D34 "What is not offered"). */
const NOT_OFFERED: Record<string, string> = {
  biz_opaque_callback_data:
    'Tidings uses biz_opaque_callback_data for its own message id; put your reference in tidings.clientReference (docs/api.md §D34).',
  category: 'Tidings decides Direct Send itself: send "tidings": {"route": "auto"} (docs/api.md §D19, §D34).',
  ttl_seconds: "Tidings passes the time left of the send's validity to the platform: set tidings.validityPeriod.",
  message_activity_sharing:
    'Marketing messages are not sent through Tidings (utility templates only, docs/api.md §D7).',
};
const READ_PARAMS = ['messaging_product', 'status', 'message_id', 'typing_indicator', 'recipient_type'];
/** The fields of `tidings` (docs/api.md §D34), passed to the native send under their own names. */
const TIDINGS_FIELDS = ['route', 'fallback', 'validityPeriod', 'sendAt', 'clientReference', 'suppression'];

/**
 * Reads a Graph send body (`input`: graphParams' merge of query and body) at Graph `version`.
 * @throws GraphFailure 100 (a missing or wrong `messaging_product`, an unknown `type` or parameter,
 *   a parameter Tidings does not offer, a `recipient` before v25.0), 131008 (no recipient), 131009
 *   (a `to` that is not a phone number), and what the type's mapping throws.
 */
export function readFacadeRequest(input: Record<string, any>, version: string): FacadeRequest {
  if (input.messaging_product !== 'whatsapp')
    refuse(100, 'parameter_invalid', 'The parameter messaging_product is required and must be "whatsapp".');
  if (input.status !== undefined) return { kind: 'read', read: readMarkRead(input) };
  const type = input.type === undefined ? 'text' : input.type;
  if (typeof type !== 'string' || !SEND_TYPES.includes(type))
    refuse(
      100,
      'parameter_invalid',
      `type ${JSON.stringify(type)} is not a message type Tidings sends; it sends ${SEND_TYPES.join(', ')}.`,
    );
  for (const key of Object.keys(input)) {
    if (Object.hasOwn(NOT_OFFERED, key)) refuse(100, 'parameter_unknown', NOT_OFFERED[key]!);
    if (!ENVELOPE.includes(key) && key !== type)
      refuse(100, 'parameter_unknown', `${key} is not a parameter of a ${type} message.`);
  }
  if (input.recipient_type !== undefined && input.recipient_type !== 'individual')
    refuse(100, 'parameter_invalid', 'recipient_type must be "individual": Tidings does not send to groups.');
  const recipient = readRecipient(input, version);
  const body: Record<string, unknown> = { to: recipient.to, ...mapTypeObject(type, input[type]) };
  if (input.context !== undefined) {
    only(input.context, ['message_id'], 'context');
    if (typeof input.context.message_id !== 'string' || input.context.message_id === '') missing('context.message_id');
    body.replyTo = input.context.message_id;
  }
  if (input.tidings !== undefined) {
    only(input.tidings, TIDINGS_FIELDS, 'tidings');
    Object.assign(body, input.tidings);
  }
  const mediaKind = body.type === 'media' ? { mediaKind: type } : {};
  return { kind: 'send', send: { body, input: recipient.input, bsuid: recipient.bsuid, ...mediaKind } };
}

/**
 * The recipient: `to` (a phone number, digits with or without `+`, spaces, dashes and brackets
 * tolerated as Meta tolerates them, docs/platform.md §1.1) wins over `recipient` (a BSUID or
 * parent BSUID, from v25.0, docs/platform.md §0.2, §4.9), as at the platform.
 */
function readRecipient(input: Record<string, any>, version: string): { to: string; input: string; bsuid: boolean } {
  const { to, recipient } = input;
  if (to !== undefined && to !== '') {
    if (typeof to !== 'string' && typeof to !== 'number') refuse(100, 'parameter_invalid', 'to must be a string.');
    const text = String(to);
    const digits = text.replace(/[\s\-().]/g, '').replace(/^\+/, '');
    if (!/^\d{5,20}$/.test(digits))
      refuse(
        131009,
        'phone_number_invalid',
        `to ${JSON.stringify(text)} is not a phone number${BSUID_PATTERN.test(text) ? '; a business-scoped user id goes in recipient' : ''}.`,
      );
    return { to: `+${digits}`, input: text, bsuid: false };
  }
  if (recipient === undefined || recipient === '') missing('to');
  if (typeof recipient !== 'string' || !(BSUID_PATTERN.test(recipient) || PARENT_BSUID_PATTERN.test(recipient)))
    refuse(100, 'parameter_invalid', 'Param recipient must be a business-scoped user ID.');
  if (Number(/^v(\d+)/.exec(version)?.[1]) < BSUID_SINCE_MAJOR)
    refuse(100, 'parameter_invalid', `Param recipient requires Graph API v25.0 or later; this call is ${version}.`);
  return { to: recipient, input: recipient, bsuid: true };
}

/** Mark as read (docs/platform.md §1.1, mark-as-read-request.json), with the optional typing indicator. */
function readMarkRead(input: Record<string, any>): MarkRead {
  for (const key of Object.keys(input))
    if (!READ_PARAMS.includes(key)) refuse(100, 'parameter_unknown', `${key} is not a parameter of a mark as read.`);
  if (input.status !== 'read') refuse(100, 'parameter_invalid', 'status must be "read" (mark a message as read).');
  if (typeof input.message_id !== 'string' || input.message_id === '') missing('message_id');
  const typing = input.typing_indicator;
  if (typing !== undefined) {
    if (!isObject(typing) || typing.type !== 'text' || Object.keys(typing).length !== 1)
      refuse(100, 'parameter_invalid', 'Param typing_indicator.type must be text.');
  }
  return { messageId: input.message_id, typingIndicator: typing !== undefined };
}
