/**
 * Oversized input: a storm of buttons, bodies of empty objects, a body over its limit, a list
 * breaking every limit and contact cards by the megabyte get a small 400, and the service parses
 * no JSON body it refuses for its size or its number of values (`tidings_json_bodies_total`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { SEND_BODY_LIMIT_BYTES } from '../../src/messages/message.routes.js';
import { bodiesDuring, CUSTOMER, fields, ISSUES_MAX, post, refused, twentyAtOnce } from './kit.js';

export function oversizedCases(harness: () => Harness): void {
  describe('oversized input', () => {
    // The body of the report: 38,000 copies of one button, just under a megabyte.
    const storm = {
      to: CUSTOMER,
      type: 'interactive',
      interactive: {
        kind: 'buttons',
        body: 'Pick one',
        buttons: Array.from({ length: 38_000 }, () => ({ id: 'a', title: 'A' })),
      },
    };

    it('38,000 buttons get a small 400 at once, on a live key and on a test key', async () => {
      const h = harness();
      for (const key of [h.account.liveKey, h.account.testKey]) {
        const { result: res, parsed, overBudget } = await bodiesDuring(h, () => post(h, storm, key));
        refused(res, 'the button storm');
        // At once: refused for its size before it was read as JSON, so never parsed nor validated.
        assert.deepEqual(
          { code: res.body.error.code, parsed, overBudget },
          { code: 'request_too_large', parsed: 0, overBudget: 0 },
        );
      }
    });

    it('twenty of them at once leave /health answering', async () => {
      const h = harness();
      // Before the bounds: 9 MB answers, /health held 6 to 20 s while each was parsed and validated.
      // Now each is refused for its size before it is read: no JSON body parsed.
      await twentyAtOnce(h, JSON.stringify(storm), { parsed: 0, overBudget: 0 });
    });

    it('twenty bodies of 600 KB of empty objects at once leave /health answering', async () => {
      const h = harness();
      // Parsed and validated, they took 4 to 6 s and gigabytes; each is refused unparsed, over the value budget.
      await twentyAtOnce(
        h,
        `{"to":"${CUSTOMER}","type":"interactive","interactive":{"kind":"buttons","body":"x","buttons":[${Array.from({ length: 200_000 }, () => '{}').join(',')}]}}`,
        { parsed: 0, overBudget: 20 },
      );
    });

    it('a send over its body limit gets request_too_large, naming the limit', async () => {
      const h = harness();
      const res = await post(h, { to: CUSTOMER, type: 'text', text: 'x'.repeat(SEND_BODY_LIMIT_BYTES) });
      refused(res, 'the long text');
      assert.equal(res.body.error.code, 'request_too_large');
      assert.match(res.body.error.message, /640 KB/);
    });

    it('a thousand buttons within the body limit: one issue for the count, not one per button', async () => {
      const h = harness();
      const res = await post(h, {
        ...storm,
        interactive: { ...storm.interactive, buttons: storm.interactive.buttons.slice(0, 1000) },
      });
      refused(res, 'a thousand buttons');
      assert.deepEqual(fields(res), ['too_many interactive.buttons']);
    });

    it('a list within the schema bounds but breaking every limit lists the first 100 issues', async () => {
      const h = harness();
      const sections = Array.from({ length: 20 }, (_, s) => ({
        title: 'x'.repeat(30),
        rows: Array.from({ length: 20 }, (_, r) => ({
          id: `${s}-${r}-${'i'.repeat(201)}`.slice(0, 300),
          title: 'x'.repeat(30),
          description: 'x'.repeat(100),
        })),
      }));
      const res = await post(h, {
        to: CUSTOMER,
        type: 'interactive',
        interactive: { kind: 'list', body: 'When?', button: 'Pick', sections },
      });
      refused(res, 'the list');
      assert.equal(res.body.error.issues.length, ISSUES_MAX);
      assert.match(res.body.error.message, /more than 100/i);
    });

    it('a megabyte of contact cards is refused, and so is a third of one', async () => {
      const h = harness();
      const card = (n: number) => ({
        name: { formatted: `Contact ${n} ${'n'.repeat(200)}` },
        phones: [{ phone: '+1 650 555 0100', type: 'WORK' }],
        emails: [{ email: `c${n}@acme.example` }],
        org: { company: 'Acme '.repeat(100) },
      });
      const mega = await post(h, {
        to: CUSTOMER,
        type: 'contacts',
        contacts: Array.from({ length: 1220 }, (_, n) => card(n)),
      });
      assert.ok(mega.sent > 1000 * 1024 && mega.sent < 1024 * 1024, `${mega.sent} bytes sent`);
      refused(mega, 'a megabyte of cards');
      const third = await post(h, {
        to: CUSTOMER,
        type: 'contacts',
        contacts: Array.from({ length: 450 }, (_, n) => card(n)),
      });
      refused(third, 'a third of a megabyte of cards');
      assert.ok(fields(third).includes('too_many contacts'), fields(third).join(', '));
      const one = await post(h, {
        to: CUSTOMER,
        type: 'contacts',
        contacts: [{ name: { formatted: 'x'.repeat(300_000) } }],
      });
      refused(one, 'one card with a long name');
    });
  });
}
