/**
 * What a batch keeps of its request (issue 38, finding 9): its refused items, readable later with
 * their index, code, message and param; its messages listed in the request's order; where it came
 * from (API, CLI, dashboard); and the template its items send, by name, in the list.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Batch } from '../../src/messages/schemas/batch.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { batchApi, batchItem, type BatchAnswer, type BatchScope } from './kit.js';

export function batchRecordCases(scope: () => BatchScope): void {
  const api = batchApi(scope);
  const item = batchItem(scope, '650558');

  it("keeps a batch's refused items, its source and its template, and lists its messages in the request's order", async () => {
    const messages: unknown[] = Array.from({ length: 40 }, (_, i) => item(i));
    messages[7] = { ...item(7), to: '+1650' };
    messages[23] = { ...item(23), colour: 'blue' };
    const res = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: { messages },
      headers: { 'x-tidings-source': 'cli' },
    });
    assert.equal(res.status, 201, res.text.slice(0, 1000));
    const { batch } = res.body;
    const answered = res.body.data.filter((d) => 'error' in d);
    assert.deepEqual(
      answered.map((d) => d.index),
      [7, 23],
    );

    // The refusals, later, as the answer gave them.
    const refusals = await api<{ data: { index: number; error: { code: string; message: string; param?: string } }[] }>(
      'GET',
      `/v1/batches/${batch.id}/refusals`,
    );
    assert.equal(refusals.status, 200, refusals.text);
    assert.deepEqual(refusals.body.data, answered);
    assert.deepEqual(
      refusals.body.data.map((r) => [r.index, r.error.code, r.error.param]),
      [
        [7, 'phone_number_invalid', 'messages[7].to'],
        [23, 'parameter_unknown', 'messages[23].colour'],
      ],
    );
    assert.ok(refusals.body.data.every((r) => r.error.message.length > 0));
    assert.equal((await api('GET', '/v1/batches/bat_nope/refusals')).status, 404);

    // Its source and its template, on the batch and in the list.
    const got = (await api<Batch>('GET', `/v1/batches/${batch.id}`)).body;
    assert.deepEqual([got.source, got.template], ['cli', { id: scope().templateId, name: 'batch_notice' }]);
    const listed = (await api<{ data: Batch[] }>('GET', '/v1/batches?limit=100')).body.data.find(
      (b) => b.id === batch.id,
    )!;
    assert.deepEqual([listed.source, listed.template], ['cli', { id: scope().templateId, name: 'batch_notice' }]);

    // Its messages in the request's order, page after page.
    const expected = res.body.data.flatMap((d) => ('message' in d ? [d.message.id] : []));
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = await api<{ data: Message[]; has_more: boolean }>(
        'GET',
        `/v1/messages?batch=${batch.id}&limit=15${after ? `&starting_after=${after}` : ''}`,
      );
      assert.equal(page.status, 200, page.text);
      seen.push(...page.body.data.map((m) => m.id));
      if (!page.body.has_more) break;
      after = seen.at(-1)!;
    }
    assert.deepEqual(seen, expected);
  });

  it('records a batch of several templates, or none, without one, and a batch without a source header as api', async () => {
    const { h, acct } = scope();
    await h.customerWrites('+16505589001', 'Hello', acct.phoneNumberId);
    const res = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: { messages: [item(9000), { to: '+16505589001', type: 'text', text: 'Hi' }] },
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual([res.body.batch.source, res.body.batch.template], ['api', null]);
    const refusals = await api('GET', `/v1/batches/${res.body.batch.id}/refusals`);
    assert.deepEqual(refusals.body, { data: [] });
    const bad = await api('POST', '/v1/messages/batch', {
      body: { messages: [item(9002)] },
      headers: { 'x-tidings-source': 'fax' },
    });
    assert.equal(bad.status, 400, bad.text);
  });
}
