/**
 * The platform's webhooks in (docs/api.md §D11), fed with the real payloads in
 * test/fixtures/platform: signature, every status and message of a batch, durability before the
 * 200, duplicates and any order of arrival.
 */
import { after, before, describe } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { authenticityCases } from './webhook-intake/authenticity.js';
import { bodyCases } from './webhook-intake/bodies.js';
import { FIXTURE_NUMBERS } from './webhook-intake/kit.js';
import { lostAnswerCases } from './webhook-intake/lost-answer.js';
import { statusCases } from './webhook-intake/statuses.js';

describe('platform webhook intake', () => {
  let h: Harness;
  const keys: Record<string, string> = {};

  before(async () => {
    h = await startHarness();
    for (const phoneNumberId of FIXTURE_NUMBERS) {
      const account = await h.deps.accounts.createAccount({
        name: `Fixture ${phoneNumberId}`,
        wabaId: '102290129340398',
        phoneNumberId,
        phoneNumber: '+15550783881',
        accessToken: 'EAAG-fixture-token',
      });
      keys[phoneNumberId] = (await h.deps.keys.createKey({ accountId: account.id, mode: 'live' })).key;
    }
    // The simulator knows only tokens it issued or was told about.
    h.sim.registerToken('EAAG-fixture-token', '102290129340398', FIXTURE_NUMBERS);
  });
  after(() => h.close());

  const scope = () => ({ h, keys });

  authenticityCases(scope);
  statusCases(scope);
  bodyCases(scope);
  lostAnswerCases();
});
