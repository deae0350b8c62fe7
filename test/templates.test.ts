/** Templates end to end through the simulator (docs/api.md §3.1, §4.1–4.5, §D6–§D7). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture, valueOf } from './helpers.js';

const input = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  category: 'UTILITY',
  language: 'en_US',
  body: 'Hi {{1}}! Your order number is {{2}}. Thank you.',
  variables: [{ example: 'Pablo', name: 'first_name' }, { example: '860198-230332' }],
  ...extra,
});

describe('templates', () => {
  let h: Harness;
  let n = 0;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const create = (body: unknown, key = `k-${n++}-${Date.now()}`) =>
    h.api('POST', '/v1/templates/', { body, headers: { 'idempotency-key': key } });
  const get = async (id: string) => (await h.api('GET', `/v1/templates/${id}`)).body;
  const approved = (id: string) =>
    eventually(async () => {
      const t = await get(id);
      return t.status === 'approved' && t;
    });

  it('validates: 200 with valid true, or every issue at once; test keys may validate', async () => {
    const ok = await h.api('POST', '/v1/templates/validate', { key: h.account.testKey, body: input('fine_name') });
    assert.deepEqual([ok.status, ok.body], [200, { valid: true, issues: [] }]);
    const bad = await h.api('POST', '/v1/templates/validate', {
      body: input('Bad Name', { body: '{{1}} only', footer: 'x'.repeat(61) }),
    });
    assert.equal(bad.status, 200);
    assert.equal(bad.body.valid, false);
    const codes = bad.body.issues.map((i: { code: string }) => i.code);
    for (const c of ['name_invalid', 'placeholder_at_start', 'footer_too_long', 'variables_extra'])
      assert.ok(codes.includes(c), `${c} in ${codes}`);
  });

  it('creates (201, submitted at once), then the review approves it', async () => {
    const res = await create(input('order_confirmation'));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.match(res.body.id, /^tpl_/);
    assert.equal(res.body.status, 'processing');
    assert.deepEqual(res.body.variables, [{ example: 'Pablo', name: 'first_name' }, { example: '860198-230332' }]);
    const t = await approved(res.body.id);
    assert.equal(t.category, 'UTILITY');
    assert.ok(t.approvedAt);
    assert.ok(t.updatedAt > res.body.updatedAt);
    // Submitted as the Graph API expects.
    const sim = [...h.sim.state.templates.values()].find((x) => x.name === 'order_confirmation')!;
    assert.deepEqual(sim.components, [
      { type: 'BODY', text: input('x').body, example: { body_text: [['Pablo', '860198-230332']] } },
    ]);
  });

  it('submits a text header and footer with their examples', async () => {
    const res = await create(
      input('with_header', {
        header: { type: 'text', text: 'Order {{1}}', example: 'A-1042' },
        footer: 'Reply STOP to opt out',
      }),
    );
    assert.equal(res.status, 201);
    const sim = [...h.sim.state.templates.values()].find((x) => x.name === 'with_header')!;
    assert.deepEqual(sim.components[0], {
      type: 'HEADER',
      format: 'TEXT',
      text: 'Order {{1}}',
      example: { header_text: ['A-1042'] },
    });
    assert.deepEqual(sim.components[2], { type: 'FOOTER', text: 'Reply STOP to opt out' });
  });

  it('requires Idempotency-Key, replays a retry without a second submission, and refuses the key for another body', async () => {
    const missing = await h.api('POST', '/v1/templates/', { body: input('no_key') });
    assert.deepEqual([missing.status, missing.body.error.code], [400, 'idempotency_key_missing']);
    const before = h.sim.state.templates.size;
    const first = await create(input('replayed'), 'create-replayed');
    const again = await create(input('replayed'), 'create-replayed');
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body.id, first.body.id);
    assert.equal(h.sim.state.templates.size, before + 1);
    const other = await create(input('replayed_other'), 'create-replayed');
    assert.deepEqual([other.status, other.body.error.code], [409, 'idempotency_key_reused']);
  });

  it('refuses create and update on a test key with 403 live_mode_required', async () => {
    const res = await h.api('POST', '/v1/templates/', {
      key: h.account.testKey,
      body: input('test_mode'),
      headers: { 'idempotency-key': 'tm' },
    });
    assert.deepEqual([res.status, res.body.error.code], [403, 'live_mode_required']);
  });

  it('refuses content that breaks the rules with 400 template_invalid and the issues', async () => {
    const res = await create(input('broken', { body: 'Hi {{1}}{{2}}', variables: [] }));
    assert.deepEqual([res.status, res.body.error.code], [400, 'template_invalid']);
    assert.ok(res.body.error.issues.length >= 3);
  });

  it('answers 409 template_name_taken for a name the account holds (create and validate)', async () => {
    await create(input('taken_name'));
    const again = await create(input('taken_name'));
    assert.deepEqual([again.status, again.body.error.code], [409, 'template_name_taken']);
    const v = await h.api('POST', '/v1/templates/validate', { body: input('taken_name') });
    assert.deepEqual([v.status, v.body.error.code], [409, 'template_name_taken']);
    // Another language of the same name is a different template at the platform.
    assert.equal((await create(input('taken_name', { language: 'pt_BR' }))).status, 201);
  });

  it('answers 409 template_name_taken when the platform already holds the name (created elsewhere)', async () => {
    const account = await h.deps.accounts.credentialsForAccount(h.account.id);
    await h.deps.platform.createTemplate(account, {
      name: 'made_elsewhere',
      language: 'en_US',
      category: 'UTILITY',
      body: 'Hello there, your code is {{1}}.',
      bodyExamples: ['1'],
      header: null,
      footer: null,
    });
    const res = await create(input('made_elsewhere'));
    assert.deepEqual(
      [res.status, res.body.error.code, res.body.error.platformError.code],
      [409, 'template_name_taken', '100'],
    );
    assert.equal(
      (await h.api('POST', '/v1/templates/validate', { body: input('made_elsewhere') })).body.valid,
      true,
      'nothing kept for it here',
    );
  });

  it('keeps a template pending when the platform is down, and submits it once it is back', async () => {
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
    const res = await h.api('POST', '/v1/templates/validate', {
      body: input('with_image', { header: { type: 'image', mediaId: 'med_unknown' } }),
    });
    assert.deepEqual(
      res.body.issues.map((i: { code: string }) => i.code),
      ['header_media_not_found'],
    );
  });

  it('re-categorised as MARKETING: gone from the list, still readable', async () => {
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
    const other = await h.newAccount('Templates Other');
    const res = await create(input('private_template'));
    assert.equal((await h.api('GET', `/v1/templates/${res.body.id}`, { key: other.liveKey })).status, 404);
    assert.equal(
      (await h.api('PATCH', `/v1/templates/${res.body.id}`, { key: other.liveKey, body: { footer: 'x' } })).status,
      404,
    );
    assert.equal((await h.api('DELETE', `/v1/templates/${res.body.id}`, { key: other.liveKey })).status, 404);
  });
});

describe('template list paging', () => {
  it('walks 250 templates page by page, each exactly once, newest change first; filters by status and updatedAfter', async () => {
    // No latency on Graph calls: 250 submissions one after the other would wait 37.5 s for it
    // (150 ms each, the simulator's default), and the paging reads nothing of the platform's.
    const h = await startHarness({ simulator: { review: 'manual', latencyMs: 0 } });
    try {
      const { key } = await h.deps.keys.createKey({ accountId: h.account.id, mode: 'live', rateLimit: 10_000 });
      const ids: string[] = [];
      for (let i = 0; i < 250; i++) {
        const res = await h.api('POST', '/v1/templates/', {
          key,
          body: input(`paged_${i}`),
          headers: { 'idempotency-key': `p${i}` },
        });
        ids.push(res.body.id);
      }
      const seen: string[] = [];
      const stamps: string[] = [];
      let cursor = '';
      for (;;) {
        const page = await h.api('GET', `/v1/templates/?limit=100${cursor ? `&starting_after=${cursor}` : ''}`);
        assert.equal(page.status, 200);
        seen.push(...page.body.data.map((t: { id: string }) => t.id));
        stamps.push(...page.body.data.map((t: { updatedAt: string }) => t.updatedAt));
        if (!page.body.has_more) break;
        cursor = page.body.data.at(-1).id;
      }
      assert.equal(seen.length, 250);
      assert.equal(new Set(seen).size, 250);
      assert.deepEqual([...stamps].sort().reverse(), stamps, 'newest change first');
      assert.deepEqual(new Set(seen), new Set(ids));
      const mark = new Date().toISOString();
      // Any change from now on is strictly later than the mark.
      await eventually(async () => new Date().toISOString() > mark);
      const first = [...h.sim.state.templates.values()].find((t) => t.name === 'paged_7')!;
      await fetch(`${h.simUrl}/_simulator/templates/${first.id}/review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"decision":"APPROVED"}',
      });
      const changed = await eventually(async () => {
        const r = await h.api('GET', `/v1/templates/?updatedAfter=${encodeURIComponent(mark)}`);
        return r.body.data.length === 1 && r.body;
      });
      assert.equal(changed.data[0].name, 'paged_7');
      const onlyApproved = await h.api('GET', '/v1/templates/?status=approved');
      assert.deepEqual(
        onlyApproved.body.data.map((t: { name: string }) => t.name),
        ['paged_7'],
      );
      const bad = await h.api('GET', '/v1/templates/?updatedAfter=yesterday');
      assert.deepEqual(
        [bad.status, bad.body.error.code, bad.body.error.param],
        [400, 'parameter_invalid', 'updatedAfter'],
      );
      const unknown = await h.api('GET', '/v1/templates/?starting_after=tpl_nope');
      assert.deepEqual([unknown.status, unknown.body.error.code], [400, 'parameter_invalid']);
    } finally {
      await h.close();
    }
  });
});
