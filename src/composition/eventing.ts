/** The events feature's part of the composition root (deps.ts). */
import { DeliveryService, DEFAULT_DELIVERY_POLICY } from '../events/delivery.service.js';
import { EndpointService } from '../events/endpoint.service.js';
import { EventService } from '../events/event.service.js';
import { HttpWebhookTransport } from '../events/transport.js';
import type { SecretBox } from '../lib/crypto.js';
import type { Base } from './base.js';

/** Events, webhook endpoints and their signed deliveries (events feature). */
export function buildEventing({ config, overrides, store, clock, logger, jobs, metrics }: Base, secretBox: SecretBox) {
  const events = new EventService({ store, jobs, clock });
  const endpoints = new EndpointService({ store, clock, secretBox, allowPrivateUrls: config.allowPrivateWebhookUrls });
  const policy = { ...DEFAULT_DELIVERY_POLICY, ...overrides.deliveryPolicy };
  const transport = new HttpWebhookTransport({
    connectTimeoutMs: policy.timeoutMs,
    allowPrivateUrls: config.allowPrivateWebhookUrls,
    ...(overrides.resolver ? { resolver: overrides.resolver } : {}),
  });
  const deliveries = new DeliveryService({
    store,
    jobs,
    clock,
    endpoints,
    logger,
    policy,
    allowPrivateUrls: config.allowPrivateWebhookUrls,
    transport,
    metrics: metrics.recorders.deliveries,
  });
  return { events, endpoints, deliveries, transport };
}
