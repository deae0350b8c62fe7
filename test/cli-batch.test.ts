/**
 * `tidings messages send-batch` (README "Admin CLI"): a CSV read as RFC 4180 says, sent through the
 * running service over real HTTP in chunks, refused rows named by their line, and a run stopped
 * part way resumed without sending any row twice.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../src/cli/main.js';
import { CsvInvalid, readCsvSends } from '@tidings/batch-csv';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { routedRowsCase } from './cli-batch/routed.js';

describe('reading a CSV of sends', () => {
  it('reads quotes, a BOM, mixed line ends, multi-line fields, buttons and empty cells, each row with its first line', () => {
    const csv =
      '\ufeffto,first_name,2,button.0.payload,button.1.urlSuffix,clientReference,sendAt\r\n' +
      '+16505550101,"Smith, Jessica",A-1077,stop,A-1077,r-1,\n' +
      '\n' +
      '+16505550102,"two\nlines","say ""hi""",,,r-2,2026-12-01T09:00:00+01:00\r\n' +
      ' +16505550103 ,  ,,,,,\n';
    const rows = readCsvSends(csv, 'tpl_x');
    assert.deepEqual(rows, [
      {
        line: 2,
        send: {
          type: 'template',
          templateId: 'tpl_x',
          to: '+16505550101',
          variables: { first_name: 'Smith, Jessica', '2': 'A-1077' },
          buttons: { '0': { payload: 'stop' }, '1': { urlSuffix: 'A-1077' } },
          clientReference: 'r-1',
        },
      },
      {
        line: 4,
        send: {
          type: 'template',
          templateId: 'tpl_x',
          to: '+16505550102',
          variables: { first_name: 'two\nlines', '2': 'say "hi"' },
          clientReference: 'r-2',
          sendAt: '2026-12-01T09:00:00+01:00',
        },
      },
      { line: 6, send: { type: 'template', templateId: 'tpl_x', to: '+16505550103' } },
    ]);
  });

  it('refuses a file without a "to" column, with a misnamed button column, a ragged row or no rows', () => {
    for (const [csv, why] of [
      ['phone,1\n+16505550101,x\n', /no "to" column/],
      ['to,button.0.url\n+16505550101,x\n', /button\.<index>\.<payload\|urlSuffix\|couponCode>/],
      ['to,1\n+16505550101,x,y\n', /not valid CSV.*line 2/],
      ['to,to\n+1,+2\n', /appears twice/],
      ['to,1\r\n', /no rows/],
      ['', /empty/],
    ] as const)
      assert.throws(
        () => readCsvSends(csv, 'tpl_x'),
        (err: Error) => err instanceof CsvInvalid && why.test(err.message),
        csv,
      );
  });
});

describe('tidings messages send-batch', () => {
  let h: Harness;
  let dir: string;
  let templateId: string;
  before(async () => {
    h = await startHarness();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-csv-'));
    templateId = (
      await approvedTemplate(h, {
        name: 'csv_notice',
        body: 'Hello {{1}}, your order {{2}} has shipped today.',
        variables: [{ example: 'Maria', name: 'first_name' }, { example: 'A-1000' }],
      })
    ).id;
  });
  after(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the CLI in-process against the harness's service over HTTP, as `key`. */
  async function cli(key: string, ...argv: string[]) {
    Object.assign(process.env, { TIDINGS_URL: h.url, TIDINGS_API_KEY: key });
    let out = '';
    let err = '';
    const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
    return { code, out, err, json: () => JSON.parse(out) };
  }
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const messagesOf = async (key: string, batches: string[]) =>
    (
      await Promise.all(
        batches.map(
          async (b) =>
            (
              await h.api<{ data: Message[] }>('GET', `/v1/messages?batch=${b}&limit=100`, { key })
            ).body.data,
        ),
      )
    ).flat();
  const count = async (key: string) =>
    (await h.api<{ data: Message[]; has_more: boolean }>('GET', '/v1/messages?limit=100', { key })).body.data.length;

  // Line 3: an invalid phone; line 4 fills `nickname`, which the template lacks; line 5 quotes
  // quotes; line 6 leaves first_name empty, which refuses the row rather than send the template's
  // example (issue 38, finding 12). The header ends with CRLF.
  const ORDERS =
    'to,first_name,2,nickname,clientReference\r\n' +
    '+16505550110,"Smith, Jessica",A-1077,,csv-1\n' +
    '+1650,Omar,A-1078,,csv-2\n' +
    '+16505550112,Ana,A-1079,Annie,csv-3\n' +
    '+16505550113,Li,"A-""1080""",,csv-4\n' +
    '+16505550114,,A-1081,,csv-5\n' +
    '+16505550115,Noor,A-1082,,csv-6\n';

  it('dry-runs: counts valid and refused rows, windows and pricing, and stores nothing', async () => {
    const file = write('orders.csv', ORDERS);
    const before = await count(h.account.liveKey);
    const res = await cli(
      h.account.liveKey,
      'messages',
      'send-batch',
      file,
      '--template',
      templateId,
      '--batch-size',
      '2',
      '--dry-run',
      '--json',
    );
    assert.equal(res.code, 2, res.err);
    const summary = res.json();
    assert.deepEqual([summary.rows, summary.valid, summary.refused], [6, 3, 3]);
    assert.deepEqual(summary.windows, { open: 0, closed: 3 });
    assert.deepEqual(summary.pricing, { utility_outside_window: 3, utility_inside_window: 0, service: 0 });
    assert.deepEqual(
      summary.refusals.map((r: { line: number; code: string }) => [r.line, r.code]),
      [
        [3, 'phone_number_invalid'],
        [4, 'variables_invalid'],
        [6, 'template_values_missing'],
      ],
    );
    assert.equal(await count(h.account.liveKey), before, 'nothing stored');
    assert.equal((await h.api('GET', '/v1/batches')).body.data.length, 0);
  });

  it('sends every row in chunks, names refused rows by line, exits 2, and replays every chunk when run again', async () => {
    const file = write('orders.csv', ORDERS);
    const argv = ['messages', 'send-batch', file, '--template', templateId, '--batch-size', '2'];
    const first = await cli(h.account.liveKey, ...argv, '--json');
    assert.equal(first.code, 2, first.err);
    const summary = first.json();
    assert.deepEqual([summary.accepted, summary.refused, summary.batches.length, summary.replayed], [3, 3, 3, 0]);
    assert.deepEqual(
      summary.refusals.map((r: { line: number; to: string; code: string }) => [r.line, r.to, r.code]),
      [
        [3, '+1650', 'phone_number_invalid'],
        [4, '+16505550112', 'variables_invalid'],
        [6, '+16505550114', 'template_values_missing'],
      ],
    );
    assert.match(summary.refusals[1].message, /nickname/);
    assert.match(summary.refusals[2].message, /missing "first_name"/);
    assert.equal(first.err, '', '--json: nothing but JSON');

    const stored = await messagesOf(h.account.liveKey, summary.batches);
    const byRef = new Map(stored.map((m) => [m.clientReference, m]));
    assert.deepEqual([...byRef.keys()].sort(), ['csv-1', 'csv-4', 'csv-6']);
    assert.deepEqual(byRef.get('csv-1')!.variables, { first_name: 'Smith, Jessica', '2': 'A-1077' });
    assert.deepEqual(byRef.get('csv-4')!.variables, { first_name: 'Li', '2': 'A-"1080"' });
    assert.deepEqual(byRef.get('csv-6')!.variables, { first_name: 'Noor', '2': 'A-1082' });
    assert.ok(stored.every((m) => m.templateId === templateId && m.to.startsWith('+1650555011')));
    // Each batch says it came from the CLI (its messages, from the API).
    for (const id of summary.batches)
      assert.equal((await h.api<{ source: string }>('GET', `/v1/batches/${id}`)).body.source, 'cli');
    assert.ok(stored.every((m) => m.source === 'api'));

    // The same command again: every chunk answered from its Idempotency-Key, nothing new stored.
    const before = await count(h.account.liveKey);
    const again = await cli(h.account.liveKey, ...argv);
    assert.equal(again.code, 2, again.err);
    assert.match(
      again.out,
      new RegExp(
        `^Accepted 3, refused 3, in 3 batches \\(3 sent by an earlier run of this command, replayed\\): ${summary.batches.join(', ')}\\.`,
      ),
    );
    assert.match(again.out, /line 3 \(\+1650\): phone_number_invalid: /);
    assert.match(
      again.err,
      /^Batch 1 of 3 \(lines 2–3\): 2\/6 rows, 1 refused so far \(bat_\w+, replayed: sent by an earlier run\)$/m,
    );
    assert.equal(await count(h.account.liveKey), before);
  });

  routedRowsCase(() => ({ h, templateId, cli, write, messagesOf }));

  it('stops when the rate limit would keep it waiting past --max-wait, and resumes without sending a row twice', {
    timeout: 60_000,
  }, async () => {
    // A key of 1 message/s (bursts of 2): the first chunk of 2 takes the burst, the second must wait.
    const { key } = await h.deps.keys.createKey({ accountId: h.account.id, mode: 'live', rateLimit: 1 });
    const rows = ['+16505550120', '+16505550121', '+16505550122', '+16505550123'].map(
      (to, i) => `${to},Row ${i},R-${i},wave-${i}`,
    );
    const file = write('wave.csv', `to,first_name,2,clientReference\n${rows.join('\n')}\n`);
    const argv = ['messages', 'send-batch', file, '--template', templateId, '--batch-size', '2'];
    const before = await count(h.account.liveKey);

    const stopped = await cli(key, ...argv, '--max-wait', '0');
    assert.equal(stopped.code, 1, stopped.out);
    assert.match(
      stopped.err,
      /Stopped at batch 2 of 2 \(lines 4–5\): .*--max-wait.*safe to run the same command again/s,
    );
    assert.match(stopped.out, /^Accepted 2, refused 0, in 1 batch: bat_\w+\.$/m);
    assert.equal(await count(h.account.liveKey), before + 2);

    const resumed = await cli(key, ...argv, '--json');
    assert.equal(resumed.code, 0, resumed.err);
    const summary = resumed.json();
    assert.deepEqual([summary.accepted, summary.refused, summary.batches.length, summary.replayed], [4, 0, 2, 1]);
    const stored = await messagesOf(h.account.liveKey, summary.batches);
    assert.deepEqual(
      stored.map((m) => m.clientReference).sort(),
      ['wave-0', 'wave-1', 'wave-2', 'wave-3'],
      'each row once',
    );
    assert.equal(await count(h.account.liveKey), before + 4);
  });

  it('refuses to start without an API key, or on a file it cannot read as sends', async () => {
    let res = await cli('', 'messages', 'send-batch', write('x.csv', 'to\n+16505550130\n'), '--template', templateId);
    assert.equal(res.code, 1);
    assert.match(res.err, /TIDINGS_API_KEY/);
    res = await cli(
      h.account.liveKey,
      'messages',
      'send-batch',
      write('y.csv', 'phone\n+16505550130\n'),
      '--template',
      templateId,
      '--json',
    );
    assert.equal(res.code, 1);
    assert.equal(JSON.parse(res.err).error.code, 'csv_invalid');
    res = await cli(
      h.account.liveKey,
      'messages',
      'send-batch',
      write('z.csv', 'to\n+16505550130\n'),
      '--template',
      templateId,
      '--batch-size',
      '1001',
    );
    assert.equal(res.code, 1);
    assert.match(res.err, /from 1 to 1000/);
  });
});
