/**
 * Single sign-on through OpenID Connect (issue 39, docs/api.md §D26) against a real provider
 * (`oidc-provider`) started here: the connection made with `npx tidings accounts sso`, then the
 * code flow and its refusals (test/sso/flow.ts), on this file's one harness.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { runCli } from '../src/cli/main.js';
import { startHarness, type Harness } from './harness.js';
import { flowCases, type Sso } from './sso/flow.js';
import { startProvider, type TestProvider } from './sso/provider.js';

describe('single sign-on', () => {
  let h: Harness;
  let provider: TestProvider;
  let connectionId: string;
  let callback: string;

  before(async () => {
    h = await startHarness();
    callback = `${h.url}/v1/auth/sso/callback`;
    provider = await startProvider(callback);
    Object.assign(process.env, h.env);
    let out = '';
    const code = await runCli(
      [
        'accounts',
        'sso',
        h.account.id,
        '--issuer',
        provider.issuer,
        '--client-id',
        provider.clientId,
        '--client-secret',
        provider.clientSecret,
        '--name',
        'Okta',
        '--domains',
        'acme.test',
        '--role-claim',
        'groups',
        '--role-map',
        'tidings-admins=admin,devs=developer',
        '--json',
      ],
      { out: (t) => (out += t), err: () => {} },
    );
    assert.equal(code, 0, out);
    connectionId = (JSON.parse(out) as { connection: { id: string } }).connection.id;
    const buttons = await h.api('GET', '/v1/auth/sso', { key: null });
    assert.deepEqual(buttons.body.data, [{ id: connectionId, name: 'Okta', accountId: h.account.id }]);
  });
  after(async () => {
    await provider?.close();
    await h?.close();
  });
  const sso = (): Sso => ({ h, provider, connectionId, callback });

  flowCases(sso);
});
