/** Routes of webhook endpoints and events (docs/api.md §D10). Every one needs the `webhooks:manage` scope. */
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/route.js';
import { Deleted } from '../http/schemas.js';
import type { EndpointService } from './endpoint.service.js';
import {
  CreateEndpointBody,
  DeliveryList,
  Event,
  EndpointIdParams,
  EventIdParams,
  EventList,
  ListEndpointsQuery,
  ListEventsQuery,
  RedeliverBody,
  UpdateEndpointBody,
  WebhookEndpoint,
  WebhookEndpointList,
} from './event.schemas.js';
import type { EventService } from './event.service.js';

const manage = { scope: 'webhooks:manage', permission: 'webhooks:manage', modes: 'any' } as const;
const read = { scope: 'webhooks:manage', permission: 'webhooks:read', modes: 'any' } as const;
const tags: ['Events'] = ['Events'];
const endpointTags: ['Webhook endpoints'] = ['Webhook endpoints'];

export function eventRoutes({ events, endpoints }: { events: EventService; endpoints: EndpointService }) {
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/webhook_endpoints',
        operationId: 'createWebhookEndpoint',
        summary: 'Create a webhook endpoint',
        description:
          "Events of the key's mode (live or test) whose type is in `events` are sent to `url`, signed per the Standard Webhooks spec. The answer alone shows `secret`. URLs must be `https://` on public hosts unless the service runs with WEBHOOK_ALLOW_PRIVATE_URLS=true.",
        tags: endpointTags,
        access: manage,
        idempotency: 'optional',
        errors: [],
        body: CreateEndpointBody,
        response: { status: 201, schema: Type.Ref(WebhookEndpoint) },
      },
      ({ auth, body }) => endpoints.create(auth, body),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/webhook_endpoints',
        operationId: 'listWebhookEndpoints',
        summary: 'List webhook endpoints',
        description: 'Newest first.',
        tags: endpointTags,
        access: read,
        idempotency: 'none',
        errors: [],
        querystring: ListEndpointsQuery,
        response: { status: 200, schema: WebhookEndpointList },
      },
      ({ auth, query }) => endpoints.list(auth, query),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/webhook_endpoints/:id',
        operationId: 'getWebhookEndpoint',
        summary: 'Get a webhook endpoint',
        description:
          'Its URL, event types and state (enabled, or disabled and why). The secret is shown only by create and roll_secret.',
        tags: endpointTags,
        access: read,
        idempotency: 'none',
        errors: ['webhook_endpoint_not_found'],
        params: EndpointIdParams,
        response: { status: 200, schema: Type.Ref(WebhookEndpoint) },
      },
      ({ auth, params }) => endpoints.get(auth, params.id),
    ),
    defineRoute(
      {
        method: 'PATCH',
        url: '/webhook_endpoints/:id',
        operationId: 'updateWebhookEndpoint',
        summary: 'Update a webhook endpoint',
        description:
          'Changes `url`, `events`, `description` or `enabled`; omitted fields are kept. `enabled: true` turns on an endpoint that was disabled (by request, or after three days of failures).',
        tags: endpointTags,
        access: manage,
        idempotency: 'optional',
        errors: ['webhook_endpoint_not_found'],
        params: EndpointIdParams,
        body: UpdateEndpointBody,
        response: { status: 200, schema: Type.Ref(WebhookEndpoint) },
      },
      ({ auth, params, body }) => endpoints.update(auth, params.id, body),
    ),
    defineRoute(
      {
        method: 'DELETE',
        url: '/webhook_endpoints/:id',
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete a webhook endpoint',
        description:
          'Nothing more is sent to it: its pending retries are marked failed. Its past deliveries stay in the event log.',
        tags: endpointTags,
        access: manage,
        idempotency: 'none',
        errors: ['webhook_endpoint_not_found'],
        params: EndpointIdParams,
        response: { status: 200, schema: Deleted },
      },
      ({ auth, params }) => endpoints.delete(auth, params.id),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/webhook_endpoints/:id/roll_secret',
        operationId: 'rollWebhookEndpointSecret',
        summary: "Roll a webhook endpoint's secret",
        description:
          'Answers with the new `secret`. For 24 hours deliveries carry signatures by both the old and the new secret, so receivers can switch without losing events.',
        tags: endpointTags,
        access: manage,
        idempotency: 'optional',
        errors: ['webhook_endpoint_not_found'],
        params: EndpointIdParams,
        response: { status: 200, schema: Type.Ref(WebhookEndpoint) },
      },
      ({ auth, params }) => endpoints.rollSecret(auth, params.id),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/events',
        operationId: 'listEvents',
        summary: 'List events',
        description:
          "Events of the key's mode kept by the account's retention (30 days unless the operator set another, `GET /v1/account`), newest first; filter with `type`.",
        tags,
        access: read,
        idempotency: 'none',
        errors: [],
        querystring: ListEventsQuery,
        response: { status: 200, schema: EventList },
      },
      ({ auth, query }) => events.list(auth, query),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/events/:id',
        operationId: 'getEvent',
        summary: 'Get an event',
        description: 'Exactly as it is delivered.',
        tags,
        access: read,
        idempotency: 'none',
        errors: ['event_not_found'],
        params: EventIdParams,
        response: { status: 200, schema: Type.Ref(Event) },
      },
      ({ auth, params }) => events.get(auth, params.id),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/events/:id/deliveries',
        operationId: 'listEventDeliveries',
        summary: "List an event's deliveries",
        description:
          'One delivery per endpoint (and per redelivery), each with its attempts: when, the status code, the duration and the first 1 KB of the answer.',
        tags,
        access: read,
        idempotency: 'none',
        errors: ['event_not_found'],
        params: EventIdParams,
        response: { status: 200, schema: DeliveryList },
      },
      ({ auth, params }) => events.deliveries(auth, params.id),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/events/:id/redeliver',
        operationId: 'redeliverEvent',
        summary: 'Redeliver an event',
        description:
          'Sends the event again (same id and body, fresh signature) to `endpointId`, or to every enabled endpoint subscribed to its type. The body may be omitted.',
        tags,
        access: manage,
        idempotency: 'optional',
        errors: ['event_not_found', 'webhook_endpoint_not_found'],
        params: EventIdParams,
        body: RedeliverBody,
        bodyOptional: true,
        response: { status: 202, schema: DeliveryList },
      },
      ({ auth, params, body }) => events.redeliver(auth, params.id, body),
    ),
  ];
}
