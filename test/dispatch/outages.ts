/**
 * The platform's outages and refusals: every send answered 201 through an outage, the queue shown
 * held back and each message sent once when it ends; a refused message failed with its code; the
 * whole queue held back when the number's token is refused (190); a queue waiting after a send got
 * no answer (reconciling), on a harness of its own with a short platform timeout.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PhoneNumber } from '../../src/accounts/phone-number.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { approvedTemplate, dispatched } from '../factories.js';
import { startHarness } from '../harness.js';
import { eventually } from '../helpers.js';
import { dispatchKit, copiesAt, type Dispatch } from './kit.js';

export function outageCases(dispatch: () => Dispatch): void {
  const { sendTemplate, numberOf, newAccount } = dispatchKit(dispatch);
  describe('outages and refusals', () => {
    it('answers 201 through a platform outage, shows the queue held back, and sends every message once when it ends', async () => {
      const { h } = dispatch();
      const { liveKey } = await newAccount('Outage Co');
      await h.simulatorConfig({ errorRate: 1 });
      const ids: string[] = [];
      try {
        for (let i = 0; i < 20; i++) {
          const res = await sendTemplate(`+1650555${String(3000 + i)}`, liveKey);
          assert.equal(res.status, 201, res.text);
          ids.push(res.body.id);
        }
        const held = await eventually(async () => {
          const n = await numberOf(liveKey);
          return n.heldBack?.reason === 'platform_unavailable' && n;
        });
        assert.equal(held.queued, 20);
        assert.match(held.heldBack!.message, /^131000: /);
        assert.ok(held.oldestQueuedAgeSeconds !== null && held.oldestQueuedAgeSeconds >= 0);
        await eventually(async () => h.sim.state.sendStats.refused.get(131000)! >= 20);
      } finally {
        await h.simulatorConfig({ errorRate: 0 });
      }
      for (const id of ids)
        assert.match((await dispatched(h, id, liveKey, 15_000)).platformMessageId ?? '', /^wamid\./);
      for (const id of ids) assert.equal(copiesAt(h, id), 1, id);
      const after = await numberOf(liveKey);
      assert.deepEqual([after.queued, after.oldestQueuedAgeSeconds, after.heldBack], [0, null, null]);
    });

    it("fails a message the platform refuses (131030, the fixture's error) with its code and a message.failed event", async () => {
      const { h } = dispatch();
      const { liveKey } = await newAccount('Refused Co');
      await h.simulatorConfig({ errorRate: 1, errorCode: 131030 });
      let id: string;
      try {
        id = (await sendTemplate('+16505553100', liveKey)).body.id;
        const failed = await eventually(async () => {
          const m = (await h.api<Message>('GET', `/v1/messages/${id}`, { key: liveKey })).body;
          return m.status === 'failed' && m;
        });
        assert.equal(failed.error?.code, '131030');
        assert.match(failed.error!.message, /allowed list/);
        assert.equal(failed.platformMessageId, null);
      } finally {
        await h.simulatorConfig({ errorRate: 0, errorCode: 131000 });
      }
      const events = (await h.api('GET', '/v1/events?type=message.failed&limit=100', { key: liveKey })).body.data;
      assert.ok(events.some((e: any) => e.data.object.id === id && e.data.object.error.code === '131030'));
      assert.equal((await numberOf(liveKey)).queued, 0);
    });

    it("holds the whole queue back when the platform refuses the number's token (190), without failing its messages", async () => {
      const { h } = dispatch();
      const account = await newAccount('Expired Token Co');
      await h.simulatorConfig({ errorRate: 1, errorCode: 190 });
      try {
        const ids = [
          (await sendTemplate('+16505553201', account.liveKey)).body.id,
          (await sendTemplate('+16505553202', account.liveKey)).body.id,
        ];
        const n = await eventually(async () => {
          const x = await numberOf(account.liveKey);
          return x.heldBack?.reason === 'access_token_rejected' && x;
        });
        assert.equal(n.queued, 2);
        assert.ok(Date.parse(n.heldBack!.until!) > Date.now() + 30_000, 'held for about a minute');
        for (const id of ids)
          assert.equal(
            (await h.api<Message>('GET', `/v1/messages/${id}`, { key: account.liveKey })).body.status,
            'accepted',
          );
      } finally {
        await h.simulatorConfig({ errorRate: 0, errorCode: 131000 });
      }
    });

    it('says why a queue waits after a send got no answer (reconciling), and until when', async () => {
      // The platform answers after the service stopped waiting, and reports statuses only much later.
      const h2 = await startHarness({ env: { PLATFORM_TIMEOUT_MS: '300', RECONCILIATION_WINDOW_MS: '60000' } });
      try {
        const template = await approvedTemplate(h2, { name: 'unanswered', body: 'Your order shipped.' });
        await h2.simulatorConfig({
          latencyMs: 600,
          deliveryDelaysMs: { sent: 600_000, delivered: 600_000, read: 600_000 },
        });
        const res = await h2.api<Message>('POST', '/v1/messages/', {
          body: { to: '+16505550199', type: 'template', templateId: template.id },
        });
        assert.equal(res.status, 201, res.text);
        const n = await eventually(async () => {
          const x = (await h2.api<{ data: PhoneNumber[] }>('GET', '/v1/phone_numbers')).body.data.find(
            (p) => p.sender,
          )!;
          return x.heldBack?.reason === 'reconciling' && x;
        });
        assert.equal(n.queued, 1);
        assert.match(n.heldBack!.message, /^1 message got no answer from the platform/);
        assert.ok(Date.parse(n.heldBack!.until!) > Date.now() + 30_000, 'until the reconciliation window ends');
      } finally {
        await h2.close();
      }
    });
  });
}
