/** Routes of webhook endpoints and events (DECISIONS §10). Every one needs the `webhooks:manage` scope. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Deleted, errorResponses } from '../http/schemas.js';
import type { EndpointService } from './endpoint.service.js';
import {
  CreateEndpointBody,

  DeliveryList,
  Event,
  EventList,
  IdParams,
  ListEndpointsQuery,
  ListEventsQuery,
  RedeliverBody,
  UpdateEndpointBody,
  WebhookEndpoint,
  WebhookEndpointList,
} from './event.schemas.js';
import type { EventService } from './event.service.js';

const IdempotencyHeader = Type.Object({ 'idempotency-key': Type.Optional(Type.String()) });
const scope = 'webhooks:manage' as const;

export const eventRoutes: FastifyPluginAsyncTypebox<{ events: EventService; endpoints: EndpointService }> = async (app, { events, endpoints }) => {
  app.post(
    '/webhook_endpoints',
    {
      config: { scope, idempotency: 'optional' },
      schema: {
        tags: ['Events'],
        summary: 'Create a webhook endpoint',
        description:
          'Events of the key\'s mode (live or test) whose type is in `events` are sent to `url`, signed per the Standard Webhooks spec. The answer alone shows `secret`. URLs must be `https://` on public hosts unless the service runs with WEBHOOK_ALLOW_PRIVATE_URLS=true.',
        headers: IdempotencyHeader,
        body: CreateEndpointBody,
        response: { 201: Type.Ref(WebhookEndpoint), ...errorResponses(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await endpoints.create(request.auth!, request.body)),
  );

  app.get(
    '/webhook_endpoints',
    {
      config: { scope },
      schema: {
        tags: ['Events'],
        summary: 'List webhook endpoints',
        description: 'Newest first.',
        querystring: ListEndpointsQuery,
        response: { 200: WebhookEndpointList, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => endpoints.list(request.auth!, request.query),
  );

  app.get(
    '/webhook_endpoints/:id',
    {
      config: { scope },
      schema: { tags: ['Events'], summary: 'Get a webhook endpoint', params: IdParams, response: { 200: Type.Ref(WebhookEndpoint), ...errorResponses(401, 403, 404, 429, 503) } },
    },
    async (request) => endpoints.get(request.auth!, request.params.id),
  );

  app.patch(
    '/webhook_endpoints/:id',
    {
      config: { scope, idempotency: 'optional' },
      schema: {
        tags: ['Events'],
        summary: 'Update a webhook endpoint',
        description: 'Changes `url`, `events`, `description` or `enabled`; omitted fields are kept. `enabled: true` turns on an endpoint that was disabled (by request, or after three days of failures).',
        headers: IdempotencyHeader,
        params: IdParams,
        body: UpdateEndpointBody,
        response: { 200: Type.Ref(WebhookEndpoint), ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => endpoints.update(request.auth!, request.params.id, request.body),
  );

  app.delete(
    '/webhook_endpoints/:id',
    {
      config: { scope },
      schema: { tags: ['Events'], summary: 'Delete a webhook endpoint', params: IdParams, response: { 200: Deleted, ...errorResponses(401, 403, 404, 429, 503) } },
    },
    async (request) => endpoints.delete(request.auth!, request.params.id),
  );

  app.post(
    '/webhook_endpoints/:id/roll_secret',
    {
      config: { scope, idempotency: 'optional' },
      schema: {
        tags: ['Events'],
        summary: 'Roll a webhook endpoint\'s secret',
        description: 'Answers with the new `secret`. For 24 hours deliveries carry signatures by both the old and the new secret, so receivers can switch without losing events.',
        headers: IdempotencyHeader,
        params: IdParams,
        response: { 200: Type.Ref(WebhookEndpoint), ...errorResponses(401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => endpoints.rollSecret(request.auth!, request.params.id),
  );

  app.get(
    '/events',
    {
      config: { scope },
      schema: {
        tags: ['Events'],
        summary: 'List events',
        description: 'Events of the key\'s mode from the last 30 days, newest first; filter with `type`.',
        querystring: ListEventsQuery,
        response: { 200: EventList, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => events.list(request.auth!, request.query),
  );

  app.get(
    '/events/:id',
    {
      config: { scope },
      schema: { tags: ['Events'], summary: 'Get an event', description: 'Exactly as it is delivered.', params: IdParams, response: { 200: Type.Ref(Event), ...errorResponses(401, 403, 404, 429, 503) } },
    },
    async (request) => events.get(request.auth!, request.params.id),
  );

  app.get(
    '/events/:id/deliveries',
    {
      config: { scope },
      schema: {
        tags: ['Events'],
        summary: 'List an event\'s deliveries',
        description: 'One delivery per endpoint (and per redelivery), each with its attempts: when, the status code, the duration and the first 1 KB of the answer.',
        params: IdParams,
        response: { 200: DeliveryList, ...errorResponses(401, 403, 404, 429, 503) },
      },
    },
    async (request) => events.deliveries(request.auth!, request.params.id),
  );

  app.post(
    '/events/:id/redeliver',
    {
      config: { scope, idempotency: 'optional' },
      schema: {
        tags: ['Events'],
        summary: 'Redeliver an event',
        description: 'Sends the event again (same id and body, fresh signature) to `endpointId`, or to every enabled endpoint subscribed to its type. The body may be omitted.',
        headers: IdempotencyHeader,
        params: IdParams,
        body: RedeliverBody,
        response: { 202: DeliveryList, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
      // No body at all means `{}`.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request, reply) => reply.code(202).send(await events.redeliver(request.auth!, request.params.id, request.body)),
  );

};
