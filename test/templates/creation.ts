/**
 * Validating and creating templates: every issue at once, submitted as the Graph API expects, the
 * Idempotency-Key, live keys only, content and names refused.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Harness } from '../harness.js';
import { input, templatesKit } from './kit.js';

export function creationCases(harness: () => Harness): void {
  const { create, approved } = templatesKit(harness);

  it('validates: 200 with valid true, or every issue at once; test keys may validate', async () => {
    const h = harness();
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
    const h = harness();
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
    const h = harness();
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
    const h = harness();
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
    const h = harness();
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
    const h = harness();
    await create(input('taken_name'));
    const again = await create(input('taken_name'));
    assert.deepEqual([again.status, again.body.error.code], [409, 'template_name_taken']);
    const v = await h.api('POST', '/v1/templates/validate', { body: input('taken_name') });
    assert.deepEqual([v.status, v.body.error.code], [409, 'template_name_taken']);
    // Another language of the same name is a different template at the platform.
    assert.equal((await create(input('taken_name', { language: 'pt_BR' }))).status, 201);
  });

  it('answers 409 template_name_taken when the platform already holds the name (created elsewhere)', async () => {
    const h = harness();
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
}
