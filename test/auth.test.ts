/**
 * Authentication, scopes, modes, rate limits and tenant isolation on every /v1 route
 * (docs/api.md §D2, §D5), read from the routes the app registered.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { dispatched } from './factories.js';
import { startHarness, type Harness } from './harness.js';

import type { RouteSpec } from '../src/http/route.js';

/**
 * The API's routes as the app registered them (http/route.ts definitions): the suite covers every
 * one without a list of its own, so a new route is covered the day it is added.
 */
const h: Harness = await startHarness();
const API_ROUTES = h.app.routeTable.filter(
  (r) => r.config.route && r.config.route.access !== 'public' && r.method !== 'HEAD',
);
const EVERY_SCOPE = [
  'templates:read',
  'templates:write',
  'messages:read',
  'messages:send',
  'media:write',
  'webhooks:manage',
] as const;

/** A path for the route: its parameters filled with ids that name nothing. */
const pathOf = (url: string) => `/v1${url.replace(/:(\w+)/g, 'unknown_$1').replace('*', 'wamid.HBgL/unknown')}`;
const bodyOf = (spec: RouteSpec) => (spec.method === 'GET' || spec.method === 'DELETE' ? undefined : {});

describe('authentication and tenant isolation', () => {
  after(() => h.close());

  it('covers every /v1 route, each defined through defineRoute', () => {
    const undefinedRoutes = h.app.routeTable.filter(
      (r) => r.url.startsWith('/v1/') && r.url !== '/v1/openapi.json' && r.method !== 'HEAD' && !r.config.route,
    );
    assert.deepEqual(
      undefinedRoutes.map((r) => `${r.method} ${r.url}`),
      [],
    );
    assert.ok(API_ROUTES.length >= 25, `${API_ROUTES.length} routes`);
  });

  for (const { config } of API_ROUTES) {
    const spec = config.route!;
    const access = spec.access as Exclude<RouteSpec['access'], 'public'>;
    const method = spec.method;
    const url = pathOf(spec.url);
    const body = bodyOf(spec);
    const name = `${method} /v1${spec.url}`;

    it(`${name}: 401 api_key_missing without a key`, async () => {
      const res = await h.api(method, url, { key: null, body });
      assert.deepEqual([res.status, res.body.error.code], [401, 'api_key_missing']);
    });

    it(`${name}: 401 api_key_invalid for an unknown, malformed or revoked key`, async () => {
      for (const key of ['sk_live_' + 'a'.repeat(32), 'not-a-key', '']) {
        const res = await h.api(method, url, { key, body });
        assert.equal(res.status, 401, key);
        assert.equal(res.body.error.code, key === '' ? 'api_key_missing' : 'api_key_invalid');
      }
      const { id, key } = await h.deps.keys.createKey({ accountId: h.account.id, mode: 'test' });
      assert.ok(await h.deps.keys.revokeKey(id));
      assert.equal((await h.api(method, url, { key, body })).body.error.code, 'api_key_invalid');
    });

    it(`${name}: 403 permission_denied without the ${access.scope} scope`, async () => {
      const others = EVERY_SCOPE.filter((s) => s !== access.scope);
      const { key } = await h.deps.keys.createKey({
        accountId: h.account.id,
        mode: access.modes === 'test' ? 'test' : 'live',
        scopes: [...others],
      });
      const res = await h.api(method, url, { key, body });
      assert.deepEqual([res.status, res.body.error.code], [403, 'permission_denied']);
    });

    if (access.modes === 'live') {
      it(`${name}: 403 live_mode_required for a test key`, async () => {
        const res = await h.api(method, url, {
          key: h.account.testKey,
          body,
          headers: { 'idempotency-key': `lm-${spec.operationId}` },
        });
        assert.deepEqual([res.status, res.body.error.code], [403, 'live_mode_required']);
      });
    }
    if (access.modes === 'test') {
      it(`${name}: 403 permission_denied for a live key (test helpers)`, async () => {
        const res = await h.api(method, url, { key: h.account.liveKey, body });
        assert.deepEqual([res.status, res.body.error.code], [403, 'permission_denied']);
      });
    }
  }

  it("answers another account's webhook endpoints and events with 404 and leaves them out of lists", async () => {
    const other = await h.newAccount('Other Hooks');
    const endpoint = await h.api('POST', '/v1/webhook_endpoints', {
      key: other.testKey,
      body: { url: 'https://hooks.example.com/other', events: ['template.rejected'] },
    });
    assert.equal(endpoint.status, 201);
    await h.api('POST', '/v1/test_helpers/inbound_messages', {
      key: other.testKey,
      body: { from: '+16505550120', text: 'hi' },
    });
    const event = (await h.api('GET', '/v1/events', { key: other.testKey })).body.data[0];
    assert.match(event.id, /^evt_/);
    assert.equal(
      (await h.api('GET', `/v1/webhook_endpoints/${endpoint.body.id}`, { key: h.account.testKey })).body.error.code,
      'webhook_endpoint_not_found',
    );
    assert.equal(
      (await h.api('DELETE', `/v1/webhook_endpoints/${endpoint.body.id}`, { key: h.account.testKey })).status,
      404,
    );
    assert.equal(
      (await h.api('GET', `/v1/events/${event.id}`, { key: h.account.testKey })).body.error.code,
      'event_not_found',
    );
    assert.equal((await h.api('POST', `/v1/events/${event.id}/redeliver`, { key: h.account.testKey })).status, 404);
    assert.ok(
      !(await h.api('GET', '/v1/events?limit=100', { key: h.account.testKey })).body.data.some(
        (e: { id: string }) => e.id === event.id,
      ),
    );
    assert.ok(
      !(await h.api('GET', '/v1/webhook_endpoints', { key: h.account.testKey })).body.data.some(
        (e: { id: string }) => e.id === endpoint.body.id,
      ),
    );
  });

  it("answers another account's message with 404, by msg_ id and by wamid, and leaves it out of lists", async () => {
    const other = await h.newAccount('Other Co');
    await h.customerWrites('+16505550100', 'hi', other.phoneNumberId);
    const sent = await h.api('POST', '/v1/messages/', {
      key: other.liveKey,
      body: { to: '+16505550100', type: 'text', text: 'private' },
    });
    assert.equal(sent.status, 201);
    for (const id of [sent.body.id, (await dispatched(h, sent.body.id, other.liveKey)).platformMessageId!]) {
      const res = await h.api('GET', `/v1/messages/${encodeURIComponent(id)}`);
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'message_not_found');
    }
    const list = await h.api('GET', '/v1/messages?limit=100');
    assert.ok(!list.body.data.some((m: { id: string }) => m.id === sent.body.id));
    const reply = await h.api('POST', '/v1/messages/', {
      body: { to: '+16505550100', type: 'text', text: 'x', replyTo: sent.body.id },
    });
    assert.equal(reply.status, 404);
    assert.equal(reply.body.error.code, 'reply_target_not_found');
  });

  it('partitions data by mode: a live key never sees test messages and the reverse', async () => {
    await h.api('POST', '/v1/test_helpers/inbound_messages', {
      key: h.account.testKey,
      body: { from: '+16505550111', text: 'hi' },
    });
    const test = await h.api('POST', '/v1/messages/', {
      key: h.account.testKey,
      body: { to: '+16505550111', type: 'text', text: 'test' },
    });
    assert.equal(test.status, 201);
    assert.equal((await h.api('GET', `/v1/messages/${test.body.id}`)).status, 404);
    assert.equal((await h.api('GET', `/v1/messages/${test.body.id}`, { key: h.account.testKey })).status, 200);
    // The test inbound message does not open the live window.
    const live = await h.api('POST', '/v1/messages/', { body: { to: '+16505550111', type: 'text', text: 'live' } });
    assert.equal(live.body.error.code, 'outside_customer_window');
  });

  it('rate-limits per key with headers, and 429 rate_limited with Retry-After past the burst', async () => {
    const { key } = await h.deps.keys.createKey({ accountId: h.account.id, mode: 'test', rateLimit: 2 });
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
    const { key } = await h.deps.keys.createKey({ accountId: h.account.id, mode: 'live' });
    assert.equal((await h.api('GET', '/v1/messages', { key })).status, 200);
  });
});
