/**
 * Property-based fuzzing of every registered route (security issue 10): requests built from each
 * route's own schemas, then bent (wrong types, unknown and missing fields, hostile strings, huge
 * numbers, broken bodies and paths, any key). Whatever comes in, the service answers: never a 5xx,
 * every error in the one envelope with its request id, every answer bounded in size and time.
 *
 * Seeded (FUZZ_SEED to replay a run) and bounded in time (FUZZ_SECONDS, default 20 per dialect).
 */
import { after, before, describe } from 'node:test';
import { dispatched } from './factories.js';
import { everyRouteCases } from './fuzz/every-route.js';
import { oversizedRichSendCases } from './fuzz/oversized-rich-sends.js';
import { startHarness, type Harness } from './harness.js';

describe('fuzzing every registered route', () => {
  let h: Harness;
  let knownIds: string[];
  let keys: (string | undefined)[];
  before(async () => {
    // Endpoints the fuzzer creates get events; their names resolve nowhere, at once (no DNS here).
    const resolver = async (hostname: string) =>
      Promise.reject(Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' }));
    h = await startHarness({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, deps: { resolver } });
    // Keys with room for the fuzzer's pace, so the rate limit does not answer for most requests.
    const key = async (mode: 'live' | 'test') =>
      (await h.deps.keys.createKey({ accountId: h.account.id, mode, rateLimit: 10_000 })).key;
    const live = await key('live');
    const test = await key('test');
    keys = [live, live, live, test, test, 'sk_live_notarealkeynotarealkeynotareal', '', undefined];
    await h.customerWrites('+16505551234');
    const sent = await h.api('POST', '/v1/messages/', {
      key: live,
      body: { to: '+16505551234', type: 'text', text: 'hello' },
    });
    knownIds = [
      sent.body.id,
      (await dispatched(h, sent.body.id, live)).platformMessageId!,
      'tpl_00000000000000000000000',
      'evt_00000000000000000000000',
      'we_00000000000000000000000',
    ];
  });
  after(() => h.close());

  everyRouteCases(() => ({ h, knownIds, keys }));
  oversizedRichSendCases(() => ({ h, knownIds, keys }));
});
