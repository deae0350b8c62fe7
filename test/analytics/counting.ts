/**
 * How the platform's reports become figures: the pricing of status reports (the fixtures) kept on
 * the message and in its events; each message counted once per step it reached, whatever the order
 * and repetition of its reports, across a fold and processes; a re-categorised template's sends
 * counted under the category the platform bills from the change on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldStatChanges } from '../../src/analytics/stats-fold.repository.js';
import { hubSignature } from '../../src/lib/crypto.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { approvedTemplate } from '../factories.js';
import { DIALECT } from '../database.js';
import { startHarness } from '../harness.js';
import { eventually } from '../helpers.js';
import { statusItem, statusHook, report, analytics, sendTemplates, shuffled, pick } from './kit.js';

export function countingCases(): void {
  describe('what is counted', () => {
    it('keeps the platform pricing of status reports (the fixtures) on the message and in its events', async () => {
      const h = await startHarness();
      try {
        await h.simulatorConfig({ delivery: 'manual' });
        const template = await approvedTemplate(h, {
          name: 'pricing_kept',
          body: 'Your order {{1}} shipped.',
          variables: [{ example: '1042' }],
        });
        const [m] = await sendTemplates(h, template.id, 1);
        const now = Math.floor(Date.now() / 1000);
        // As Meta sends them: pricing on `sent` (webhook-status-sent.json: PMP, regular, marketing) and
        // again on `delivered` (webhook-status-delivered.json's older CBP shape: no `type`).
        const sent = { ...statusItem('webhook-status-sent.json'), id: m!.wamid, timestamp: String(now) };
        const delivered = { ...statusItem('webhook-status-delivered.json'), id: m!.wamid, timestamp: String(now + 1) };
        assert.equal((await h.platformWebhook(statusHook(h, [sent]))).status, 200);
        let message = (await h.api<Message>('GET', `/v1/messages/${m!.id}`)).body;
        assert.deepEqual(message.pricing, { billable: true, model: 'PMP', category: 'marketing', type: 'regular' });
        assert.equal((await h.platformWebhook(statusHook(h, [delivered]))).status, 200);
        message = (await h.api<Message>('GET', `/v1/messages/${m!.id}`)).body;
        assert.deepEqual(
          message.pricing,
          { billable: true, model: 'CBP', category: 'service', type: 'regular' },
          'the latest report stands; a field it lacks keeps its value',
        );
        const events = (await h.api('GET', '/v1/events?type=message.sent')).body.data;
        assert.deepEqual(events[0].data.object.pricing, {
          billable: true,
          model: 'PMP',
          category: 'marketing',
          type: 'regular',
        });
      } finally {
        await h.close();
      }
    });

    it('counts each message once per step it reached, whatever the order and repetition of its reports, across a fold and processes', async () => {
      const h = await startHarness();
      const peer = DIALECT === 'postgres' ? await h.startPeer() : null;
      try {
        await h.simulatorConfig({ delivery: 'manual' });
        const template = await approvedTemplate(h, {
          name: 'counted_once',
          body: 'Your order {{1}} shipped.',
          variables: [{ example: '1042' }],
        });
        const m = await sendTemplates(h, template.id, 6);
        const t = Math.floor(Date.now() / 1000);
        const failure = {
          errors: [
            {
              code: 131026,
              title: 'Message undeliverable',
              message: 'Message undeliverable',
              error_data: { details: 'Message Undeliverable.' },
            },
          ],
        };
        const reports = [
          // m0: in order. m1: read alone (delivered and read together). m2: delivered before sent.
          report(m[0]!.wamid, 'sent', t + 1),
          report(m[0]!.wamid, 'delivered', t + 3),
          report(m[0]!.wamid, 'read', t + 9),
          report(m[1]!.wamid, 'read', t + 5),
          report(m[2]!.wamid, 'delivered', t + 4),
          report(m[2]!.wamid, 'sent', t + 2),
          // m3: sent, then failed. m4: failed at once. m5: nothing yet.
          report(m[3]!.wamid, 'sent', t + 1),
          report(m[3]!.wamid, 'failed', t + 6, { ...failure, pricing: undefined }),
          report(m[4]!.wamid, 'failed', t + 1, { ...failure, pricing: undefined }),
        ];
        // Every report twice, shuffled, in webhooks of three; a fold in the middle; on PostgreSQL every
        // other webhook through a second service.
        const all = shuffled([...reports, ...reports]);
        for (let i = 0; i < all.length; i += 3) {
          const payload = statusHook(h, all.slice(i, i + 3));
          if (peer && (i / 3) % 2 === 1) {
            const raw = JSON.stringify(payload);
            const res = await peer.app.inject({
              method: 'POST',
              url: '/platform/whatsapp/webhook',
              headers: {
                'content-type': 'application/json',
                'x-hub-signature-256': hubSignature(raw, h.deps.secrets.appSecret),
              },
              payload: raw,
            });
            assert.equal(res.statusCode, 200);
          } else assert.equal((await h.platformWebhook(payload)).status, 200);
          if (i === 6) await foldStatChanges(h.deps.store);
        }
        const expected = {
          accepted: 6,
          sent: 4,
          delivered: 3,
          read: 2,
          failed: 2,
          canceled: 0,
          billable: 3,
          billableByCategory: { utility: 3 },
          deliveryRate: 0.75,
          readRate: 0.6667,
        };
        const before = (await analytics(h, '')).body;
        assert.deepEqual(pick(before.total, expected), expected);
        assert.ok(
          before.total.sentToDeliveredMs.median >= 1000 && before.total.sentToDeliveredMs.p95 <= 4000,
          JSON.stringify(before.total.sentToDeliveredMs),
        );
        // The reports applied to the messages agree with the figures.
        const statuses = await Promise.all(
          m.map(async (x) => (await h.api<Message>('GET', `/v1/messages/${x.id}`)).body.status),
        );
        assert.deepEqual(statuses, ['read', 'read', 'delivered', 'failed', 'failed', 'accepted']);
        // Folding what is left changes no figure.
        await foldStatChanges(h.deps.store);
        if (peer) await foldStatChanges(peer.deps.store);
        assert.deepEqual((await analytics(h, '')).body, before);

        const byStatus = (await analytics(h, 'groupBy=status')).body;
        assert.deepEqual(Object.fromEntries(byStatus.totals.map((r: any) => [r.group.status, r.accepted])), {
          accepted: 1,
          delivered: 1,
          failed: 2,
          read: 2,
        });
        const byError = (await analytics(h, 'groupBy=errorCode&status=failed')).body;
        assert.deepEqual(
          byError.totals.map((r: any) => [r.group.errorCode, r.failed]),
          [['131026', 2]],
        );
        const byTemplate = (await analytics(h, 'groupBy=template')).body;
        assert.deepEqual(
          byTemplate.totals.map((r: any) => [r.group.templateName, r.accepted]),
          [['counted_once', 6]],
        );
        // The test key's mode has none of it.
        assert.equal((await analytics(h, '', h.account.testKey)).body.total.accepted, 0);
      } finally {
        await peer?.close();
        await h.close();
      }
    });

    it("counts a re-categorised template's sends under the category the platform bills from the change on", async () => {
      const h = await startHarness({ simulator: { deliveryDelaysMs: { sent: 0, delivered: 0, read: 0 } } });
      try {
        const template = await approvedTemplate(h, {
          name: 'recategorised',
          body: 'Your order {{1}} shipped.',
          variables: [{ example: '1042' }],
        });
        const first = await sendTemplates(h, template.id, 2);
        await eventually(async () => (await analytics(h, '')).body.total.delivered === 2);
        // The platform re-categorises it and its webhook is lost (Tidings still reads it as utility,
        // and sends it): the platform bills those sends as marketing, and the figures say so (the
        // invoice is where peer systems' users found out: opencouncil issue 567).
        const platformId = [...h.sim.state.templates.values()].find((x) => x.name === 'recategorised')!.id;
        const res = await fetch(`${h.simUrl}/_simulator/templates/${platformId}/category`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ category: 'MARKETING', webhook: false }),
        });
        assert.equal(res.status, 200, await res.text());
        const queued = (await sendTemplates(h, template.id, 3, 20)).map((m) => m.id);
        assert.equal((await h.api('GET', `/v1/templates/${template.id}`)).body.category, 'UTILITY');
        const byCategory = await eventually(async () => {
          const body = (await analytics(h, 'groupBy=pricingCategory,template')).body;
          // The pricing may come a webhook after the status it rides on is overtaken (answers.ts).
          return body.total.delivered === 5 && body.total.billable === 5 && body;
        });
        assert.deepEqual(
          byCategory.totals.map((r: any) => [r.group.pricingCategory, r.group.templateName, r.sent]),
          [
            ['marketing', 'recategorised', 3],
            ['utility', 'recategorised', 2],
          ],
        );
        assert.deepEqual(
          byCategory.total.billableByCategory,
          { marketing: 3, utility: 2 },
          'template sends outside the window are billable',
        );
        assert.equal((await h.api<Message>('GET', `/v1/messages/${first[0]!.id}`)).body.pricing?.category, 'utility');
        assert.equal((await h.api<Message>('GET', `/v1/messages/${queued[0]}`)).body.pricing?.category, 'marketing');
      } finally {
        await h.close();
      }
    });
  });
}
