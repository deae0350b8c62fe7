/** `templates pull`, `plan` and `apply` in turn: pulled into YAML, edited, planned (in words, colour and JSON), applied once. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { parse } from 'yaml';
import { runCli } from '../../src/cli/main.js';
import type { Template } from '../../src/templates/template.schemas.js';
import { cliKit, type CliScope } from './kit.js';

export function pullPlanApplyCases(scope: () => CliScope): void {
  const { cli, get, editFile, entry } = cliKit(scope);

  it('pulls every template into YAML, which plans as unchanged', async () => {
    const { file } = scope();
    const pulled = await cli('templates', 'pull', file);
    assert.equal(pulled.code, 0, pulled.err);
    assert.equal(pulled.out, `Wrote 4 templates to ${file}.\n`);
    const text = fs.readFileSync(file, 'utf8');
    assert.deepEqual(
      (parse(text) as { templates: { name: string }[] }).templates.map((t) => t.name),
      ['appt_reminder', 'kept_elsewhere', 'order_shipped', 'payment_failed'],
    );
    assert.match(text, /# rejected: TAG_CONTENT_MISMATCH\n {2}- name: payment_failed/);
    const stdout = await cli('templates', 'pull', '-');
    assert.equal(stdout.out, text, '- writes the same to stdout');

    const plan = await cli('templates', 'plan', file, '--detailed-exitcode');
    assert.equal(plan.code, 0, plan.out + plan.err);
    assert.match(
      plan.out,
      /^= unchanged \(4\): appt_reminder \(en_US\), kept_elsewhere \(en_US\), order_shipped \(en_US\), payment_failed \(en_US\)$/m,
    );
    assert.match(plan.out, /No changes: the service matches/);
  });

  it('plans a new template, an edit of a rejected one and a time to live change, leaving out-of-file templates alone', async () => {
    const { h, file, ids } = scope();
    editFile((templates) => {
      templates.push({
        name: 'delivery_window',
        language: 'en_US',
        body: 'Your delivery {{1}} arrives between {{2}} today.',
        variables: [{ example: 'A-7' }, { example: '9 and 11' }],
      });
      entry(templates, 'payment_failed').body =
        'Your payment for order {{1}} did not go through.\nPlease try another card.';
      entry(templates, 'appt_reminder').timeToLive = 7200;
      templates.splice(templates.indexOf(entry(templates, 'kept_elsewhere')), 1);
    });
    const plan = await cli('templates', 'plan', file);
    assert.equal(plan.code, 0, plan.out + plan.err);
    assert.match(plan.out, /^\+ delivery_window \(en_US\) will be created$/m);
    assert.match(
      plan.out,
      /^~ payment_failed \(en_US\) will be updated \(rejected: edited, then submitted for review again\)\n {4}body:\n {6}Your payment for order \{\{1\}\} did not go through\.\n {4}\+ Please try another card\.$/m,
    );
    assert.match(
      plan.out,
      /^~ appt_reminder \(en_US\): its time to live will change \(approved: no new review\)\n {4}timeToLive: 3600 → 7200$/m,
    );
    assert.match(plan.out, /^= unchanged \(1\): order_shipped \(en_US\)$/m);
    assert.match(plan.out, /^ {2}not in file \(left alone\) \(1\): kept_elsewhere \(en_US\) approved$/m);
    assert.match(
      plan.out,
      /Plan: 1 to create, 1 to update, 1 time-to-live update, 1 unchanged, 0 cannot change, 0 invalid; 1 not in file/,
    );
    assert.ok(!plan.out.includes('\u001b['), 'no colour when stdout is not a terminal');
    for (const [NO_COLOR, coloured] of [
      [undefined, true],
      ['1', false],
    ] as const) {
      let out = '';
      await runCli(['templates', 'plan', file], {
        out: (t) => (out += t),
        err: () => {},
        outIsTTY: true,
        env: { TIDINGS_URL: h.url, TIDINGS_API_KEY: h.account.liveKey, NO_COLOR },
      });
      assert.equal(out.includes('\u001b[33m~ payment_failed'), coloured, `a terminal, NO_COLOR=${NO_COLOR}`);
    }

    assert.equal((await cli('templates', 'plan', file, '--detailed-exitcode')).code, 2, 'changes pending');
    const json = (await cli('templates', 'plan', file, '--json')).json();
    assert.deepEqual(
      [json.valid, json.changes, json.summary],
      [
        true,
        true,
        { create: 1, update: 1, 'ttl-update': 1, unchanged: 1, 'cannot-change': 0, invalid: 0, 'not-in-file': 1 },
      ],
    );
    assert.deepEqual(json.templates.find((t: { name: string }) => t.name === 'appt_reminder').changes, [
      { field: 'timeToLive', before: 3600, after: 7200 },
    ]);
    assert.equal((await get(ids.payment_failed!)).status, 'rejected', 'plan changes nothing');
  });

  it('applies them, and a second apply changes nothing', async () => {
    const { h, file, ids } = scope();
    const applied = await cli('templates', 'apply', file);
    assert.equal(applied.code, 0, applied.out + applied.err);
    assert.match(applied.out, /^\+ delivery_window \(en_US\): created tpl_\w+ \(processing\)$/m);
    assert.match(applied.out, /^~ payment_failed \(en_US\): updated tpl_\w+ \(now processing\)$/m);
    assert.match(applied.out, /^~ appt_reminder \(en_US\): time to live set to 7200 s tpl_\w+$/m);
    assert.match(
      applied.out,
      /Applied: 1 created, 1 updated, 1 time-to-live updated, 1 unchanged; 0 cannot change, 0 invalid, 0 failed; 1 not in file/,
    );

    const list = (await h.api<{ data: Template[] }>('GET', '/v1/templates/?limit=100')).body.data;
    const created = list.find((t) => t.name === 'delivery_window')!;
    assert.deepEqual(
      [created.status, created.body, created.variables],
      ['processing', 'Your delivery {{1}} arrives between {{2}} today.', [{ example: 'A-7' }, { example: '9 and 11' }]],
    );
    const edited = await get(ids.payment_failed!);
    assert.deepEqual(
      [edited.status, edited.body, edited.rejectionReason],
      ['processing', 'Your payment for order {{1}} did not go through.\nPlease try another card.', null],
    );
    const ttl = await get(ids.appt_reminder!);
    assert.deepEqual([ttl.status, ttl.timeToLive], ['approved', 7200]);
    assert.equal((await get(ids.kept_elsewhere!)).status, 'approved', 'left alone');

    const again = await cli('templates', 'apply', file);
    assert.equal(again.code, 0, again.out + again.err);
    assert.match(again.out, /No changes: the service already matches .* \(4 templates\)\.$/m);
    assert.equal((await cli('templates', 'plan', file, '--detailed-exitcode')).code, 0);
  });
}
