/** What a Direct Send takes: message types, limits, category values, and `ttl_seconds`. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { DirectSendKit } from './kit.js';

export function limitCases(kit: DirectSendKit): void {
  const { send, utilityText } = kit;
  it('checks what Direct Send takes: types, limits, category values, and ttl_seconds', async () => {
    const to = '+16505557005';
    const refused = async (body: object) => {
      const res = await send(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      return res.body.error;
    };
    assert.equal(
      (await refused({ to, type: 'image', image: { link: 'https://example.com/a.jpg' }, category: 'utility' })).code,
      100,
    );
    const list = {
      type: 'list',
      body: { text: 'Pick' },
      action: { button: 'Options', sections: [{ rows: [{ id: 'a', title: 'A' }] }] },
    };
    assert.equal((await refused({ to, type: 'interactive', interactive: list, category: 'utility' })).code, 100);
    assert.equal((await refused(utilityText(to, 'x'.repeat(1025)))).code, 100);
    const tooManyCtas = ['a', 'b', 'c'].map((n) => ({
      type: 'cta_url',
      cta_url: { display_text: n, url: `https://example.com/${n}` },
    }));
    assert.equal(
      (
        await refused({
          to,
          type: 'interactive',
          interactive: { type: 'button', body: { text: 'Track' }, action: { buttons: tooManyCtas } },
          category: 'utility',
        })
      ).code,
      100,
    );
    const category = await refused(utilityText(to, 'Hi', { category: 'marketing' }));
    assert.equal(
      category.message,
      '(#100) Param category must be one of {AUTHENTICATION, SERVICE, UTILITY} - got "marketing".',
    );

    // The api-reference's TTL errors.
    assert.equal(
      (await refused(utilityText(to, 'Hi', { ttl_seconds: 43_201 }))).error_data.details,
      'The time-to-live value must be lower than or equal to 43200',
    );
    assert.equal(
      (await refused(utilityText(to, 'Hi', { ttl_seconds: 29 }))).error_data.details,
      'The time-to-live value must be higher than or equal to 30',
    );
    assert.equal(
      (await refused(utilityText(to, 'Code 123456', { category: 'authentication', ttl_seconds: 901 }))).error_data
        .details,
      'The time-to-live value must be lower than or equal to 900',
    );
    const withoutCategory = await refused({ to, type: 'text', text: { body: 'Hi' }, ttl_seconds: 600 });
    assert.deepEqual(
      [withoutCategory.code, withoutCategory.error_data.details],
      [100, 'The request included one or more unsupported or misspelled parameters.'],
    );
    assert.equal(
      (await refused({ to, type: 'text', text: { body: 'Hi' }, category: 'service', ttl_seconds: 600 })).code,
      100,
    );
    // A mixed reply and CTA message within the limits is taken.
    const mixed = {
      type: 'button',
      header: { type: 'text', text: 'Delivery' },
      body: { text: 'Out for delivery.' },
      footer: { text: 'Shop' },
      action: { buttons: [tooManyCtas[0], { type: 'reply', reply: { id: 'got_it', title: 'Received' } }] },
    };
    assert.equal(
      (await send({ to, type: 'interactive', interactive: mixed, category: 'utility', ttl_seconds: 600 })).status,
      200,
    );
  });
}
