/** Routes of the message resource (docs/api.md §4.6–4.7, §D8). */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { TidingsError } from '../errors.js';
import { ContactIdParams } from '../contacts/contact.schemas.js';
import type { ContactService } from '../contacts/contact.service.js';
import { defineRoute } from '../http/route.js';
import { ListMessagesQuery, MessageList, Timeline, TimelineQuery } from './schemas/message-list.schemas.js';
import {
  InboundMessage,
  InboundMessageList,
  ListInboundMessagesQuery,
  MarkReadBody,
  Message,
  MessageIdParams,
  TestInboundBody,
} from './schemas/message.schemas.js';
import { SendMessageBody, SendMessageHeaders } from './schemas/send.schemas.js';
import type { MessageService } from './message.service.js';
import type { MessageSender } from './accept/send.service.js';
import type { TestModeService } from './reports/test-mode.service.js';

const read = { scope: 'messages:read', permission: 'messages:read', modes: 'any' } as const;

/**
 * The send's body limit, bytes (docs/api.md §8, §D15): what the largest valid message of any type
 * needs, with a third to spare. Written the costliest way (every character past ASCII as `\uXXXX`,
 * as Python's `json.dumps` does by default), the largest valid sends take (test/rich-bounds/largest.ts
 * sends each): text 24 KB, reply buttons 12 KB, list 44 KB, cta_url 19 KB, location 12 KB, contacts
 * 47 KB (96 KB if all 16,384 characters of cards are escaped), reaction under 1 KB, and a template
 * send with its 65 values and 10 button values at their longest 462 KB. The global 1 MB limit let
 * a send carry 38,000 buttons (issue 23).
 */
export const SEND_BODY_LIMIT_BYTES = 640 * 1024;

/** The rest of the path, as the id (a wamid pasted with its slashes). */
const RawIdParams = Type.Object({ '*': Type.String({ minLength: 1 }) });

/**
 * Reads a message by the id as the path wrote it. The router ignores a trailing slash (so
 * `POST /v1/messages/` and `/v1/messages` are one route), but a wamid is base64 and may end with
 * `/`: when the path ends with one, the id with it is tried first, then without (a stray slash).
 * @throws TidingsError message_not_found when neither is found
 */
async function asWritten<T>(request: FastifyRequest, id: string, get: (id: string) => Promise<T>): Promise<T> {
  if (!request.url.split('?')[0]!.endsWith('/')) return get(id);
  try {
    return await get(`${id}/`);
  } catch (err) {
    if (err instanceof TidingsError && err.code === 'message_not_found') return get(id);
    throw err;
  }
}

