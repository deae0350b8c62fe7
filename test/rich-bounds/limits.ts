/** Contact cards and locations: each limit named in its issue, a little over it. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Harness } from '../harness.js';
import { CUSTOMER, fields, post } from './kit.js';

export function limitCases(harness: () => Harness): void {
  it('contact cards and locations: each limit named, a little over it', async () => {
    const h = harness();
    const card = {
      name: { formatted: 'Acme', first: 'x'.repeat(257) },
      phones: Array.from({ length: 11 }, (_, n) => ({ phone: `+1 650 555 01${n}` })),
      urls: [{ url: `https://acme.example/${'u'.repeat(2000)}` }],
    };
    assert.deepEqual(
      fields(await post(h, { to: CUSTOMER, type: 'contacts', contacts: [{ name: { formatted: 'Ok' } }, card] })),
      ['too_many contacts[1].phones', 'too_long contacts[1].name.first', 'too_long contacts[1].urls[0].url'],
    );
    assert.deepEqual(
      fields(
        await post(h, {
          to: CUSTOMER,
          type: 'location',
          location: { latitude: 1, longitude: 2, name: 'x'.repeat(1001) },
        }),
      ),
      ['too_long location.name'],
    );
  });
}
