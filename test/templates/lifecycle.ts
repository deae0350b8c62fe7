/**
 * After submission: re-categorised by the platform, rejected, fixed and resubmitted, frozen once
 * approved, the template webhook fixtures applied; deleted; and out of another account's reach.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Harness } from '../harness.js';
import { eventually, fixture, valueOf } from '../helpers.js';
import { input, templatesKit } from './kit.js';

export function lifecycleCases(harness: () => Harness): void {
  const { create, get, approved } = templatesKit(harness);

  it('re-categorised as MARKETING: gone from the list, still readable', async () => {
    const h = harness();
    const res = await create(
      input('promo_like', { body: 'Hi {{1}}, enjoy 20% off with code {{2}} at our summer sale today.' }),
    );
    const t = await eventually(async () => {
      const x = await get(res.body.id);
      return x.status === 'approved' && x;
    });
    assert.equal(t.category, 'MARKETING');
    const list = await h.api('GET', '/v1/templates/?limit=100');
    assert.ok(!list.body.data.some((x: { id: string }) => x.id === res.body.id));
  });

  it('applies a later category change from the platform (template_category_update)', async () => {
    const h = harness();
    const res = await create(input('later_marketing'));
    await approved(res.body.id);
    const sim = [...h.sim.state.templates.values()].find((x) => x.name === 'later_marketing')!;
    await fetch(`${h.simUrl}/_simulator/templates/${sim.id}/category`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"category":"MARKETING"}',
    });
    await eventually(async () => (await get(res.body.id)).category === 'MARKETING');
  });

  it('tracks a rejection, lets it be fixed and resubmitted, and freezes approved templates', async () => {
    const h = harness();
    await h.simulatorConfig({ review: 'manual' });
    try {
      const res = await create(input('to_reject'));
      const sim = [...h.sim.state.templates.values()].find((x) => x.name === 'to_reject')!;
      await fetch(`${h.simUrl}/_simulator/templates/${sim.id}/review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'REJECTED', reason: 'TAG_CONTENT_MISMATCH' }),
      });
      const rejected = await eventually(async () => {
        const x = await get(res.body.id);
        return x.status === 'rejected' && x;
      });
      assert.equal(rejected.rejectionReason, 'TAG_CONTENT_MISMATCH');
      const patched = await h.api('PATCH', `/v1/templates/${res.body.id}`, {
        body: { body: 'Hello {{1}}, your order {{2}} has shipped today.' },
      });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      assert.deepEqual(
        [patched.body.status, patched.body.rejectionReason, patched.body.name],
        ['processing', null, 'to_reject'],
      );
      assert.equal(patched.body.variables.length, 2, 'omitted fields keep their value');
      assert.equal((sim.components[0] as { text: string }).text, 'Hello {{1}}, your order {{2}} has shipped today.');
      await fetch(`${h.simUrl}/_simulator/templates/${sim.id}/review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"decision":"APPROVED"}',
      });
      await approved(res.body.id);
      const frozen = await h.api('PATCH', `/v1/templates/${res.body.id}`, { body: { footer: 'new' } });
      assert.deepEqual([frozen.status, frozen.body.error.code], [409, 'template_not_editable']);
      assert.match(frozen.body.error.message, /^An approved template cannot be edited/);
      const processing = await create(input('in_review'));
      const busy = await h.api('PATCH', `/v1/templates/${processing.body.id}`, { body: { footer: 'new' } });
      assert.deepEqual([busy.status, busy.body.error.code], [409, 'template_not_editable']);
    } finally {
      await h.simulatorConfig({ review: 'auto' });
    }
  });

  it('applies the template webhook fixtures (approved, rejected)', async () => {
    const h = harness();
    await h.simulatorConfig({ review: 'manual' });
    try {
      const a = await create(input('fixture_approved'));
      const r = await create(input('fixture_rejected'));
      const idOf = (name: string) => [...h.sim.state.templates.values()].find((x) => x.name === name)!.id;
      const approvedPayload = fixture('webhook-template-status-approved.json');
      valueOf(approvedPayload).message_template_id = Number(idOf('fixture_approved'));
      const rejectedPayload = fixture('webhook-template-status-rejected.json');
      valueOf(rejectedPayload).message_template_id = Number(idOf('fixture_rejected'));
      for (const p of [approvedPayload, rejectedPayload]) assert.equal((await h.platformWebhook(p)).status, 200);
      assert.equal((await get(a.body.id)).status, 'approved');
      const rejected = await get(r.body.id);
      assert.equal(rejected.status, 'rejected');
      assert.match(rejected.rejectionReason, /parameters placed next to each other/);
    } finally {
      await h.simulatorConfig({ review: 'auto' });
    }
  });

  it('applies the category update fixtures: the advance notice is kept apart, the completed change moves the category', async () => {
    const h = harness();
    const res = await create(input('category_fixtures'));
    await approved(res.body.id);
    const platformId = [...h.sim.state.templates.values()].find((x) => x.name === 'category_fixtures')!.id;
    const post = async (name: string) => {
      const payload = fixture(name);
      valueOf(payload).message_template_id = Number(platformId);
      assert.equal((await h.platformWebhook(payload)).status, 200);
    };
    const before = await get(res.body.id);
    await post('webhook-template-category-update-impending.json');
    const noticed = await get(res.body.id);
    assert.deepEqual(
      [noticed.category, noticed.categoryUpdate.category, noticed.categoryUpdate.effectiveAt],
      ['UTILITY', 'MARKETING', '2025-05-02T07:00:00.000Z'],
    );
    await post('webhook-template-category-update-completed.json');
    const after = await get(res.body.id);
    assert.deepEqual([after.category, after.previousCategory, after.categoryUpdate], ['MARKETING', 'UTILITY', null]);
    assert.ok(after.updatedAt > before.updatedAt);
    const send = await h.api('POST', '/v1/messages/', {
      body: { to: '+16505551234', type: 'template', templateId: res.body.id },
    });
    assert.equal(send.body.error.code, 'template_category_not_allowed');
  });

  it('deletes at the platform; the template reads as 404 and its name is reserved', async () => {
    const h = harness();
    const res = await create(input('to_delete'));
    const del = await h.api('DELETE', `/v1/templates/${res.body.id}`);
    assert.deepEqual([del.status, del.body], [200, { id: res.body.id, deleted: true }]);
    assert.equal((await h.api('GET', `/v1/templates/${res.body.id}`)).body.error.code, 'template_not_found');
    assert.ok(![...h.sim.state.templates.values()].some((x) => x.name === 'to_delete'));
    const again = await create(input('to_delete'));
    assert.deepEqual([again.status, again.body.error.code], [409, 'template_name_reserved']);
    assert.equal((await h.api('DELETE', `/v1/templates/${res.body.id}`)).status, 404);
  });

  it("answers another account's template with 404", async () => {
    const h = harness();
    const other = await h.newAccount('Templates Other');
    const res = await create(input('private_template'));
    assert.equal((await h.api('GET', `/v1/templates/${res.body.id}`, { key: other.liveKey })).status, 404);
    assert.equal(
      (await h.api('PATCH', `/v1/templates/${res.body.id}`, { key: other.liveKey, body: { footer: 'x' } })).status,
      404,
    );
    assert.equal((await h.api('DELETE', `/v1/templates/${res.body.id}`, { key: other.liveKey })).status, 404);
  });
}
