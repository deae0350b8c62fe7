/**
 * Prometheus metrics (issue 14, item 2): `GET /metrics` served off the public API, scraped and
 * parsed strictly (test/prometheus-text.ts) after real traffic: sends through the dispatcher to
 * the simulator over HTTP, the simulator's signed webhooks, event deliveries to a receiver.
 * Values are compared between two scrapes, so what other work did before does not matter.
 */
import { after, before, describe } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { TOKEN } from './metrics/kit.js';
import { analyticsFoldCases } from './metrics/analytics-fold.js';
import { mainPortCases } from './metrics/main-port.js';
import { settingCases } from './metrics/settings.js';
import { webhookIntakeCases } from './metrics/webhook-intake.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';

describe('GET /metrics on the main port, with METRICS_TOKEN', () => {
  let h: Harness;
  let receiver: Receiver;
  before(async () => {
    h = await startHarness({ env: { METRICS_TOKEN: TOKEN, ...ALLOW_PRIVATE }, deps: { deliveryPolicy: FAST_POLICY } });
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });

  mainPortCases(() => ({ h, receiver }));
});

// A service of its own, where nothing else posts webhooks: the simulator's statuses for the
// other tests' sends would arrive at any time.
describe('webhook intake metrics', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { METRICS_TOKEN: TOKEN } });
  });
  after(() => h.close());

  webhookIntakeCases(() => h);
});

settingCases();

analyticsFoldCases();
