// test-runner: no database
/**
 * The templates file of `tidings templates` (src/cli/templates/template-file.ts, pull.ts), without
 * a service: every problem named by line, template and field; a pulled file read back as it was
 * written. The commands against a running service: cli-templates.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TemplatesStopped } from '../src/cli/templates/client.js';
import { nextName } from '../src/cli/templates/plan.js';
import { templatesYaml } from '../src/cli/templates/pull.js';
import { parseTemplateFile } from '../src/cli/templates/template-file.js';

/** A file's problems, as the error lists them. */
function fileProblems(text: string): string {
  try {
    parseTemplateFile(text, 'templates.yaml');
  } catch (err) {
    assert.ok(err instanceof TemplatesStopped && err.code === 'template_file_invalid', String(err));
    return err.message;
  }
  assert.fail('the file was read as valid');
}

describe('reading a templates file', () => {
  it('names each problem by line, template and field, and reads the two kinds of template', () => {
    const problems = fileProblems(
      [
        'templates:',
        '  - name: order_shipped', // 2
        '    language: en_US',
        '    body: Hi {{1}}, your order has shipped.',
        '    footr: Reply STOP', // 5
        '    variables:',
        '      - example: 42', // 7
        '  - name: from_library', // 8
        '    language: en_US',
        '    libraryTemplateName: delivery_update_1',
        '    body: Hi', // 11
        '  - name: order_shipped', // 12
        '    language: en_US',
        '    body: Hi {{1}}, again.',
        '    timeToLive: 5', // 15
        '  - name: no_body', // 16
        '    language: en_US',
        '  - name: order_shipped', // 18
        '    language: en_US',
        '    body: Twice.',
      ].join('\n'),
    );
    assert.match(problems, /^templates\.yaml is not a valid templates file \(7 problems\):$/m);
    assert.match(
      problems,
      /^ {2}templates\.yaml:5: order_shipped \(en_US\): footr: unknown field; did you mean footer\?$/m,
    );
    assert.match(
      problems,
      /^ {2}templates\.yaml:7: order_shipped \(en_US\): variables\[0\]\.example: must be text, not 42; quote it: '42'$/m,
    );
    assert.match(
      problems,
      /^ {2}templates\.yaml:11: from_library \(en_US\): body: a template from the Template Library .* takes no content/m,
    );
    assert.match(
      problems,
      /^ {2}templates\.yaml:15: order_shipped \(en_US\): timeToLive: must be at least 30 \(seconds: 30 to 43,200\), not 5$/m,
    );
    assert.match(problems, /^ {2}templates\.yaml:16: no_body \(en_US\): body is missing/m);
    assert.match(problems, /^ {2}templates\.yaml:12: order_shipped \(en_US\): given twice \(first on line 2\)/m);
    assert.match(problems, /^ {2}templates\.yaml:18: order_shipped \(en_US\): given twice \(first on line 2\)/m);

    assert.match(fileProblems('templates:\n  - name: [x\n'), /templates\.yaml:\d+: .*\]/);
    assert.match(fileProblems(''), /templates\.yaml:1: the file must be a mapping with the key `templates:`/);
    assert.match(
      fileProblems(
        'templates:\n  - name: x\n    language: en_US\n    header: { type: image, text: Hi }\n    body: Hi\n',
      ),
      /:4: x \(en_US\): header: an image header needs a mediaId.*\n.*:4: x \(en_US\): header\.text: an image header has no text/,
    );

    const read = parseTemplateFile(
      'templates:\n  - name: a\n    language: en_US\n    body: Hi\n    footer:\n  - name: b\n    language: en_US\n    libraryTemplateName: delivery_update_1\n',
      'f.yaml',
    );
    assert.deepEqual(
      read.map((t) => [t.kind, t.line, t.entry.name]),
      [
        ['content', 2, 'a'],
        ['library', 6, 'b'],
      ],
    );
    assert.equal(read[0]!.entry.footer, undefined, 'an empty field is left out');
  });

  it('pulls by name then language, without generated templates, and reads its own output back', () => {
    const base = {
      status: 'approved',
      category: 'UTILITY',
      variables: [],
      header: null,
      footer: null,
      buttons: [],
      timeToLive: null,
      source: 'tidings',
      rejectionReason: null,
      updatedAt: '2026-11-21T10:00:00.000Z',
    };
    const text = templatesYaml(
      [
        {
          ...base,
          id: 'tpl_3',
          name: 'b_notice',
          language: 'es_ES',
          body: 'Hola {{1}}.\nSegunda línea: "citada".',
          variables: [{ example: '{{x}}' }],
        },
        {
          ...base,
          id: 'tpl_2',
          name: 'b_notice',
          language: 'en_US',
          body: 'Hi {{1}}, your order shipped.',
          variables: [{ example: '42', name: 'first_name' }],
          timeToLive: 3600,
        },
        {
          ...base,
          id: 'tpl_1',
          name: 'a_lib',
          language: 'en_US',
          body: 'From the library',
          libraryTemplateName: 'delivery_update_1',
          libraryInputs: { body: { addTrackPackageLink: true } },
        },
        { ...base, id: 'tpl_4', name: 'direct', language: 'en_US', body: 'Generated', source: 'generated' },
      ],
      'templates.yaml',
    );
    assert.match(text, /^# WhatsApp message templates of a Tidings account, as code/);
    assert.match(text, /npx tidings templates plan templates\.yaml/);
    const read = parseTemplateFile(text, 'templates.yaml');
    assert.deepEqual(
      read.map((t) => `${t.entry.name}/${t.entry.language}/${t.kind}`),
      ['a_lib/en_US/library', 'b_notice/en_US/content', 'b_notice/es_ES/content'],
    );
    assert.deepEqual(read[1]!.entry, {
      name: 'b_notice',
      language: 'en_US',
      body: 'Hi {{1}}, your order shipped.',
      variables: [{ example: '42', name: 'first_name' }],
      timeToLive: 3600,
    });
    assert.equal(read[2]!.entry.body, 'Hola {{1}}.\nSegunda línea: "citada".');
    assert.match(text, / {4}body: \|-\n {6}Hola \{\{1\}\}\.\n/, 'multi-line text as a literal block');
    assert.equal(nextName('order_shipped'), 'order_shipped_v2');
    assert.equal(nextName('order_shipped_v2'), 'order_shipped_v3');
  });
});
