/** Test keys: the whole path without delivery (docs/api.md §D8). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import { TEST_STATUS_JOB } from '../src/messages/reports/test-mode.service.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

describe('test mode', () => {
  let h: Harness;
  let key: string;
  before(async () => {
    h = await startHarness();
    key = h.account.testKey;
  });
  after(() => h.close());

  const inbound = (from: string) =>
    h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from, text: 'hi' } });
  const send = (to: string) => h.api('POST', '/v1/messages/', { key, body: { to, type: 'text', text: 'test' } });
  const statusOf = async (id: string) => (await h.api('GET', `/v1/messages/${id}`, { key })).body;

  it('records a test inbound message that opens the window for test sends', async () => {
    const before = await send('+16505552000');
    assert.equal(before.body.error.code, 'outside_customer_window');
    const res = await inbound('+1 650 555 2000');
    assert.equal(res.status, 201);
    assert.match(res.body.id, /^in_/);
    assert.equal(res.body.from, '+16505552000');
    assert.equal(res.body.testMode, true);
    assert.equal((await send('+16505552000')).status, 201);
  });

  it('refuses a test inbound message from an invalid number', async () => {
    const res = await inbound('12345');
    assert.deepEqual([res.status, res.body.error.code, res.body.error.param], [400, 'phone_number_invalid', 'from']);
  });

  it('runs the path without the platform: testMode true, no platform id, then sent → delivered → read', async () => {
    await inbound('+16505552001');
    const simBefore = h.sim.state.messages.size;
    const res = await send('+16505552001');
    assert.equal(res.status, 201);
    assert.equal(res.body.testMode, true);
    assert.equal(res.body.platformMessageId, null);
    assert.equal(res.body.status, 'accepted');
    const seen = new Set<string>();
    const final = await eventually(async () => {
      const m = await statusOf(res.body.id);
      seen.add(m.status);
      return m.status === 'read' && m;
    });
    assert.ok(seen.has('sent') || final.sentAt, 'passed through sent');
    assert.ok(final.sentAt && final.deliveredAt && final.readAt);
    assert.equal(h.sim.state.messages.size, simBefore, 'nothing reached the platform');
  });

  it('fails recipients ending 0001 with 131026, stops 0002 at delivered and 0003 at sent', async () => {
    const numbers = { fail: '+16505550001', delivered: '+16505550002', sent: '+16505550003', read: '+16505550004' };
    const ids: Record<string, string> = {};
    for (const [name, to] of Object.entries(numbers)) {
      await inbound(to);
      ids[name] = (await send(to)).body.id;
    }
    // Wait until the ordinary message is read: by then every progression has run its course.
    await eventually(async () => (await statusOf(ids.read!)).status === 'read');
    const failed = await statusOf(ids.fail!);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error.code, '131026');
    assert.equal((await statusOf(ids.delivered!)).status, 'delivered');
    assert.equal((await statusOf(ids.sent!)).status, 'sent');
  });

  it('stores progression as jobs in the database, which resume when the job runner restarts', async () => {
    await inbound('+16505552005');
    const res = await send('+16505552005');
    // Delivered and read are jobs stored when the message is dispatched (sent).
    await eventually(async () => (await statusOf(res.body.id)).status === 'sent');
    await h.deps.jobs.stop();
    assert.ok((await h.deps.jobs.pending(TEST_STATUS_JOB)) >= 1, 'jobs are stored, not held in memory');
    await h.deps.jobs.start();
    await eventually(async () => (await statusOf(res.body.id)).status === 'read');
  });
});

describe('the 24-hour customer service window', () => {
  it('closes 24 hours after the customer last wrote', async () => {
    const clock = new ManualClock(Date.parse('2026-11-21T10:00:00Z'));
    const h = await startHarness({ clock });
    try {
      const key = h.account.testKey;
      const to = '+16505553000';
      await h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from: to, text: 'hi' } });
      clock.advance(24 * 60 * 60 * 1000 - 1000);
      assert.equal(
        (await h.api('POST', '/v1/messages/', { key, body: { to, type: 'text', text: 'still open' } })).status,
        201,
      );
      clock.advance(2000);
      const closed = await h.api('POST', '/v1/messages/', { key, body: { to, type: 'text', text: 'too late' } });
      assert.deepEqual([closed.status, closed.body.error.code], [409, 'outside_customer_window']);
      await h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from: to, text: 'again' } });
      assert.equal(
        (await h.api('POST', '/v1/messages/', { key, body: { to, type: 'text', text: 'reopened' } })).status,
        201,
      );
    } finally {
      await h.close();
    }
  });
});
