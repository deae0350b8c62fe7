/**
 * Issue 28 (signals): every webhook field Tidings does not handle passed on as `platform.webhook`,
 * to endpoints that name it only; account restrictions, bans, violations, alerts, review decisions
 * and the messaging limit stored and evented once; `messagingLimit` on GET /v1/phone_numbers;
 * GET /v1/account/signals; a Business-app echo stored as a message and moved on by a later status;
 * Flows answers, a malformed one included; the simulator's control calls through the real webhook
 * path. On both dialects (docs/api.md §D24, docs/platform.md §4.12–§4.16). The cases are in
 * test/platform-signals/, a module a subject, all on this file's one harness.
 */
import { after, before, describe } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { accountCases } from './platform-signals/account.js';
import type { SignalHarness } from './platform-signals/kit.js';
import { messageCases } from './platform-signals/messages.js';
import { parsingCases } from './platform-signals/parsing.js';
import { passedOnCases } from './platform-signals/passed-on.js';
import { simulatorCases } from './platform-signals/simulator.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';

describe('platform signals (issue 28)', () => {
  let h: Harness;
  let wabaId: string;
  let receiver: Receiver;
  before(async () => {
    h = await startHarness({ env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
    wabaId = (await h.api('GET', '/v1/account', { key: h.account.liveKey })).body.wabaId;
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });
  const harness = (): SignalHarness => ({ h, wabaId, receiver });

  parsingCases();
  passedOnCases(harness);
  accountCases(harness);
  messageCases(harness);
  simulatorCases(harness);
});
