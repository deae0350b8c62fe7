/** The error envelope and codes of DECISIONS §3 for malformed requests, on every kind of bad body. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './harness.js';

describe('HTTP errors and the envelope', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  function assertEnvelope(res: { status: number; body: any; headers: Record<string, unknown> }, status: number, code: string, param?: string) {
    assert.equal(res.status, status, JSON.stringify(res.body));
    assert.equal(res.body.error.code, code);
    assert.equal(typeof res.body.error.message, 'string');
    assert.match(res.body.error.requestId, /^req_/);
    assert.equal(res.headers['x-request-id'], res.body.error.requestId);
    if (param !== undefined) assert.equal(res.body.error.param, param);
  }

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await h.api('POST', '/v1/messages/', { raw: '{"to": "+1', headers: { 'content-type': 'application/json' } });
    assertEnvelope(res, 400, 'invalid_json');
  });

  it('answers a JSON body that is not an object with 400 invalid_json', async () => {
    const res = await h.api('POST', '/v1/messages/', { raw: '["to"]', headers: { 'content-type': 'application/json' } });
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

  it('answers an unknown enum value with 400 parameter_invalid', async () => {
    const res = await h.api('POST', '/v1/messages/', { body: { to: '+16505551234', type: 'sms', text: 'hi' } });
    assertEnvelope(res, 400, 'parameter_invalid', 'type');
  });

  it('answers an unknown field with 400 parameter_unknown naming it', async () => {
    const res = await h.api('POST', '/v1/messages/', { body: { to: '+16505551234', type: 'text', text: 'hi', priority: 'high' } });
    assertEnvelope(res, 400, 'parameter_unknown', 'priority');
  });

  it('answers a body over 1 MB with 400 request_too_large', async () => {
    const res = await h.api('POST', '/v1/messages/', { body: { to: '+16505551234', type: 'text', text: 'x'.repeat(1024 * 1024 + 10) } });
    assertEnvelope(res, 400, 'request_too_large');
  });

  it('answers a non-JSON content type with 400 invalid_json', async () => {
    const res = await h.api('POST', '/v1/messages/', { raw: 'to=+16505551234', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
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

  it('never answers 500: an unexpected fault is 503 service_unavailable with Retry-After', async () => {
    const h2 = await startHarness();
    try {
      await h2.deps.db.schema.dropTable('messages').execute();
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

  it('serves the OpenAPI document and the docs page without a key', async () => {
    const doc = await h.api('GET', '/v1/openapi.json', { key: null });
    assert.equal(doc.status, 200);
    assert.equal(doc.body.openapi, '3.1.0');
    assert.ok(doc.body.paths['/v1/messages/'].post);
    assert.ok(doc.body.paths['/v1/messages/{id}'].get);
    assert.ok(doc.body.components.schemas.ErrorEnvelope);
    assert.deepEqual(doc.body.components.securitySchemes.apiKey, { type: 'apiKey', in: 'header', name: 'x-api-key' });
    const docs = await h.api('GET', '/docs/', { key: null });
    assert.equal(docs.status, 200);
    assert.match(docs.text, /swagger/i);
  });
});
