/**
 * Status webhooks against the fixtures: PMP (v23, v24), CBP, reads that come alone, and failures.
 */
import { describe, it } from 'node:test';
import { assertSameShape, type CompareOptions } from '../conformance/shape.js';
import { PNID, textTo, type SimHarness } from '../conformance/sim.js';
import { fixture } from '../helpers.js';
import { webhooksKit } from './kit.js';

/** pywa added BSUIDs to older captures: its statuses lack the `recipient_*_user_id` fields Meta's BSUID page gives them. */
const PYWA_STATUS: CompareOptions = {
  ignore: [
    '.entry[].changes[].value.statuses[].recipient_user_id',
    '.entry[].changes[].value.statuses[].recipient_parent_user_id',
  ],
};

export function statusCases(sim: () => SimHarness): void {
  const { era, hookOf, template } = webhooksKit(sim);
  describe('status webhooks', () => {
    it('status webhooks: PMP (v23, v24), CBP and failures', async () => {
      const s = sim();
      await era('meta');
      await template('conf_marketing', 'MARKETING', [{ type: 'BODY', text: 'New arrivals are in the shop.' }]);
      const sendTemplate = async (to: string) =>
        (
          await s.graph('POST', `/v23.0/${PNID}/messages`, {
            messaging_product: 'whatsapp',
            to,
            type: 'template',
            template: { name: 'conf_marketing', language: { code: 'en_US' } },
          })
        ).body.messages[0].id;
      assertSameShape(
        (await hookOf(await sendTemplate('+16505551234'), 'sent')).body,
        fixture('webhook-status-sent.json'),
        'webhook-status-sent.json',
      );
      await era('v24');
      assertSameShape(
        (await hookOf(await sendTemplate('+16505551234'), 'sent')).body,
        fixture('webhook-status-minimal-v24.json'),
        'webhook-status-minimal-v24.json',
      );
      // CBP era, a service message in an open window.
      await era('cbp-pywa');
      const from = '+972987654321';
      await s.control('POST', '/_simulator/inbound', { to: PNID, from, text: 'hi', name: 'Test Name' });
      const service = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(from))).body.messages[0].id;
      assertSameShape(
        (await hookOf(service, 'delivered')).body,
        fixture('webhook-status-delivered.json'),
        'webhook-status-delivered.json',
        PYWA_STATUS,
      );
      const tracked = (
        await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(from, { biz_opaque_callback_data: 'some data' }))
      ).body.messages[0].id;
      assertSameShape(
        (await hookOf(tracked, 'sent')).body,
        fixture('webhook-status-sent-with-biz-opaque-callback-data.json'),
        'webhook-status-sent-with-biz-opaque-callback-data.json',
        PYWA_STATUS,
      );
      // A read that comes without a delivered (both at once) carries the pricing (manual delivery).
      await s.config({ delivery: 'manual' });
      const readAlone = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(from))).body.messages[0].id;
      await s.control('POST', `/_simulator/messages/${encodeURIComponent(readAlone)}/status`, { status: 'read' });
      assertSameShape(
        (await hookOf(readAlone, 'read')).body,
        fixture('webhook-status-read.json'),
        'webhook-status-read.json',
        PYWA_STATUS,
      );
      // pywa's failed capture names the recipient in contacts[]; whatsapp-api-js (after Meta's BSUID page) says failed statuses do not (UNCONFIRMED).
      const experiment = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(from))).body.messages[0].id;
      await s.control('POST', `/_simulator/messages/${encodeURIComponent(experiment)}/status`, {
        status: 'failed',
        errorCode: 130472,
      });
      assertSameShape(
        (await hookOf(experiment, 'failed')).body,
        fixture('webhook-status-failed-130472.json'),
        'webhook-status-failed-130472.json',
        { ignore: ['.entry[].changes[].value.contacts'] },
      );
      // Pre-July-2025 CBP, Meta's shape without BSUIDs; 2022 category names (business_initiated) are not produced.
      await era('cbp-meta');
      await s.config({ delivery: 'manual' });
      const legacy = await sendTemplate('+16505551234');
      await s.control('POST', `/_simulator/messages/${encodeURIComponent(legacy)}/status`, { status: 'sent' });
      assertSameShape(
        (await hookOf(legacy, 'sent')).body,
        fixture('webhook-status-sent-cbp-legacy.json'),
        'webhook-status-sent-cbp-legacy.json',
        { anyValue: ['pricing.category', 'origin.type'] },
      );
      await era('meta');
      const closed = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+15511111111111'))).body.messages[0].id;
      assertSameShape(
        (await hookOf(closed, 'failed')).body,
        fixture('webhook-status-failed-131047.json'),
        'webhook-status-failed-131047.json',
      );
      await s.config({ delivery: 'manual' });
      for (const [code, name, options] of [
        [131049, 'webhook-status-failed.json', {}],
        // Bindambc's 2023 capture has no `href` in errors[]; current ones do (webhook-status-failed.json).
        [
          131053,
          'webhook-status-failed-131053.json',
          { ignore: ['.entry[].changes[].value.statuses[].errors[].href'] },
        ],
      ] as const) {
        const wamid = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+16505551234'))).body.messages[0].id;
        await s.control('POST', `/_simulator/messages/${encodeURIComponent(wamid)}/status`, {
          status: 'failed',
          errorCode: code,
        });
        assertSameShape((await hookOf(wamid, 'failed')).body, fixture(name), name, options);
      }
      await s.config({ delivery: 'auto' });
    });
  });
}
