/** Webhook endpoints managed through the API: the secret shown on create only, list, get, update, delete. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventsKit, type EventsScope } from './kit.js';

export function endpointCases(scope: () => EventsScope): void {
  const { setup } = eventsKit(scope);

  it('manages endpoints: the secret only on create, list, get, update, delete', async () => {
    const { h } = scope();
    const { account, endpoint, key } = await setup(['message.read', 'message.sent']);
    assert.match(endpoint.id, /^we_/);
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.deepEqual(endpoint.events, ['message.read', 'message.sent']);
    assert.equal(endpoint.enabled, true);
    const got = await h.api('GET', `/v1/webhook_endpoints/${endpoint.id}`, { key });
    assert.equal(got.status, 200);
    assert.equal(got.body.secret, undefined, 'the secret is shown once');
    assert.equal(got.body.url, endpoint.url);
    const list = await h.api('GET', '/v1/webhook_endpoints', { key });
    assert.deepEqual(
      list.body.data.map((e: { id: string }) => e.id),
      [endpoint.id],
    );
    // A test key sees its own endpoints only.
    assert.deepEqual((await h.api('GET', '/v1/webhook_endpoints', { key: account.testKey })).body.data, []);
    assert.equal((await h.api('GET', `/v1/webhook_endpoints/${endpoint.id}`, { key: account.testKey })).status, 404);
    // Another account's endpoint is a 404.
    assert.equal(
      (await h.api('GET', `/v1/webhook_endpoints/${endpoint.id}`)).body.error.code,
      'webhook_endpoint_not_found',
    );

    const patched = await h.api('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, {
      key,
      body: { events: ['*'], description: null, enabled: false },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(
      [patched.body.events, patched.body.description, patched.body.enabled, patched.body.disabledReason],
      [['*'], null, false, 'requested'],
    );
    const on = await h.api('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, { key, body: { enabled: true } });
    assert.deepEqual([on.body.enabled, on.body.disabledReason], [true, null]);
    assert.equal((await h.api('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, { key, body: {} })).status, 400);
    assert.equal(
      (await h.api('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, { key, body: { events: ['message.bounced'] } }))
        .body.error.code,
      'parameter_invalid',
    );

    const del = await h.api('DELETE', `/v1/webhook_endpoints/${endpoint.id}`, { key });
    assert.deepEqual(del.body, { id: endpoint.id, deleted: true });
    assert.equal((await h.api('GET', `/v1/webhook_endpoints/${endpoint.id}`, { key })).status, 404);
  });
}
