/**
 * Rich messages are bounded (issue 23, items 3 and 8; docs/api.md §D15): every array and string
 * of a send has a bound, oversized input gets a small 400 without being parsed however many items it
 * repeats, a send's body has a limit, and lengths are counted as the platform (and the simulator)
 * counts them, in UTF-16 code units, so what Tidings accepts does not fail at dispatch. The largest
 * valid message of each type still goes through, and what it costs in each event stays small.
 *
 * The cases are in test/rich-bounds/, on the one harness this file starts.
 */
import { after, before, describe } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { CUSTOMER } from './rich-bounds/kit.js';
import { largestCases } from './rich-bounds/largest.js';
import { lengthCases } from './rich-bounds/lengths.js';
import { limitCases } from './rich-bounds/limits.js';
import { oversizedCases } from './rich-bounds/oversized.js';

describe('rich messages are bounded', () => {
  let h: Harness;
  let inboundId: string;
  before(async () => {
    h = await startHarness();
    const wamid = await h.customerWrites(CUSTOMER);
    inboundId = (await h.api('GET', `/v1/inbound_messages/${encodeURIComponent(wamid)}`)).body.id;
  });
  after(() => h.close());

  oversizedCases(() => h);
  limitCases(() => h);
  lengthCases(() => h);
  largestCases(
    () => h,
    () => inboundId,
  );
});
