/**
 * A retention for every kind of data (issue 40, item 3; docs/api.md §D17), on the database under
 * test and the manual clock: events go past their account's days with their deliveries and
 * attempts; the platform's raw payloads are cut (a customer message keeps what its resource shows)
 * and `platform.webhook` events removed; inactive contacts are chosen for erasure (through a small
 * implementation of the retention's own port, which records what it is handed: the erasure feature
 * fills the real one, and the end-to-end test of erasing them is the coordinator's at merge); every
 * sweep goes in bounded units and caps an account's rows; another account is untouched; the
 * settings are checked (service, CLI, GET /v1/account); the metrics count what went.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../src/cli/main.js';
import { ManualClock } from '../src/lib/clock.js';
import { shownPayload } from '../src/privacy/retention/platform-payloads.js';
import { RetentionKinds, type ContactEraser } from '../src/privacy/retention/retention-kinds.service.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture, valueOf } from './helpers.js';
import { Scrape } from './prometheus-text.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';

const DAY = 24 * 60 * 60 * 1000;

describe('a retention for every kind of data (manual clock)', () => {
  let h: Harness;
  let receiver: Receiver;
  const clock = new ManualClock(Date.now());
  before(async () => {
    h = await startHarness({ clock, env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
    receiver = await startReceiver();
    // The CLI reads the same configuration as the service: the harness's data dir and database.
    Object.assign(process.env, h.env);
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });

  const db = () => h.deps.store.read;
  const count = async (table: 'events' | 'inbound_messages', accountId: string) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const eventIds = async (accountId: string) =>
    (await db().selectFrom('events').select('id').where('account_id', '=', accountId).orderBy('id').execute()).map(
      (r) => r.id,
    );
  /** The deliveries and delivery attempts of these events. */
  const deliveriesOf = async (ids: string[]) => {
    if (ids.length === 0) return { deliveries: 0, attempts: 0 };
    const deliveries = await db().selectFrom('event_deliveries').select('id').where('event_id', 'in', ids).execute();
    const attempts =
      deliveries.length === 0
        ? []
        : await db()
            .selectFrom('delivery_attempts')
            .select('id')
            .where(
              'delivery_id',
              'in',
              deliveries.map((d) => d.id),
            )
            .execute();
    return { deliveries: deliveries.length, attempts: attempts.length };
  };
  const testInbound = (key: string, from: string, text: string) =>
    h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from, text } });
  const scrape = async () => new Scrape((await h.deps.metrics.scrape()).text);
  const removedMetric = (s: Scrape, kind: string) => s.sum('tidings_retention_removed_total', { kind });

  async function cli(...argv: string[]) {
    let out = '';
    let err = '';
    const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
    return { code, out, err, json: () => JSON.parse(out) };
  }

  it('removes events past their days with their deliveries and attempts, keeps the recent ones and another account’s', async () => {
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

  it('chooses the contacts inactive past their days for erasure, a unit at a time, and none of another account', async () => {
    const d = await h.newAccount('Forgets quiet customers');
    const e = await h.newAccount('Keeps every customer');
    await h.deps.retentionSettings.set(d.id, { inactiveContactsDays: 30 });
    const contactOf = async (phoneNumberId: string, phone: string) =>
      (
        await db()
          .selectFrom('contacts')
          .select('id')
          .where('phone_number_id', '=', phoneNumberId)
          .where('phone', '=', phone)
          .executeTakeFirstOrThrow()
      ).id;
    /** A customer writes, at the manual clock's time (the platform's timestamp is the contact's activity). */
    const writes = async (account: { id: string; phoneNumberId: string }, phone: string, text: string) => {
      const payload = fixture('webhook-inbound-text.json');
      payload.entry[0].id = (await h.deps.accounts.getAccount(account.id))!.wabaId;
      const value = valueOf(payload);
      value.metadata.phone_number_id = account.phoneNumberId;
      value.contacts[0].wa_id = phone.slice(1);
      Object.assign(value.messages[0], {
        from: phone.slice(1),
        id: `wamid.${phone}-${clock.now()}`,
        timestamp: String(Math.floor(clock.now() / 1000)),
        text: { body: text },
      });
      assert.equal((await h.platformWebhook(payload)).status, 200);
    };
    await writes(d, '+16505554501', 'first quiet one');
    clock.advance(1000);
    await writes(d, '+16505554502', 'second quiet one');
    await writes(d, '+16505554503', 'quiet, but a send is scheduled');
    await writes(e, '+16505554504', 'another account');
    // A template scheduled 34 days ahead: the contact's activity is its acceptance, yet it is not erased while it waits.
    const template = await approvedTemplate(h, { name: 'reminder_later', body: 'See you soon.' }, d.liveKey);
    const scheduled = await h.api('POST', '/v1/messages/', {
      key: d.liveKey,
      body: {
        to: '+16505554503',
        type: 'template',
        templateId: template.id,
        sendAt: new Date(clock.now() + 34 * DAY).toISOString(),
      },
    });
    assert.equal(scheduled.status, 201, scheduled.text);
    clock.advance(20 * DAY);
    await writes(d, '+16505554505', 'wrote on day 20');
    clock.advance(11 * DAY);

    // Without an erasure wired (this branch), the kind is skipped, with no error.
    if (!h.deps.retentionKinds.contactEraser.filled) {
      const result = await h.deps.retention.sweep();
      assert.deepEqual([result.inactiveContacts, result.skipped], [0, ['inactive_contacts']]);
    }

    const calls: { accountId: string; mode: string; ids: string[]; actor: unknown }[] = [];
    const recording: ContactEraser = {
      eraseInactive: async (accountId, mode, contactIds, actor) => {
        calls.push({ accountId, mode, ids: contactIds, actor });
      },
    };
    const kinds = new RetentionKinds({
      store: h.deps.store,
      clock,
      logger: h.deps.logger,
      metrics: { removed() {} },
      unit: 1,
    });
    kinds.contactEraser.fill(recording);
    const result = await kinds.sweep();
    const first = await contactOf(d.phoneNumberId, '+16505554501');
    const second = await contactOf(d.phoneNumberId, '+16505554502');
    assert.deepEqual(calls, [
      { accountId: d.id, mode: 'live', ids: [first], actor: { type: 'system', id: 'retention' } },
      { accountId: d.id, mode: 'live', ids: [second], actor: { type: 'system', id: 'retention' } },
    ]);
    assert.equal(result.inactiveContacts, 2);
    assert.deepEqual(result.skipped, []);
  });

  it('checks each setting, sets it back to its default, and shows every kind with its default (service, CLI, GET /v1/account)', async () => {
    const a = await h.newAccount('Settings');
    const shown = async () => (await h.api('GET', '/v1/account', { key: a.liveKey })).body.retention;
    const defaults = {
      customerFilesDays: null,
      messageBodiesDays: null,
      eventsDays: 30,
      platformPayloadsDays: 30,
      inactiveContactsDays: null,
      auditDays: 365,
    };
    assert.deepEqual(await shown(), { ...defaults, defaults });

    for (const [change, message] of [
      [{ eventsDays: 6 }, /eventsDays must be a whole number of days from 7 to 3650; got 6/],
      [{ eventsDays: 3651 }, /from 7 to 3650/],
      [{ platformPayloadsDays: 0 }, /platformPayloadsDays must be a whole number of days from 1 to 3650/],
      [{ inactiveContactsDays: 29 }, /inactiveContactsDays must be a whole number of days from 30 to 36500/],
      [{ inactiveContactsDays: 36_501 }, /from 30 to 36500/],
      [{ eventsDays: 7.5 }, /whole number/],
    ] as const)
      await assert.rejects(h.deps.retentionSettings.set(a.id, change), (err: Error) => {
        assert.ok(err instanceof RangeError);
        assert.match(err.message, message);
        return true;
      });
    assert.deepEqual(await shown(), { ...defaults, defaults }, 'nothing refused was stored');

    let res = await cli(
      'accounts',
      'update',
      a.id,
      '--retain-events',
      'forever',
      '--retain-platform-payloads',
      '14',
      '--retain-inactive-contacts',
      '400',
    );
    assert.equal(res.code, 0, res.err);
    assert.match(
      res.out,
      /events for ever, platform payloads 14 days, inactive contacts erased after 400 days, audit trail 365 days/,
    );
    assert.deepEqual(await shown(), {
      ...defaults,
      eventsDays: null,
      platformPayloadsDays: 14,
      inactiveContactsDays: 400,
      defaults,
    });
    res = await cli('accounts', 'update', a.id, '--retain-events', '90', '--json');
    assert.equal(res.json().retention.eventsDays, 90);
    res = await cli(
      'accounts',
      'update',
      a.id,
      '--retain-events',
      'default',
      '--retain-platform-payloads',
      'default',
      '--retain-inactive-contacts',
      'never',
    );
    assert.equal(res.code, 0, res.err);
    assert.deepEqual(await shown(), { ...defaults, defaults });
    const stored = await db()
      .selectFrom('accounts')
      .select(['retain_events_days', 'retain_platform_payloads_days', 'retain_inactive_contacts_days'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(stored, {
      retain_events_days: null,
      retain_platform_payloads_days: null,
      retain_inactive_contacts_days: null,
    });

    for (const [flag, bad, message] of [
      ['--retain-events', '6', /must be a number of days from 7 to 3650, or forever or default/],
      ['--retain-events', 'never', /from 7 to 3650/],
      ['--retain-platform-payloads', '0', /must be a number of days from 1 to 3650, or default/],
      ['--retain-platform-payloads', 'forever', /from 1 to 3650, or default/],
      ['--retain-inactive-contacts', '29', /must be a number of days from 30 to 36500, or never/],
      ['--retain-inactive-contacts', 'soon', /or never/],
    ] as const) {
      res = await cli('accounts', 'update', a.id, flag, bad);
      assert.equal(res.code, 1, `${flag} ${bad}`);
      assert.match(res.err, message);
    }
    assert.deepEqual(await shown(), { ...defaults, defaults }, 'nothing the CLI refused was stored');
  });
});
