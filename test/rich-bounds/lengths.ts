/**
 * Lengths are counted in UTF-16 code units, as the platform (and the simulator) counts them: texts,
 * button titles, list rows, captions and template button labels of emoji.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { CUSTOMER, fields, post, refused, thumbs } from './kit.js';

export function lengthCases(harness: () => Harness): void {
  describe('lengths are UTF-16 code units, as the platform counts them', () => {
    it('a text of 2,049 emoji (4,098 units, 2,049 code points) is refused up front, its limit named', async () => {
      const h = harness();
      const res = await post(h, { to: CUSTOMER, type: 'text', text: thumbs(2049) });
      refused(res, 'the text');
      assert.equal(res.body.error.param, 'text');
      assert.match(res.body.error.message, /4,096/);
      assert.equal(
        (await post(h, { to: CUSTOMER, type: 'text', text: thumbs(2048) })).status,
        201,
        'exactly 4,096 units',
      );
    });

    it('a button title of 11 emoji, a list row of 13, a caption of 513', async () => {
      const h = harness();
      const buttons = await post(h, {
        to: CUSTOMER,
        type: 'interactive',
        interactive: { kind: 'buttons', body: 'Pick', buttons: [{ id: 'a', title: thumbs(11) }] },
      });
      refused(buttons, 'the title');
      assert.deepEqual(fields(buttons), ['too_long interactive.buttons[0].title']);
      assert.match(buttons.body.error.issues[0].message, /at most 20 characters/);
      const list = await post(h, {
        to: CUSTOMER,
        type: 'interactive',
        interactive: {
          kind: 'list',
          body: 'When?',
          button: 'Pick',
          sections: [{ rows: [{ id: 'r', title: thumbs(13) }] }],
        },
      });
      assert.deepEqual(fields(list), ['too_long interactive.sections[0].rows[0].title']);
      assert.equal(
        (
          await post(h, {
            to: CUSTOMER,
            type: 'interactive',
            interactive: { kind: 'buttons', body: 'Pick', buttons: [{ id: 'a', title: thumbs(10) }] },
          })
        ).status,
        201,
        'exactly 20 units',
      );
      const caption = await post(h, {
        to: CUSTOMER,
        type: 'media',
        mediaId: 'med_00000000000000000000000',
        caption: thumbs(513),
      });
      refused(caption, 'the caption');
      assert.equal(caption.body.error.param, 'caption');
    });

    it('a template button label of 13 emoji', async () => {
      const h = harness();
      const res = await h.api('POST', '/v1/templates/validate', {
        body: {
          name: 'emoji_label',
          category: 'UTILITY',
          language: 'en_US',
          body: 'Your order has shipped.',
          buttons: [{ type: 'quick_reply', text: thumbs(13) }],
        },
      });
      const issues = res.body.issues ?? res.body.error?.issues ?? [];
      assert.ok(
        issues.some(
          (i: { code: string; field: string }) => i.code === 'button_text_too_long' && i.field === 'buttons[0].text',
        ),
        res.text,
      );
    });
  });
}
