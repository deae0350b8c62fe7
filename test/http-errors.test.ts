/** The error envelope and codes of docs/api.md §D3 for malformed requests, on every kind of bad body. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './harness.js';

describe('HTTP errors and the envelope', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  function assertEnvelope(
    res: { status: number; body: any; headers: Record<string, unknown> },
    status: number,
    code: string,
    param?: string,
  ) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.error.code, code);
    assert.equal(typeof res.body.error.message, 'string');
    assert.match(res.body.error.requestId, /^req_/);
    assert.equal(res.headers['x-request-id'], res.body.error.requestId);
    if (param !== undefined) assert.equal(res.body.error.param, param);
  }

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await h.api('POST', '/v1/messages/', {
      raw: '{"to": "+1',
      headers: { 'content-type': 'application/json' },
    });
    assertEnvelope(res, 400, 'invalid_json');
  });

  it('answers a JSON body that is not an object with 400 invalid_json', async () => {
    const res = await h.api('POST', '/v1/messages/', {
      raw: '["to"]',
      headers: { 'content-type': 'application/json' },
    });
    assertEnvelope(res, 400, 'invalid_json');
  });

  it('answers an empty body with 400 parameter_missing', async () => {
    const res = await h.api('POST', '/v1/messages/', { raw: '', headers: { 'content-type': 'application/json' } });
    assertEnvelope(res, 400, 'parameter_missing');
  });

  it('answers a missing field with 400 parameter_missing naming it', async () => {
    const res = await h.api('POST', '/v1/messages/', { body: { type: 'text', text: 'hi' } });
    assertEnvelope(res, 400, 'parameter_missing', 'to');
  });

  it('answers a wrong type with 400 parameter_invalid naming the field, without coercing', async () => {
    const res = await h.api('POST', '/v1/messages/', { body: { to: 16505551234, type: 'text', text: 'hi' } });
    assertEnvelope(res, 400, 'parameter_invalid', 'to');
  });

  it('answers an unknown enum value with 400 parameter_invalid listing the allowed values', async () => {
    const res = await h.api('POST', '/v1/messages/', { body: { to: '+16505551234', type: 'sms', text: 'hi' } });
    assertEnvelope(res, 400, 'parameter_invalid', 'type');
    assert.match(res.body.error.message, /must be one of template, text, media/);
    const status = await h.api('GET', '/v1/messages?status=nope');
    assertEnvelope(status, 400, 'parameter_invalid', 'status');
    assert.match(
      status.body.error.message,
      /must be one of scheduled, accepted, sent, delivered, read, failed, canceled/,
    );
  });

  it('answers an unknown field with 400 parameter_unknown naming it', async () => {
    const res = await h.api('POST', '/v1/messages/', {
      body: { to: '+16505551234', type: 'text', text: 'hi', priority: 'high' },
    });
    assertEnvelope(res, 400, 'parameter_unknown', 'priority');
  });

  it('answers a body over its limit with 400 request_too_large naming it (1 MB; 640 KB for a send)', async () => {
    const res = await h.api('POST', '/v1/templates/', {
      body: { name: 'big', category: 'UTILITY', language: 'en_US', body: 'x'.repeat(1024 * 1024 + 10) },
    });
    assertEnvelope(res, 400, 'request_too_large');
    assert.match(res.body.error.message, /larger than 1 MB/);
    const send = await h.api('POST', '/v1/messages/', {
      body: { to: '+16505551234', type: 'text', text: 'x'.repeat(700 * 1024) },
    });
    assertEnvelope(send, 400, 'request_too_large');
    assert.match(send.body.error.message, /larger than 640 KB/);
    // The platform's webhooks may be up to 4 MB (security issue 10): the message names that limit.
    const webhook = await h.api('POST', '/platform/whatsapp/webhook', {
      key: null,
      raw: 'x'.repeat(5 * 1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    assertEnvelope(webhook, 400, 'request_too_large');
    assert.match(webhook.body.error.message, /larger than 4 MB/);
  });

  it('answers a non-JSON content type with 400 invalid_json', async () => {
    const res = await h.api('POST', '/v1/messages/', {
      raw: 'to=+16505551234',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assertEnvelope(res, 400, 'invalid_json');
  });

  it('answers a bad query parameter with 400 parameter_invalid', async () => {
    assertEnvelope(await h.api('GET', '/v1/messages?limit=0'), 400, 'parameter_invalid', 'limit');
    assertEnvelope(await h.api('GET', '/v1/messages?limit=101'), 400, 'parameter_invalid', 'limit');
    assertEnvelope(await h.api('GET', '/v1/messages?limit=ten'), 400, 'parameter_invalid', 'limit');
    assertEnvelope(await h.api('GET', '/v1/messages?colour=red'), 400, 'parameter_unknown', 'colour');
  });

  it('answers an unknown route with 404 route_not_found', async () => {
    assertEnvelope(await h.api('GET', '/v1/nothing-here'), 404, 'route_not_found');
    assertEnvelope(await h.api('DELETE', '/v1/messages/'), 404, 'route_not_found');
  });

  it('refuses a NUL character anywhere in a request with 400 parameter_invalid naming where (PostgreSQL cannot store one)', async () => {
    assertEnvelope(
      await h.api('POST', '/v1/messages/', { body: { to: '+16505551234', type: 'text', text: 'a\u0000b' } }),
      400,
      'parameter_invalid',
      'text',
    );
    assertEnvelope(await h.api('GET', '/v1/messages/%00'), 400, 'parameter_invalid', 'id');
    assertEnvelope(await h.api('GET', '/v1/events/evt_x%00/deliveries'), 400, 'parameter_invalid', 'id');
    assertEnvelope(await h.api('GET', '/v1/messages?status=%00'), 400, 'parameter_invalid', 'status');
    assertEnvelope(
      await h.api('POST', '/v1/templates/validate', {
        body: { name: 'x', category: 'UTILITY', language: 'en_US', body: 'Hi', variables: [{ example: '\u0000' }] },
      }),
      400,
      'parameter_invalid',
      'variables.0.example',
    );
  });

  it('answers a method no route has with 404 route_not_found, whatever its body (security issue 10)', async () => {
    for (const method of ['QUERY', 'TRACE', 'PROPFIND', 'SEARCH', 'OPTIONS']) {
      assertEnvelope(await h.api(method as 'GET', '/v1/messages'), 404, 'route_not_found');
      assertEnvelope(
        await h.api(method as 'GET', '/v1/messages', { raw: 'x', headers: { 'content-type': 'text/plain' } }),
        404,
        'route_not_found',
      );
    }
  });

  it("gives the router's own errors the envelope: a malformed escape in the path, an overlong path segment (security issue 10)", async () => {
    assertEnvelope(await h.api('GET', '/v1/messages/%ZZ'), 400, 'parameter_invalid');
    assertEnvelope(await h.api('GET', `/v1/templates/${'a'.repeat(300)}`), 400, 'parameter_invalid');
    // A long wamid, percent-encoded, is still found (as 404 for one that does not exist).
    assertEnvelope(
      await h.api(
        'GET',
        `/v1/messages/${encodeURIComponent(`wamid.${'HBgLMTY1MDU1NTEyMzQVAgARGBI5QTNDQTVC+/='.repeat(3)}`)}`,
      ),
      404,
      'message_not_found',
    );
  });

  it('never answers 500: an unexpected fault is 503 service_unavailable with Retry-After', async () => {
    const h2 = await startHarness();
    try {
      await h2.deps.store.write((tx) => tx.schema.dropTable('messages').execute());
      const res = await h2.api('GET', '/v1/messages', { key: h2.account.liveKey });
      assertEnvelope(res, 503, 'service_unavailable');
      assert.equal(res.headers['retry-after'], '1');
      assert.doesNotMatch(res.text, /messages|sqlite|relation|stack/i);
    } finally {
      await h2.close();
    }
  });

  it('answers 503 service_unavailable while shutting down', async () => {
    h.deps.lifecycle.draining = true;
    try {
      assertEnvelope(await h.api('GET', '/v1/messages'), 503, 'service_unavailable');
    } finally {
      h.deps.lifecycle.draining = false;
    }
  });

  it('sends a browser at the root to the dashboard, and tells anything else where things are', async () => {
    const browser = await h.api('GET', '/', { key: null, headers: { accept: 'text/html,application/xhtml+xml' } });
    assert.equal(browser.status, 302);
    assert.equal(browser.headers.location, '/dashboard/');
    const other = await h.api('GET', '/', { key: null });
    assert.equal(other.status, 200);
    assert.deepEqual(
      [other.body.dashboard, other.body.docs, other.body.openapi],
      ['/dashboard/', '/docs', '/v1/openapi.json'],
    );
  });

  it('serves the OpenAPI document and the docs page without a key', async () => {
    const doc = await h.api('GET', '/v1/openapi.json', { key: null });
    assert.equal(doc.status, 200);
    assert.equal(doc.body.openapi, '3.1.0');
    assert.ok(doc.body.paths['/v1/messages'].post);
    assert.ok(doc.body.paths['/v1/messages/{id}'].get);
    assert.ok(doc.body.components.schemas.ErrorEnvelope);
    assert.deepEqual(doc.body.components.securitySchemes.apiKey, { type: 'apiKey', in: 'header', name: 'x-api-key' });
    const docs = await h.api('GET', '/docs/', { key: null });
    assert.equal(docs.status, 200);
    assert.match(docs.text, /swagger/i);
  });
});
