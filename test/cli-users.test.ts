/**
 * `npx tidings users invite|list|remove|reset-password` (docs/guides/team.md), in process as
 * test/cli.test.ts runs the CLI: without mail the links are printed and work; with mail (a real SMTP
 * server in process, test/smtp-kit.ts) they are mailed and not printed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../src/cli/main.js';
import { startHarness, type Harness } from './harness.js';
import { call, createPerson, uniqueAddress, uniqueEmail } from './people-kit.js';
import { linkTokenIn, startSmtp, type SmtpInbox } from './smtp-kit.js';

const PASSWORD = 'correct horse battery staple';

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err, json: () => JSON.parse(out) };
}

/** Runs `fn` with the CLI reading `env` (the harness's data dir and database, and more), as a process would. */
async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

describe('admin CLI: users without mail', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());
  const run = (...argv: string[]) => withEnv(h.env, () => cli(...argv));

  it('invites (printing the link), lists, resets a password (printing the link) and removes', async () => {
    const email = uniqueEmail('cli');
    const invited = await run('users', 'invite', email, '--account', h.account.id, '--role', 'agent');
    assert.equal(invited.code, 0, invited.err);
    assert.match(invited.out, new RegExp(`Invited ${email} to ${h.account.id} as agent`));
    const token = linkTokenIn(invited.out);
    const joined = await call(h, 'POST', `/v1/links/${token}/accept`, { body: { name: 'Cli', password: PASSWORD } });
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    const invitationId = /\((lnk_\w+)\)/.exec(invited.out)?.[1];
    const audit = await h.deps.store.read
      .selectFrom('audit_events')
      .select('actor_type')
      .where('action', '=', 'member.invited')
      .where('object_id', '=', invitationId ?? '')
      .execute();
    assert.deepEqual(
      audit.map((a) => a.actor_type),
      ['cli'],
    );

    const listed = await run('users', 'list', '--account', h.account.id, '--json');
    assert.equal(listed.code, 0, listed.err);
    assert.ok(listed.json().data.some((m: { email: string; role: string }) => m.email === email && m.role === 'agent'));
    const text = await run('users', 'list', '--account', h.account.id);
    assert.match(text.out, /^email\s+role\s+name/m);

    const reset = await run('users', 'reset-password', email);
    assert.equal(reset.code, 0, reset.err);
    assert.match(reset.out, /1 hour/);
    const resetToken = linkTokenIn(reset.out);
    const done = await call(h, 'POST', `/v1/links/${resetToken}/accept`, { body: { password: `${PASSWORD}!` } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    const signIn = await call(h, 'POST', '/v1/auth/sign_in', {
      body: { email, password: `${PASSWORD}!` },
      address: uniqueAddress(),
    });
    assert.equal(signIn.status, 200);

    const removed = await run('users', 'remove', email, '--account', h.account.id);
    assert.equal(removed.code, 0, removed.err);
    assert.match(removed.out, new RegExp(`${email} \\(agent\\) removed from ${h.account.id}`));
    const after = (await run('users', 'list', '--account', h.account.id, '--json')).json();
    assert.ok(!after.data.some((m: { email: string }) => m.email === email));
    const me = await call(h, 'GET', '/v1/me', { cookie: signIn.setCookie });
    assert.equal(me.status, 401, 'their session in the account ended');
  });

  it('refuses an unknown account, role, member or email, and the last owner', async () => {
    const badAccount = await run('users', 'list', '--account', 'acc_nope');
    assert.deepEqual([badAccount.code, /No account acc_nope/.test(badAccount.err)], [1, true]);
    const badRole = await run('users', 'invite', 'x@example.com', '--account', h.account.id, '--role', 'boss');
    assert.equal(badRole.code, 1);
    assert.match(badRole.err, /must be one of owner, admin/);
    const nobody = await run('users', 'remove', 'nobody@example.com', '--account', h.account.id);
    assert.deepEqual([nobody.code, /not a member/.test(nobody.err)], [1, true]);
    const noReset = await run('users', 'reset-password', 'nobody@example.com');
    assert.deepEqual([noReset.code, /No person signs in as nobody@example.com/.test(noReset.err)], [1, true]);
    const account = await h.newAccount('Lonely');
    const owner = uniqueEmail('lonely');
    await createPerson(h, { email: owner, account: account.id });
    const last = await run('users', 'remove', owner, '--account', account.id);
    assert.deepEqual([last.code, /last owner/.test(last.err)], [1, true]);
  });
});

describe('admin CLI: users with mail', () => {
  let h: Harness;
  let smtp: SmtpInbox;
  before(async () => {
    smtp = await startSmtp();
    h = await startHarness({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'tidings@example.com', PUBLIC_URL: 'https://tidings.example.com' },
    });
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });
  const run = (...argv: string[]) => withEnv(h.env, () => cli(...argv));

  it('mails the invitation and the reset link, and prints no link', async () => {
    const email = uniqueEmail('mailed');
    const invited = await run('users', 'invite', email, '--account', h.account.id, '--role', 'viewer', '--json');
    assert.equal(invited.code, 0, invited.err);
    assert.deepEqual([invited.json().mail, invited.json().link], ['sent', null]);
    const mail = await smtp.take(email);
    assert.match(mail.text, /An administrator invited you/);
    assert.match(mail.text, /^https:\/\/tidings\.example\.com\/dashboard\/#\/join\/[A-Za-z0-9]{40}$/m);

    const person = uniqueEmail('resetme');
    await createPerson(h, { email: person, password: PASSWORD });
    const reset = await run('users', 'reset-password', person);
    assert.equal(reset.code, 0, reset.err);
    assert.equal(reset.out, `The link was mailed to ${person}.\n`);
    assert.match((await smtp.take(person)).subject, /new Tidings password/);
  });
});
