/**
 * The service against the simulator at a version: the one it speaks reaches every call (a send to a
 * BSUID alone goes out from v25.0 and is refused by the platform before it); a customer's
 * unsupported message is `unsupported` whichever way the webhook's version words it; `/health/ready`
 * and `GET /v1/account/signals` carry the version's standing, a warning appearing when the clock
 * comes within 90 days of its end of life, readiness never failing for it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AccountSignals } from '../../src/accounts/account-signal.schemas.js';
import { ManualClock } from '../../src/lib/clock.js';
import type { InboundMessage, Message } from '../../src/messages/schemas/message.schemas.js';
import { dispatched } from '../factories.js';
import { startHarness, type Harness } from '../harness.js';
import { eventually } from '../helpers.js';

/** A customer known by BSUID alone writes; a reply to the BSUID is sent. @returns the reply once settled at the platform. */
async function replyToBsuid(h: Harness, userId: string): Promise<Message> {
  await h.customerSends('', { userId, username: '@ana', name: 'Ana', text: 'Is my parcel out?' });
  const reply = await h.api<Message>('POST', '/v1/messages/', { body: { to: userId, type: 'text', text: 'Today.' } });
  assert.equal(reply.status, 201, reply.text);
  return eventually(async () => {
    const m = (await h.api<Message>('GET', `/v1/messages/${reply.body.id}`)).body;
    return (m.status === 'sent' || m.status === 'delivered' || m.status === 'read' || m.status === 'failed') && m;
  });
}

/** A customer sends a message of a type the Cloud API does not support. @returns it as the API shows it. */
async function unsupportedArrives(h: Harness, webhookVersion: string): Promise<InboundMessage> {
  await h.simulatorConfig({ webhookVersion });
  const { wamid } = await h.customerSends('+16505551234', {
    type: 'unsupported',
    unsupported: { type: 'poll_creation' },
  });
  return eventually(async () => {
    const res = await h.api<InboundMessage>('GET', `/v1/inbound_messages/${wamid}`);
    return res.status === 200 && res.body;
  });
}

export function serviceCases(): void {
  describe('the service at the default version, v25.0', () => {
    let h: Harness;
    const clock = new ManualClock(Date.now());
    before(async () => {
      h = await startHarness({ clock });
    });
    after(() => h.close());

    it('sends to a BSUID alone, and reads an unsupported message in either wording', async () => {
      const sent = await replyToBsuid(h, 'GB.10293847561029384756');
      assert.notEqual(sent.status, 'failed', JSON.stringify(sent.error));
      assert.equal((await dispatched(h, sent.id)).platformMessageId?.startsWith('wamid.'), true);
      for (const version of ['v25.0', 'v23.0']) {
        const inbound = await unsupportedArrives(h, version);
        assert.deepEqual([inbound.type, inbound.text], ['unsupported', null], version);
      }
    });

    it('shows the version and its end of life in /health/ready and the account signals, warning within 90 days', async () => {
      clock.set(Date.parse('2028-04-29T12:00:00Z')); // 90 days and 12 hours before 2028-07-29
      const ready = await h.api('GET', '/health/ready', { key: null });
      assert.equal(ready.status, 200, ready.text);
      assert.deepEqual(ready.body.checks.graphApi, {
        ok: true,
        version: 'v25.0',
        known: true,
        releasedOn: '2026-02-18',
        endOfLife: '2028-07-29',
        daysLeft: 91,
        expired: false,
        warning: null,
      });
      assert.equal((await h.api<AccountSignals>('GET', '/v1/account/signals')).body.graphApi.warning, null);

      clock.set(Date.parse('2028-05-01T00:00:00Z'));
      const near = await h.api('GET', '/health/ready', { key: null });
      assert.deepEqual([near.status, near.body.status, near.body.checks.graphApi.ok], [200, 'ready', true]);
      assert.equal(near.body.checks.graphApi.daysLeft, 89);
      assert.match(near.body.checks.graphApi.warning, /v25\.0 reaches its end of life on 2028-07-29 \(in 89 days\)/);
      const signals = (await h.api<AccountSignals>('GET', '/v1/account/signals', { key: h.account.testKey })).body;
      const { ok: _ok, ...status } = near.body.checks.graphApi;
      assert.deepEqual(signals.graphApi, status);

      // Past the end: readiness still passes (the platform, not the instance, is the problem).
      clock.set(Date.parse('2028-08-01T00:00:00Z'));
      const gone = await h.api('GET', '/health/ready', { key: null });
      assert.deepEqual([gone.status, gone.body.checks.graphApi.expired], [200, true]);
      clock.set(Date.now());
    });
  });

  describe('the service at v23.0 (WHATSAPP_GRAPH_VERSION)', () => {
    let h: Harness;
    before(async () => {
      h = await startHarness({ env: { WHATSAPP_GRAPH_VERSION: 'v23.0' } });
    });
    after(() => h.close());

    it('speaks v23.0: a phone send goes out, a send to a BSUID alone is refused by the platform', async () => {
      await h.customerWrites('+16505551234');
      const phone = await h.api<Message>('POST', '/v1/messages/', {
        body: { to: '+16505551234', type: 'text', text: 'Your parcel is out.' },
      });
      assert.equal(phone.status, 201, phone.text);
      await eventually(
        async () => (await h.api<Message>('GET', `/v1/messages/${phone.body.id}`)).body.status === 'read',
      );
      const refused = await replyToBsuid(h, 'GB.56473829105647382910');
      assert.equal(refused.status, 'failed');
      assert.equal(refused.error?.code, '100');
      assert.match(refused.error?.message ?? '', /v25\.0 or later/);
    });

    it('reads a customer message the v23.0 webhook calls `unknown` as `unsupported`', async () => {
      const inbound = await unsupportedArrives(h, 'v23.0');
      assert.equal(inbound.type, 'unsupported');
    });
  });
}
