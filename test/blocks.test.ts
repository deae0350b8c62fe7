/**
 * Blocking customers through the platform's Block Users API (issue 28, docs/api.md §D25): one
 * contact and many, through the simulator's `block_users` (whose list is what the platform holds);
 * a partial failure reported per contact; the refusals Tidings makes before asking the platform;
 * the blocked list and the sync with a block made at the platform directly; a send to a blocked
 * customer refused up front (the block suppresses them) and, past an allowed override, failed by the
 * platform; the way back from a block (the unblock call, never DELETE /v1/suppressions/{id}); test
 * keys, which never reach it. The cases are in test/blocks/, a module a subject, all
 * on this file's one harness.
 */
import { after, before, describe } from 'node:test';
import { blockUsersApiCases } from './blocks/block-users-api.js';
import { blockedCases } from './blocks/blocked.js';
import { blockingCases } from './blocks/blocking.js';
import type { Blocks } from './blocks/kit.js';
import { wayBackCases } from './blocks/way-back.js';
import { startHarness, type Harness } from './harness.js';

describe('blocking customers', () => {
  let h: Harness;
  let token: string;
  let wabaId: string;

  before(async () => {
    h = await startHarness();
    const sender = await h.deps.accounts.senderCredentials(h.account.phoneNumberId);
    token = sender.accessToken;
    wabaId = sender.wabaId;
  });
  after(() => h.close());
  const blocks = (): Blocks => ({ h, token, wabaId });

  blockingCases(blocks);
  blockedCases(blocks);
  blockUsersApiCases(blocks);
  wayBackCases(blocks);
});
