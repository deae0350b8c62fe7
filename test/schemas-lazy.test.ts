/**
 * Validators and serializers are compiled at a route's first use (src/http/lazy-schemas.ts), so a
 * broken schema no longer stops the service at start: here every one of them is compiled, so such a
 * schema fails the suite instead of a customer's first request.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './harness.js';

describe('schemas compiled at first use', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it('validates and answers through schemas compiled at the first request', async () => {
    const bad = await h.api('POST', '/v1/messages', { body: { to: 42, type: 'text', text: { body: 'x' } } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 'parameter_invalid');
    assert.ok(
      Array.isArray(bad.body.error.issues) && bad.body.error.issues.length === 2,
      'both errors, read from the validator',
    );
    const list = await h.api('GET', '/v1/messages?limit=1');
    assert.equal(list.status, 200);
    assert.ok(Array.isArray(list.body.data));
  });

  it('compiles every route’s validators and serializers without an error', () => {
    const routes = h.app.routeTable.filter((r) => r.url.startsWith('/v1/')).length;
    const compiled = h.app.lazySchemas.compileAll();
    // At least a validator or a serializer for each API route: none was left out of the lazy compilers.
    assert.ok(compiled >= routes, `${compiled} compiled for ${routes} routes`);
    assert.equal(h.app.lazySchemas.compileAll(), 0, 'each compiled once');
  });
});
