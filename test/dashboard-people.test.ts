// test-runner: one database (the dashboard's pages in a browser; the API they call is tested on both dialects by its own files)
/**
 * The team's dashboard in a real browser (Debian's Chromium driven by playwright-core), against the
 * real service and simulator over HTTP (docs/guides/team.md): an owner signs in with a password,
 * invites an agent who joins from the link in a browser of their own and answers a customer but
 * reaches no screen their role lacks; the owner makes and revokes an API key; the audit page shows
 * who did each; a viewer is shown no button they may not use; a person signs in through the
 * real OpenID provider the entry starts. The cases are in test/dashboard-people/,
 * in this order on this file's one harness and browser.
 */
import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import { runCli } from '../src/cli/main.js';
import { browserSkip, openDashboard } from './browser.js';
import { auditCases } from './dashboard-people/audit.js';
import { keyCases } from './dashboard-people/keys.js';
import { OWNER, type People } from './dashboard-people/kit.js';
import { SSO_NAME, ssoCases } from './dashboard-people/sso.js';
import { teamCases } from './dashboard-people/team.js';
import { viewerCases } from './dashboard-people/viewer.js';
import { startHarness } from './harness.js';
import { createPerson } from './people-kit.js';
import { startProvider } from './sso/provider.js';

describe('the team in a browser', { skip: browserSkip }, () => {
  const people = {} as People;

  before(async () => {
    people.h = await startHarness();
    people.dashboard = await openDashboard(people.h);
    people.page = people.dashboard.page;
    people.ownerId = await createPerson(people.h, { email: OWNER.email, password: OWNER.password, role: 'owner' });
    people.sso = await startProvider(`${people.h.url}/v1/auth/sso/callback`);
    Object.assign(process.env, people.h.env);
    let out = '';
    const code = await runCli(
      ['accounts', 'sso', people.h.account.id, '--issuer', people.sso.issuer, '--client-id', people.sso.clientId]
        .concat(['--client-secret', people.sso.clientSecret, '--name', SSO_NAME, '--domains', 'acme.test'])
        .concat(['--role-claim', 'groups', '--role-map', 'devs=developer', '--json']),
      { out: (t) => (out += t), err: (t) => (out += t) },
    );
    assert.equal(code, 0, out);
  });
  after(async () => {
    await people.dashboard?.close();
    await people.sso?.close();
    await people.h?.close();
  });
  const get = () => people;

  teamCases(get);
  keyCases(get);
  auditCases(get);
  viewerCases(get);
  ssoCases(get);
});
