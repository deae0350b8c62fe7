/**
 * Issue 28 (signals): every webhook field Tidings does not handle passed on as `platform.webhook`,
 * to endpoints that name it only; account restrictions, bans, violations, alerts, review decisions
 * and the messaging limit stored and evented once; `messagingLimit` on GET /v1/phone_numbers;
 * GET /v1/account/signals; a Business-app echo stored as a message and moved on by a later status;
 * Flows answers, a malformed one included; the simulator's control calls through the real webhook
 * path. On both dialects (docs/api.md §D24, docs/platform.md §4.12–§4.16).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseWebhook } from '../src/platform/cloud-api/webhook-payload.js';
import { assertSameShape } from './conformance/shape.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture } from './helpers.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';

describe('platform signals (issue 28)', () => {
  let h: Harness;
  let wabaId: string;
  let receiver: Receiver;
  before(async () => {
    h = await startHarness({ env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
    wabaId = (await h.api('GET', '/v1/account', { key: h.account.liveKey })).body.wabaId;
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });

  const key = () => h.account.liveKey;
  /** A fixture put under the account's WABA (and number, for values that name one). */
  function ours(name: string): any {
    const body = structuredClone(fixture(name));
    body.entry[0].id = wabaId;
    const value = body.entry[0].changes[0].value;
    if (value.metadata) value.metadata.phone_number_id = h.account.phoneNumberId;
    return body;
  }
  const events = async (type: string) =>
    (await h.api('GET', `/v1/events?type=${type}&limit=100`, { key: key() })).body.data as any[];
  const signals = async () => (await h.api('GET', '/v1/account/signals', { key: key() })).body;

  it('parses each fixture into its typed signal, and passes on an unhandled account_update event', () => {
    const one = (name: string) => parseWebhook(fixture(name))!;
    assert.deepEqual(one('webhook-account-update-restriction-pywa.json').signals, [
      {
        kind: 'restriction',
        wabaId: '102290129340398',
        at: '2022-01-04T21:08:18.000Z',
        restrictions: [
          { type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiresAt: '2022-01-04T21:08:18.000Z' },
          { type: 'RESTRICTED_ADD_PHONE_NUMBER_ACTION', expiresAt: '2022-01-04T21:08:18.000Z' },
        ],
      },
    ]);
    assert.deepEqual(
      one('webhook-account-update-disabled-pywa.json').signals.map((s: any) => [s.kind, s.state, s.date]),
      [['ban', 'REINSTATE', 'April 17, 2025']],
    );
    assert.deepEqual(
      one('webhook-account-update-violation-pywa.json').signals.map((s: any) => [s.kind, s.violationType]),
      [['violation', 'ADULT']],
    );
    assert.deepEqual(
      one('webhook-account-alerts.json').signals.map((s: any) => [s.kind, s.type, s.severity, s.status, s.entityType]),
      [['alert', 'INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED', 'WARNING', 'ACTIVE', 'BUSINESS']],
    );
    assert.deepEqual(
      one('webhook-account-review-update.json').signals.map((s: any) => [s.kind, s.decision]),
      [['review', 'APPROVED']],
    );
    assert.deepEqual(
      one('webhook-business-capability-update.json').signals.map((s: any) => [
        s.kind,
        s.tier,
        s.dailyUsers,
        s.unlimited,
      ]),
      [['messaging_limit', '2000', 2000, false]],
    );
    const partner = one('webhook-account-update-partner-added-pywa.json');
    assert.deepEqual(
      partner.signals.map((s: any) => [s.kind, s.field, s.value.event]),
      [['unknown', 'account_update', 'PARTNER_ADDED']],
    );
    assert.equal(partner.ignored, 0);
    // The volume tier notice stays the pricing tiers' (issue 27), not a signal.
    const tier = one('webhook-account-update-volume-tier.json');
    assert.deepEqual([tier.pricingTiers.length, tier.signals.length], [1, 0]);
    const echo = one('webhook-smb-message-echoes-pywa.json');
    assert.deepEqual(
      echo.echoes.map((e) => [e.wamid, e.type, e.text, e.toUserId]),
      [['<WHATSAPP_MESSAGE_ID>', 'text', 'Test message', '<BSUID>']],
    );
    assert.deepEqual(echo.signals, []);
    // user_preferences is the consent feature's: never passed on as platform.webhook.
    const prefs = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'user_preferences',
              value: { user_preferences: [{ wa_id: '16505551234', category: 'marketing_messages', value: 'stop' }] },
            },
          ],
        },
      ],
    };
    assert.deepEqual(parseWebhook(prefs)!.signals, []);
    // A value of any shape is passed on when its field is not handled.
    const odd = {
      object: 'whatsapp_business_account',
      entry: [{ id: '7', changes: [{ field: 'future_field', value: ['a', 1] }] }],
    };
    assert.deepEqual(parseWebhook(odd)!.signals, [
      { kind: 'unknown', wabaId: '7', at: null, phoneNumberId: null, field: 'future_field', value: ['a', 1] },
    ]);
  });

  it('delivers an unknown field as platform.webhook only to an endpoint that names it, and answers the platform 200', async () => {
    const everything = await h.api('POST', '/v1/webhook_endpoints', {
      key: key(),
      body: { url: `${receiver.url}/all`, events: ['*'] },
    });
    const optedIn = await h.api('POST', '/v1/webhook_endpoints', {
      key: key(),
      body: { url: `${receiver.url}/raw`, events: ['*', 'platform.webhook'] },
    });
    assert.equal(everything.status, 201);
    assert.deepEqual(optedIn.body.events, ['*', 'platform.webhook'], 'the opt-in type stays listed beside "*"');
    const value = {
      event: 'SOMETHING_NEW',
      detail: { nested: [1, 'two', null] },
      metadata: { phone_number_id: h.account.phoneNumberId },
    };
    const res = await h.platformWebhook({
      object: 'whatsapp_business_account',
      entry: [{ id: wabaId, time: 1764000000, changes: [{ field: 'security_center_update', value }] }],
    });
    assert.equal(res.status, 200);
    const got = await eventually(async () => receiver.received.find((r) => r.type === 'platform.webhook'));
    assert.deepEqual(
      { ...got.body.data.object, receivedAt: undefined },
      {
        field: 'security_center_update',
        value,
        wabaId,
        phoneNumberId: h.account.phoneNumberId,
        platformAt: '2025-11-24T16:00:00.000Z',
        receivedAt: undefined,
      },
    );
    const [event] = await events('platform.webhook');
    const deliveries = (await h.api('GET', `/v1/events/${event.id}/deliveries`, { key: key() })).body.data as any[];
    assert.deepEqual(
      deliveries.map((d) => d.endpointId),
      [optedIn.body.id],
      'the endpoint subscribed to "*" alone does not get it',
    );
    // Both endpoints get a typed event.
    await h.platformWebhook(ours('webhook-account-review-update.json'));
    const review = await eventually(async () => (await events('account.review_updated'))[0]);
    const reviewDeliveries = await eventually(async () => {
      const list = (await h.api('GET', `/v1/events/${review.id}/deliveries`, { key: key() })).body.data as any[];
      return list.length === 2 ? list : undefined;
    });
    assert.deepEqual(reviewDeliveries.map((d) => d.endpointId).sort(), [everything.body.id, optedIn.body.id].sort());
    for (const id of [everything.body.id, optedIn.body.id])
      await h.api('DELETE', `/v1/webhook_endpoints/${id}`, { key: key() });
  });

  it('stores each account signal and events it once: a repeated webhook changes nothing', async () => {
    for (const name of [
      'webhook-account-update-violation-pywa.json',
      'webhook-account-alerts.json',
      'webhook-account-update-disabled-pywa.json',
    ]) {
      assert.equal((await h.platformWebhook(ours(name))).status, 200);
      assert.equal((await h.platformWebhook(ours(name))).status, 200);
    }
    // A restriction in force (expiring in 2100), sent twice, then lifted.
    const restricted = ours('webhook-account-update-restriction-pywa.json');
    restricted.entry[0].changes[0].value.restriction_info = [
      { restriction_type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiration: 4102444800 },
    ];
    await h.platformWebhook(restricted);
    await h.platformWebhook(restricted);
    let standing = await signals();
    assert.equal(standing.restricted, true);
    assert.deepEqual(standing.restriction.restrictions, [
      { type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiresAt: '2100-01-01T00:00:00.000Z' },
    ]);
    assert.equal(standing.disabled, false, 'REINSTATE is not a ban in force');
    assert.deepEqual(
      [standing.ban.state, standing.violation.violationType, standing.review.decision],
      ['REINSTATE', 'ADULT', 'APPROVED'],
    );
    assert.deepEqual(
      standing.alerts.map((a: any) => [a.type, a.severity, a.entityId]),
      [['INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED', 'WARNING', '506914307656634']],
    );
    const lifted = structuredClone(restricted);
    lifted.entry[0].changes[0].value.restriction_info = [];
    await h.platformWebhook(lifted);
    standing = await signals();
    assert.equal(standing.restricted, false);
    const counts = await Promise.all(
      [
        'account.violation',
        'account.alert',
        'account.reinstated',
        'account.restricted',
        'account.restriction_lifted',
        'account.disabled',
      ].map(async (t) => (await events(t)).length),
    );
    assert.deepEqual(counts, [1, 1, 1, 1, 1, 0]);
    const [event] = await events('account.restricted');
    assert.deepEqual(event.data.object.restrictions, [
      { type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiresAt: '2100-01-01T00:00:00.000Z' },
    ]);
    // A ban in force.
    const banned = ours('webhook-account-update-disabled-pywa.json');
    banned.entry[0].changes[0].value.ban_info.waba_ban_state = 'DISABLE';
    await h.platformWebhook(banned);
    assert.equal((await signals()).disabled, true);
    assert.equal((await events('account.disabled')).length, 1);
  });

  it('keeps the messaging limit on each number: GET /v1/phone_numbers and GET /v1/account/signals, evented once', async () => {
    const before = (await h.api('GET', '/v1/phone_numbers', { key: key() })).body.data[0];
    assert.equal(before.messagingLimit, null, 'null until the platform tells it');
    await h.platformWebhook(ours('webhook-business-capability-update.json'));
    await h.platformWebhook(ours('webhook-business-capability-update.json'));
    const [number] = (await h.api('GET', '/v1/phone_numbers', { key: h.account.testKey })).body.data;
    assert.deepEqual(
      { ...number.messagingLimit, updatedAt: undefined },
      { tier: '2000', dailyUsers: 2000, unlimited: false, updatedAt: undefined },
    );
    assert.deepEqual(
      (await signals()).phoneNumbers.map((n: any) => [n.phoneNumberId, n.messagingLimit?.dailyUsers]),
      [[h.account.phoneNumberId, 2000]],
    );
    const limitEvents = await events('phone_number.messaging_limit_updated');
    assert.equal(limitEvents.length, 1);
    assert.deepEqual(
      [limitEvents[0].data.object.phoneNumberId, limitEvents[0].data.object.messagingLimit.tier],
      [h.account.phoneNumberId, '2000'],
    );
  });

  it('stores a Business-app echo as a message with source business_app, moved on by a later status', async () => {
    const echo = ours('webhook-smb-message-echoes-pywa.json');
    const item = echo.entry[0].changes[0].value.message_echoes[0];
    Object.assign(item, {
      id: 'wamid.ECHO1',
      to: '16505559001',
      to_user_id: 'US.13491208655302741918',
      timestamp: '1764000000',
    });
    assert.equal((await h.platformWebhook(echo)).status, 200);
    assert.equal((await h.platformWebhook(echo)).status, 200);
    const listed = ((await h.api('GET', '/v1/messages?limit=100', { key: key() })).body.data as any[]).filter(
      (m) => m.platformMessageId === 'wamid.ECHO1',
    );
    assert.equal(listed.length, 1, 'a repeated echo is stored once');
    const [message] = listed;
    assert.deepEqual(
      [message.source, message.status, message.type, message.text, message.to, message.sentAt],
      ['business_app', 'sent', 'text', 'Test message', '+16505559001', '2025-11-24T16:00:00.000Z'],
    );
    assert.match(message.contactId, /^ct_/, "the customer's contact, made from the echo");
    assert.equal((await events('message.sent')).filter((e) => e.data.object.id === message.id).length, 1);
    const status = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: h.account.phoneNumberId },
                statuses: [
                  { id: 'wamid.ECHO1', status: 'delivered', timestamp: '1764000060', recipient_id: '16505559001' },
                ],
              },
            },
          ],
        },
      ],
    };
    assert.equal((await h.platformWebhook(status)).status, 200);
    const delivered = (await h.api('GET', `/v1/messages/${message.id}`, { key: key() })).body;
    assert.deepEqual(
      [delivered.status, delivered.deliveredAt, delivered.source],
      ['delivered', '2025-11-24T16:01:00.000Z', 'business_app'],
    );
  });

  it('parses a Flows answer onto the customer message, and keeps a malformed one as text', async () => {
    const flow = ours('webhook-inbound-flow-nfm-reply-pywa.json');
    const message = flow.entry[0].changes[0].value.messages[0];
    message.id = 'wamid.FLOW1';
    assert.equal((await h.platformWebhook(flow)).status, 200);
    const bad = structuredClone(flow);
    Object.assign(bad.entry[0].changes[0].value.messages[0], { id: 'wamid.FLOW2' });
    bad.entry[0].changes[0].value.messages[0].interactive.nfm_reply.response_json = '{"comment_text": "cut off';
    assert.equal((await h.platformWebhook(bad)).status, 200);
    const inbound = (await h.api('GET', '/v1/inbound_messages?limit=100', { key: key() })).body.data as any[];
    const good = inbound.find((m) => m.platformMessageId === 'wamid.FLOW1');
    assert.deepEqual(good.flowReply, {
      name: 'flow',
      body: 'Sent',
      response: {
        comment_text: 'Comment Text',
        delivery_rating: '4',
        flow_token: 'AQAAAAACS5FpgQ_cAAAAAD0QI3s.',
        purchase_rating: '2',
        recommend_radio: '0',
        cs_rating: '0',
      },
      responseText: null,
      error: null,
    });
    assert.equal(good.text, 'Sent');
    const broken = inbound.find((m) => m.platformMessageId === 'wamid.FLOW2');
    assert.deepEqual([broken.flowReply.response, broken.flowReply.responseText], [null, '{"comment_text": "cut off']);
    assert.match(broken.flowReply.error, /not valid JSON/);
  });

  it("sends each signal from the simulator's control calls through the real webhook path", async () => {
    const sim = async (path: string, body: unknown) => {
      const res = await fetch(`${h.simUrl}/_simulator/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const phoneNumberId = h.account.phoneNumberId;
    assert.equal((await sim('messaging_limits', { phoneNumberId, limit: 'TIER_UNLIMITED' })).status, 200);
    await eventually(async () => (await signals()).phoneNumbers[0].messagingLimit?.unlimited === true);
    assert.equal(
      (await sim('account_alerts', { phoneNumberId, type: 'OBA_APPROVED', severity: 'INFORMATIONAL', status: 'NONE' }))
        .status,
      200,
    );
    await eventually(async () => (await signals()).alerts.some((a: any) => a.type === 'OBA_APPROVED'));
    assert.equal((await sim('account_reviews', { phoneNumberId, decision: 'DEFERRED' })).status, 200);
    await eventually(async () => (await signals()).review?.decision === 'DEFERRED');
    const echo = await sim('business_app_messages', { phoneNumberId, to: '+16505559002', text: 'Sent from the app' });
    assert.equal(echo.status, 200);
    await eventually(
      async () =>
        ((await h.api('GET', `/v1/messages/${encodeURIComponent(echo.body.wamid)}`, { key: key() })).body as any)
          .source === 'business_app',
    );
    const before = (await events('platform.webhook')).length;
    assert.equal(
      (
        await sim('webhooks', {
          phoneNumberId,
          field: 'phone_number_name_update',
          value: { display_phone_number: '15550783881', decision: 'APPROVED' },
        })
      ).status,
      200,
    );
    const passed = await eventually(async () => {
      const list = await events('platform.webhook');
      return list.length > before ? list[0] : undefined;
    });
    assert.deepEqual(
      [passed.data.object.field, passed.data.object.value.decision],
      ['phone_number_name_update', 'APPROVED'],
    );
    const refused = await sim('account_reviews', { phoneNumberId, decision: 'MAYBE' });
    assert.equal(refused.status, 400);
    assert.match(refused.body.error, /decision must be/);
  });

  it("sends each signal in the shape of the platform's own payloads (the fixtures)", async () => {
    const sent = async (path: string, body: Record<string, unknown>) => {
      const res = await fetch(`${h.simUrl}/_simulator/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumberId: h.account.phoneNumberId, ...body }),
      });
      assert.equal(res.status, 200);
      return ((await res.json()) as any).value;
    };
    const real = (name: string) => fixture(name).entry[0].changes[0].value;
    assertSameShape(
      await sent('account_restrictions', {
        restrictions: [{ type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiration: 1641330498 }],
      }),
      real('webhook-account-update-restriction-pywa.json'),
      'account_restrictions',
    );
    assertSameShape(
      await sent('account_bans', { state: 'REINSTATE' }),
      real('webhook-account-update-disabled-pywa.json'),
      'account_bans',
    );
    assertSameShape(
      await sent('account_violations', { violationType: 'ADULT' }),
      real('webhook-account-update-violation-pywa.json'),
      'account_violations',
    );
    assertSameShape(
      await sent('account_alerts', { type: 'INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED' }),
      real('webhook-account-alerts.json'),
      'account_alerts',
    );
    assertSameShape(
      await sent('account_reviews', { decision: 'APPROVED' }),
      real('webhook-account-review-update.json'),
      'account_reviews',
    );
    assertSameShape(
      await sent('messaging_limits', { limit: 2000 }),
      real('webhook-business-capability-update.json'),
      'messaging_limits',
    );
    // The simulator names customers by phone number only unless BSUIDs are configured: those fields are left out.
    const echo = await sent('business_app_messages', { to: '16505559003', text: 'Hi' });
    assertSameShape(echo, real('webhook-smb-message-echoes-pywa.json'), 'business_app_messages', {
      ignore: ['.contacts', '.message_echoes[].to_user_id', '.message_echoes[].to_parent_user_id'],
    });
  });
});
