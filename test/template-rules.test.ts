// test-runner: no database
/** Template content rules (docs/api.md §D7, docs/platform.md §2.2): each issue code, and all at once. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkTemplate, type TemplateContent } from '../src/templates/template.rules.js';

const good: TemplateContent = {
  name: 'order_confirmation',
  category: 'UTILITY',
  language: 'en_US',
  body: 'Hi {{1}}! Your order number is {{2}}. Thank you.',
  variables: [{ example: 'Pablo', name: 'first_name' }, { example: '860198-230332' }],
  header: { type: 'text', text: 'Order {{1}}', example: 'A-1042' },
  footer: 'Reply STOP to opt out',
};

const codes = (t: Partial<TemplateContent>) => checkTemplate({ ...good, ...t }).map((i) => `${i.code}@${i.field}`);

describe('template rules', () => {
  it("accepts Meta's own approved example (template-create-request-positional-params.json)", () => {
    assert.deepEqual(checkTemplate(good), []);
    assert.deepEqual(
      codes({ header: null, footer: null, variables: [{ example: 'Pablo' }, { example: '860198-230332' }] }),
      [],
    );
  });

  const cases: [string, Partial<TemplateContent>, string][] = [
    ['name charset', { name: 'Order-Confirmation' }, 'name_invalid@name'],
    ['name length', { name: 'a'.repeat(513) }, 'name_too_long@name'],
    ['category', { category: 'MARKETING' }, 'category_not_allowed@category'],
    ['language', { language: 'english' }, 'language_unknown@language'],
    ['empty body', { body: '   ', variables: [] }, 'body_empty@body'],
    [
      'body length',
      { body: `Hello ${'x'.repeat(1020)} {{1}} and {{2}} thanks`, variables: good.variables! },
      'body_too_long@body',
    ],
    ['malformed placeholder', { body: 'Hi {{1} there, order {{2}} is ready today.' }, 'placeholder_malformed@body'],
    [
      'named placeholder in body',
      { body: 'Hi {{first_name}}, your order {{2}} is ready today.' },
      'placeholder_not_numbered@body',
    ],
    [
      'gap',
      {
        body: 'Hi {{1}}, your order {{3}} is ready for pickup today.',
        variables: [{ example: 'a' }, { example: 'b' }, { example: 'c' }],
      },
      'placeholders_not_sequential@body',
    ],
    ['leading placeholder', { body: '{{1}}, your order number is {{2}}. Thank you.' }, 'placeholder_at_start@body'],
    ['trailing placeholder', { body: 'Hi {{1}}! Your order number is {{2}}' }, 'placeholder_at_end@body'],
    [
      'adjacent placeholders',
      { body: 'Hello there, your code is {{1}} {{2}} as requested.' },
      'placeholders_adjacent@body',
    ],
    ['density', { body: 'Hi {{1}}, {{2}}, ok.' }, 'too_many_placeholders@body'],
    ['missing example', { variables: [{ example: 'Pablo' }] }, 'variable_example_missing@variables[1].example'],
    [
      'empty example',
      { variables: [{ example: 'Pablo' }, { example: ' ' }] },
      'variable_example_missing@variables[1].example',
    ],
    [
      'example with a newline',
      { variables: [{ example: 'Pa\nblo' }, { example: 'x' }] },
      'variable_example_invalid@variables[0].example',
    ],
    ['extra variable', { variables: [...good.variables!, { example: 'extra' }] }, 'variables_extra@variables[2]'],
    [
      'bad variable name',
      { variables: [{ example: 'a', name: 'First Name' }, { example: 'b' }] },
      'variable_name_invalid@variables[0].name',
    ],
    [
      'variable named like an index',
      { variables: [{ example: 'a', name: '2' }, { example: 'b' }] },
      'variable_name_invalid@variables[0].name',
    ],
    [
      'variable named header',
      { variables: [{ example: 'a', name: 'header' }, { example: 'b' }] },
      'variable_name_invalid@variables[0].name',
    ],
    [
      'duplicate variable name',
      {
        variables: [
          { example: 'a', name: 'id' },
          { example: 'b', name: 'id' },
        ],
      },
      'variable_name_duplicate@variables[1].name',
    ],
    ['empty header text', { header: { type: 'text', text: '' } }, 'header_text_empty@header.text'],
    ['header length', { header: { type: 'text', text: 'x'.repeat(61) } }, 'header_text_too_long@header.text'],
    ['header formatting', { header: { type: 'text', text: '*Order* ready' } }, 'header_text_invalid@header.text'],
    [
      'two header placeholders',
      { header: { type: 'text', text: '{{1}} and {{2}}', example: 'a' } },
      'header_too_many_placeholders@header.text',
    ],
    [
      'header placeholder not {{1}}',
      { header: { type: 'text', text: 'Order {{2}}', example: 'a' } },
      'header_placeholder_invalid@header.text',
    ],
    [
      'header example missing',
      { header: { type: 'text', text: 'Order {{1}}' } },
      'header_example_missing@header.example',
    ],
    [
      'header example unused',
      { header: { type: 'text', text: 'Your order', example: 'x' } },
      'header_example_unused@header.example',
    ],
    ['media header without id', { header: { type: 'image', mediaId: '' } }, 'header_media_missing@header.mediaId'],
    ['footer length', { footer: 'x'.repeat(61) }, 'footer_too_long@footer'],
    ['footer placeholder', { footer: 'Ref {{1}}' }, 'footer_placeholder@footer'],
  ];
  for (const [title, change, expected] of cases) {
    it(`flags ${title} as ${expected}`, () => {
      assert.ok(codes(change).includes(expected), `${expected} not in ${JSON.stringify(codes(change))}`);
    });
  }

  it('reports every issue of a template that breaks many rules, in one answer', () => {
    const issues = checkTemplate({
      name: 'Bad Name!',
      category: 'MARKETING',
      language: 'xx_XX',
      body: '{{1}}{{3}} {{first}}',
      variables: [
        { example: '', name: 'Bad' },
        { example: 'x', name: 'Bad' },
        { example: 'y' },
        { example: 'z' },
        { example: 'extra' },
      ],
      header: { type: 'text', text: `*${'h'.repeat(60)}* {{1}} {{2}}` },
      footer: `${'f'.repeat(60)} {{1}}`,
    });
    const found = new Set(issues.map((i) => i.code));
    for (const code of [
      'name_invalid',
      'category_not_allowed',
      'language_unknown',
      'placeholder_not_numbered',
      'placeholders_not_sequential',
      'placeholder_at_start',
      'placeholder_at_end',
      'placeholders_adjacent',
      'too_many_placeholders',
      'variable_example_missing',
      'variables_extra',
      'variable_name_invalid',
      'header_text_too_long',
      'header_text_invalid',
      'header_too_many_placeholders',
      'header_example_missing',
      'footer_too_long',
      'footer_placeholder',
    ]) {
      assert.ok(found.has(code), `${code} missing from ${[...found].join(', ')}`);
    }
    for (const issue of issues) assert.ok(issue.message.length > 0 && issue.field.length > 0);
  });

  it('reports a bounded number of issues whatever placeholder number a body names (security issue 10)', () => {
    for (const n of ['100000', '1000000', '999999999999999999999']) {
      const issues = checkTemplate({ ...good, body: `Hello there {{${n}}} friend`, variables: [] });
      assert.ok(issues.length <= 5, `{{${n}}}: ${issues.length} issues`);
      assert.ok(issues.some((i) => i.code === 'placeholders_not_sequential'));
    }
    // The most a 4,096-character body can write: still at most one issue per placeholder written.
    const body = `Hello ${Array.from({ length: 800 }, (_, i) => `{{${i * 1000 + 7}}}`).join(' ')} friend`;
    assert.ok(checkTemplate({ ...good, body, variables: [] }).length < 400);
  });

  it('reports a missing example only for placeholders the body writes', () => {
    const issues = checkTemplate({
      ...good,
      body: 'Hi {{1}}, your order {{3}} is ready for pickup today.',
      variables: [{ example: 'a' }],
    });
    const fields = issues.filter((i) => i.code === 'variable_example_missing').map((i) => i.field);
    assert.deepEqual(fields, ['variables[2].example']);
  });
});
