/**
 * Text messages on a live key, end to end through the simulator (docs/api.md §4.6–4.7, §D8). The
 * cases are in test/messages/, a module a subject, all on this file's one harness.
 */
import { after, before, describe } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { checkCases } from './messages/checks.js';
import { dispatchCases } from './messages/dispatch.js';
import { idempotencyCases } from './messages/idempotency.js';
import { CUSTOMER } from './messages/kit.js';
import { listingCases } from './messages/listing.js';
import { lookupCases } from './messages/lookup.js';
import { sendingCases } from './messages/sending.js';

describe('messages (live key)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.customerWrites(CUSTOMER);
  });
  after(() => h.close());
  const harness = () => h;

  sendingCases(harness);
  lookupCases(harness);
  checkCases(harness);
  dispatchCases(harness);
  idempotencyCases(harness);
  listingCases(harness);
});
