/**
 * Rich messages are bounded (issue 23, items 3 and 8; docs/api.md §D15): every array and string
 * of a send has a bound, oversized input gets a small 400 fast however many items it repeats, a
 * send's body has a limit, and lengths are counted as the platform (and the simulator) counts them,
 * in UTF-16 code units, so what Tidings accepts does not fail at dispatch. The largest valid message
 * of each type still goes through, and what it costs in each event stays small.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { exceedsJsonValues, MAX_BODY_VALUES } from '../src/http/body-budget.js';
import { SEND_BODY_LIMIT_BYTES } from '../src/messages/message.routes.js';
import { approvedTemplate, dispatched } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

const CUSTOMER = '+16505551234';
/** The most an error answer may take, whatever the body. */
const ANSWER_MAX_BYTES = 64 * 1024;
/** The most issues an answer lists (docs/api.md §7.1). */
const ISSUES_MAX = 100;
/** The most one message of the largest kind may take in an event's JSON (docs/api.md §D15). */
const EVENT_MAX_BYTES = 48 * 1024;

/** JSON as Python's `json.dumps` writes it by default: every character past ASCII as `\uXXXX`, the costliest form a body takes. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
/** `n` UTF-16 code units of text in a script that JSON escapes (`ж`), starting with `tag` so values differ. */
const text = (n: number, tag = '') => (tag + 'ж'.repeat(n)).slice(0, n);
const thumbs = (n: number) => '👍'.repeat(n);

