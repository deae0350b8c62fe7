/**
 * Account signals (restrictions, bans, violations, alerts, reviews) and the messaging limit: stored and
 * evented once however often the platform repeats them, shown by GET /v1/account/signals and
 * GET /v1/phone_numbers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signalsKit, type SignalHarness } from './kit.js';

export function accountCases(harness: () => SignalHarness): void {
  const { key, ours, events, signals } = signalsKit(harness);
  describe('account signals', () => {
    it('stores each account signal and events it once: a repeated webhook changes nothing', async () => {
      const { h } = harness();
      for (const name of [
        'webhook-account-update-violation-pywa.json',
        'webhook-account-alerts.json',
        'webhook-account-update-disabled-pywa.json',
      ]) {
        assert.equal((await h.platformWebhook(ours(name))).status, 200);
        assert.equal((await h.platformWebhook(ours(name))).status, 200);
      }
      // A restriction in force (expiring in 2100), sent twice, then lifted.
      const restricted = ours('webhook-account-update-restriction-pywa.json');
      restricted.entry[0].changes[0].value.restriction_info = [
        { restriction_type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiration: 4102444800 },
      ];
      await h.platformWebhook(restricted);
      await h.platformWebhook(restricted);
      let standing = await signals();
      assert.equal(standing.restricted, true);
      assert.deepEqual(standing.restriction.restrictions, [
        { type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiresAt: '2100-01-01T00:00:00.000Z' },
      ]);
      assert.equal(standing.disabled, false, 'REINSTATE is not a ban in force');
      assert.deepEqual(
        [standing.ban.state, standing.violation.violationType, standing.review.decision],
        ['REINSTATE', 'ADULT', 'APPROVED'],
      );
      assert.deepEqual(
        standing.alerts.map((a: any) => [a.type, a.severity, a.entityId]),
        [['INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED', 'WARNING', '506914307656634']],
      );
      const lifted = structuredClone(restricted);
      lifted.entry[0].changes[0].value.restriction_info = [];
      await h.platformWebhook(lifted);
      standing = await signals();
      assert.equal(standing.restricted, false);
      const counts = await Promise.all(
        [
          'account.violation',
          'account.alert',
          'account.reinstated',
          'account.restricted',
          'account.restriction_lifted',
          'account.disabled',
        ].map(async (t) => (await events(t)).length),
      );
      assert.deepEqual(counts, [1, 1, 1, 1, 1, 0]);
      const [event] = await events('account.restricted');
      assert.deepEqual(event.data.object.restrictions, [
        { type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiresAt: '2100-01-01T00:00:00.000Z' },
      ]);
      // A ban in force.
      const banned = ours('webhook-account-update-disabled-pywa.json');
      banned.entry[0].changes[0].value.ban_info.waba_ban_state = 'DISABLE';
      await h.platformWebhook(banned);
      assert.equal((await signals()).disabled, true);
      assert.equal((await events('account.disabled')).length, 1);
    });

    it('keeps the messaging limit on each number: GET /v1/phone_numbers and GET /v1/account/signals, evented once', async () => {
      const { h } = harness();
      const before = (await h.api('GET', '/v1/phone_numbers', { key: key() })).body.data[0];
      assert.equal(before.messagingLimit, null, 'null until the platform tells it');
      await h.platformWebhook(ours('webhook-business-capability-update.json'));
      await h.platformWebhook(ours('webhook-business-capability-update.json'));
      const [number] = (await h.api('GET', '/v1/phone_numbers', { key: h.account.testKey })).body.data;
      assert.deepEqual(
        { ...number.messagingLimit, updatedAt: undefined },
        { tier: '2000', dailyUsers: 2000, unlimited: false, updatedAt: undefined },
      );
      assert.deepEqual(
        (await signals()).phoneNumbers.map((n: any) => [n.phoneNumberId, n.messagingLimit?.dailyUsers]),
        [[h.account.phoneNumberId, 2000]],
      );
      const limitEvents = await events('phone_number.messaging_limit_updated');
      assert.equal(limitEvents.length, 1);
      assert.deepEqual(
        [limitEvents[0].data.object.phoneNumberId, limitEvents[0].data.object.messagingLimit.tier],
        [h.account.phoneNumberId, '2000'],
      );
    });
  });
}
