/**
 * The sending pipeline (messages/dispatch/): a send is accepted without the platform, then sent at
 * the number's pace, in order per customer, with the platform's refusals, limits and outages
 * handled as README "Sending" says, through the real simulator over HTTP.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { PhoneNumber } from '../src/accounts/phone-number.schemas.js';
import { ManualClock } from '../src/lib/clock.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { approvedTemplate, dispatched } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

/** Copies of one message the simulator took, told apart by the `msg_` id the service puts in `biz_opaque_callback_data`. */
const copiesAt = (h: Harness, messageId: string) =>
  [...h.sim.state.messages.values()].filter((m) => m.callbackData === messageId).length;

describe('dispatch', () => {
  let h: Harness;
  let templateId: string;
  before(async () => {
    h = await startHarness({ env: { DISPATCH_RETRY_MAX_MS: '2000' } });
    templateId = (await approvedTemplate(h, { name: 'dispatch_notice', body: 'Your order shipped.' })).id;
  });
  after(() => h.close());

  const sendTemplate = (to: string, key = h.account.liveKey, extra: Record<string, unknown> = {}) =>
    h.api<Message>('POST', '/v1/messages/', {
      key,
      body: { to, type: 'template', templateId: templates.get(key) ?? templateId, ...extra },
    });
  const numberOf = async (key = h.account.liveKey) =>
    (await h.api<{ data: PhoneNumber[] }>('GET', '/v1/phone_numbers', { key })).body.data.find((n) => n.sender)!;
  /** Each test's own account (one test's held-back queue never slows another's), with an approved template. */
  const templates = new Map<string, string>();
  const newAccount = async (name: string, options: { throughput?: number } = {}) => {
    const account = await h.newAccount(name, options);
    templates.set(
      account.liveKey,
      (await approvedTemplate(h, { name: 'notice', body: 'Your order shipped.' }, account.liveKey)).id,
    );
    return account;
  };

  it('answers 201 through a platform outage, shows the queue held back, and sends every message once when it ends', async () => {
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
    for (const id of ids) assert.match((await dispatched(h, id, liveKey, 15_000)).platformMessageId ?? '', /^wamid\./);
    for (const id of ids) assert.equal(copiesAt(h, id), 1, id);
    const after = await numberOf(liveKey);
    assert.deepEqual([after.queued, after.oldestQueuedAgeSeconds, after.heldBack], [0, null, null]);
  });

  it("fails a message the platform refuses (131030, the fixture's error) with its code and a message.failed event", async () => {
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
        const x = (await h2.api<{ data: PhoneNumber[] }>('GET', '/v1/phone_numbers')).body.data.find((p) => p.sender)!;
        return x.heldBack?.reason === 'reconciling' && x;
      });
      assert.equal(n.queued, 1);
      assert.match(n.heldBack!.message, /^1 message got no answer from the platform/);
      assert.ok(Date.parse(n.heldBack!.until!) > Date.now() + 30_000, 'until the reconciliation window ends');
    } finally {
      await h2.close();
    }
  });

  it("keeps each customer's messages in the order they were accepted, interleaved with others", async () => {
    const [a, b] = ['+16505553301', '+16505553302'];
    await h.customerWrites(a);
    await h.customerWrites(b);
    const ids: Record<string, string[]> = { [a]: [], [b]: [] };
    for (let i = 0; i < 15; i++) {
      for (const to of [a, b]) {
        const res = await h.api<Message>('POST', '/v1/messages/', { body: { to, type: 'text', text: `${to} #${i}` } });
        ids[to]!.push(res.body.id);
      }
    }
    for (const list of Object.values(ids)) for (const id of list) await dispatched(h, id);
    for (const to of [a, b]) {
      const received = [...h.sim.state.messages.values()]
        .filter((m) => m.to === to.slice(1) && m.type === 'text')
        .map((m) => (m.body as any).text.body);
      assert.deepEqual(
        received,
        Array.from({ length: 15 }, (_, i) => `${to} #${i}`),
      );
    }
  });

  it('sends a one-message-per-second number one message a second, and answers every send 201', async () => {
    const slow = await newAccount('One Per Second', { throughput: 1 });
    const refusedBefore = h.sim.state.sendStats.refused.get(130429) ?? 0;
    const sent: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await sendTemplate(`+1650555340${i}`, slow.liveKey);
      assert.equal(res.status, 201, res.text);
      sent.push(res.body.id);
    }
    for (const id of sent) await dispatched(h, id, slow.liveKey);
    const times = [...h.sim.state.messages.values()]
      .filter((m) => m.phoneNumberId === slow.phoneNumberId)
      .map((m) => m.createdAt);
    assert.equal(times.length, 4);
    // 0.96 messages/s: a slot every 1,042 ms. The platform never refused one for throughput, and
    // the four took three slots' time (a busy machine may move any one of them by some tens of ms).
    assert.equal((h.sim.state.sendStats.refused.get(130429) ?? 0) - refusedBefore, 0);
    assert.ok(times[3]! - times[0]! >= 2_900, `four sends within ${times[3]! - times[0]!} ms`);
  });

  it('slows a number down when the platform answers 130429, and still sends everything once', async () => {
    const account = await newAccount('Overestimated Tier');
    await h.simulatorConfig({ throughputByNumber: { [account.phoneNumberId]: 5 } });
    const refusedBefore = h.sim.state.sendStats.refused.get(130429) ?? 0;
    try {
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await sendTemplate(`+165055350${String(i).padStart(2, '0')}`, account.liveKey);
        assert.equal(res.status, 201, res.text);
        ids.push(res.body.id);
      }
      const slowed = await eventually(async () => {
        const n = await numberOf(account.liveKey);
        return n.heldBack?.reason === 'throughput_exceeded' && n;
      });
      assert.ok(slowed.pace < 76.8, `pace ${slowed.pace}`);
      for (const id of ids) assert.ok((await dispatched(h, id, account.liveKey, 20_000)).platformMessageId);
      for (const id of ids) assert.equal(copiesAt(h, id), 1);
      assert.ok((h.sim.state.sendStats.refused.get(130429) ?? 0) > refusedBefore);
    } finally {
      await h.simulatorConfig({ throughputByNumber: {} });
    }
  });

  it('resolves a reply to a queued message to its wamid at dispatch', async () => {
    const to = '+16505553600';
    const first = (await sendTemplate(to)).body.id;
    const reply = (await sendTemplate(to, undefined, { replyTo: first })).body.id;
    const [firstSent, replySent] = [await dispatched(h, first), await dispatched(h, reply)];
    assert.deepEqual((h.sim.state.messages.get(replySent.platformMessageId!)!.body as any).context, {
      message_id: firstSent.platformMessageId,
    });
  });

  it('refuses a validity period outside 60 to 86,400 seconds', async () => {
    for (const validityPeriod of [59, 86_401, 1.5]) {
      const res = await sendTemplate('+16505553700', undefined, { validityPeriod });
      assert.deepEqual(
        [res.status, res.body.error.code, res.body.error.param],
        [400, 'parameter_invalid', 'validityPeriod'],
        String(validityPeriod),
      );
    }
  });

  it('learns the tier from the platform, applies its upgrade webhook at once, and keeps an override', async () => {
    const account = await h.newAccount('Tier Co');
    const overridden = await h.newAccount('Override Co', { throughput: 5 });
    assert.equal((await numberOf(account.liveKey)).throughputSource, 'default');
    assert.equal(await h.deps.tiers.refresh(account.phoneNumberId), 80);
    assert.deepEqual(
      [(await numberOf(account.liveKey)).throughput, (await numberOf(account.liveKey)).throughputSource],
      [80, 'platform'],
    );

    for (const id of [account.phoneNumberId, overridden.phoneNumberId]) {
      const res = await fetch(`${h.simUrl}/_simulator/numbers/${id}/throughput`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ level: 'HIGH' }),
      });
      assert.equal(res.status, 200);
    }
    const upgraded = await eventually(async () => {
      const n = await numberOf(account.liveKey);
      return n.throughput === 1000 && n;
    });
    assert.deepEqual([upgraded.throughputSource, upgraded.pace], ['platform', 960]);
    assert.equal(await h.deps.tiers.refresh(account.phoneNumberId), 1000, 'the daily reading agrees');
    await h.sim.webhooks.idle();
    assert.deepEqual(
      [(await numberOf(overridden.liveKey)).throughput, (await numberOf(overridden.liveKey)).throughputSource],
      [5, 'override'],
    );
    assert.equal(await h.deps.tiers.refresh(overridden.phoneNumberId), 1000, 'the platform is still asked');
    assert.equal((await numberOf(overridden.liveKey)).throughput, 5);
  });

  it('queues and paces test sends too, and shows the test queue to a test key', async () => {
    const slow = await h.newAccount('Slow Test Co', { throughput: 1 });
    await h.api('POST', '/v1/test_helpers/inbound_messages', {
      key: slow.testKey,
      body: { from: '+16505553800', text: 'hi' },
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await h.api<Message>('POST', '/v1/messages/', {
            key: slow.testKey,
            body: { to: '+16505553800', type: 'text', text: `t${i}` },
          })
        ).body.id,
      );
    const queued = await numberOf(slow.testKey);
    assert.ok(queued.queued >= 1, 'a one-per-second number has a queue');
    assert.equal((await numberOf(slow.liveKey)).queued, 0, 'live and test queues are apart');
    const sent = [];
    for (const id of ids) sent.push(await dispatched(h, id, slow.testKey));
    for (let i = 1; i < sent.length; i++)
      assert.ok(Date.parse(sent[i]!.sentAt!) - Date.parse(sent[i - 1]!.sentAt!) >= 950);
  });
});

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
