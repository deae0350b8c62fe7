/**
 * The events feature as a module (src/feature.ts): the outbox of events, the customers' webhook
 * endpoints, and the signed deliveries with their retries.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Config } from '../config.js';
import type { Store } from '../db/store.js';
import { type Feature, Slot } from '../feature.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Resolver } from '../lib/address-guard.js';
import type { Clock } from '../lib/clock.js';
import type { SecretBox } from '../lib/crypto.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Logger } from 'pino';
import { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy, DeliveryService } from './delivery.service.js';
import type { CloudApiRenderer } from './cloud-api-format.js';
import { EndpointService } from './endpoint.service.js';
import { eventRoutes } from './event.routes.js';
import { Delivery, Event, WebhookEndpoint } from './event.schemas.js';
import { DELIVER_JOB, EventService } from './event.service.js';
import { HttpWebhookTransport } from './transport.js';

export interface EventsNeeds {
  config: Config;
  /** Tests shorten the delivery timing; host names may be resolved by the caller (the address guard's). */
  overrides: { deliveryPolicy?: Partial<DeliveryPolicy>; resolver?: Resolver };
  store: Store;
  clock: Clock;
  logger: Logger;
  jobs: JobQueue;
  metrics: Metrics;
  secretBox: SecretBox;
  /** The audit trail (the ground): webhook endpoints created, changed, deleted, their secret rolled. */
  audit: AuditTrail;
}

export interface EventsProvides {
  events: EventService;
  endpoints: EndpointService;
  deliveries: DeliveryService;
  /** What an event becomes in Meta's shape for `cloud_api` endpoints (docs/api.md §D35): the facade fills it. */
  cloudApiRenderer: Slot<CloudApiRenderer>;
}

export function eventsModule({
  config,
  overrides,
  store,
  clock,
  logger,
  jobs,
  metrics,
  secretBox,
  audit,
}: EventsNeeds): Feature<EventsProvides> {
  const events = new EventService({ store, jobs, clock, audit });
  const allowPrivateUrls = config.allowPrivateWebhookUrls;
  const policy = { ...DEFAULT_DELIVERY_POLICY, ...overrides.deliveryPolicy };
  const transport = new HttpWebhookTransport({
    connectTimeoutMs: policy.timeoutMs,
    allowPrivateUrls,
    ...(overrides.resolver ? { resolver: overrides.resolver } : {}),
  });
  const endpoints = new EndpointService({
    store,
    clock,
    secretBox,
    allowPrivateUrls,
    audit,
    transport,
    handshakeTimeoutMs: policy.timeoutMs,
  });
  // Filled by the facade (src/facade/facade-webhooks.module.ts), built after the features it reads.
  const cloudApiRenderer = new Slot<CloudApiRenderer>('cloudApiRenderer');
  const deliveries = new DeliveryService({
    store,
    jobs,
    clock,
    endpoints,
    logger,
    policy,
    allowPrivateUrls,
    transport,
    metrics: metrics.recorders.deliveries,
    cloudApiRenderer,
  });
  return {
    name: 'events',
    provides: { events, endpoints, deliveries, cloudApiRenderer },
    routes: () => eventRoutes({ events, endpoints }),
    schemas: [Event, WebhookEndpoint, Delivery],
    jobs: [{ type: DELIVER_JOB, run: (payload) => deliveries.deliver(payload), options: { concurrency: 64 } }],
    close: () => transport.close(),
  };
}
