/**
 * Submitting to the platform: kept pending while it is down, recorded as rejected when it refuses,
 * adopted when its answer was lost; and a media header the account does not hold, flagged first.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { startHarness, type Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { input, templatesKit } from './kit.js';

export function submissionCases(harness: () => Harness): void {
  const { create, get, approved } = templatesKit(harness);

  it('keeps a template pending when the platform is down, and submits it once it is back', async () => {
    const h = harness();
    await h.simulatorConfig({ errorRate: 1 });
    let res;
    try {
      res = await create(input('while_down'));
    } finally {
      await h.simulatorConfig({ errorRate: 0 });
    }
    assert.deepEqual([res.status, res.body.status], [201, 'pending']);
    const t = await eventually(async () => {
      const x = await get(res.body.id);
      return x.status === 'approved' && x;
    });
    assert.equal(t.category, 'UTILITY');
    assert.equal([...h.sim.state.templates.values()].filter((x) => x.name === 'while_down').length, 1);
  });

  it('records a template the platform refuses at submission as rejected, with its reason (pending → rejected)', async () => {
    const h = harness();
    await h.simulatorConfig({ errorRate: 1, errorCode: 100 });
    let res;
    try {
      res = await create(input('refused_at_once'));
    } finally {
      await h.simulatorConfig({ errorRate: 0, errorCode: 131000 });
    }
    assert.deepEqual([res.status, res.body.status], [201, 'rejected']);
    assert.ok(res.body.rejectionReason);
    const fixed = await h.api('PATCH', `/v1/templates/${res.body.id}`, {
      body: { footer: 'Thanks for shopping with us' },
    });
    assert.equal(fixed.body.status, 'processing');
    await approved(res.body.id);
  });

  it('adopts the template a lost answer created, instead of submitting it twice', async () => {
    const h2 = await startHarness({
      env: { PLATFORM_TIMEOUT_MS: '200' },
      simulator: { latencyMs: 400, review: 'manual' },
    });
    try {
      const res = await h2.api('POST', '/v1/templates/', {
        body: input('lost_answer'),
        headers: { 'idempotency-key': 'lost' },
      });
      assert.deepEqual([res.status, res.body.status], [201, 'pending']);
      await h2.simulatorConfig({ latencyMs: 0 });
      const t = await eventually(async () => {
        const x = (await h2.api('GET', `/v1/templates/${res.body.id}`)).body;
        return x.status === 'processing' && x;
      });
      assert.equal(t.name, 'lost_answer');
      assert.equal([...h2.sim.state.templates.values()].filter((x) => x.name === 'lost_answer').length, 1);
      const row = await h2.deps.store.read
        .selectFrom('templates')
        .select('platform_template_id')
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      assert.equal(
        row.platform_template_id,
        [...h2.sim.state.templates.values()].find((x) => x.name === 'lost_answer')!.id,
      );
    } finally {
      await h2.close();
    }
  });

  it('flags a media header whose med_ id the account does not have', async () => {
    const h = harness();
    const res = await h.api('POST', '/v1/templates/validate', {
      body: input('with_image', { header: { type: 'image', mediaId: 'med_unknown' } }),
    });
    assert.deepEqual(
      res.body.issues.map((i: { code: string }) => i.code),
      ['header_media_not_found'],
    );
  });
}
