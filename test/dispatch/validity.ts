/**
 * A message still queued when its validity period ends fails with validity_period_expired, even
 * while its number is held back for longer; each case on a harness of its own, on a manual clock.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PhoneNumber } from '../../src/accounts/phone-number.schemas.js';
import { ManualClock } from '../../src/lib/clock.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { approvedTemplate } from '../factories.js';
import { startHarness } from '../harness.js';
import { eventually } from '../helpers.js';

export function validityCases(): void {
  describe('dispatch: validity period', () => {
    it('fails a message still queued when its validity period ends, with validity_period_expired and message.failed', async () => {
      const clock = new ManualClock(Date.now());
      const h = await startHarness({ clock });
      try {
        const templateId = (await approvedTemplate(h, { name: 'expiring', body: 'Your code is ready.' })).id;
        await h.simulatorConfig({ errorRate: 1 });
        const res = await h.api<Message>('POST', '/v1/messages/', {
          body: { to: '+16505553900', type: 'template', templateId, validityPeriod: 60 },
        });
        assert.equal(res.status, 201);
        await eventually(async () => (h.sim.state.sendStats.refused.get(131000) ?? 0) > 0);
        clock.advance(61_000);
        const failed = await eventually(async () => {
          const m = (await h.api<Message>('GET', `/v1/messages/${res.body.id}`)).body;
          return m.status === 'failed' && m;
        });
        assert.equal(failed.error?.code, 'validity_period_expired');
        assert.match(failed.error!.message, /validity period of 60 s; the last attempt failed with 131000/);
        const events = (await h.api('GET', '/v1/events?type=message.failed')).body.data;
        assert.ok(events.some((e: any) => e.data.object.id === res.body.id));
        assert.equal(h.deps.dispatcher.stats.expired, 1);
      } finally {
        await h.close();
      }
    });

    it('fails a message when its validity period ends even while its number is held back for longer (131031: five minutes)', async () => {
      const clock = new ManualClock(Date.now());
      const h = await startHarness({ clock });
      try {
        const templateId = (await approvedTemplate(h, { name: 'held', body: 'Your code is ready.' })).id;
        await h.simulatorConfig({ errorRate: 1, errorCode: 131031 });
        const res = await h.api<Message>('POST', '/v1/messages/', {
          body: { to: '+16505553901', type: 'template', templateId, validityPeriod: 60 },
        });
        assert.equal(res.status, 201);
        const number = async () =>
          (await h.api<{ data: PhoneNumber[] }>('GET', '/v1/phone_numbers')).body.data.find((n) => n.sender)!;
        // The refusal is settled: the queue is held back five minutes, past the message's 60 s.
        await eventually(async () => (await number()).heldBack?.reason === 'account_restricted');
        clock.advance(61_000);
        const failed = await eventually(async () => {
          const m = (await h.api<Message>('GET', `/v1/messages/${res.body.id}`)).body;
          return m.status === 'failed' && m;
        });
        assert.equal(failed.error?.code, 'validity_period_expired');
        assert.match(failed.error!.message, /the last attempt failed with 131031/);
      } finally {
        await h.close();
      }
    });
  });
}
