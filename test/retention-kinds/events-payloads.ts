/** Events with their deliveries and attempts, the platform's raw payloads, and bounded units (test/retention-kinds.test.ts). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { shownPayload } from '../../src/privacy/retention/platform-payloads.js';
import { RetentionKinds } from '../../src/privacy/retention/retention-kinds.service.js';
import { eventually, fixture, valueOf } from '../helpers.js';
import { DAY, kindsKit, type KindsContext } from './kit.js';

export function eventAndPayloadCases(ctx: () => KindsContext): void {
  const { db, count, eventIds, deliveriesOf, testInbound, scrape, removedMetric } = kindsKit(ctx);
  it('removes events past their days with their deliveries and attempts, keeps the recent ones and another account’s', async () => {
    const { h, clock, receiver } = ctx();
    const a = await h.newAccount('Events kept a week');
    const b = await h.newAccount('Events kept for ever');
    await h.deps.retentionSettings.set(a.id, { eventsDays: 7 });
    await h.deps.retentionSettings.set(b.id, { eventsDays: null });
    for (const key of [a.testKey, b.testKey])
      assert.equal(
        (await h.api('POST', '/v1/webhook_endpoints', { key, body: { url: receiver.url, events: ['*'] } })).status,
        201,
      );
    for (let i = 0; i < 3; i++) await testInbound(a.testKey, `+1650555410${i}`, `old ${i}`);
    for (let i = 0; i < 2; i++) await testInbound(b.testKey, `+1650555420${i}`, `old ${i}`);
    const oldA = await eventIds(a.id);
    const oldB = await eventIds(b.id);
    assert.deepEqual([oldA.length, oldB.length], [3, 2]);
    // Every event delivered once: a delivery and an attempt each.
    await eventually(async () => (await deliveriesOf([...oldA, ...oldB])).attempts === 5);

    clock.advance(5 * DAY);
    await testInbound(a.testKey, '+16505554109', 'recent');
    const recent = (await eventIds(a.id)).filter((id) => !oldA.includes(id));
    await eventually(async () => (await deliveriesOf(recent)).attempts === 1);

    const before = await scrape();
    clock.advance(3 * DAY);
    const result = await h.deps.retention.sweep();
    assert.ok(result.events >= 3, `removed ${result.events}`);
    assert.deepEqual(await eventIds(a.id), recent, 'the day-0 events of the account went, the day-5 one stays');
    assert.deepEqual(await deliveriesOf(oldA), { deliveries: 0, attempts: 0 }, 'with their deliveries and attempts');
    assert.deepEqual(await deliveriesOf(recent), { deliveries: 1, attempts: 1 });
    assert.equal((await h.api('GET', `/v1/events/${oldA[0]}`, { key: a.testKey })).status, 404);
    assert.deepEqual(await eventIds(b.id), oldB, 'the other account keeps its events for ever');
    assert.deepEqual(await deliveriesOf(oldB), { deliveries: 2, attempts: 2 });

    const after = await scrape();
    assert.equal(removedMetric(after, 'events') - removedMetric(before, 'events'), result.events);
    assert.equal(
      after.sum('tidings_retention_sweep_duration_seconds_count') -
        before.sum('tidings_retention_sweep_duration_seconds_count'),
      1,
    );
  });

  it("cuts the platform's raw payloads past their days to what the API shows, and removes platform.webhook events", async () => {
    const { h, clock } = ctx();
    const p = await h.newAccount('Payloads kept ten days');
    const q = await h.newAccount('Payloads kept ten years');
    await h.deps.retentionSettings.set(p.id, { platformPayloadsDays: 10, eventsDays: null });
    await h.deps.retentionSettings.set(q.id, { platformPayloadsDays: 3650, eventsDays: null });
    const wabaOf = async (id: string) => (await h.deps.accounts.getAccount(id))!.wabaId;
    /** A customer's text from an ad, with the raw fields the platform sends beside what Tidings shows. */
    const fromAd = async (account: { id: string; phoneNumberId: string }, wamid: string) => {
      const payload = fixture('webhook-inbound-text.json');
      payload.entry[0].id = await wabaOf(account.id);
      const value = valueOf(payload);
      value.metadata.phone_number_id = account.phoneNumberId;
      value.messages[0].id = wamid;
      value.messages[0].timestamp = String(Math.floor(clock.now() / 1000));
      value.messages[0].context = { from: '15550783881', id: 'wamid.quoted' };
      value.messages[0].referral = {
        source_url: 'https://fb.me/ad-4471',
        source_type: 'ad',
        headline: 'Spring sale for Sheena',
        body: 'Tap to ask',
      };
      assert.equal((await h.platformWebhook(payload)).status, 200);
    };
    const unknownField = async (account: { id: string; phoneNumberId: string }) => {
      const res = await h.platformWebhook({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: await wabaOf(account.id),
            time: Math.floor(clock.now() / 1000),
            changes: [
              {
                field: 'security_center_update',
                value: { event: 'SOMETHING_NEW', metadata: { phone_number_id: account.phoneNumberId } },
              },
            ],
          },
        ],
      });
      assert.equal(res.status, 200);
    };
    const stored = async (wamid: string) =>
      (
        await db()
          .selectFrom('inbound_messages')
          .select('payload')
          .where('platform_message_id', '=', wamid)
          .executeTakeFirstOrThrow()
      ).payload;
    const webhookEvents = async (accountId: string) =>
      (
        await db()
          .selectFrom('events')
          .select('id')
          .where('account_id', '=', accountId)
          .where('type', '=', 'platform.webhook')
          .execute()
      ).length;

    const tag = Date.now();
    await fromAd(p, `wamid.p-old-${tag}`);
    await fromAd(q, `wamid.q-old-${tag}`);
    await unknownField(p);
    await unknownField(q);
    const shownBefore = (await h.api('GET', `/v1/inbound_messages/wamid.p-old-${tag}`, { key: p.liveKey })).body;
    assert.match(await stored(`wamid.p-old-${tag}`), /Spring sale for Sheena/);
    assert.deepEqual([await webhookEvents(p.id), await webhookEvents(q.id)], [1, 1]);

    clock.advance(11 * DAY);
    await fromAd(p, `wamid.p-new-${tag}`);
    const before = await scrape();
    const result = await h.deps.retention.sweep();
    assert.ok(result.platformPayloads >= 1 && result.platformWebhookEvents >= 1, JSON.stringify(result));

    const cut = await stored(`wamid.p-old-${tag}`);
    assert.doesNotMatch(cut, /Spring sale|fb\.me|timestamp|"from":"16505551234"/, 'the raw fields went');
    assert.deepEqual(JSON.parse(cut), { context: { from: '15550783881', id: 'wamid.quoted' } });
    assert.equal(shownPayload('text', cut), cut, 'cutting twice changes nothing');
    assert.deepEqual(
      (await h.api('GET', `/v1/inbound_messages/wamid.p-old-${tag}`, { key: p.liveKey })).body,
      shownBefore,
      'the API shows the same message',
    );
    assert.match(await stored(`wamid.p-new-${tag}`), /Spring sale for Sheena/, 'a payload within its days stays');
    assert.match(await stored(`wamid.q-old-${tag}`), /Spring sale for Sheena/, 'the other account keeps its payloads');
    assert.deepEqual([await webhookEvents(p.id), await webhookEvents(q.id)], [0, 1]);
    const watermark = await db()
      .selectFrom('accounts')
      .select('payloads_removed_before')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    assert.equal(watermark.payloads_removed_before, new Date(clock.now() - 10 * DAY).toISOString());

    const after = await scrape();
    assert.equal(
      removedMetric(after, 'platform_payloads') - removedMetric(before, 'platform_payloads'),
      result.platformPayloads,
    );
    assert.equal(
      removedMetric(after, 'platform_webhook_events') - removedMetric(before, 'platform_webhook_events'),
      result.platformWebhookEvents,
    );
    // Nothing came of age since: the watermark keeps the next sweep from reading it again.
    const again = await h.deps.retention.sweep();
    assert.equal(again.platformPayloads, 0);
  });

  it('goes in bounded units: a sweep with more rows than a unit removes them all, and an account’s cap carries the rest to the next sweep', async () => {
    const { h, clock } = ctx();
    const c = await h.newAccount('A backlog');
    await h.deps.retentionSettings.set(c.id, { eventsDays: 7, platformPayloadsDays: 7 });
    for (let i = 0; i < 7; i++) {
      await testInbound(c.testKey, `+1650555430${i}`, `backlog ${i}`);
      clock.advance(1000);
    }
    assert.deepEqual([await count('events', c.id), await count('inbound_messages', c.id)], [7, 7]);
    clock.advance(8 * DAY);
    const units: number[] = [];
    const kinds = new RetentionKinds({
      store: h.deps.store,
      clock,
      logger: h.deps.logger,
      metrics: { removed: (kind, n) => kind === 'events' && units.push(n) },
      unit: 2,
      accountCap: 5,
    });
    const payloads = async () =>
      (await db().selectFrom('inbound_messages').select('payload').where('account_id', '=', c.id).execute()).filter(
        (r) => r.payload !== '{}',
      ).length;

    await kinds.sweep();
    assert.equal(await count('events', c.id), 2, 'the cap (5) stopped the first sweep');
    assert.ok(units.every((n) => n <= 2) && units.length >= 3, `units of at most 2: ${units}`);
    // Payloads: half the cap per mode (3 of the test mode's 7), the watermark where it got.
    assert.equal(await payloads(), 4);
    await kinds.sweep();
    assert.equal(await count('events', c.id), 0, 'the next sweep went on from there');
    // From the watermark (the third one's time, read again: cutting twice changes nothing), 3 more read.
    assert.equal(await payloads(), 2);
    await kinds.sweep();
    assert.equal(await payloads(), 0);
    assert.equal(await count('inbound_messages', c.id), 7, 'customer messages stay, their metadata with them');

    // The service's own sweep, with units of 300, does the same in one go.
    const d = await h.newAccount('A larger backlog');
    await h.deps.retentionSettings.set(d.id, { eventsDays: 7 });
    for (let i = 0; i < 12; i++) await testInbound(d.testKey, `+1650555440${i % 10}`, `more ${i}`);
    clock.advance(8 * DAY);
    const wide = new RetentionKinds({
      store: h.deps.store,
      clock,
      logger: h.deps.logger,
      metrics: { removed() {} },
      unit: 5,
    });
    await wide.sweep();
    assert.equal(await count('events', d.id), 0, '12 events in units of 5: all gone in one sweep');
  });
}
