/**
 * Each signal fixture parsed into its typed signal; an unhandled field (or event) kept to pass on,
 * the consent feature's `user_preferences` and the pricing tiers' notice never among them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseWebhook } from '../../src/platform/cloud-api/webhook-payload.js';
import { fixture } from '../helpers.js';

export function parsingCases(): void {
  describe('parsing', () => {
    it('parses each fixture into its typed signal, and passes on an unhandled account_update event', () => {
      const one = (name: string) => parseWebhook(fixture(name))!;
      assert.deepEqual(one('webhook-account-update-restriction-pywa.json').signals, [
        {
          kind: 'restriction',
          wabaId: '102290129340398',
          at: '2022-01-04T21:08:18.000Z',
          restrictions: [
            { type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiresAt: '2022-01-04T21:08:18.000Z' },
            { type: 'RESTRICTED_ADD_PHONE_NUMBER_ACTION', expiresAt: '2022-01-04T21:08:18.000Z' },
          ],
        },
      ]);
      assert.deepEqual(
        one('webhook-account-update-disabled-pywa.json').signals.map((s: any) => [s.kind, s.state, s.date]),
        [['ban', 'REINSTATE', 'April 17, 2025']],
      );
      assert.deepEqual(
        one('webhook-account-update-violation-pywa.json').signals.map((s: any) => [s.kind, s.violationType]),
        [['violation', 'ADULT']],
      );
      assert.deepEqual(
        one('webhook-account-alerts.json').signals.map((s: any) => [
          s.kind,
          s.type,
          s.severity,
          s.status,
          s.entityType,
        ]),
        [['alert', 'INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED', 'WARNING', 'ACTIVE', 'BUSINESS']],
      );
      assert.deepEqual(
        one('webhook-account-review-update.json').signals.map((s: any) => [s.kind, s.decision]),
        [['review', 'APPROVED']],
      );
      assert.deepEqual(
        one('webhook-business-capability-update.json').signals.map((s: any) => [
          s.kind,
          s.tier,
          s.dailyUsers,
          s.unlimited,
        ]),
        [['messaging_limit', '2000', 2000, false]],
      );
      const partner = one('webhook-account-update-partner-added-pywa.json');
      assert.deepEqual(
        partner.signals.map((s: any) => [s.kind, s.field, s.value.event]),
        [['unknown', 'account_update', 'PARTNER_ADDED']],
      );
      assert.equal(partner.ignored, 0);
      // The volume tier notice stays the pricing tiers' (issue 27), not a signal.
      const tier = one('webhook-account-update-volume-tier.json');
      assert.deepEqual([tier.pricingTiers.length, tier.signals.length], [1, 0]);
      const echo = one('webhook-smb-message-echoes-pywa.json');
      assert.deepEqual(
        echo.echoes.map((e) => [e.wamid, e.type, e.text, e.toUserId]),
        [['<WHATSAPP_MESSAGE_ID>', 'text', 'Test message', '<BSUID>']],
      );
      assert.deepEqual(echo.signals, []);
      // user_preferences is the consent feature's: never passed on as platform.webhook.
      const prefs = {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '1',
            changes: [
              {
                field: 'user_preferences',
                value: { user_preferences: [{ wa_id: '16505551234', category: 'marketing_messages', value: 'stop' }] },
              },
            ],
          },
        ],
      };
      assert.deepEqual(parseWebhook(prefs)!.signals, []);
      // A value of any shape is passed on when its field is not handled.
      const odd = {
        object: 'whatsapp_business_account',
        entry: [{ id: '7', changes: [{ field: 'future_field', value: ['a', 1] }] }],
      };
      assert.deepEqual(parseWebhook(odd)!.signals, [
        {
          kind: 'unknown',
          wabaId: '7',
          at: null,
          phoneNumberId: null,
          displayPhoneNumber: null,
          field: 'future_field',
          value: ['a', 1],
        },
      ]);
      // The number a passed-on value names, by id (in metadata or at the top) or as displayed.
      const named = (value: unknown) => {
        const body = {
          object: 'whatsapp_business_account',
          entry: [{ id: '7', changes: [{ field: 'calls', value }] }],
        };
        const [s] = parseWebhook(body)!.signals as any[];
        return { id: s.phoneNumberId, display: s.displayPhoneNumber };
      };
      assert.deepEqual(named({ metadata: { phone_number_id: '111', display_phone_number: '1 555 0100' } }), {
        id: '111',
        display: '15550100',
      });
      assert.deepEqual(named({ phone_number_id: 222 }), { id: '222', display: null });
      assert.deepEqual(named({ display_phone_number: '+1 (555) 0101' }), { id: null, display: '15550101' });
    });
  });
}
