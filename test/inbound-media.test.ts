/**
 * Customers' files (docs/api.md §D14): downloaded from the platform (the simulator, over HTTP) by a
 * durable job, checked against the webhook's SHA-256, kept as `med_` files with `source: "inbound"`;
 * `message.received` waits for the file; `GET /v1/media/{id}/content` streams any file, with ranges.
 */
import { after, before, describe } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { accessCases } from './inbound-media/access.js';
import { failureCases } from './inbound-media/failures.js';
import { pendingCases } from './inbound-media/pending.js';
import { storedCases } from './inbound-media/stored.js';
import { ALLOW_PRIVATE, FAST_POLICY, type Receiver } from './receiver.js';

describe('files customers send', () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  before(async () => {
    h = await startHarness({
      env: ALLOW_PRIVATE,
      deps: { deliveryPolicy: FAST_POLICY, inboundMediaPolicy: { retryDelaysMs: [30, 30, 30, 30] } },
    });
  });
  after(async () => {
    for (const r of receivers) await r.close();
    await h.close();
  });

  const scope = () => ({ h, receivers });

  storedCases(scope);
  failureCases(scope);
  accessCases(scope);
});

describe('message.received waits for the file', () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  before(async () => {
    // The second attempt is ten minutes away: the file stays pending for the whole test.
    h = await startHarness({
      env: ALLOW_PRIVATE,
      deps: { deliveryPolicy: FAST_POLICY, inboundMediaPolicy: { retryDelaysMs: [600_000] } },
    });
  });
  after(async () => {
    for (const r of receivers) await r.close();
    await h.close();
  });

  const scope = () => ({ h, receivers });

  pendingCases(scope);
});
