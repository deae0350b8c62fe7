/** Routes of the message resource (service-interface §4.6–4.7, DECISIONS §8). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../http/schemas.js';
import type { MessageService } from './message.service.js';
import type { TestModeService } from './test-mode.service.js';
import { InboundMessage, ListMessagesQuery, Message, MessageIdParams, MessageList, SendMessageBody, SendMessageHeaders, TestInboundBody } from './message.schemas.js';

export const messageRoutes: FastifyPluginAsyncTypebox<{ messages: MessageService; testMode: TestModeService }> = async (app, { messages, testMode }) => {
  app.post(
    '/messages/',
    {
      config: { scope: 'messages:send', idempotency: 'optional' },
      schema: {
        tags: ['Messages'],
        summary: 'Send a message',
        description:
          'Sends a text, template or media message from the number the key was issued against. `text` works only inside the 24-hour customer service window. Honours `Idempotency-Key`, so a retried send never sends twice. On a test key nothing is delivered: the message moves accepted → sent → delivered → read within a few seconds (recipients ending 0001 fail with 131026, 0002 stop at delivered, 0003 stop at sent).',
        headers: SendMessageHeaders,
        body: SendMessageBody,
        response: { 201: Type.Ref(Message), ...errorResponses(400, 401, 403, 404, 409, 429, 502, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await messages.send(request.auth!, request.body, request.headers['x-tidings-source'] ?? 'api')),
  );

  app.get(
    '/messages/:id',
    {
      config: { scope: 'messages:read' },
      schema: {
        tags: ['Messages'],
        summary: 'Get a message',
        description: 'By `msg_` id or by the platform message id (wamid). Covers messages sent outside this service that the platform reported on.',
        params: MessageIdParams,
        response: { 200: Type.Ref(Message), ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => messages.get(request.auth!, request.params.id),
  );

  app.get(
    '/messages',
    {
      config: { scope: 'messages:read' },
      schema: {
        tags: ['Messages'],
        summary: 'List messages',
        description: 'Newest first. Page with `starting_after` set to the last id of the previous page while `has_more` is true.',
        querystring: ListMessagesQuery,
        response: { 200: MessageList, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => messages.list(request.auth!, request.query),
  );

  app.post(
    '/test_helpers/inbound_messages',
    {
      config: { scope: 'messages:send', testOnly: true, idempotency: 'optional' },
      schema: {
        tags: ['Test helpers'],
        summary: 'Simulate a customer message (test keys)',
        description: 'Records an inbound message from `from` to the key\'s number, opening the 24-hour customer service window for test sends.',
        body: TestInboundBody,
        response: { 201: Type.Ref(InboundMessage), ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await testMode.recordTestInbound(request.auth!, request.body)),
  );

  app.get(
    '/inbound_messages/:id',
    {
      config: { scope: 'messages:read' },
      schema: {
        tags: ['Messages'],
        summary: 'Get a customer message',
        description: 'By `in_` id or by its platform message id: the object `message.received` events carry.',
        params: MessageIdParams,
        response: { 200: Type.Ref(InboundMessage), ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => messages.getInbound(request.auth!, request.params.id),
  );
};
