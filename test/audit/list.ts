/** Entries recorded with their actor and request; GET /v1/audit_events filters, pages and exports. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { AuditEvent } from '../../src/audit/audit.schemas.js';
import type { Harness } from '../harness.js';
import { suppressSomeone } from './kit.js';

export function listCases(harness: () => Harness) {
  it('records a suppression made and lifted with the key, the request id, the address and before/after', async () => {
    const h = harness();
    const id = await suppressSomeone(h);
    const lifted = await h.api('DELETE', `/v1/suppressions/${id}`, { key: h.account.liveKey });
    assert.equal(lifted.status, 200);
    const r = await h.api('GET', `/v1/audit_events?objectId=${id}`, { key: h.account.liveKey });
    assert.equal(r.status, 200, r.text);
    const [lift, made] = r.body.data as AuditEvent[];
    assert.equal(lift!.action, 'suppression.lifted');
    assert.equal(made!.action, 'suppression.created');
    assert.equal(made!.actor.type, 'key');
    assert.match(made!.actor.id, /^key_/);
    assert.match(made!.requestId ?? '', /./);
    assert.match(made!.address ?? '', /./);
    assert.equal((made!.changes!.after as { id: string }).id, id);
    assert.equal((lift!.changes!.before as { liftedAt: string | null }).liftedAt, null);
    assert.notEqual((lift!.changes!.after as { liftedAt: string | null }).liftedAt, null);
  });

  it('pages newest first and filters by action', async () => {
    const h = harness();
    const ids = [await suppressSomeone(h), await suppressSomeone(h), await suppressSomeone(h)];
    const first = await h.api('GET', '/v1/audit_events?action=suppression.created&limit=2', { key: h.account.liveKey });
    assert.equal(first.status, 200);
    assert.equal(first.body.has_more, true);
    assert.deepEqual(
      first.body.data.map((e: AuditEvent) => e.object.id),
      [ids[2], ids[1]],
    );
    const last = first.body.data[1].id;
    const next = await h.api('GET', `/v1/audit_events?action=suppression.created&limit=2&starting_after=${last}`, {
      key: h.account.liveKey,
    });
    assert.equal(next.body.data[0].object.id, ids[0]);
    const none = await h.api('GET', '/v1/audit_events?action=nothing.happened', { key: h.account.liveKey });
    assert.deepEqual(none.body, { data: [], has_more: false });
  });

  it("shows only the key's account", async () => {
    const h = harness();
    const other = await h.newAccount('audit other');
    await suppressSomeone(h, other.liveKey);
    const mine = await h.api('GET', '/v1/audit_events?limit=100', { key: h.account.liveKey });
    const theirs = await h.api('GET', '/v1/audit_events?action=suppression.created', { key: other.liveKey });
    assert.equal(theirs.body.data.length, 1);
    assert.ok(!mine.body.data.some((e: AuditEvent) => e.id === theirs.body.data[0].id));
  });

  it('exports every matching entry as JSON Lines and as CSV', async () => {
    const h = harness();
    const all = await h.api('GET', '/v1/audit_events?action=suppression.created&limit=100', { key: h.account.liveKey });
    const jsonl = await h.api('GET', '/v1/audit_events?action=suppression.created&limit=1', {
      key: h.account.liveKey,
      headers: { accept: 'application/x-ndjson' },
    });
    assert.equal(jsonl.status, 200);
    assert.match(String(jsonl.headers['content-type']), /application\/x-ndjson/);
    const lines = jsonl.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditEvent);
    assert.deepEqual(
      lines.map((e) => e.id),
      all.body.data.map((e: AuditEvent) => e.id),
    );
    const csv = await h.api('GET', '/v1/audit_events?action=suppression.created', {
      key: h.account.liveKey,
      headers: { accept: 'text/csv' },
    });
    const rows = csv.text.trim().split('\n');
    assert.match(rows[0]!, /^id,seq,createdAt,actorType,actorId/);
    assert.equal(rows.length, all.body.data.length + 1);
    assert.ok(rows[1]!.startsWith(`${all.body.data[0].id},`));
  });
}
