/**
 * Members and API keys for people (issue 39, docs/api.md §D26): the owner rules and the last owner,
 * what a removal takes away, keys bounded by their maker's role. The cases are in test/members/, on
 * this file's one harness; people are made through the repositories and signed in with a session.
 */
import { after, before, describe } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { apiKeyCases } from './members/api-keys.js';
import { linkCases } from './members/links.js';
import { memberCases } from './members/members-api.js';

describe('members and API keys', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());
  memberCases(() => h);
  apiKeyCases(() => h);
  linkCases(() => h);
});
