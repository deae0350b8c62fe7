/**
 * Mail (docs/api.md §D26) through a real SMTP server in process (test/smtp-kit.ts): invitations
 * mailed, and kept and answered when the mail fails; password resets mailed, completed (sessions
 * ended, the old password refused, the link used once, an expired one refused), answered the same for
 * an unknown email, and limited; a member's reset link mailed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { call as callAt, createPerson, uniqueAddress, uniqueEmail } from './people-kit.js';
import { linkTokenIn, startSmtp, type SmtpInbox } from './smtp-kit.js';

/** PUBLIC_URL: mail needs it, and a signed-in write's Origin must be it. */
const PUBLIC_URL = 'http://localhost:3000';
const OLD = 'an old password nobody guesses';
const NEW = 'a brand new password for ana';

describe('mail', () => {
  let h: Harness;
  let smtp: SmtpInbox;
  before(async () => {
    smtp = await startSmtp();
    h = await startHarness({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tidings <tidings@example.com>', PUBLIC_URL } });
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  const call = (...[method, url, o = {}]: Parameters<typeof callAt> extends [unknown, ...infer R] ? R : never) =>
    callAt(h, method, url, { origin: PUBLIC_URL, ...o });
  const signIn = async (email: string, password: string, address = uniqueAddress()) =>
    call('POST', '/v1/auth/sign_in', { body: { email, password }, address });

  it('mails an invitation (the answer has no link), and its link lets the person join', async () => {
    const owner = uniqueEmail('owner');
    await createPerson(h, { email: owner, password: OLD });
    const cookie = (await signIn(owner, OLD)).setCookie;
    const ana = uniqueEmail('ana');
    const invited = await call('POST', '/v1/invitations', { cookie, body: { email: ana, role: 'agent' } });
    assert.equal(invited.status, 200, JSON.stringify(invited.body));
    assert.deepEqual([invited.body.mail, invited.body.link], ['sent', null]);

    const mail = await smtp.take(ana);
    assert.deepEqual(mail.to, [ana]);
    assert.equal(mail.from, 'tidings@example.com');
    assert.equal(mail.subject, 'You are invited to Acme on Tidings');
    assert.match(mail.text, /as agent/);
    assert.match(mail.text, /^http:\/\/localhost:3000\/dashboard\/#\/join\/[A-Za-z0-9]{40}$/m);
    const token = linkTokenIn(mail.text);
    const shown = await call('GET', `/v1/links/${token}`);
    assert.deepEqual([shown.body.kind, shown.body.email, shown.body.existingPerson], ['invite', ana, false]);
    const joined = await call('POST', `/v1/links/${token}/accept`, { body: { name: 'Ana', password: NEW } });
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    assert.deepEqual([joined.body.email, joined.body.signedIn, joined.body.accountId], [ana, true, h.account.id]);
    assert.ok(joined.setCookie);
  });

  it('keeps an invitation whose mail fails, and answers its link to the inviter', async () => {
    const owner = uniqueEmail('owner');
    await createPerson(h, { email: owner, password: OLD });
    const cookie = (await signIn(owner, OLD)).setCookie;
    const email = uniqueEmail('refused');
    const invited = await call('POST', '/v1/invitations', { cookie, body: { email, role: 'viewer' } });
    assert.equal(invited.status, 200, JSON.stringify(invited.body));
    assert.equal(invited.body.mail, 'failed');
    const token = linkTokenIn(invited.body.link);
    const pending = await call('GET', '/v1/invitations', { cookie });
    assert.ok(pending.body.data.some((i: { id: string }) => i.id === invited.body.id));
    const shown = await call('GET', `/v1/links/${token}`);
    assert.equal(shown.status, 200);
  });

  it("renews an invitation's link: mailed again, the old link refused, or answered when asked", async () => {
    const owner = uniqueEmail('owner');
    await createPerson(h, { email: owner, password: OLD });
    const cookie = (await signIn(owner, OLD)).setCookie;
    const bo = uniqueEmail('bo');
    const invited = await call('POST', '/v1/invitations', { cookie, body: { email: bo, role: 'agent' } });
    const first = linkTokenIn((await smtp.take(bo)).text);
    const renewed = await call('POST', `/v1/invitations/${invited.body.id}/link`, { cookie, body: {} });
    assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
    assert.deepEqual([renewed.body.id, renewed.body.mail, renewed.body.link], [invited.body.id, 'sent', null]);
    const second = linkTokenIn((await smtp.take(bo)).text);
    assert.notEqual(second, first);
    assert.equal((await call('GET', `/v1/links/${first}`)).body.error?.code, 'link_invalid');
    const answered = await call('POST', `/v1/invitations/${invited.body.id}/link`, { cookie, body: { mail: false } });
    assert.equal(answered.body.mail, 'off');
    const third = linkTokenIn(answered.body.link);
    assert.equal((await call('GET', `/v1/links/${second}`)).body.error?.code, 'link_invalid');
    assert.equal((await call('GET', `/v1/links/${third}`)).status, 200);
    assert.equal(smtp.to(bo).length, 2);
  });

  it('mails a reset link; using it sets the password, ends every session, and works once', async () => {
    const email = uniqueEmail('reset');
    const id = await createPerson(h, { email, password: OLD });
    const first = (await signIn(email, OLD)).setCookie;
    const second = (await signIn(email, OLD)).setCookie;
    assert.equal((await call('GET', '/v1/me', { cookie: first })).status, 200);

    const asked = await call('POST', '/v1/auth/password_reset', { body: { email }, address: uniqueAddress() });
    assert.equal(asked.status, 202);
    const mail = await smtp.take(email);
    assert.equal(mail.subject, 'Choose a new Tidings password');
    assert.match(mail.text, /1 hour/);
    const token = linkTokenIn(mail.text);
    const shown = await call('GET', `/v1/links/${token}`);
    assert.deepEqual(shown.body, {
      kind: 'password_reset',
      email,
      accountName: null,
      role: null,
      existingPerson: true,
    });
    const weak = await call('POST', `/v1/links/${token}/accept`, { body: { password: 'short' } });
    assert.deepEqual([weak.status, weak.body.error?.code], [400, 'password_too_weak']);
    const done = await call('POST', `/v1/links/${token}/accept`, { body: { password: NEW } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.deepEqual(done.body, { id, email, name: email.split('@')[0], accountId: null, signedIn: false });
    assert.equal(done.setCookie, null, 'a reset signs no one in');

    for (const cookie of [first, second]) {
      const me = await call('GET', '/v1/me', { cookie });
      assert.deepEqual([me.status, me.body.error?.code], [401, 'session_expired']);
    }
    assert.deepEqual((await signIn(email, OLD)).body.error?.code, 'sign_in_failed');
    assert.equal((await signIn(email, NEW)).status, 200);
    const again = await call('POST', `/v1/links/${token}/accept`, { body: { password: `${NEW} again` } });
    assert.deepEqual([again.status, again.body.error?.code], [400, 'link_invalid']);

    const audit = await h.deps.store.read
      .selectFrom('audit_events')
      .select(['action', 'chain'])
      .where('action', 'like', 'user.password_reset%')
      .where('object_id', '=', id)
      .execute();
    assert.deepEqual(audit.map((a) => a.action).sort(), ['user.password_reset', 'user.password_reset_link_created']);
  });

  it('refuses an expired reset link', async () => {
    const email = uniqueEmail('late');
    await createPerson(h, { email, password: OLD });
    await call('POST', '/v1/auth/password_reset', { body: { email }, address: uniqueAddress() });
    const token = linkTokenIn((await smtp.take(email)).text);
    await h.deps.store.write((tx) =>
      tx
        .updateTable('one_time_links')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('kind', '=', 'password_reset')
        .where('email', '=', email)
        .execute(),
    );
    const late = await call('POST', `/v1/links/${token}/accept`, { body: { password: NEW } });
    assert.deepEqual([late.status, late.body.error?.code], [400, 'link_invalid']);
    assert.equal((await signIn(email, OLD)).status, 200);
  });

  it('answers an unknown email exactly as a known one, and mails it (and a single sign-on person) nothing', async () => {
    const known = uniqueEmail('known');
    await createPerson(h, { email: known, password: OLD });
    const unknown = uniqueEmail('nobody');
    const a = await call('POST', '/v1/auth/password_reset', { body: { email: known }, address: uniqueAddress() });
    const b = await call('POST', '/v1/auth/password_reset', { body: { email: unknown }, address: uniqueAddress() });
    assert.deepEqual([b.status, b.body], [a.status, a.body]);
    const headers = (x: typeof a) => Object.keys(x.headers).sort();
    assert.deepEqual(headers(b), headers(a));
    const ssoOnly = uniqueEmail('sso');
    await createPerson(h, { email: ssoOnly, password: null });
    const c = await call('POST', '/v1/auth/password_reset', { body: { email: ssoOnly }, address: uniqueAddress() });
    assert.deepEqual([c.status, c.body], [a.status, a.body]);
    await h.deps.resets.settle();
    await smtp.take(known);
    assert.deepEqual(smtp.to(unknown), []);
    assert.deepEqual(smtp.to(ssoOnly), [], 'a person of single sign-on only gets no reset mail');
  });

  it('mails at most 3 resets an hour to an email, and refuses an address past 10', async () => {
    const email = uniqueEmail('many');
    await createPerson(h, { email, password: OLD });
    for (let i = 0; i < 4; i++) {
      const res = await call('POST', '/v1/auth/password_reset', { body: { email }, address: uniqueAddress() });
      assert.equal(res.status, 202);
    }
    await h.deps.resets.settle();
    assert.equal(smtp.to(email).length, 3);

    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await call('POST', '/v1/auth/password_reset', { body: { email: uniqueEmail('x') }, address })).status,
      );
    assert.deepEqual(statuses, [...Array(10).fill(202), 429]);
  });

  it("mails a member's reset link made by an admin", async () => {
    const admin = uniqueEmail('admin');
    await createPerson(h, { email: admin, password: OLD, role: 'admin' });
    const member = uniqueEmail('member');
    const memberId = await createPerson(h, { email: member, password: OLD, role: 'agent' });
    const cookie = (await signIn(admin, OLD)).setCookie;
    const made = await call('POST', `/v1/members/${memberId}/password_reset`, { cookie });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual([made.body.mail, made.body.link], ['sent', null]);
    const token = linkTokenIn((await smtp.take(member)).text);
    const done = await call('POST', `/v1/links/${token}/accept`, { body: { password: NEW } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal((await signIn(member, NEW)).status, 200);
  });
});
