/**
 * Authentication, scopes, modes, rate limits and tenant isolation on every /v1 route
 * (DECISIONS §2, §5). Adding a route means adding it to ROUTES.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Scope } from '../src/accounts/scopes.js';
import { startHarness, type Harness } from './harness.js';

interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  scope: Scope;
  body?: unknown;
  mode?: 'test-only' | 'live-only';
}

const TEMPLATE = { name: 'auth_check', category: 'UTILITY', language: 'en_US', body: 'Hello {{1}}, thanks.', variables: [{ example: 'Ana' }] };

const ROUTES: RouteCase[] = [
  { method: 'POST', url: '/v1/messages/', scope: 'messages:send', body: { to: '+16505551234', type: 'text', text: 'hi' } },
  { method: 'GET', url: '/v1/messages', scope: 'messages:read' },
  { method: 'GET', url: '/v1/messages/msg_unknown', scope: 'messages:read' },
  { method: 'GET', url: '/v1/inbound_messages/in_unknown', scope: 'messages:read' },
  { method: 'POST', url: '/v1/test_helpers/inbound_messages', scope: 'messages:send', body: { from: '+16505551234', text: 'hi' }, mode: 'test-only' },
  { method: 'GET', url: '/v1/templates/', scope: 'templates:read' },
  { method: 'POST', url: '/v1/templates/', scope: 'templates:write', body: TEMPLATE, mode: 'live-only' },
  { method: 'POST', url: '/v1/templates/validate', scope: 'templates:read', body: TEMPLATE },
  { method: 'GET', url: '/v1/templates/tpl_unknown', scope: 'templates:read' },
  { method: 'PATCH', url: '/v1/templates/tpl_unknown', scope: 'templates:write', body: { footer: 'x' }, mode: 'live-only' },
  { method: 'DELETE', url: '/v1/templates/tpl_unknown', scope: 'templates:write', mode: 'live-only' },
  { method: 'POST', url: '/v1/media/', scope: 'media:write' },
  { method: 'GET', url: '/v1/media', scope: 'media:write' },
  { method: 'GET', url: '/v1/media/med_unknown', scope: 'media:write' },
  { method: 'POST', url: '/v1/webhook_endpoints', scope: 'webhooks:manage', body: { url: 'https://hooks.example.com/x', events: ['template.rejected'] } },
  { method: 'GET', url: '/v1/webhook_endpoints', scope: 'webhooks:manage' },
  { method: 'GET', url: '/v1/webhook_endpoints/we_unknown', scope: 'webhooks:manage' },
  { method: 'PATCH', url: '/v1/webhook_endpoints/we_unknown', scope: 'webhooks:manage', body: { enabled: false } },
  { method: 'DELETE', url: '/v1/webhook_endpoints/we_unknown', scope: 'webhooks:manage' },
  { method: 'POST', url: '/v1/webhook_endpoints/we_unknown/roll_secret', scope: 'webhooks:manage' },
  { method: 'GET', url: '/v1/events', scope: 'webhooks:manage' },
  { method: 'GET', url: '/v1/events/evt_unknown', scope: 'webhooks:manage' },
  { method: 'GET', url: '/v1/events/evt_unknown/deliveries', scope: 'webhooks:manage' },
  { method: 'POST', url: '/v1/events/evt_unknown/redeliver', scope: 'webhooks:manage' },
];

describe('authentication and tenant isolation', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  for (const route of ROUTES) {
    it(`${route.method} ${route.url}: 401 api_key_missing without a key`, async () => {
      const res = await h.api(route.method, route.url, { key: null, body: route.body });
      assert.equal(res.status, 401);
      assert.equal(res.body.error.code, 'api_key_missing');
    });

    it(`${route.method} ${route.url}: 401 api_key_invalid for an unknown, malformed or revoked key`, async () => {
      for (const key of ['sk_live_' + 'a'.repeat(32), 'not-a-key', '']) {
        const res = await h.api(route.method, route.url, { key, body: route.body });
        assert.equal(res.status, 401, key);
        assert.equal(res.body.error.code, key === '' ? 'api_key_missing' : 'api_key_invalid');
      }
      const { id, key } = await h.deps.accounts.createKey({ accountId: h.account.id, mode: 'test' });
      assert.ok(await h.deps.accounts.revokeKey(id));
      const res = await h.api(route.method, route.url, { key, body: route.body });
      assert.equal(res.body.error.code, 'api_key_invalid');
    });

    it(`${route.method} ${route.url}: 403 permission_denied without the ${route.scope} scope`, async () => {
      const others = ['templates:read', 'templates:write', 'messages:read', 'messages:send', 'media:write', 'webhooks:manage'].filter((s) => s !== route.scope);
      const { key } = await h.deps.accounts.createKey({ accountId: h.account.id, mode: route.mode === 'test-only' ? 'test' : 'live', scopes: others });
      const res = await h.api(route.method, route.url, { key, body: route.body });
      assert.equal(res.status, 403);
      assert.equal(res.body.error.code, 'permission_denied');
    });
  }

  for (const route of ROUTES.filter((r) => r.mode === 'live-only')) {
    it(`${route.method} ${route.url}: 403 live_mode_required for a test key`, async () => {
      const res = await h.api(route.method, route.url, { key: h.account.testKey, body: route.body, headers: { 'idempotency-key': `lm-${route.method}` } });
      assert.deepEqual([res.status, res.body.error.code], [403, 'live_mode_required']);
    });
  }

  it("answers another account's webhook endpoints and events with 404 and leaves them out of lists", async () => {
    const other = await h.newAccount('Other Hooks');
    const endpoint = await h.api('POST', '/v1/webhook_endpoints', { key: other.testKey, body: { url: 'https://hooks.example.com/other', events: ['template.rejected'] } });
    assert.equal(endpoint.status, 201);
    await h.api('POST', '/v1/test_helpers/inbound_messages', { key: other.testKey, body: { from: '+16505550120', text: 'hi' } });
    const event = (await h.api('GET', '/v1/events', { key: other.testKey })).body.data[0];
    assert.match(event.id, /^evt_/);
    assert.equal((await h.api('GET', `/v1/webhook_endpoints/${endpoint.body.id}`, { key: h.account.testKey })).body.error.code, 'webhook_endpoint_not_found');
    assert.equal((await h.api('DELETE', `/v1/webhook_endpoints/${endpoint.body.id}`, { key: h.account.testKey })).status, 404);
    assert.equal((await h.api('GET', `/v1/events/${event.id}`, { key: h.account.testKey })).body.error.code, 'event_not_found');
    assert.equal((await h.api('POST', `/v1/events/${event.id}/redeliver`, { key: h.account.testKey })).status, 404);
    assert.ok(!(await h.api('GET', '/v1/events?limit=100', { key: h.account.testKey })).body.data.some((e: { id: string }) => e.id === event.id));
    assert.ok(!(await h.api('GET', '/v1/webhook_endpoints', { key: h.account.testKey })).body.data.some((e: { id: string }) => e.id === endpoint.body.id));
  });

  it('refuses test helpers to live keys with 403 permission_denied', async () => {
    const res = await h.api('POST', '/v1/test_helpers/inbound_messages', { body: { from: '+16505551234', text: 'hi' } });
    assert.equal(res.status, 403);
    assert.equal(res.body.error.code, 'permission_denied');
  });

  it("answers another account's message with 404, by msg_ id and by wamid, and leaves it out of lists", async () => {
    const other = await h.newAccount('Other Co');
    await h.customerWrites('+16505550100', 'hi', other.phoneNumberId);
    const sent = await h.api('POST', '/v1/messages/', { key: other.liveKey, body: { to: '+16505550100', type: 'text', text: 'private' } });
    assert.equal(sent.status, 201);
    for (const id of [sent.body.id, sent.body.platformMessageId]) {
      const res = await h.api('GET', `/v1/messages/${encodeURIComponent(id)}`);
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'message_not_found');
    }
    const list = await h.api('GET', '/v1/messages?limit=100');
    assert.ok(!list.body.data.some((m: { id: string }) => m.id === sent.body.id));
    const reply = await h.api('POST', '/v1/messages/', { body: { to: '+16505550100', type: 'text', text: 'x', replyTo: sent.body.id } });
    assert.equal(reply.status, 404);
    assert.equal(reply.body.error.code, 'reply_target_not_found');
  });

  it('partitions data by mode: a live key never sees test messages and the reverse', async () => {
    await h.api('POST', '/v1/test_helpers/inbound_messages', { key: h.account.testKey, body: { from: '+16505550111', text: 'hi' } });
    const test = await h.api('POST', '/v1/messages/', { key: h.account.testKey, body: { to: '+16505550111', type: 'text', text: 'test' } });
    assert.equal(test.status, 201);
    assert.equal((await h.api('GET', `/v1/messages/${test.body.id}`)).status, 404);
    assert.equal((await h.api('GET', `/v1/messages/${test.body.id}`, { key: h.account.testKey })).status, 200);
    // The test inbound message does not open the live window.
    const live = await h.api('POST', '/v1/messages/', { body: { to: '+16505550111', type: 'text', text: 'live' } });
    assert.equal(live.body.error.code, 'outside_customer_window');
  });

  it('rate-limits per key with headers, and 429 rate_limited with Retry-After past the burst', async () => {
    const { key } = await h.deps.accounts.createKey({ accountId: h.account.id, mode: 'test', rateLimit: 2 });
    const first = await h.api('GET', '/v1/messages', { key });
    assert.equal(first.headers['ratelimit-limit'], '2');
    assert.equal(first.headers['ratelimit-remaining'], '1');
    assert.ok(Number(first.headers['ratelimit-reset']) >= 1);
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 6; i++) {
      const res = await h.api('GET', '/v1/messages', { key });
      statuses.push(res.status);
      if (res.status === 429) limited ??= res;
    }
    // 2 per second plus a burst allowance of 2: the fifth request within the second is refused.
    assert.deepEqual(statuses.slice(0, 3), [200, 200, 200]);
    assert.ok(limited, `expected a 429 in ${statuses}`);
    assert.equal(limited.body.error.code, 'rate_limited');
    assert.ok(Number(limited.headers['retry-after']) >= 1);
  });

  it('accepts a key created while the service runs, at once', async () => {
    const { key } = await h.deps.accounts.createKey({ accountId: h.account.id, mode: 'live' });
    assert.equal((await h.api('GET', '/v1/messages', { key })).status, 200);
  });
});
