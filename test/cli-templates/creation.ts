/** Creating templates from a plan: never twice (the Idempotency-Key answers a repeat), and from the Template Library. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { parse } from 'yaml';
import { applyPlan } from '../../src/cli/templates/apply.js';
import { TemplatesClient } from '../../src/cli/templates/client.js';
import { makePlan } from '../../src/cli/templates/plan.js';
import { parseTemplateFile } from '../../src/cli/templates/template-file.js';
import type { Template } from '../../src/templates/template.schemas.js';
import { cliKit, type CliScope } from './kit.js';

export function creationCases(scope: () => CliScope): void {
  const { cliAs } = cliKit(scope);

  it('never creates twice: a plan applied again after its templates were made is answered from the Idempotency-Key', async () => {
    const { h } = scope();
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
    const { h, dir } = scope();
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
}