export function messageRoutes({
  messages,
  sender,
  testMode,
  contacts,
}: {
  messages: MessageService;
  sender: MessageSender;
  testMode: TestModeService;
  contacts: Pick<ContactService, 'get'>;
}) {
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/messages/',
        operationId: 'sendMessage',
        summary: 'Send a message',
        description:
          "Accepts a text, template or media message from the number the key was issued against: checks it, stores it durably in the number's send queue, and answers 201 with status `accepted` and `platformMessageId` null. The message is then sent at the number's pace (its throughput tier), in order per customer, and its progress arrives as status changes and events (`message.sent`, `message.failed`…); the platform's refusals too. `to` is a phone number (E.164), a business-scoped user id (BSUID) or parent BSUID, or a contact's `ct_` id (sent to its phone number, else its BSUID); a BSUID goes to the platform as `recipient`. `text` and `media` work only inside the contact's 24-hour customer service window, however the customer is addressed. Honours `Idempotency-Key`, so a retried send never queues twice. On a test key nothing is delivered: the message is queued and paced the same way, then moves sent → delivered → read within a few seconds (recipients ending 0001 fail with 131026, 0002 stop at delivered, 0003 stop at sent).",
        tags: ['Messages'],
        access: { scope: 'messages:send', permission: 'messages:send', modes: 'any' },
        idempotency: 'optional',
        errors: [
          'phone_number_invalid',
          'contact_not_found',
          'recipient_not_supported',
          'variables_invalid',
          'template_values_missing',
          'template_not_found',
          'media_not_found',
          'reply_target_not_found',
          'template_not_approved',
          'template_category_not_allowed',
          'template_paused',
          'template_disabled',
          'outside_customer_window',
        ],
        headers: SendMessageHeaders,
        body: SendMessageBody,
        bodyLimit: SEND_BODY_LIMIT_BYTES,
        response: { status: 201, schema: Type.Ref(Message) },
      },
      ({ auth, body, headers }) =>
        sender.send(auth, body, headers['x-tidings-source'] === 'dashboard' ? 'dashboard' : 'api'),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/messages/:id',
        operationId: 'getMessage',
        summary: 'Get a message',
        description:
          'By `msg_` id or by the platform message id (wamid, percent-encoded or as it is). Covers messages sent outside this service that the platform reported on.',
        tags: ['Messages'],
        access: read,
        idempotency: 'none',
        errors: ['message_not_found'],
        params: MessageIdParams,
        response: { status: 200, schema: Type.Ref(Message) },
      },
      ({ auth, params, request }) => asWritten(request, params.id, (id) => messages.get(auth, id)),
    ),
    // A wamid is base64 and may hold `/`: percent-encoded it is one path segment (the route above);
    // pasted as it is, its slashes split the path, so everything after `/messages/` is the id.
    defineRoute(
      {
        method: 'GET',
        url: '/messages/*',
        operationId: 'getMessageByRawWamid',
        summary: 'Get a message by a wamid holding slashes',
        tags: ['Messages'],
        access: read,
        idempotency: 'none',
        errors: ['message_not_found'],
        params: RawIdParams,
        response: { status: 200, schema: Type.Ref(Message) },
        hidden: true,
      },
      ({ auth, params, request }) => asWritten(request, params['*'], (id) => messages.get(auth, id)),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/messages',
        operationId: 'listMessages',
        summary: 'List messages',
        description:
          "Newest first; with `batch`, in the batch's order (each message's place in its request). Page with `starting_after` set to the last id of the previous page while `has_more` is true.",
        tags: ['Messages'],
        access: read,
        idempotency: 'none',
        errors: ['phone_number_invalid'],
        querystring: ListMessagesQuery,
        response: { status: 200, schema: MessageList },
      },
      ({ auth, query }) => messages.list(auth, query),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/test_helpers/inbound_messages',
        operationId: 'createTestInboundMessage',
        summary: 'Simulate a customer message (test keys)',
        description:
          "Records an inbound message from `from` to the key's number, opening the 24-hour customer service window for test sends.",
        tags: ['Test helpers'],
        access: { scope: 'messages:send', permission: 'test_helpers:use', modes: 'test' },
        idempotency: 'optional',
        errors: ['phone_number_invalid'],
        body: TestInboundBody,
        response: { status: 201, schema: Type.Ref(InboundMessage) },
      },
      ({ auth, body }) => testMode.recordTestInbound(auth, body),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/inbound_messages',
        operationId: 'listInboundMessages',
        summary: 'List customer messages',
        description:
          'Newest first (by when the customer sent them). Filter by contact (`ct_` id), platform type, a start time, or the message of ours they answer (`answering`: replies, button and list taps, reactions). Page with `starting_after` set to the last id of the previous page while `has_more` is true.',
        tags: ['Messages'],
        access: read,
        idempotency: 'none',
        errors: ['message_not_found'],
        querystring: ListInboundMessagesQuery,
        response: { status: 200, schema: InboundMessageList },
      },
      ({ auth, query }) => messages.listInbound(auth, query),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/inbound_messages/:id/read',
        operationId: 'markInboundMessageRead',
        summary: 'Mark a customer message read',
        description:
          "Shows the customer their message was read (blue ticks), and with `typingIndicator: true` a typing indicator while the reply is written. By `in_` id or platform message id. As at the platform, the customer's earlier unread messages to the same number are marked read too (their `readAt` set), so one call answers a whole thread. Repeating it is harmless; honours `Idempotency-Key`. On a test key nothing reaches the platform; `readAt` is recorded all the same.",
        tags: ['Messages'],
        access: { scope: 'messages:send', permission: 'messages:send', modes: 'any' },
        idempotency: 'optional',
        errors: ['message_not_found', 'platform_error', 'platform_rate_limited', 'platform_unavailable'],
        params: MessageIdParams,
        body: MarkReadBody,
        bodyOptional: true,
        response: { status: 200, schema: Type.Ref(InboundMessage) },
      },
      ({ auth, params, body }) => messages.markRead(auth, params.id, body),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/inbound_messages/:id',
        operationId: 'getInboundMessage',
        summary: 'Get a customer message',
        description: 'By `in_` id or by its platform message id: the object `message.received` events carry.',
        tags: ['Messages'],
        access: read,
        idempotency: 'none',
        errors: ['message_not_found'],
        params: MessageIdParams,
        response: { status: 200, schema: Type.Ref(InboundMessage) },
      },
      ({ auth, params, request }) => asWritten(request, params.id, (id) => messages.getInbound(auth, id)),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/inbound_messages/*',
        operationId: 'getInboundMessageByRawWamid',
        summary: 'Get a customer message by a wamid holding slashes',
        tags: ['Messages'],
        access: read,
        idempotency: 'none',
        errors: ['message_not_found'],
        params: RawIdParams,
        response: { status: 200, schema: Type.Ref(InboundMessage) },
        hidden: true,
      },
      ({ auth, params, request }) => asWritten(request, params['*'], (id) => messages.getInbound(auth, id)),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/contacts/:id/messages',
        operationId: 'listContactMessages',
        summary: "A contact's timeline",
        description:
          "The customer's messages and those sent to them, newest first, in one list: inbound by when the customer sent them, outbound by when they were accepted. Page with `starting_after` set to the last id (`in_` or `msg_`) of the previous page while `has_more` is true.",
        tags: ['Contacts'],
        access: read,
        idempotency: 'none',
        errors: ['contact_not_found'],
        params: ContactIdParams,
        querystring: TimelineQuery,
        response: { status: 200, schema: Timeline },
      },
      async ({ auth, params, query }) => {
        const contact = await contacts.get(auth, params.id);
        return messages.timeline(auth, contact.id, query);
      },
    ),
  ];
}
