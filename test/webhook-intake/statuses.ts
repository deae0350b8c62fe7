/**
 * Status reports, from the platform's real payloads: a record for a message sent elsewhere, failures
 * with their codes, each step kept, late and out-of-order repeats ignored, statuses naming no one.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fixture, valueOf } from '../helpers.js';
import { batch, intakeKit, type IntakeScope } from './kit.js';

export function statusCases(scope: () => IntakeScope): void {
  const { post, message, counts } = intakeKit(scope);

  it('creates a readable record for a status of a message the service never sent (sent fixture)', async () => {
    const payload = fixture('webhook-status-sent.json');
    assert.equal((await post(payload)).statusCode, 200);
    const status = valueOf(payload).statuses[0];
    const m = await message('106540352242922', status.id);
    assert.equal(m.status, 'sent');
    assert.equal(m.platformMessageId, status.id);
    assert.equal(m.to, '+16505551234');
    assert.equal(m.source, 'external');
    assert.equal(m.type, 'template', 'pricing category marketing means a template');
    assert.equal(m.sentAt, new Date(Number(status.timestamp) * 1000).toISOString());
  });

  it('records a failed status with the platform error (failed fixture, 131049)', async () => {
    const payload = fixture('webhook-status-failed.json');
    assert.equal((await post(payload)).statusCode, 200);
    const status = valueOf(payload).statuses[0];
    const m = await message('106540352242922', status.id);
    assert.equal(m.status, 'failed');
    assert.equal(m.error.code, '131049');
    assert.equal(m.error.message, status.errors[0].error_data.details);
    assert.equal(m.failedAt, new Date(Number(status.timestamp) * 1000).toISOString());
  });

  it('moves a sent message to failed, keeping the sent step', async () => {
    const sent = batch('106540352242922', 1, ['sent'], 'then-failed');
    assert.equal((await post(sent)).statusCode, 200);
    const failed = fixture('webhook-status-failed.json');
    valueOf(failed).statuses[0].id = 'wamid.batch-then-failed-0';
    assert.equal((await post(failed)).statusCode, 200);
    const m = await message('106540352242922', 'wamid.batch-then-failed-0');
    assert.deepEqual([m.status, m.error.code], ['failed', '131049']);
    assert.ok(m.sentAt);
  });

  it('settles a failed status that names no recipient by its wamid, and counts one that names no known message', async () => {
    const { h } = scope();
    // docs/platform.md §4.9: a failed send to a BSUID may come back with no recipient field at all.
    assert.equal((await post(batch('106540352242922', 1, ['sent'], 'no-recipient'))).statusCode, 200);
    const failed = fixture('webhook-status-failed.json');
    const item = Object.assign(valueOf(failed).statuses[0], {
      id: 'wamid.batch-no-recipient-0',
      recipient_id: undefined,
    });
    assert.equal((await post(failed)).statusCode, 200);
    const m = await message('106540352242922', 'wamid.batch-no-recipient-0');
    assert.deepEqual([m.status, m.error.code, m.to], ['failed', '131049', '+16505551234']);

    const unmatched = async () =>
      (await h.deps.metrics.registry.getSingleMetric('tidings_webhook_statuses_unmatched_total')!.get()).values[0]
        ?.value ?? 0;
    const before = await unmatched();
    item.id = 'wamid.nobody-knows';
    assert.equal((await post(failed)).statusCode, 200);
    assert.equal(await unmatched(), before + 1);
    assert.deepEqual(
      await counts('wamid.nobody-knows'),
      { messages: 0, reports: 1, inbound: 0 },
      'kept in the status log, no record made up',
    );
  });

  it('applies delivered then read (pywa fixtures), and ignores the late repeat of delivered', async () => {
    assert.equal((await post(fixture('webhook-status-delivered.json'))).statusCode, 200);
    assert.equal((await message('1122334455667', 'wamid.xyzxyz')).status, 'delivered');
    assert.equal((await post(fixture('webhook-status-read.json'))).statusCode, 200);
    const read = await message('1122334455667', 'wamid.xyzxyz');
    assert.equal(read.status, 'read');
    assert.equal((await post(fixture('webhook-status-delivered.json'))).statusCode, 200);
    assert.deepEqual(await message('1122334455667', 'wamid.xyzxyz'), read);
    // failed after read is refused by the status machine.
    assert.equal((await post(fixture('webhook-status-failed-130472.json'))).statusCode, 200);
    assert.equal((await message('1122334455667', 'wamid.xyzxyz')).status, 'read');
  });

  it('records failures with their codes (131047 and 131053 fixtures) and the legacy sent shape', async () => {
    for (const [name, code] of [
      ['webhook-status-failed-131047.json', '131047'],
      ['webhook-status-failed-131053.json', '131053'],
    ] as const) {
      const payload = fixture(name);
      assert.equal((await post(payload)).statusCode, 200);
      const value = valueOf(payload);
      const m = await message(value.metadata.phone_number_id, value.statuses[0].id);
      assert.deepEqual([m.status, m.error.code], ['failed', code], name);
      assert.ok(m.error.message.length > 0);
    }
    const legacy = fixture('webhook-status-sent-cbp-legacy.json');
    assert.equal((await post(legacy)).statusCode, 200);
    assert.equal((await message('409552778964973', valueOf(legacy).statuses[0].id)).status, 'sent');
    assert.equal((await post(fixture('webhook-status-minimal-v24.json'))).statusCode, 200);
  });
}
