/** The admin CLI (docs/api.md §D1): accounts and keys, JSON output, keys working at once, its version. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../src/cli/main.js';
import { DIALECT } from './database.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, ROOT } from './helpers.js';

/** The CLI as its own OS process, as `npx tidings` runs it (`bin/tidings.js`, the build's bundle): its exit code and output. */
function cliProcess(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/tidings.js', ...argv], { cwd: ROOT }, (error, out, err) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out, err }),
    );
  });
}

describe('admin CLI version', () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

  it("prints the package's version for --version and -V, and exits 0", async () => {
    for (const flag of ['--version', '-V']) {
      const res = await cliProcess(flag);
      assert.equal(res.code, 0, res.err);
      assert.equal(res.out, `${version}\n`, flag);
    }
  });

  it('lists --version in --help', async () => {
    const res = await cliProcess('--help');
    assert.equal(res.code, 0, res.err);
    assert.match(res.out, /^\s+-V, --version\s+print the version of Tidings/m);
  });
});

describe('admin CLI', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    // The CLI reads the same configuration as the service: the harness's data dir and database.
    Object.assign(process.env, h.env);
  });
  after(() => h.close());

  async function cli(...argv: string[]) {
    let out = '';
    let err = '';
    const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
    return {
      code,
      out,
      err,
      json: () => JSON.parse(out),
      error: () => JSON.parse(err.trim().split('\n').at(-1)!).error,
    };
  }

  it('creates a simulated account and prints it as JSON', async () => {
    const res = await cli('accounts', 'create', '--name', 'Bakery', '--json');
    assert.equal(res.code, 0, res.err);
    const account = res.json();
    assert.match(account.id, /^acc_/);
    assert.equal(account.name, 'Bakery');
    assert.match(account.wabaId, /^\d{15}$/);
    assert.equal(account.phoneNumbers.length, 1);
    assert.match(account.phoneNumbers[0].phoneNumberId, /^\d{15}$/);
    assert.match(account.phoneNumbers[0].displayPhoneNumber, /^1555\d{7}$/);
  });

  it('creates an account with platform credentials, stored encrypted', async () => {
    const res = await cli(
      'accounts',
      'create',
      '--name',
      'Real Co',
      '--waba-id',
      '102290129340398',
      '--phone-number-id',
      '106540352299999',
      '--phone-number',
      '+1 555 078 3881',
      '--access-token',
      'EAAG-secret-token',
      '--app-secret',
      'app-secret-value',
      '--throughput',
      '1000',
    );
    assert.equal(res.code, 0, res.err);
    const account = res.json();
    assert.equal(account.wabaId, '102290129340398');
    assert.deepEqual(account.phoneNumbers[0], {
      phoneNumberId: '106540352299999',
      displayPhoneNumber: '15550783881',
      throughput: 1000,
      throughputSource: 'override',
      directSend: 'unknown',
    });
    const row = await h.deps.store.read
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    assert.doesNotMatch(row.access_token_enc, /EAAG-secret-token/);
    assert.doesNotMatch(row.app_secret_enc ?? '', /app-secret-value/);
    assert.equal((await h.deps.accounts.senderCredentials('106540352299999')).accessToken, 'EAAG-secret-token');
  });

  it('says which database it opened (on stderr, unless --json asks for JSON only)', async () => {
    const human = await cli('accounts', 'list');
    assert.match(
      human.err,
      DIALECT === 'sqlite'
        ? /^Database: SQLite at .*tidings\.sqlite\n/
        : /^Database: PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:5432\/test/,
    );
    assert.equal((await cli('accounts', 'list', '--json')).err, '');
  });

  it('refuses incomplete platform details and bad numbers with a JSON error and exit code 1', async () => {
    let res = await cli('accounts', 'create', '--name', 'Half', '--waba-id', '1');
    assert.equal(res.code, 1);
    assert.equal(res.error().code, 'parameter_missing');
    res = await cli('accounts', 'create', '--name', 'Fast', '--throughput', '5000', '--json');
    assert.equal(res.code, 1);
    assert.equal(JSON.parse(res.err).error.code, 'parameter_invalid');
    res = await cli('keys', 'create', '--account', 'acc_nope', '--mode', 'live');
    assert.equal(res.code, 1);
    res = await cli(
      'keys',
      'create',
      '--account',
      h.account.id,
      '--mode',
      'live',
      '--scopes',
      'messages:send,everything',
    );
    assert.equal(res.code, 1);
    assert.match(res.error().message, /everything/);
  });

  it('creates a key that works at once in the running service, with the scopes and rate limit asked for', async () => {
    const res = await cli(
      'keys',
      'create',
      '--account',
      h.account.id,
      '--mode',
      'test',
      '--scopes',
      'messages:read',
      '--rate-limit',
      '7',
      '--json',
    );
    assert.equal(res.code, 0, res.err);
    const key = res.json();
    assert.match(key.key, /^sk_test_[0-9A-Za-z]{32}$/);
    assert.deepEqual([key.mode, key.scopes, key.accountId], ['test', ['messages:read'], h.account.id]);
    const list = await h.api('GET', '/v1/messages', { key: key.key });
    assert.equal(list.status, 200);
    assert.equal(list.headers['ratelimit-limit'], '7');
    const send = await h.api('POST', '/v1/messages/', {
      key: key.key,
      body: { to: '+16505551234', type: 'text', text: 'x' },
    });
    assert.equal(send.body.error.code, 'permission_denied');
  });

  it('lists keys without the secret, and revokes a key (then refused)', async () => {
    const created = (await cli('keys', 'create', '--account', h.account.id, '--mode', 'live')).json();
    const listed = await cli('keys', 'list', '--account', h.account.id, '--json');
    assert.equal(listed.code, 0);
    assert.ok(!listed.out.includes(created.key), 'the key itself is never listed');
    const entry = listed.json().find((k: { id: string }) => k.id === created.id);
    assert.equal(entry.hint, `sk_live_…${created.key.slice(-4)}`);
    const table = await cli('keys', 'list');
    assert.match(table.out, new RegExp(created.id));
    assert.equal((await cli('keys', 'revoke', created.id, '--json')).json().revoked, true);
    // The service caches keys until told of a change: it hears of the revocation (test/caches.test.ts).
    await eventually(
      async () => (await h.api('GET', '/v1/messages', { key: created.key })).body.error?.code === 'api_key_invalid',
    );
    assert.equal((await cli('keys', 'revoke', created.id)).code, 1, 'revoking twice is an error');
  });

  it("sets an account's retention, refuses a bad number of days, and sweeps at once", async () => {
    let res = await cli(
      'accounts',
      'update',
      h.account.id,
      '--retain-customer-files',
      '90',
      '--retain-message-bodies',
      '365',
      '--json',
    );
    assert.equal(res.code, 0, res.err);
    assert.deepEqual([res.json().retention.customerFilesDays, res.json().retention.messageBodiesDays], [90, 365]);
    res = await cli('accounts', 'update', h.account.id, '--retain-message-bodies', 'forever');
    assert.equal(res.code, 0, res.err);
    assert.match(res.out, /customers' files kept 90 days, message bodies for ever/);
    const shown = (await h.api('GET', '/v1/account')).body.retention;
    assert.deepEqual([shown.customerFilesDays, shown.messageBodiesDays], [90, null]);
    for (const bad of ['0', '36501', 'soon']) {
      res = await cli('accounts', 'update', h.account.id, '--retain-customer-files', bad);
      assert.equal(res.code, 1, bad);
      assert.match(res.err, /must be a number of days from 1 to 36500, or forever/);
    }
    res = await cli('accounts', 'update', 'acc_nope', '--retain-customer-files', '30', '--json');
    assert.deepEqual([res.code, res.error().code], [1, 'account_not_found']);
    res = await cli('retention', 'sweep', '--json');
    assert.equal(res.code, 0, res.err);
    assert.deepEqual(Object.keys(res.json()), [
      'customerFiles',
      'bodyAccounts',
      'events',
      'platformPayloads',
      'platformWebhookEvents',
      'inactiveContacts',
      'skipped',
    ]);
    assert.match((await cli('accounts', 'list')).out, /files 90d, bodies forever/);
  });

  it('allows and forbids suppression overrides: an operator decision no key can make (issue 38)', async () => {
    let res = await cli('accounts', 'consent', h.account.id);
    assert.equal(res.code, 0, res.err);
    assert.match(res.out, /may not override a suppression/);
    res = await cli('accounts', 'consent', h.account.id, '--allow-suppression-override', '--json');
    assert.equal(res.code, 0, res.err);
    assert.equal(res.json().allowSuppressionOverride, true);
    assert.equal((await h.api('GET', '/v1/account/consent')).body.allowSuppressionOverride, true);
    res = await cli('accounts', 'consent', h.account.id, '--no-allow-suppression-override');
    assert.match(res.out, /may not override/);
    assert.equal((await h.api('GET', '/v1/account/consent')).body.allowSuppressionOverride, false);
    res = await cli('accounts', 'consent', 'acc_nope', '--allow-suppression-override', '--json');
    assert.deepEqual([res.code, res.error().code], [1, 'account_not_found']);
  });

  it('lists accounts as a table and as JSON', async () => {
    const json = await cli('accounts', 'list', '--json');
    assert.ok(json.json().some((a: { id: string }) => a.id === h.account.id));
    const table = await cli('accounts', 'list');
    assert.match(table.out, /^id\s+name\s+wabaId/);
  });
});
