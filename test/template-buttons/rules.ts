/** Each button rule, checked on the content alone: a breach named as an issue by field, every type accepted within the limits. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TemplateButton } from '../../src/templates/template-buttons.rules.js';
import { checkTemplate } from '../../src/templates/template.rules.js';
import { base, BUTTONS, code, phone, qr, url } from './kit.js';

export function ruleCases(): void {
  describe('template button rules', () => {
    const cases: [string, TemplateButton[], string, string][] = [
      ['more than 10 buttons', Array.from({ length: 11 }, (_, i) => qr(`Option ${i}`)), 'buttons_too_many', 'buttons'],
      [
        'a third URL button',
        [url(), url(), url('https://shop.example.com/help', null)],
        'button_type_limit',
        'buttons[2]',
      ],
      ['a second phone button', [phone, phone], 'button_type_limit', 'buttons[1]'],
      ['a second copy code', [code, code], 'button_type_limit', 'buttons[1]'],
      [
        'a second request_contact_info',
        [
          { type: 'request_contact_info', text: 'Share number' },
          { type: 'request_contact_info', text: 'Share it' },
        ],
        'button_type_limit',
        'buttons[1]',
      ],
      ['quick replies split by a URL', [qr(), url(), qr('Again')], 'buttons_not_grouped', 'buttons[2]'],
      ['a label missing', [{ type: 'quick_reply' }], 'button_text_missing', 'buttons[0].text'],
      ['a label of 26 characters', [qr('x'.repeat(26))], 'button_text_too_long', 'buttons[0].text'],
      [
        'a field of another type',
        [{ type: 'quick_reply', text: 'Yes', url: 'https://a.example' }],
        'button_field_unused',
        'buttons[0].url',
      ],
      ['a URL that is not http(s)', [url('ftp://shop.example.com/{{1}}')], 'button_url_invalid', 'buttons[0].url'],
      [
        'a URL over 2,000 characters',
        [url(`https://shop.example.com/${'a'.repeat(2000)}`, null)],
        'button_url_too_long',
        'buttons[0].url',
      ],
      [
        'a URL placeholder not at the end',
        [url('https://shop.example.com/{{1}}/track')],
        'button_url_placeholder_invalid',
        'buttons[0].url',
      ],
      [
        'two URL placeholders',
        [url('https://shop.example.com/{{1}}/{{2}}')],
        'button_url_placeholder_invalid',
        'buttons[0].url',
      ],
      ['a dynamic URL without example', [url(undefined, null)], 'button_example_missing', 'buttons[0].example'],
      [
        'an example for a static URL',
        [url('https://shop.example.com/help')],
        'button_example_unused',
        'buttons[0].example',
      ],
      ['a URL example with a space', [url(undefined, 'A 1042')], 'button_example_invalid', 'buttons[0].example'],
      [
        'a phone number not E.164',
        [{ ...phone, phoneNumber: '650 555 1234' }],
        'button_phone_invalid',
        'buttons[0].phoneNumber',
      ],
      ['a copy code without example', [{ type: 'copy_code' }], 'button_code_missing', 'buttons[0].example'],
      [
        'a copy code of 16 characters',
        [{ type: 'copy_code', example: 'X'.repeat(16) }],
        'button_code_too_long',
        'buttons[0].example',
      ],
    ];
    for (const [what, buttons, issue, field] of cases) {
      it(`flags ${what} as ${issue}@${field}`, () => {
        const found = checkTemplate({ ...base, buttons }).map((i) => `${i.code}@${i.field}`);
        assert.ok(found.includes(`${issue}@${field}`), found.join(', '));
      });
    }

    it('accepts every type within the limits, quick replies before or after the others', () => {
      assert.deepEqual(checkTemplate({ ...base, buttons: BUTTONS }), []);
      assert.deepEqual(
        checkTemplate({
          ...base,
          buttons: [url(), { type: 'request_contact_info', text: 'Share my number' }, qr(), qr('Later')],
        }),
        [],
      );
      assert.deepEqual(checkTemplate({ ...base, buttons: [] }), []);
    });
  });
}
