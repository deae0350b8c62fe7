/** Templates' changes are recorded in their unit: created and deleted by the key, the review's status change by the platform. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { AuditEvent } from '../../src/audit/audit.schemas.js';
import { approvedTemplate } from '../factories.js';
import type { Harness } from '../harness.js';

export function templateCases(harness: () => Harness) {
  it('records template.created by the key, template.status_changed by the platform, template.deleted', async () => {
    const h = harness();
    const t = await approvedTemplate(h, { name: 'audit_review', body: 'Your order shipped.' });
    const gone = await h.api('DELETE', `/v1/templates/${t.id}`, { key: h.account.liveKey });
    assert.equal(gone.status, 200, gone.text);
    const r = await h.api('GET', `/v1/audit_events?objectType=template&objectId=${t.id}`, { key: h.account.liveKey });
    const all = (r.body.data as AuditEvent[]).reverse();
    const created = all.find((e) => e.action === 'template.created')!;
    assert.equal(created.actor.type, 'key');
    assert.equal((created.changes!.after as { id: string }).id, t.id);
    // The review's verdict is the platform's, whether its webhook brought it or the service's
    // reconciliation read it first (a loaded machine delays the webhook): recorded once.
    const reviews = all.filter(
      (e) => e.action === 'template.status_changed' && (e.changes!.after as { status: string }).status === 'approved',
    );
    assert.equal(reviews.length, 1, JSON.stringify(all.map((e) => [e.action, e.actor])));
    const review = reviews[0]!;
    assert.deepEqual(review.actor, { type: 'platform', id: 'meta', name: null });
    assert.deepEqual(review.changes!.after, { status: 'approved' });
    const deleted = all.at(-1)!;
    assert.equal(deleted.action, 'template.deleted');
    assert.equal(deleted.actor.type, 'key');
  });
}
