/**
 * Validators and serializers are compiled at a route's first use (src/http/lazy-schemas.ts), so a
 * broken schema no longer stops the service at start: here every one of them is compiled, so such a
 * schema fails the suite instead of a customer's first request.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { call, createPerson, uniqueEmail } from './people-kit.js';
import { sessionHeaders } from './roles/people.js';

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

  it('signs a person in after GET /v1/me was answered first (a response referring to a shared schema)', async () => {
    // A browser with a cookie from before a restart asks GET /v1/me first; a sign-in then answers
    // `{ user: Me }` through a `$ref` to the shared schema GET /v1/me's response is.
    const email = uniqueEmail('lazy');
    const id = await createPerson(h, { email, password: 'correct horse battery staple' });
    const me = await h.api('GET', '/v1/me', { key: null, headers: await sessionHeaders(h, id, h.account.id, 'live') });
    assert.equal(me.status, 200, me.text);
    const res = await call(h, 'POST', '/v1/auth/sign_in', {
      body: { email, password: 'correct horse battery staple' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.user.id, id);
  });

  it('compiles every route’s validators and serializers without an error', () => {
    const routes = h.app.routeTable.filter((r) => r.url.startsWith('/v1/')).length;
    const compiled = h.app.lazySchemas.compileAll();
    // At least a validator or a serializer for each API route: none was left out of the lazy compilers.
    assert.ok(compiled >= routes, `${compiled} compiled for ${routes} routes`);
    assert.equal(h.app.lazySchemas.compileAll(), 0, 'each compiled once');
  });
});
