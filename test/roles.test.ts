/**
 * Who may call what (docs/api.md §D26), generated from the route definitions: every /v1 route is
 * called by a person of every role, and by a key of each scope, and must answer 403
 * permission_denied exactly when the role's permissions (http/access.ts ROLE_PERMISSIONS) or the
 * key's scope lack what the route declares. A new route is covered the day it is added.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ROLE_PERMISSIONS, ROLES, SCOPES, type Mode } from '../src/http/access.js';
import type { RouteSpec } from '../src/http/route.js';
import { startHarness, type Harness } from './harness.js';
import { personWithRole, sessionHeaders } from './roles/people.js';

const h: Harness = await startHarness();
const ROUTES = h.app.routeTable.filter(
  (r) => r.config.route && r.config.route.access !== 'public' && r.method !== 'HEAD',
);
const people = Object.fromEntries(
  await Promise.all(ROLES.map(async (role) => [role, await personWithRole(h, h.account.id, role)] as const)),
);

const pathOf = (url: string) => `/v1${url.replace(/:(\w+)/g, 'unknown_$1').replace('*', 'wamid.HBgL/unknown')}`;
const bodyOf = (spec: RouteSpec) => (spec.method === 'GET' || spec.method === 'DELETE' ? undefined : {});
const denied = (res: { status: number; body: any }) =>
  res.status === 403 && res.body.error?.code === 'permission_denied';

describe('roles and scopes on every route', () => {
  after(() => h.close());

  it('covers the routes people manage themselves with', () => {
    assert.ok(ROUTES.length >= 60, `${ROUTES.length} routes`);
  });

  for (const { config } of ROUTES) {
    const spec = config.route!;
    const access = spec.access as Exclude<RouteSpec['access'], 'public'>;
    const mode: Mode = access.modes === 'test' ? 'test' : 'live';
    const name = `${spec.method} /v1${spec.url}`;

    it(`${name}: a person may call it exactly when their role has ${access.permission}`, async () => {
      for (const role of ROLES) {
        const headers = await sessionHeaders(h, people[role]!, h.account.id, mode);
        const res = await h.api(spec.method, pathOf(spec.url), { key: null, headers, body: bodyOf(spec) });
        assert.notEqual(res.status, 401, `${role}: ${res.text}`);
        const allowed = ROLE_PERMISSIONS[role].has(access.permission);
        assert.equal(denied(res), !allowed, `${role} (${allowed ? 'allowed' : 'refused'}): ${res.status} ${res.text}`);
        if (!allowed) assert.match(res.body.error.message, new RegExp(access.permission));
      }
    });

    it(`${name}: a key may call it exactly when it has ${access.scope ?? 'no scope (people only)'}`, async () => {
      for (const scope of SCOPES) {
        const { key } = await h.deps.keys.createKey({ accountId: h.account.id, mode, scopes: [scope] });
        const res = await h.api(spec.method, pathOf(spec.url), { key, body: bodyOf(spec) });
        assert.equal(denied(res), scope !== access.scope, `${scope}: ${res.status} ${res.text}`);
      }
    });
  }
});
