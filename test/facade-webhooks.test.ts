/**
 * The Cloud API facade's webhooks (docs/api.md §D35): a client's app is a webhook endpoint of format
 * `cloud_api`; its receiver here is whatsapp-api-js's own code, unchanged (`get()` answers the
 * handshake, `post()` verifies `X-Hub-Signature-256` and parses), as a client's would be.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerApp, startApp, type App } from './cloud-api-receiver.js';
import { approvedTemplate, sentText } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';
import { ALLOW_PRIVATE, FAST_POLICY } from './receiver.js';

describe('the Cloud API facade’s webhooks', () => {
  let h: Harness;
  const apps: App[] = [];
  const app = async (name: string, key: string, echo?: string) => {
    const a = await startApp(name, echo);
    apps.push(a);
    const res = await registerApp(h, a, key);
    return { a, res };
  };
  before(async () => {
    h = await startHarness({ env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
  });
  after(async () => {
    for (const a of apps) await a.close();
    await h.close();
  });

  it('refuses an app whose callback does not echo the challenge, and never shows an app secret', async () => {
    const { res } = await app('wrong', h.account.liveKey, '12345');
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'parameter_invalid');
    assert.match(res.body.error.message, /did not verify.*answered 200 with "12345"/);
    const missing = await h.api('POST', '/v1/webhook_endpoints', {
      body: { url: 'http://127.0.0.1:1/x', events: ['*'], format: 'cloud_api', appSecret: 's' },
    });
    assert.equal(missing.body.error.code, 'parameter_missing');
    const list = await h.api('GET', '/v1/webhook_endpoints');
    assert.equal(list.body.data.length, 0);
  });

  it('relays every update of its number to each app, in Meta’s shapes, verified by whatsapp-api-js', async () => {
    const { a: one, res: created } = await app('one', h.account.liveKey);
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(
      [created.body.format, created.body.phoneNumberId, created.body.secret],
      ['cloud_api', h.account.phoneNumberId, undefined],
    );
    const { a: two } = await app('two', h.account.liveKey);
    const { a: flaky, res: flakyEndpoint } = await app('flaky', h.account.liveKey);
    flaky.script = [500];
    const { a: test } = await app('test', h.account.testKey);

    const customer = '+16505550111';
    const text = await h.customerWrites(customer, 'Olá, ça va? 😊');
    const image = await h.customerSends(customer, { type: 'image', image: { caption: 'Café' } });
    const sent = await sentText(h, customer, 'Thanks, Zoë ✓');
    const template = await approvedTemplate(h, { name: 'facade_hooks', body: 'Your order has shipped.' });
    // The test key's app: a test customer, and a send to a recipient that fails (docs/api.md §5.3).
    const failing = '+16505550001';
    await h.api('POST', '/v1/test_helpers/inbound_messages', {
      key: h.account.testKey,
      body: { from: failing, text: 'hi' },
    });
    const failed = await sentText(h, failing, 'will fail', h.account.testKey);

    const WABA = (await h.deps.accounts.getAccount(h.account.id))!.wabaId;
    for (const a of [one, two, flaky]) {
      const all = await eventually(async () => {
        const statuses = a.updates
          .filter((u) => u.kind === 'status' && u.args.id === sent.id)
          .map((u) => u.args.status);
        const done =
          a.updates.some((u) => u.kind === 'message' && u.args.message.id === text) &&
          a.updates.some((u) => u.kind === 'message' && u.args.message.id === image.wamid) &&
          ['sent', 'delivered', 'read'].every((s) => statuses.includes(s)) &&
          a.updates.some(
            (u) => u.field === 'message_template_status_update' && u.value.message_template_id === template.id,
          );
        return done && a.updates;
      });
      assert.equal(a.refused, 0);
      const message = all.find((u) => u.kind === 'message' && u.args.message.id === text)!;
      assert.equal(message.args.phoneID, h.account.phoneNumberId);
      assert.equal(message.args.message.text.body, 'Olá, ça va? 😊');
      assert.equal(message.args.contact.wa_id, '16505550111');
      assert.equal(typeof message.args.contact.profile.name, 'string');
      assert.equal(message.args.raw.entry[0].id, WABA);
      assert.match(message.value.metadata.display_phone_number, /^\d+$/);
      const media = all.find((u) => u.kind === 'message' && u.args.message.id === image.wamid)!.args.message;
      assert.equal(media.type, 'image');
      assert.match(media.image.id, /^med_/);
      assert.equal(media.image.caption, 'Café');
      assert.equal(media.image.url, undefined);
      const delivered = all.find((u) => u.kind === 'status' && u.args.id === sent.id && u.args.status === 'delivered')!;
      assert.equal(delivered.args.phone, '16505550111');
      assert.ok(delivered.args.pricing.category);
      const review = all.find((u) => u.field === 'message_template_status_update')!.value;
      assert.deepEqual(
        [review.event, review.message_template_name, review.message_template_category],
        ['APPROVED', 'facade_hooks', 'UTILITY'],
      );
      // Live apps get no test update.
      assert.ok(!all.some((u) => u.kind === 'status' && u.args.id === failed.id));
    }
    // The test key's app: the test customer's message and the failed status with Meta's error.
    const failure = await eventually(async () =>
      test.updates.find((u) => u.kind === 'status' && u.args.id === failed.id && u.args.status === 'failed'),
    );
    assert.equal(failure.args.error.code, 131026);
    assert.equal(typeof failure.args.error.title, 'string');
    assert.ok(test.updates.some((u) => u.kind === 'message' && u.args.message.from === '16505550001'));
    assert.ok(!test.updates.some((u) => u.kind === 'message' && u.args.message.id === text));
    assert.ok(!test.updates.some((u) => u.field === 'message_template_status_update'));

    // The flaky app answered 500 once: that update came again, and both attempts are in the log.
    assert.equal(flaky.posts, one.posts + 1);
    const events = (await h.api('GET', '/v1/events?limit=100')).body.data as any[];
    const attempts = [];
    for (const e of events)
      for (const d of (await h.api('GET', `/v1/events/${e.id}/deliveries`)).body.data as any[])
        if (d.endpointId === flakyEndpoint.body.id)
          attempts.push({ event: e, codes: d.attempts.map((x: any) => x.statusCode) });
    const retried = attempts.filter((x) => x.codes.length > 1);
    assert.deepEqual(
      retried.map((x) => x.codes),
      [[500, 200]],
    );
    const first = retried[0]!.event;
    // A redelivery sends the same update again, freshly signed.
    const before = one.posts;
    const redelivered = await h.api('POST', `/v1/events/${first.id}/redeliver`, { body: {} });
    assert.equal(redelivered.status, 202, redelivered.text);
    await eventually(async () => one.posts === before + 1);
    assert.equal(one.refused, 0);
  });

  it('sends an app only its own number’s updates', async () => {
    const [one] = apps.filter((a) => a.verifyToken === 'verify-one');
    // A second number of the same account, and a customer's message to it through the platform's webhook.
    const other = '777000111222333';
    await h.deps.store.write((tx) =>
      tx
        .insertInto('phone_numbers')
        .values({
          phone_number_id: other,
          account_id: h.account.id,
          display_phone_number: '15550007777',
          throughput: 80,
          created_at: new Date().toISOString(),
        })
        .execute(),
    );
    const otherKey = await h.deps.keys.createKey({ accountId: h.account.id, mode: 'live', phoneNumberId: other });
    const { a: otherApp, res: otherEndpoint } = await app('other', otherKey.key);
    const WABA = (await h.deps.accounts.getAccount(h.account.id))!.wabaId;
    const wamid = 'wamid.OTHER-NUMBER-1';
    const res = await h.platformWebhook({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550007777', phone_number_id: other },
                contacts: [{ profile: { name: 'Ann' }, wa_id: '16505550122' }],
                messages: [
                  {
                    from: '16505550122',
                    id: wamid,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body: 'to the other number' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    assert.equal(res.status, 200);
    const got = await eventually(async () =>
      otherApp.updates.find((u) => u.kind === 'message' && u.args.message.id === wamid),
    );
    assert.equal(got.args.phoneID, other);
    // Deliveries are made when the event is recorded: the other number's message has one, to its own app.
    const event = ((await h.api('GET', '/v1/events?type=message.received')).body.data as any[]).find(
      (e) => e.data.object.platformMessageId === wamid,
    );
    const to = ((await h.api('GET', `/v1/events/${event.id}/deliveries`)).body.data as any[]).map((d) => d.endpointId);
    const endpoints = ((await h.api('GET', '/v1/webhook_endpoints')).body.data as any[]).filter(
      (e) => e.format === 'cloud_api',
    );
    assert.deepEqual(
      to,
      endpoints.filter((e) => e.phoneNumberId === other).map((e) => e.id),
    );
    const later = await h.customerWrites('+16505550133', 'first number');
    await eventually(async () => one!.updates.some((u) => u.kind === 'message' && u.args.message.id === later));
    assert.ok(!one!.updates.some((u) => u.kind === 'message' && u.args.message.id === wamid));
    // Nor by a redelivery named to it; and a new verify token is verified before it is saved.
    const laterEvent = ((await h.api('GET', '/v1/events?type=message.received')).body.data as any[]).find(
      (e) => e.data.object.platformMessageId === later,
    );
    const named = await h.api('POST', `/v1/events/${laterEvent.id}/redeliver`, {
      body: { endpointId: otherEndpoint.body.id },
    });
    assert.equal(named.body.error.code, 'parameter_invalid');
    const patched = await h.api('PATCH', `/v1/webhook_endpoints/${otherEndpoint.body.id}`, {
      body: { verifyToken: 'not-the-apps' },
    });
    assert.match(patched.body.error.message, /did not verify.*answered 403/);
  });
});
