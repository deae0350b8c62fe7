/**
 * `tidings templates pull|plan|apply` (README "Templates in your repository"): an account's
 * templates pulled into YAML, edited, planned and applied through a running service over real
 * HTTP with an API key, the simulator reviewing them by hand (approve, reject) so every status a
 * plan tells apart can be reached. Reading and writing the file alone: cli-templates-file.test.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { runCli } from '../src/cli/main.js';
import { applyPlan } from '../src/cli/templates/apply.js';
import { TemplatesClient } from '../src/cli/templates/client.js';
import { makePlan } from '../src/cli/templates/plan.js';
import { parseTemplateFile } from '../src/cli/templates/template-file.js';
import type { Template } from '../src/templates/template.schemas.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

describe('tidings templates pull, plan, apply', () => {
  let h: Harness;
  let dir: string;
  let file: string;
  const ids: Record<string, string> = {};

  /** Runs the CLI in-process against the harness's service over HTTP, as `key`. */
  async function cliAs(key: string, ...argv: string[]) {
    let out = '';
    let err = '';
    const env = { TIDINGS_URL: h.url, TIDINGS_API_KEY: key };
    const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), env });
    return { code, out, err, json: () => JSON.parse(out) };
  }
  const cli = (...argv: string[]) => cliAs(h.account.liveKey, ...argv);
  const get = async (id: string) => (await h.api<Template>('GET', `/v1/templates/${id}`)).body;
  /** The simulator's review of the template named `name`: approved or rejected, then seen by the service. */
  async function review(name: string, decision: 'APPROVED' | 'REJECTED') {
    const sim = [...h.sim.state.templates.values()].find((x) => x.name === name)!;
    const res = await fetch(`${h.simUrl}/_simulator/templates/${sim.id}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision, reason: 'TAG_CONTENT_MISMATCH' }),
    });
    assert.equal(res.status, 200, await res.text());
    const want = decision === 'APPROVED' ? 'approved' : 'rejected';
    await eventually(async () => (await get(ids[name]!)).status === want);
  }
  async function seed(name: string, content: Record<string, unknown>, decision: 'APPROVED' | 'REJECTED') {
    const res = await h.api<Template>('POST', '/v1/templates/', {
      body: { name, category: 'UTILITY', language: 'en_US', ...content },
      headers: { 'idempotency-key': `seed-${name}` },
    });
    assert.equal(res.status, 201, res.text);
    ids[name] = res.body.id;
    await review(name, decision);
  }
  /** The file as data; `edit` changes it, and it is written back. */
  function editFile(edit: (templates: Record<string, any>[]) => void) {
    const data = parse(fs.readFileSync(file, 'utf8')) as { templates: Record<string, any>[] };
    edit(data.templates);
    fs.writeFileSync(file, stringify(data));
  }
  const entry = (templates: Record<string, any>[], name: string) => templates.find((t) => t.name === name)!;

  before(async () => {
    h = await startHarness({ simulator: { review: 'manual' } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-templates-'));
    file = path.join(dir, 'templates.yaml');
    await seed(
      'order_shipped',
      {
        header: { type: 'text', text: 'Order {{1}}', example: 'A-1042' },
        body: 'Hi {{1}}, your order has shipped and should arrive on {{2}}.',
        variables: [{ example: 'Maria', name: 'first_name' }, { example: 'Tuesday' }],
        footer: 'Reply STOP to opt out',
        buttons: [
          { type: 'quick_reply', text: 'Stop updates' },
          { type: 'url', text: 'Track order', url: 'https://shop.example.com/track/{{1}}', example: 'A-1042' },
        ],
      },
      'APPROVED',
    );
    await seed(
      'appt_reminder',
      {
        body: 'Hi {{1}}, your appointment is on {{2}}. Reply to change it.',
        variables: [{ example: 'Ana' }, { example: 'Monday' }],
        timeToLive: 3600,
      },
      'APPROVED',
    );
    await seed(
      'payment_failed',
      { body: 'Your payment for order {{1}} did not go through.', variables: [{ example: 'A-1' }] },
      'REJECTED',
    );
    await seed(
      'kept_elsewhere',
      { body: 'A template this repository does not manage, {{1}}.', variables: [{ example: 'x' }] },
      'APPROVED',
    );
  });
  after(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('pulls every template into YAML, which plans as unchanged', async () => {
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

  it("refuses to change an approved template's body, in plan and apply, and changes nothing", async () => {
    const before = await get(ids.order_shipped!);
    editFile((templates) => {
      entry(templates, 'order_shipped').body = 'Hi {{1}}, your order is on its way and should arrive on {{2}}.';
    });
    const plan = await cli('templates', 'plan', file, '--detailed-exitcode');
    assert.equal(plan.code, 1, plan.out + plan.err);
    assert.match(
      plan.out,
      /^! order_shipped \(en_US\) cannot change \(approved\)\n {4}body:\n {4}- Hi \{\{1\}\}, your order has shipped .*\n {4}\+ Hi \{\{1\}\}, your order is on its way .*\n {4}An approved template's content is frozen at the platform .* Create it under a new name such as order_shipped_v2 .* then delete the old one/m,
    );
    assert.equal((await cli('templates', 'plan', file)).code, 1);

    const applied = await cli('templates', 'apply', file, '--json');
    assert.equal(applied.code, 1, applied.out + applied.err);
    const result = applied.json();
    assert.equal(result.ok, false);
    assert.deepEqual(
      result.results
        .filter((r: { outcome: string }) => r.outcome !== 'unchanged')
        .map((r: { name: string; outcome: string }) => [r.name, r.outcome]),
      [
        ['order_shipped', 'cannot-change'],
        ['kept_elsewhere', 'not-in-file'],
      ],
    );
    const after = await get(ids.order_shipped!);
    assert.deepEqual([after.body, after.updatedAt, after.status], [before.body, before.updatedAt, 'approved']);
  });

  it('reports a file that is not valid, and content the service refuses, with exit 1', async () => {
    editFile((templates) => {
      entry(templates, 'order_shipped').body = 'Hi {{1}}, your order has shipped and should arrive on {{2}}.';
      entry(templates, 'order_shipped').footr = 'typo';
    });
    const invalid = await cli('templates', 'plan', file);
    assert.equal(invalid.code, 1);
    assert.match(
      invalid.err,
      /^error: .*templates\.yaml is not a valid templates file \(1 problem\):\n {2}.*templates\.yaml:\d+: order_shipped \(en_US\): footr: unknown field; did you mean footer\?$/m,
    );
    assert.equal((await cli('templates', 'plan', file, '--detailed-exitcode')).code, 1);
    assert.equal(JSON.parse((await cli('templates', 'apply', file, '--json')).err).error.code, 'template_file_invalid');

    editFile((templates) => {
      delete entry(templates, 'order_shipped').footr;
      templates.push({
        name: 'ends_badly',
        language: 'en_US',
        body: 'Your code is {{1}}',
        variables: [{ example: '1234' }],
      });
    });
    const plan = await cli('templates', 'plan', file);
    assert.equal(plan.code, 1, plan.out + plan.err);
    assert.match(
      plan.out,
      /^! ends_badly \(en_US\) is invalid \(it would be created\)\n {4}body: placeholder_at_end: /m,
    );
    const applied = await cli('templates', 'apply', file);
    assert.equal(applied.code, 1);
    assert.match(applied.out, /^! ends_badly \(en_US\): invalid, not applied$/m);
    assert.ok(
      !(await h.api<{ data: Template[] }>('GET', '/v1/templates/?limit=100')).body.data.some(
        (t) => t.name === 'ends_badly',
      ),
    );
  });

  it('answers a usage error with 2 (1 under --detailed-exitcode), and a missing key with 1', async () => {
    assert.equal((await cli('templates', 'plan')).code, 2);
    assert.equal((await cli('templates', 'plan', file, '--colour')).code, 2);
    assert.equal((await cli('templates', 'plan', file, '--detailed-exitcode', '--colour')).code, 1);
    let err = '';
    const code = await runCli(['templates', 'pull', '-'], {
      out: () => {},
      err: (t) => (err += t),
      env: { TIDINGS_URL: h.url },
    });
    assert.equal(code, 1);
    assert.match(err, /TIDINGS_API_KEY/);
  });

  it('never creates twice: a plan applied again after its templates were made is answered from the Idempotency-Key', async () => {
    const account = await h.newAccount('repeat');
    const client = new TemplatesClient({ baseUrl: h.url, apiKey: account.liveKey });
    const templates = parseTemplateFile(
      'templates:\n  - name: repeat_me\n    language: en_US\n    body: Your parcel {{1}} is on its way to you.\n    variables:\n      - example: A-9\n',
      'f.yaml',
    );
    const plan = await makePlan(templates, client);
    const first = await applyPlan(plan, client);
    // As a run that crashed after its create reached the service: the same plan again.
    const second = await applyPlan(plan, client);
    assert.deepEqual(
      [first[0]!.outcome, first[0]!.replayed, second[0]!.outcome, second[0]!.replayed, second[0]!.id],
      ['created', false, 'created', true, first[0]!.id],
    );
    const list = (await h.api<{ data: Template[] }>('GET', '/v1/templates/?limit=100', { key: account.liveKey })).body
      .data;
    assert.equal(list.filter((t) => t.name === 'repeat_me').length, 1);
  });

  it('creates a template from the Template Library, which plans as unchanged after, and cannot be edited', async () => {
    const library = await h.api<{ data: { name: string; language: string; buttons?: { type: string }[] }[] }>(
      'GET',
      '/v1/template_library',
    );
    assert.equal(library.status, 200, library.text);
    const pick =
      library.body.data.find((l) => !(l.buttons ?? []).some((b) => ['URL', 'PHONE_NUMBER'].includes(b.type))) ??
      library.body.data[0]!;
    const account = await h.newAccount('library');
    const libraryFile = path.join(dir, 'library.yaml');
    fs.writeFileSync(
      libraryFile,
      `templates:\n  - name: from_the_library\n    language: ${pick.language}\n    libraryTemplateName: ${pick.name}\n`,
    );
    const plan = await cliAs(account.liveKey, 'templates', 'plan', libraryFile);
    assert.equal(plan.code, 0, plan.out + plan.err);
    assert.match(
      plan.out,
      new RegExp(
        `^\\+ from_the_library \\(${pick.language}\\) will be created from the Template Library \\(${pick.name}\\)$`,
        'm',
      ),
    );
    const applied = await cliAs(account.liveKey, 'templates', 'apply', libraryFile);
    assert.equal(applied.code, 0, applied.out + applied.err);
    assert.match(applied.out, /^\+ from_the_library .*: created tpl_\w+ \(approved\)$/m);
    assert.equal(
      (await cliAs(account.liveKey, 'templates', 'plan', libraryFile, '--detailed-exitcode')).code,
      0,
      'unchanged',
    );
    const pulled = await cliAs(account.liveKey, 'templates', 'pull', '-');
    assert.deepEqual((parse(pulled.out) as { templates: unknown[] }).templates, [
      { name: 'from_the_library', language: pick.language, libraryTemplateName: pick.name },
    ]);

    fs.writeFileSync(
      libraryFile,
      `templates:\n  - name: from_the_library\n    language: ${pick.language}\n    libraryTemplateName: ${pick.name}\n    libraryInputs:\n      body:\n        addContactNumber: true\n`,
    );
    const frozen = await cliAs(account.liveKey, 'templates', 'plan', libraryFile);
    assert.equal(frozen.code, 1, frozen.out + frozen.err);
    assert.match(
      frozen.out,
      /cannot change \(approved\)[\s\S]*A template from the Template Library is approved at once and cannot be edited/,
    );
  });
});
