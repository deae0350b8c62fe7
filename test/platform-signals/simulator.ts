/**
 * The simulator's control calls for each signal: through the real webhook path, and in the shape
 * of the platform's own payloads (the fixtures).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameShape } from '../conformance/shape.js';
import { eventually, fixture } from '../helpers.js';
import { signalsKit, type SignalHarness } from './kit.js';

export function simulatorCases(harness: () => SignalHarness): void {
  const { key, events, signals } = signalsKit(harness);
  describe("the simulator's signals", () => {
    it("sends each signal from the simulator's control calls through the real webhook path", async () => {
      const { h } = harness();
      const sim = async (path: string, body: unknown) => {
        const res = await fetch(`${h.simUrl}/_simulator/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as any };
      };
      const phoneNumberId = h.account.phoneNumberId;
      assert.equal((await sim('messaging_limits', { phoneNumberId, limit: 'TIER_UNLIMITED' })).status, 200);
      await eventually(async () => (await signals()).phoneNumbers[0].messagingLimit?.unlimited === true);
      assert.equal(
        (
          await sim('account_alerts', {
            phoneNumberId,
            type: 'OBA_APPROVED',
            severity: 'INFORMATIONAL',
            status: 'NONE',
          })
        ).status,
        200,
      );
      await eventually(async () => (await signals()).alerts.some((a: any) => a.type === 'OBA_APPROVED'));
      assert.equal((await sim('account_reviews', { phoneNumberId, decision: 'DEFERRED' })).status, 200);
      await eventually(async () => (await signals()).review?.decision === 'DEFERRED');
      const echo = await sim('business_app_messages', { phoneNumberId, to: '+16505559002', text: 'Sent from the app' });
      assert.equal(echo.status, 200);
      await eventually(
        async () =>
          ((await h.api('GET', `/v1/messages/${encodeURIComponent(echo.body.wamid)}`, { key: key() })).body as any)
            .source === 'business_app',
      );
      const before = (await events('platform.webhook')).length;
      // The account's own number, as displayed: a change naming it is this account's (issue 38, finding 8).
      const displayPhoneNumber = (await signals()).phoneNumbers[0].displayPhoneNumber;
      assert.equal(
        (
          await sim('webhooks', {
            phoneNumberId,
            field: 'phone_number_name_update',
            value: { display_phone_number: displayPhoneNumber, decision: 'APPROVED' },
          })
        ).status,
        200,
      );
      const passed = await eventually(async () => {
        const list = await events('platform.webhook');
        return list.length > before ? list[0] : undefined;
      });
      assert.deepEqual(
        [passed.data.object.field, passed.data.object.value.decision],
        ['phone_number_name_update', 'APPROVED'],
      );
      const refused = await sim('account_reviews', { phoneNumberId, decision: 'MAYBE' });
      assert.equal(refused.status, 400);
      assert.match(refused.body.error, /decision must be/);
    });

    it("sends each signal in the shape of the platform's own payloads (the fixtures)", async () => {
      const { h } = harness();
      const sent = async (path: string, body: Record<string, unknown>) => {
        const res = await fetch(`${h.simUrl}/_simulator/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phoneNumberId: h.account.phoneNumberId, ...body }),
        });
        assert.equal(res.status, 200);
        return ((await res.json()) as any).value;
      };
      const real = (name: string) => fixture(name).entry[0].changes[0].value;
      assertSameShape(
        await sent('account_restrictions', {
          restrictions: [{ type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiration: 1641330498 }],
        }),
        real('webhook-account-update-restriction-pywa.json'),
        'account_restrictions',
      );
      assertSameShape(
        await sent('account_bans', { state: 'REINSTATE' }),
        real('webhook-account-update-disabled-pywa.json'),
        'account_bans',
      );
      assertSameShape(
        await sent('account_violations', { violationType: 'ADULT' }),
        real('webhook-account-update-violation-pywa.json'),
        'account_violations',
      );
      assertSameShape(
        await sent('account_alerts', { type: 'INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED' }),
        real('webhook-account-alerts.json'),
        'account_alerts',
      );
      assertSameShape(
        await sent('account_reviews', { decision: 'APPROVED' }),
        real('webhook-account-review-update.json'),
        'account_reviews',
      );
      assertSameShape(
        await sent('messaging_limits', { limit: 2000 }),
        real('webhook-business-capability-update.json'),
        'messaging_limits',
      );
      // The simulator names customers by phone number only unless BSUIDs are configured: those fields are left out.
      const echo = await sent('business_app_messages', { to: '16505559003', text: 'Hi' });
      assertSameShape(echo, real('webhook-smb-message-echoes-pywa.json'), 'business_app_messages', {
        ignore: ['.contacts', '.message_echoes[].to_user_id', '.message_echoes[].to_parent_user_id'],
      });
    });
  });
}
