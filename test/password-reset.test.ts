/**
 * Without mail (no SMTP_URL, docs/api.md §D26): a reset asked for mails nothing and says to ask an
 * admin; an owner or admin makes a member's reset link, answered to them; an existing person joins a
 * second account only signed in as themselves, and the link alone never gives their session.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { call, createPerson, uniqueAddress, uniqueEmail } from './people-kit.js';
import { linkTokenIn } from './smtp-kit.js';

const OLD = 'an old password nobody guesses';
const NEW = 'a brand new password for ana';

describe('password resets and second accounts without mail', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const signIn = async (email: string, password: string) =>
    call(h, 'POST', '/v1/auth/sign_in', { body: { email, password }, address: uniqueAddress() });

  it('answers a reset asked for with 202 and the advice to ask an admin, and makes no link', async () => {
    const email = uniqueEmail('alone');
    const id = await createPerson(h, { email, password: OLD });
    const asked = await call(h, 'POST', '/v1/auth/password_reset', { body: { email }, address: uniqueAddress() });
    assert.equal(asked.status, 202);
    assert.match(asked.body.message, /sends no mail: ask an owner or admin/);
    await h.deps.resets.settle();
    const links = await h.deps.store.read.selectFrom('one_time_links').select('id').where('user_id', '=', id).execute();
    assert.deepEqual(links, []);
  });

  it("answers a member's reset link to the admin; it sets the password and ends the member's sessions", async () => {
    const admin = uniqueEmail('admin');
    await createPerson(h, { email: admin, password: OLD, role: 'admin' });
    const member = uniqueEmail('member');
    const memberId = await createPerson(h, { email: member, password: OLD, role: 'developer' });
    const memberCookie = (await signIn(member, OLD)).setCookie;
    const cookie = (await signIn(admin, OLD)).setCookie;
    const made = await call(h, 'POST', `/v1/members/${memberId}/password_reset`, { cookie });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.mail, 'off');
    const left = Date.parse(made.body.expiresAt) - Date.now();
    assert.ok(left > 59 * 60_000 && left <= 3_600_000, `${left} ms`);
    const token = linkTokenIn(made.body.link);

    const noPassword = await call(h, 'POST', `/v1/links/${token}/accept`, { body: {} });
    assert.deepEqual([noPassword.status, noPassword.body.error?.code], [400, 'parameter_missing']);
    const done = await call(h, 'POST', `/v1/links/${token}/accept`, { body: { password: NEW } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal((await call(h, 'GET', '/v1/me', { cookie: memberCookie })).status, 401);
    assert.equal((await signIn(member, OLD)).status, 401);
    assert.equal((await signIn(member, NEW)).status, 200);

    const owner = await createPerson(h, { email: uniqueEmail('owner'), password: OLD, role: 'owner' });
    const refused = await call(h, 'POST', `/v1/members/${owner}/password_reset`, { cookie });
    assert.deepEqual([refused.status, refused.body.error?.code], [403, 'owner_required']);
    const missing = await call(h, 'POST', '/v1/members/usr_nobody/password_reset', { cookie });
    assert.deepEqual([missing.status, missing.body.error?.code], [404, 'member_not_found']);
  });

  it("renews an invitation's link, answered without mail; only an owner renews an owner's", async () => {
    const owner = uniqueEmail('owner');
    await createPerson(h, { email: owner, password: OLD });
    const ownerCookie = (await signIn(owner, OLD)).setCookie;
    const admin = uniqueEmail('admin');
    await createPerson(h, { email: admin, password: OLD, role: 'admin' });
    const adminCookie = (await signIn(admin, OLD)).setCookie;
    const boss = await call(h, 'POST', '/v1/invitations', {
      cookie: ownerCookie,
      body: { email: uniqueEmail('boss'), role: 'owner' },
    });
    assert.equal(boss.body.mail, 'off');
    const refused = await call(h, 'POST', `/v1/invitations/${boss.body.id}/link`, { cookie: adminCookie, body: {} });
    assert.deepEqual([refused.status, refused.body.error?.code], [403, 'owner_required']);
    assert.equal((await call(h, 'GET', `/v1/links/${linkTokenIn(boss.body.link)}`)).status, 200, 'still the old link');
    const renewed = await call(h, 'POST', `/v1/invitations/${boss.body.id}/link`, { cookie: ownerCookie, body: {} });
    assert.equal(renewed.body.mail, 'off');
    assert.equal((await call(h, 'GET', `/v1/links/${linkTokenIn(boss.body.link)}`)).status, 400);
    assert.equal((await call(h, 'GET', `/v1/links/${linkTokenIn(renewed.body.link)}`)).status, 200);
    await call(h, 'DELETE', `/v1/invitations/${boss.body.id}`, { cookie: ownerCookie });
    const gone = await call(h, 'POST', `/v1/invitations/${boss.body.id}/link`, { cookie: ownerCookie, body: {} });
    assert.deepEqual([gone.status, gone.body.error?.code], [404, 'member_not_found']);
  });

  it('lets an existing person join a second account only signed in as themselves', async () => {
    const second = await h.newAccount('Second');
    const owner2 = uniqueEmail('owner2');
    await createPerson(h, { email: owner2, password: OLD, account: second.id });
    const ownerCookie = (await signIn(owner2, OLD)).setCookie;
    const ana = uniqueEmail('ana');
    const anaId = await createPerson(h, { email: ana, password: OLD, role: 'agent' });
    const other = uniqueEmail('other');
    await createPerson(h, { email: other, password: OLD, role: 'agent' });

    const invited = await call(h, 'POST', '/v1/invitations', {
      cookie: ownerCookie,
      body: { email: ana, role: 'developer' },
    });
    assert.equal(invited.status, 200, JSON.stringify(invited.body));
    const token = linkTokenIn(invited.body.link);
    const shown = await call(h, 'GET', `/v1/links/${token}`);
    assert.deepEqual([shown.body.existingPerson, shown.body.accountName], [true, 'Second']);

    // The link alone: no session, no password set, the link still usable.
    const anonymous = await call(h, 'POST', `/v1/links/${token}/accept`, { body: { name: 'Eve', password: NEW } });
    assert.deepEqual([anonymous.status, anonymous.body.error?.code], [401, 'session_expired']);
    assert.equal(anonymous.setCookie, null);
    assert.equal((await signIn(ana, NEW)).status, 401);
    const otherCookie = (await signIn(other, OLD)).setCookie;
    const wrong = await call(h, 'POST', `/v1/links/${token}/accept`, { cookie: otherCookie, body: {} });
    assert.deepEqual([wrong.status, wrong.body.error?.code], [403, 'permission_denied']);
    const anaCookie = (await signIn(ana, OLD)).setCookie;
    const crossSite = await call(h, 'POST', `/v1/links/${token}/accept`, {
      cookie: anaCookie,
      body: {},
      origin: 'https://evil.example',
    });
    assert.deepEqual([crossSite.status, crossSite.body.error?.code], [403, 'cross_site_request']);

    const joined = await call(h, 'POST', `/v1/links/${token}/accept`, { cookie: anaCookie, body: {} });
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    assert.deepEqual(joined.body, {
      id: anaId,
      email: ana,
      name: ana.split('@')[0],
      accountId: second.id,
      signedIn: true,
    });
    assert.equal(joined.setCookie, null, 'the session stays as it was');
    const me = await call(h, 'GET', '/v1/me', { cookie: anaCookie });
    assert.deepEqual(
      me.body.accounts.map((a: { id: string; role: string }) => [a.id, a.role]).sort(),
      [
        [h.account.id, 'agent'],
        [second.id, 'developer'],
      ].sort(),
    );
    const switched = await call(h, 'PATCH', '/v1/me/session', { cookie: anaCookie, body: { accountId: second.id } });
    assert.equal(switched.status, 200, JSON.stringify(switched.body));
    const again = await call(h, 'POST', `/v1/links/${token}/accept`, { cookie: anaCookie, body: {} });
    assert.deepEqual([again.status, again.body.error?.code], [400, 'link_invalid']);
    const audit = await h.deps.store.read
      .selectFrom('audit_events')
      .select(['actor_id', 'chain'])
      .where('action', '=', 'member.joined')
      .where('object_id', '=', anaId)
      .execute();
    assert.deepEqual(
      audit.map((a) => a.actor_id),
      [anaId],
    );
  });
});