describe('rich messages are bounded', () => {
  let h: Harness;
  let inboundId: string;
  before(async () => {
    h = await startHarness();
    const wamid = await h.customerWrites(CUSTOMER);
    inboundId = (await h.api('GET', `/v1/inbound_messages/${encodeURIComponent(wamid)}`)).body.id;
  });
  after(() => h.close());

  const post = async (body: unknown, key = h.account.liveKey) => {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    const started = performance.now();
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/messages/',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload,
    });
    return {
      status: res.statusCode,
      bytes: res.rawPayload.length,
      body: JSON.parse(res.body),
      ms: performance.now() - started,
      sent: Buffer.byteLength(payload),
    };
  };
  /** A refusal: 400, small, with at most ISSUES_MAX issues. */
  const refused = (res: Awaited<ReturnType<typeof post>>, what: string) => {
    assert.equal(res.status, 400, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`);
    assert.ok(res.bytes < ANSWER_MAX_BYTES, `${what}: an answer of ${res.bytes} bytes`);
    const issues = (res.body.error.issues ?? []).length;
    assert.ok(issues <= ISSUES_MAX, `${what}: ${issues} issues`);
  };
  /**
   * Twenty copies of `payload` at once on a test key, and /health after them: the process is busy
   * with them, and /health waits, no longer than `boundMs` (generous: test files run side by side).
   */
  const twentyAtOnce = async (payload: string, boundMs: number) => {
    const started = performance.now();
    const storms = Array.from({ length: 20 }, () => post(payload, h.account.testKey));
    const health = h.app.inject({ method: 'GET', url: '/health' });
    for (const res of await Promise.all(storms)) refused(res, 'one of twenty');
    assert.equal((await health).statusCode, 200);
    const ms = performance.now() - started;
    assert.ok(ms < boundMs, `twenty at once and /health took ${Math.round(ms)} ms`);
  };
  const fields = (res: Awaited<ReturnType<typeof post>>) =>
    (res.body.error.issues as { code: string; field: string }[]).map((i) => `${i.code} ${i.field}`);

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
      for (const key of [h.account.liveKey, h.account.testKey]) {
        const res = await post(storm, key);
        refused(res, 'the button storm');
        assert.ok(res.ms < 1000, `${res.ms} ms`);
      }
    });

    it('twenty of them at once leave /health answering', async () => {
      // Before the bounds: 9 MB answers, /health held 6 to 20 s. Now about 0.5 s, 25 ms once the body limit applies.
      await twentyAtOnce(JSON.stringify(storm), 4000);
    });

    it('twenty bodies of 600 KB of empty objects at once leave /health answering', async () => {
      // Unparsed with the value budget: about 60 ms; parsed and validated, 4 to 6 s and gigabytes.
      await twentyAtOnce(
        `{"to":"${CUSTOMER}","type":"interactive","interactive":{"kind":"buttons","body":"x","buttons":[${Array.from({ length: 200_000 }, () => '{}').join(',')}]}}`,
        1500,
      );
    });

    it('a send over its body limit gets request_too_large, naming the limit', async () => {
      const res = await post({ to: CUSTOMER, type: 'text', text: 'x'.repeat(SEND_BODY_LIMIT_BYTES) });
      refused(res, 'the long text');
      assert.equal(res.body.error.code, 'request_too_large');
      assert.match(res.body.error.message, /640 KB/);
    });

    it('a thousand buttons within the body limit: one issue for the count, not one per button', async () => {
      const res = await post({
        ...storm,
        interactive: { ...storm.interactive, buttons: storm.interactive.buttons.slice(0, 1000) },
      });
      refused(res, 'a thousand buttons');
      assert.deepEqual(fields(res), ['too_many interactive.buttons']);
    });

    it('a list within the schema bounds but breaking every limit lists the first 100 issues', async () => {
      const sections = Array.from({ length: 20 }, (_, s) => ({
        title: 'x'.repeat(30),
        rows: Array.from({ length: 20 }, (_, r) => ({
          id: `${s}-${r}-${'i'.repeat(201)}`.slice(0, 300),
          title: 'x'.repeat(30),
          description: 'x'.repeat(100),
        })),
      }));
      const res = await post({
        to: CUSTOMER,
        type: 'interactive',
        interactive: { kind: 'list', body: 'When?', button: 'Pick', sections },
      });
      refused(res, 'the list');
      assert.equal(res.body.error.issues.length, ISSUES_MAX);
      assert.match(res.body.error.message, /more than 100/i);
    });

    it('a megabyte of contact cards is refused, and so is a third of one', async () => {
      const card = (n: number) => ({
        name: { formatted: `Contact ${n} ${'n'.repeat(200)}` },
        phones: [{ phone: '+1 650 555 0100', type: 'WORK' }],
        emails: [{ email: `c${n}@acme.example` }],
        org: { company: 'Acme '.repeat(100) },
      });
      const mega = await post({
        to: CUSTOMER,
        type: 'contacts',
        contacts: Array.from({ length: 1220 }, (_, n) => card(n)),
      });
      assert.ok(mega.sent > 1000 * 1024 && mega.sent < 1024 * 1024, `${mega.sent} bytes sent`);
      refused(mega, 'a megabyte of cards');
      const third = await post({
        to: CUSTOMER,
        type: 'contacts',
        contacts: Array.from({ length: 450 }, (_, n) => card(n)),
      });
      refused(third, 'a third of a megabyte of cards');
      assert.ok(fields(third).includes('too_many contacts'), fields(third).join(', '));
      const one = await post({
        to: CUSTOMER,
        type: 'contacts',
        contacts: [{ name: { formatted: 'x'.repeat(300_000) } }],
      });
      refused(one, 'one card with a long name');
    });
  });

  it('contact cards and locations: each limit named, a little over it', async () => {
    const card = {
      name: { formatted: 'Acme', first: 'x'.repeat(257) },
      phones: Array.from({ length: 11 }, (_, n) => ({ phone: `+1 650 555 01${n}` })),
      urls: [{ url: `https://acme.example/${'u'.repeat(2000)}` }],
    };
    assert.deepEqual(
      fields(await post({ to: CUSTOMER, type: 'contacts', contacts: [{ name: { formatted: 'Ok' } }, card] })),
      ['too_many contacts[1].phones', 'too_long contacts[1].name.first', 'too_long contacts[1].urls[0].url'],
    );
    assert.deepEqual(
      fields(
        await post({ to: CUSTOMER, type: 'location', location: { latitude: 1, longitude: 2, name: 'x'.repeat(1001) } }),
      ),
      ['too_long location.name'],
    );
  });

  describe('lengths are UTF-16 code units, as the platform counts them', () => {
    it('a text of 2,049 emoji (4,098 units, 2,049 code points) is refused up front, its limit named', async () => {
      const res = await post({ to: CUSTOMER, type: 'text', text: thumbs(2049) });
      refused(res, 'the text');
      assert.equal(res.body.error.param, 'text');
      assert.match(res.body.error.message, /4,096/);
      assert.equal((await post({ to: CUSTOMER, type: 'text', text: thumbs(2048) })).status, 201, 'exactly 4,096 units');
    });

    it('a button title of 11 emoji, a list row of 13, a caption of 513', async () => {
      const buttons = await post({
        to: CUSTOMER,
        type: 'interactive',
        interactive: { kind: 'buttons', body: 'Pick', buttons: [{ id: 'a', title: thumbs(11) }] },
      });
      refused(buttons, 'the title');
      assert.deepEqual(fields(buttons), ['too_long interactive.buttons[0].title']);
      assert.match(buttons.body.error.issues[0].message, /at most 20 characters/);
      const list = await post({
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
          await post({
            to: CUSTOMER,
            type: 'interactive',
            interactive: { kind: 'buttons', body: 'Pick', buttons: [{ id: 'a', title: thumbs(10) }] },
          })
        ).status,
        201,
        'exactly 20 units',
      );
      const caption = await post({
        to: CUSTOMER,
        type: 'media',
        mediaId: 'med_00000000000000000000000',
        caption: thumbs(513),
      });
      refused(caption, 'the caption');
      assert.equal(caption.body.error.param, 'caption');
    });

    it('a template button label of 13 emoji', async () => {
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
      (largest.reaction!.reaction as { messageId: string }).messageId = inboundId;
      for (const [name, body] of Object.entries(largest)) {
        const payload = asciiJson({ to: CUSTOMER, ...body });
        assert.equal(exceedsJsonValues(payload, MAX_BODY_VALUES), false, `${name}: within the value budget of a body`);
        const res = await post(payload);
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
      const res = await post(payload, h.account.testKey);
      assert.equal(res.status, 201, `${res.sent} bytes: ${JSON.stringify(res.body).slice(0, 400)}`);
      console.log(`largest template send: ${res.sent} bytes sent as escaped JSON`);
    });
  });
});
