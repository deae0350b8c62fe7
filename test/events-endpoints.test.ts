/**
 * Webhook endpoints' rules (docs/api.md §D10): which URLs are refused, at creation and at delivery;
 * secrets rolled with an overlap; events kept for 30 days.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { ManualClock } from '../src/lib/clock.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver } from './receiver.js';

describe('webhook endpoint URLs (private URLs not allowed)', () => {
  let h: Harness;
  const resolved = new Map<string, string>([
    ['hooks.example.com', '93.184.215.14'],
    ['rebound.example.com', '10.0.0.7'],
  ]);
  before(async () => {
    h = await startHarness({
      deps: {
        deliveryPolicy: FAST_POLICY,
        resolver: async (host) => {
          const address = resolved.get(host);
          if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
          return [{ address, family: 4 }];
        },
      },
    });
  });
  after(() => h.close());

  it('refuses http, loopback, private, link-local and internal names, and credentials', async () => {
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://192.168.0.10/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://localhost/x',
      'https://localhost./x',
      'https://printer.local./x',
      'https://[::127.0.0.1]/x',
      'https://[::10.0.0.1]/x',
      'https://[::]/x',
      'https://intranet/x',
      'https://printer.local/x',
      'https://user:pw@hooks.example.com/x',
      'not a url',
    ]) {
      const res = await h.api('POST', '/v1/webhook_endpoints', { body: { url, events: ['*'] } });
      assert.deepEqual(
        [res.status, res.body.error?.code, res.body.error?.param],
        [400, 'parameter_invalid', 'url'],
        url,
      );
    }
    const ok = await h.api('POST', '/v1/webhook_endpoints', {
      body: { url: 'https://hooks.example.com/x#frag', events: ['*'] },
    });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.url, 'https://hooks.example.com/x');
    const patch = await h.api('PATCH', `/v1/webhook_endpoints/${ok.body.id}`, { body: { url: 'https://10.0.0.1/' } });
    assert.equal(patch.body.error.code, 'parameter_invalid');
  });

  it('checks the address a name resolves to at delivery time', async () => {
    const account = await h.newAccount();
    const res = await h.api('POST', '/v1/webhook_endpoints', {
      key: account.testKey,
      body: { url: 'https://rebound.example.com/hooks', events: ['message.received'] },
    });
    assert.equal(res.status, 201, 'a public-looking name passes at creation');
    await h.api('POST', '/v1/test_helpers/inbound_messages', {
      key: account.testKey,
      body: { from: '+16505558000', text: 'hi' },
    });
    const event = await eventually(
      async () => (await h.api('GET', '/v1/events', { key: account.testKey })).body.data[0],
    );
    const attempt = await eventually(
      async () =>
        (await h.api('GET', `/v1/events/${event.id}/deliveries`, { key: account.testKey })).body.data[0]?.attempts[0],
    );
    assert.equal(attempt.statusCode, null);
    assert.match(attempt.error, /^address_refused: rebound\.example\.com resolves to 10\.0\.0\.7/);
  });
});

describe('event retention', () => {
  it('lists events for 30 days, then removes them with their deliveries', async () => {
    const clock = new ManualClock(Date.now());
    const h = await startHarness({ clock, env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
    const receiver = await startReceiver();
    try {
      const key = h.account.testKey;
      await h.api('POST', '/v1/webhook_endpoints', { key, body: { url: receiver.url, events: ['*'] } });
      await h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from: '+16505554000', text: 'old' } });
      const old = await eventually(async () => (await h.api('GET', '/v1/events', { key })).body.data[0]);
      await eventually(
        async () =>
          (await h.api('GET', `/v1/events/${old.id}/deliveries`, { key })).body.data[0]?.status === 'succeeded',
      );
      clock.advance(29 * 24 * 60 * 60 * 1000);
      await h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from: '+16505554000', text: 'recent' } });
      // The account's retention of events is the default, 30 days (docs/api.md §D17).
      assert.equal((await h.deps.retention.sweep()).events, 0, 'nothing is 30 days old yet');
      clock.advance(2 * 24 * 60 * 60 * 1000);
      assert.equal((await h.deps.retention.sweep()).events, 1);
      const left = (await h.api('GET', '/v1/events', { key })).body.data;
      assert.deepEqual(
        left.map((e: { data: { object: { text: string } } }) => e.data.object.text),
        ['recent'],
      );
      assert.equal((await h.api('GET', `/v1/events/${old.id}`, { key })).status, 404);
      assert.equal(
        await h.deps.store.read
          .selectFrom('event_deliveries')
          .select('id')
          .where('event_id', '=', old.id)
          .executeTakeFirst(),
        undefined,
      );
    } finally {
      await receiver.close();
      await h.close();
    }
  });
});

describe('secret rolling', () => {
  it('signs with the old and the new secret for 24 hours, then with the new one only', async () => {
    const clock = new ManualClock(Date.now());
    const h = await startHarness({ clock, env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
    const receiver = await startReceiver();
    try {
      const key = h.account.testKey;
      const created = await h.api('POST', '/v1/webhook_endpoints', { key, body: { url: receiver.url, events: ['*'] } });
      const oldSecret = created.body.secret;
      const rolled = await h.api('POST', `/v1/webhook_endpoints/${created.body.id}/roll_secret`, { key });
      assert.equal(rolled.status, 200, rolled.text);
      const newSecret = rolled.body.secret;
      assert.notEqual(newSecret, oldSecret);
      assert.ok(rolled.body.secretRollingExpiresAt);
      receiver.secrets = [oldSecret, newSecret];
      await h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from: '+16505556000', text: 'during' } });
      await eventually(async () => receiver.received.length === 1);
      assert.deepEqual(receiver.received[0]!.verifiedWith, [oldSecret, newSecret], 'both signatures verify');

      clock.advance(24 * 60 * 60 * 1000 + 1000);
      await h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from: '+16505556000', text: 'after' } });
      const late = await eventually(async () => receiver.received[1]);
      // The manual clock runs a day ahead, so check the signature against the delivery's own timestamp.
      const signatures = String(late.headers['webhook-signature']).split(' ');
      const at = new Date(Number(late.headers['webhook-timestamp']) * 1000);
      assert.deepEqual(signatures, [new Webhook(newSecret).sign(late.id, at, late.raw)]);
      assert.equal(
        (await h.api('GET', `/v1/webhook_endpoints/${created.body.id}`, { key })).body.secretRollingExpiresAt,
        null,
      );
    } finally {
      await receiver.close();
      await h.close();
    }
  });
});
