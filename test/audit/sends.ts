/** Sends accepted are recorded in their unit: `message.created` per single send, `batch.created` per batch, `suppression.overridden`. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { AuditEvent } from '../../src/audit/audit.schemas.js';
import type { Harness } from '../harness.js';

async function entries(h: Harness, query: string): Promise<AuditEvent[]> {
  const r = await h.api('GET', `/v1/audit_events?${query}`, { key: h.account.liveKey });
  assert.equal(r.status, 200, r.text);
  return r.body.data;
}

export function sendCases(harness: () => Harness) {
  it('records one message.created per accepted single send, with the key, the request and what was sent', async () => {
    const h = harness();
    const to = '+16505573101';
    await h.customerWrites(to);
    const sent = await h.api('POST', '/v1/messages', {
      key: h.account.liveKey,
      body: { type: 'text', to, text: 'Hi' },
    });
    assert.equal(sent.status, 201, sent.text);
    const [made, ...more] = await entries(h, `objectId=${sent.body.id}`);
    assert.equal(more.length, 0);
    assert.equal(made!.action, 'message.created');
    assert.equal(made!.actor.type, 'key');
    assert.equal(made!.mode, 'live');
    assert.match(made!.requestId ?? '', /^req_/);
    assert.deepEqual(made!.changes, { before: null, after: { to, type: 'text' } });
  });

  it('records one batch.created with its counts, and no message.created for its items', async () => {
    const h = harness();
    const to = ['+16505573102', '+16505573103'];
    for (const phone of to) await h.customerWrites(phone);
    const batch = await h.api('POST', '/v1/messages/batch', {
      key: h.account.liveKey,
      body: {
        messages: [...to.map((t) => ({ type: 'text', to: t, text: 'Hi' })), { type: 'text', to: 'nope', text: 'x' }],
      },
    });
    assert.equal(batch.status, 201, batch.text);
    const [made, ...more] = await entries(h, `objectId=${batch.body.batch.id}`);
    assert.equal(more.length, 0);
    assert.equal(made!.action, 'batch.created');
    assert.deepEqual(made!.changes!.after, { items: 3, accepted: 2, refused: 1 });
    const items = batch.body.data.flatMap((r: { message?: { id: string } }) => (r.message ? [r.message.id] : []));
    assert.equal(items.length, 2);
    for (const id of items) assert.deepEqual(await entries(h, `objectId=${id}`), []);
  });

  it('records suppression.overridden when a send passes a suppression by "suppression": "ignore"', async () => {
    const h = harness();
    const to = '+16505573104';
    await h.customerWrites(to);
    const sup = await h.api('POST', '/v1/suppressions', { key: h.account.liveKey, body: { to } });
    await h.deps.suppressions.updateSettings(h.account.id, { allowSuppressionOverride: true }, 'operator');
    try {
      const sent = await h.api('POST', '/v1/messages', {
        key: h.account.liveKey,
        body: { type: 'text', to, text: 'Hi', suppression: 'ignore' },
      });
      assert.equal(sent.status, 201, sent.text);
      const [passed] = await entries(h, `action=suppression.overridden&objectId=${sup.body.id}`);
      assert.deepEqual(passed!.changes!.after, { messageId: sent.body.id, to });
      assert.equal(passed!.actor.type, 'key');
    } finally {
      await h.deps.suppressions.updateSettings(h.account.id, { allowSuppressionOverride: false }, 'operator');
    }
  });
}
