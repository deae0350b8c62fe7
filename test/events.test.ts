/**
 * Events and webhook endpoints end to end (docs/api.md §D10): the service's events reach a real HTTP
 * receiver that verifies every signature with the `standardwebhooks` library.
 */
import { after, before, describe } from 'node:test';
import { deliveryCases } from './events/delivery.js';
import { endpointCases } from './events/endpoints.js';
import { payloadCases } from './events/payloads.js';
import { startHarness, type Harness } from './harness.js';
import { ALLOW_PRIVATE, FAST_POLICY, type Receiver } from './receiver.js';

describe('events', () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  before(async () => {
    h = await startHarness({ env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
  });
  after(async () => {
    for (const r of receivers) await r.close();
    await h.close();
  });

  const scope = () => ({ h, receivers });

  endpointCases(scope);
  payloadCases(scope);
  deliveryCases(scope);
});
