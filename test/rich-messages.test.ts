/**
 * Rich messages (docs/api.md §D15): interactive, location, contacts and reaction sends through the
 * sending pipeline to the simulator, their platform requests compared with Meta's documented shapes
 * (docs/platform.md §1.4), every limit checked locally, the customer service window. Customers'
 * answers to them: rich-answers.test.ts.
 */
import { after, before, describe } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { CUSTOMER } from './rich-messages/kit.js';
import { limitCases } from './rich-messages/limits.js';
import { sendCases } from './rich-messages/sends.js';
import { testKeyCases } from './rich-messages/test-keys.js';
import { windowCases } from './rich-messages/window.js';

describe('rich messages', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.customerWrites(CUSTOMER);
  });
  after(() => h.close());

  sendCases(() => h);
  limitCases(() => h);
  windowCases(() => h);
  testKeyCases(() => h);
});
