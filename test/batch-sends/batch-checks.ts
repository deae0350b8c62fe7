/**
 * A batch's own fields checked as an item's are (a batch-wide `sendAt` that is no time, or in the
 * past, is refused whole with 400 naming `sendAt`), the refusal of a batch none of whose items
 * passed says so in words, and bulk cancels: a prefix that is a true prefix whatever character
 * follows it, and a message another request canceled meanwhile never counted "not cancelable".
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Batch } from '../../src/messages/schemas/batch.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import type { ManualClock } from '../../src/lib/clock.js';
import { approvedTemplate } from '../factories.js';
import type { Harness } from '../harness.js';
import type { BatchAnswer } from './kit.js';

export function batchCheckCases(scope: () => { h: Harness; clock: ManualClock }): void {
  // An account of its own, whose key's rate limit never refuses the many requests below.
  let own: { key: string; templateId: string } | undefined;
  before(async () => {
    const { h } = scope();
    const acct = await h.newAccount('Checks Co', { rateLimit: 10_000 });
    const tpl = await approvedTemplate(h, { name: 'checks_notice', body: 'Your visit is booked.' }, acct.liveKey);
    own = { key: acct.liveKey, templateId: tpl.id };
  });
  const api = <T = any>(
    method: 'GET' | 'POST',
    url: string,
    o: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ) => scope().h.api<T>(method, url, { key: own!.key, ...o });
  const at = (ms: number) => new Date(scope().clock.now() + ms).toISOString();
  const item = (to: string, extra: Record<string, unknown> = {}) => ({
    to,
    type: 'template',
    templateId: own!.templateId,
    ...extra,
  });
  const batchCount = async () => (await api<{ data: Batch[] }>('GET', '/v1/batches?limit=100')).body.data.length;

  it('refuses a batch-wide sendAt that is no time, or in the past, with 400 naming sendAt, even when every item has its own', async () => {
    const stored = await batchCount();
    for (const sendAt of ['not a time', '2026-13-45T99:99:99Z', at(-3600_000), at(10_000), at(36 * 86_400_000)])
      for (const ownTimes of [true, false]) {
        const messages = [
          item('+16505573001', ownTimes ? { sendAt: at(600_000) } : {}),
          item('+16505573002', ownTimes ? { sendAt: at(700_000) } : {}),
        ];
        for (const query of ['', '?dryRun=true']) {
          const res = await api('POST', `/v1/messages/batch${query}`, { body: { sendAt, messages } });
          assert.equal(res.status, 400, `${sendAt} ${ownTimes} ${query}: ${res.text}`);
          assert.equal(res.body.error.code, 'parameter_invalid', res.text);
          assert.equal(res.body.error.param, 'sendAt', res.text);
          assert.match(res.body.error.message, /batch-wide sendAt must be/);
        }
      }
    assert.equal(await batchCount(), stored, 'no batch stored');
    // A good one is stored as the instant it names.
    const good = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: { sendAt: at(600_000).replace('Z', '+00:00'), messages: [item('+16505573003')] },
    });
    assert.equal(good.status, 201, good.text);
    assert.equal(good.body.batch.sendAt, at(600_000));
  });

  it('says in words that every item of a rejected batch was refused', async () => {
    const res = await api('POST', '/v1/messages/batch', { body: { messages: [item('nope'), item('+1650')] } });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error.code, 'batch_rejected');
    assert.equal(
      res.body.error.message,
      "All 2 messages of the batch were refused, so nothing was stored or sent; error.items gives each one's reason.",
    );
  });

  it('cancels by a true prefix: references whose next character is U+FFFF or outside the BMP included', async () => {
    const refs = ['P😀b', 'P\uffff', 'P\uffffx', 'Pa', 'P\u{10ffff}z', 'P'];
    const others = ['Q', 'O\u{10ffff}', 'p😀'];
    const ids = new Map<string, string>();
    for (const [i, ref] of [...refs, ...others].entries()) {
      const res = await api<Message>('POST', '/v1/messages', {
        body: item(`+165055731${String(i).padStart(2, '0')}`, { sendAt: at(600_000), clientReference: ref }),
      });
      assert.equal(res.status, 201, res.text);
      ids.set(ref, res.body.id);
    }
    const status = async (ref: string) => (await api<Message>('GET', `/v1/messages/${ids.get(ref)}`)).body.status;
    // A prefix ending in U+10FFFF, and one ending in a character outside the BMP.
    const edge = await api('POST', '/v1/messages/cancel', { body: { clientReferencePrefix: 'P\u{10ffff}' } });
    assert.deepEqual(edge.body, { canceled: 1, notCancelable: 0 }, edge.text);
    const emoji = await api('POST', '/v1/messages/cancel', { body: { clientReferencePrefix: 'P😀' } });
    assert.deepEqual(emoji.body, { canceled: 1, notCancelable: 0 }, emoji.text);
    const all = await api('POST', '/v1/messages/cancel', { body: { clientReferencePrefix: 'P' } });
    assert.deepEqual(all.body, { canceled: refs.length - 2, notCancelable: 0 }, all.text);
    for (const ref of refs) assert.equal(await status(ref), 'canceled', JSON.stringify(ref));
    for (const ref of others) assert.equal(await status(ref), 'scheduled', JSON.stringify(ref));
    const lone = await api('POST', '/v1/messages/cancel', {
      raw: '{"clientReferencePrefix": "P\\ud83d"}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(lone.status, 400, lone.text);
    assert.equal(lone.body.error.param, 'clientReferencePrefix');
  });

  it('never counts a message another bulk cancel just canceled as not cancelable', async () => {
    for (let i = 0; i < 40; i++)
      await api('POST', '/v1/messages', {
        body: item(`+16505574${String(i).padStart(3, '0')}`, { sendAt: at(600_000), clientReference: `twice/${i}` }),
      });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        api<{ canceled: number; notCancelable: number }>('POST', '/v1/messages/cancel', {
          body: { clientReferencePrefix: 'twice/' },
        }),
      ),
    );
    for (const a of answers) assert.equal(a.status, 200, a.text);
    assert.deepEqual(
      answers.map((a) => a.body.notCancelable),
      [0, 0, 0, 0],
    );
    assert.equal(
      answers.reduce((n, a) => n + a.body.canceled, 0),
      40,
    );
  });
}
