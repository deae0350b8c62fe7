/** What the CLI refuses, with its exit code: an approved template's new body, a file that is not valid, content the service refuses, usage errors. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { runCli } from '../../src/cli/main.js';
import type { Template } from '../../src/templates/template.schemas.js';
import { cliKit, type CliScope } from './kit.js';

export function refusalCases(scope: () => CliScope): void {
  const { cli, get, editFile, entry } = cliKit(scope);

  it("refuses to change an approved template's body, in plan and apply, and changes nothing", async () => {
    const { file, ids } = scope();
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
    const { h, file } = scope();
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
    const { h, file } = scope();
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
}
