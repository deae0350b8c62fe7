/**
 * Batches: each item checked on its own and the valid ones accepted together, a batch with none
 * refused whole, dry runs that store nothing, and a batch larger than the key's burst.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Batch } from '../../src/messages/schemas/batch.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { batchApi, batchItem, type BatchAnswer, type BatchScope } from './kit.js';

export function batchCases(scope: () => BatchScope): void {
  /** Requests as the batch account's live key (its rate limit fits batches of 1,000). */
  const api = batchApi(scope);
  const item = batchItem(scope, '650556');

  it('accepts the 993 valid items of 1,000 in order, names the 7 refused by index and reason, and replays on retry', async () => {
    const messages: unknown[] = Array.from({ length: 1000 }, (_, i) => item(i, { clientReference: `order-${i}` }));
    const bad: Record<number, [unknown, string]> = {
      3: [{ ...item(3), to: '+1650' }, 'phone_number_invalid'],
      50: [{ ...item(50), templateId: 'tpl_doesnotexist' }, 'template_not_found'],
      199: [{ ...item(199), variables: { '7': 'x' } }, 'variables_invalid'],
      400: [{ to: '+16505560400', type: 'text', text: 'Hi' }, 'outside_customer_window'],
      512: [{ ...item(512), sendAt: '2020-01-01T00:00:00Z' }, 'parameter_invalid'],
      777: [{ ...item(777), colour: 'blue' }, 'parameter_unknown'],
      998: [{ ...item(998), clientReference: 'order-5' }, 'client_reference_in_use'],
    };
    for (const [i, [body]] of Object.entries(bad)) messages[Number(i)] = body;
    const res = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: { messages },
      headers: { 'idempotency-key': 'batch-1000' },
    });
    assert.equal(res.status, 201, res.text.slice(0, 2000));
    assert.equal(res.body.data.length, 1000);
    res.body.data.forEach((r, i) => assert.equal(r.index, i));
    const refused = res.body.data.filter((r) => 'error' in r) as {
      index: number;
      error: { code: string; param?: string };
    }[];
    assert.deepEqual(
      refused.map((r) => [r.index, r.error.code]),
      Object.entries(bad).map(([i, [, code]]) => [Number(i), code]),
    );
    assert.equal(refused.find((r) => r.index === 3)!.error.param, 'messages[3].to');
    const accepted = res.body.data.filter((r) => 'message' in r) as { index: number; message: Message }[];
    assert.equal(accepted.length, 993);
    assert.ok(accepted.every((r) => r.message.batchId === res.body.batch.id && r.message.status === 'accepted'));
    assert.equal(accepted.find((r) => r.index === 4)!.message.clientReference, 'order-4');
    assert.deepEqual([res.body.batch.items, res.body.batch.accepted, res.body.batch.refused], [1000, 993, 7]);

    // The same key replays the first answer and queues nothing more.
    const again = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: { messages },
      headers: { 'idempotency-key': 'batch-1000' },
    });
    assert.equal(again.status, 201);
    assert.equal(again.body.batch.id, res.body.batch.id);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    const batch = await api<Batch>('GET', `/v1/batches/${res.body.batch.id}`);
    const { scheduled, accepted: queued, sent, delivered, read, failed, canceled } = batch.body.counts;
    assert.equal(scheduled + queued + sent + delivered + read + failed + canceled, 993, 'every message counted once');
    const byReference = await api<{ data: Message[] }>('GET', '/v1/messages?clientReference=order-10');
    assert.deepEqual(
      byReference.body.data.map((m) => m.id),
      [accepted.find((r) => r.index === 10)!.message.id],
    );
    const listed = await api<{ data: Message[]; has_more: boolean }>(
      'GET',
      `/v1/messages?batch=${res.body.batch.id}&limit=100`,
    );
    assert.equal(listed.body.data.length, 100);
    assert.ok(listed.body.has_more && listed.body.data.every((m) => m.batchId === res.body.batch.id));
    // A later request reusing a reference within 24 hours: that item is refused, the others go.
    const reuse = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: { messages: [item(1, { clientReference: 'order-1' }), item(2, { clientReference: 'order-new' })] },
    });
    assert.equal(reuse.status, 201, reuse.text);
    assert.equal((reuse.body.data[0] as { error: { code: string } }).error.code, 'client_reference_in_use');
    assert.ok('message' in reuse.body.data[1]!);
    const single = await api('POST', '/v1/messages', { body: item(3, { clientReference: 'order-new' }) });
    assert.equal(single.status, 409, single.text);
    assert.equal(single.body.error.code, 'client_reference_in_use');
  });

  it('answers 400 batch_rejected with every reason when no item is valid, storing nothing', async () => {
    const { templateId } = scope();
    const before = (await api<{ data: Batch[] }>('GET', '/v1/batches?limit=100')).body.data.length;
    const res = await api('POST', '/v1/messages/batch', {
      body: { messages: [{ to: 'nope', type: 'template', templateId }, { type: 'text' }] },
    });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error.code, 'batch_rejected');
    assert.deepEqual(
      res.body.error.items.map((i: { index: number; error: { code: string } }) => [i.index, i.error.code]),
      [
        [0, 'phone_number_invalid'],
        [1, 'parameter_missing'],
      ],
    );
    assert.equal((await api<{ data: Batch[] }>('GET', '/v1/batches?limit=100')).body.data.length, before);
    const empty = await api('POST', '/v1/messages/batch', { body: { messages: [] } });
    assert.equal(empty.status, 400);
  });

  it("refuses an item without its template's values by index, unless it asks for the examples (issue 38, finding 12)", async () => {
    const messages = [
      item(9100),
      item(9101, { variables: undefined }),
      item(9102, { variables: undefined, useExamples: true }),
    ];
    const dry = await api('POST', '/v1/messages/batch?dryRun=true', { body: { messages } });
    assert.deepEqual([dry.status, dry.body.valid, dry.body.refused], [200, 2, 1], dry.text);
    const res = await api<BatchAnswer>('POST', '/v1/messages/batch', { body: { messages } });
    assert.equal(res.status, 201, res.text);
    const refused = res.body.data[1] as { index: number; error: { code: string; message: string; param?: string } };
    assert.deepEqual(
      [refused.index, refused.error.code, refused.error.param],
      [1, 'template_values_missing', 'messages[1].variables.1'],
    );
    assert.match(refused.error.message, /missing "1"/);
    const examples = res.body.data[2] as { message: Message };
    // Accepted as asked, its values the examples (the single-send case checks what the platform receives).
    assert.deepEqual([examples.message.status, examples.message.variables], ['accepted', null]);
  });

  it('dry-runs a batch: valid items, windows and pricing, with nothing stored or sent', async () => {
    const { h, acct } = scope();
    await h.customerWrites('+16505569001', 'Hello', acct.phoneNumberId);
    const countMessages = async () =>
      (await api<{ data: Message[] }>('GET', '/v1/messages?limit=100')).body.data.length;
    const before = await countMessages();
    const res = await api('POST', '/v1/messages/batch?dryRun=true', {
      body: {
        messages: [
          item(9001),
          { to: '+16505569001', type: 'text', text: 'Hi' },
          item(9002),
          { to: '+16505569003', type: 'text', text: 'Hi' },
          { ...item(9004), templateId: 'tpl_nope' },
        ],
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual([res.body.items, res.body.valid, res.body.refused], [5, 3, 2]);
    // The customer of items 0 and 1 wrote: a template inside the window, and a free-form (service) message.
    assert.deepEqual(res.body.windows, { open: 2, closed: 1 });
    assert.deepEqual(res.body.pricing, { utility_outside_window: 1, utility_inside_window: 1, service: 1 });
    assert.equal(res.body.data[3].error.code, 'outside_customer_window');
    assert.equal(await countMessages(), before, 'nothing stored');

    // The same Idempotency-Key on a dry run and then on the send: the send runs (a dry run keeps
    // nothing under the key, and its query string makes it another request).
    const body = { messages: [item(9010)] };
    const dry = await api('POST', '/v1/messages/batch?dryRun=true', {
      body,
      headers: { 'idempotency-key': 'check-then-send' },
    });
    assert.equal(dry.status, 200, dry.text);
    const sent = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body,
      headers: { 'idempotency-key': 'check-then-send' },
    });
    assert.equal(sent.status, 201, sent.text);
    assert.equal(sent.headers['idempotent-replayed'], undefined);
    assert.equal(sent.body.batch.accepted, 1);
  });

  it("refuses a batch larger than the key's rate could ever admit with a 400 that says the limit, not a 429 to retry", async () => {
    const { h, acct } = scope();
    const { key } = await h.deps.keys.createKey({ accountId: acct.id, mode: 'live', rateLimit: 5 });
    for (const query of ['', '?dryRun=true']) {
      const res = await h.api('POST', `/v1/messages/batch${query}`, {
        key,
        body: { messages: Array.from({ length: 20 }, (_, i) => item(i)) },
      });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.headers['retry-after'], undefined, 'nothing to retry');
      assert.deepEqual([res.body.error.code, res.body.error.param], ['request_too_large', 'messages']);
      assert.match(res.body.error.message, /batch holds 20 .*limited to 5 .*never fits\. Send batches of at most 6/);
    }
    // One that fits is sent.
    const fits = await h.api('POST', '/v1/messages/batch', {
      key,
      body: { messages: Array.from({ length: 6 }, (_, i) => item(100 + i)) },
    });
    assert.equal(fits.status, 201, fits.text);
  });
}
