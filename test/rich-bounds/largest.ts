/**
 * The largest valid message of each type, and a template send with every value at its longest:
 * accepted written the costliest way, sent, and small in their events.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { exceedsJsonValues, MAX_BODY_VALUES } from '../../src/http/body-budget.js';
import { SEND_BODY_LIMIT_BYTES } from '../../src/messages/message.routes.js';
import { approvedTemplate, dispatched } from '../factories.js';
import { asciiJson, CUSTOMER, EVENT_MAX_BYTES, post, text } from './kit.js';

/** `inboundId`: the `in_` id of a customer's message, for the reaction. */
export function largestCases(harness: () => Harness, inboundId: () => string): void {
  describe('the largest valid message of each type', () => {
    const common = { header: text(60, 'h'), footer: text(60, 'f') };
    const largest: Record<string, Record<string, unknown>> = {
      text: { type: 'text', text: text(4096) },
      buttons: {
        type: 'interactive',
        interactive: {
          kind: 'buttons',
          ...common,
          body: text(1024),
          buttons: [0, 1, 2].map((n) => ({ id: text(256, `${n}`), title: text(20, `${n}`) })),
        },
      },
      list: {
        type: 'interactive',
        interactive: {
          kind: 'list',
          ...common,
          body: text(4096),
          button: text(20),
          sections: Array.from({ length: 10 }, (_, n) => ({
            title: text(24, `${n}`),
            rows: [{ id: text(200, `${n}`), title: text(24), description: text(72) }],
          })),
        },
      },
      cta_url: {
        type: 'interactive',
        interactive: {
          kind: 'cta_url',
          ...common,
          body: text(1024),
          displayText: text(20),
          url: `https://acme.example/${text(2000 - 21)}`,
        },
      },
      location: {
        type: 'location',
        location: { latitude: -89.999999, longitude: 179.999999, name: text(1000), address: text(1000) },
      },
      contacts: { type: 'contacts', contacts: [] },
      reaction: { type: 'reaction', reaction: { messageId: '', emoji: '👩🏽‍❤️‍💋‍👨🏿' } },
    };
    // Cards until the next would pass 16,384 characters of JSON in all (docs/api.md §D15).
    const card = (n: number) => ({
      name: { formatted: text(40, `${n}`), first: text(20), last: text(20) },
      phones: [{ phone: '+1 650 555 0100', type: 'WORK', waId: '16505550100' }],
      emails: [{ email: 'support@acme.example', type: 'WORK' }],
      org: { company: text(30), title: text(30) },
    });
    const cards: unknown[] = [];
    while (JSON.stringify([...cards, card(cards.length)]).length <= 16_384) cards.push(card(cards.length));
    largest.contacts!.contacts = cards;

    it('is accepted written the costliest way, goes out, and stays small in its events', async () => {
      const h = harness();
      (largest.reaction!.reaction as { messageId: string }).messageId = inboundId();
      for (const [name, body] of Object.entries(largest)) {
        const payload = asciiJson({ to: CUSTOMER, ...body });
        assert.equal(exceedsJsonValues(payload, MAX_BODY_VALUES), false, `${name}: within the value budget of a body`);
        const res = await post(h, payload);
        assert.equal(res.status, 201, `${name} (${res.sent} bytes): ${JSON.stringify(res.body).slice(0, 400)}`);
        assert.ok(res.sent < SEND_BODY_LIMIT_BYTES, `${name}: ${res.sent} bytes`);
        // The simulator counts lengths as Tidings does: what was accepted goes out.
        const sent = await dispatched(h, res.body.id);
        assert.deepEqual([name, sent.error], [name, null]);
        const events = await eventually(async () => {
          const page = (await h.api('GET', '/v1/events?limit=100')).body.data as unknown[];
          const mine = page
            .map((e) => JSON.stringify(e))
            .filter((e) => e.includes(res.body.id) && e.includes('message.sent'));
          return mine.length > 0 && mine;
        });
        for (const e of events)
          assert.ok(Buffer.byteLength(e) < EVENT_MAX_BYTES, `${name}: an event of ${Buffer.byteLength(e)} bytes`);
        console.log(
          `largest ${name}: ${res.sent} bytes sent as escaped JSON, ${Buffer.byteLength(events[0]!)} bytes in its message.sent event`,
        );
      }
    });

    it('a template send with buttons and every value at its longest still fits', async () => {
      const h = harness();
      // 64 placeholders (10 characters of fixed text each), a header placeholder, two dynamic URL buttons and eight quick replies.
      const placeholders = Array.from({ length: 64 }, (_, i) => `{{${i + 1}}}`).join(',');
      const body = `${'Your order. '.repeat(48)}${placeholders}.`;
      const template = await approvedTemplate(h, {
        name: 'largest_send',
        body,
        header: { type: 'text', text: 'Order {{1}}', example: 'A-1' },
        variables: Array.from({ length: 64 }, () => ({ example: 'x' })),
        buttons: [
          { type: 'url', text: 'Track', url: 'https://acme.example/t/{{1}}', example: 'a' },
          { type: 'url', text: 'Invoice', url: 'https://acme.example/i/{{1}}', example: 'a' },
          ...Array.from({ length: 8 }, (_, i) => ({ type: 'quick_reply', text: `Answer ${i}` })),
        ],
      });
      const variables = Object.fromEntries([
        ...Array.from({ length: 64 }, (_, i) => [`${i + 1}`, text(1024, `${i}`)]),
        ['header', text(1024)],
      ]);
      const buttons = Object.fromEntries([
        ['0', { urlSuffix: text(2000) }],
        ['1', { urlSuffix: text(2000) }],
        ...Array.from({ length: 8 }, (_, i) => [`${i + 2}`, { payload: text(1024) }]),
      ]);
      const payload = asciiJson({ to: CUSTOMER, type: 'template', templateId: template.id, variables, buttons });
      assert.equal(exceedsJsonValues(payload, MAX_BODY_VALUES), false);
      const res = await post(h, payload, h.account.testKey);
      assert.equal(res.status, 201, `${res.sent} bytes: ${JSON.stringify(res.body).slice(0, 400)}`);
      console.log(`largest template send: ${res.sent} bytes sent as escaped JSON`);
    });
  });
}
