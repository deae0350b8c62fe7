/** Lost webhooks: `"webhook": false` on the status, quality, category and review calls makes the change, visible in GET, and sends nothing. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually, valueOf } from '../helpers.js';
import { V, WABA, type TemplatesKit } from './kit.js';

export function lostWebhookCases(kit: TemplatesKit): void {
  const { call, control, hooksAbout, idle } = kit;
  it('changes status, quality and category without a webhook when told "webhook": false, and GET shows it', async () => {
    const { body: t } = await control('POST', '/_simulator/templates', {
      wabaId: WABA,
      name: 'lost_webhooks',
      language: 'en_US',
      body: 'Your order {{1}} is ready for pickup.',
    });
    const read = async () =>
      (await call('GET', `/${V}/${t.id}?fields=status,quality_score,category,previous_category,correct_category`)).body;
    const quiet = { webhook: false };
    assert.equal(
      (await control('POST', `/_simulator/templates/${t.id}/status`, { event: 'PAUSED', ...quiet })).status,
      200,
    );
    assert.equal((await read()).status, 'PAUSED');
    await control('POST', `/_simulator/templates/${t.id}/status`, { event: 'UNPAUSED', ...quiet });
    assert.equal((await read()).status, 'APPROVED');
    await control('POST', `/_simulator/templates/${t.id}/quality`, { score: 'YELLOW', ...quiet });
    assert.equal((await read()).quality_score.score, 'YELLOW');
    await control('POST', `/_simulator/templates/${t.id}/category`, { category: 'MARKETING', notice: true, ...quiet });
    let now = await read();
    assert.deepEqual(
      [now.category, now.correct_category, now.previous_category],
      ['UTILITY', 'MARKETING', undefined],
      'the advance notice',
    );
    await control('POST', `/_simulator/templates/${t.id}/category`, { category: 'MARKETING', ...quiet });
    now = await read();
    assert.deepEqual(
      [now.category, now.correct_category, now.previous_category],
      ['MARKETING', 'MARKETING', 'UTILITY'],
      'the change',
    );
    await control('POST', `/_simulator/templates/${t.id}/status`, { event: 'DISABLED', ...quiet });
    assert.equal((await read()).status, 'DISABLED');
    assert.equal(
      (await control('POST', `/_simulator/templates/${t.id}/status`, { event: 'PAUSED', webhook: 'no' })).status,
      400,
    );

    await control('PUT', '/_simulator/config', { review: 'manual' });
    const pending = await control('POST', '/_simulator/templates', {
      wabaId: WABA,
      name: 'lost_review',
      language: 'en_US',
      status: 'PENDING',
      body: 'Your appointment is tomorrow.',
    });
    assert.equal(
      (
        await control('POST', `/_simulator/templates/${pending.body.id}/review`, {
          decision: 'REJECTED',
          reason: 'INVALID_FORMAT',
          ...quiet,
        })
      ).status,
      200,
    );
    assert.equal(
      (await call('GET', `/${V}/${pending.body.id}?fields=status,rejected_reason`)).body.rejected_reason,
      'INVALID_FORMAT',
    );
    await idle();
    assert.deepEqual([...hooksAbout(t.id), ...hooksAbout(pending.body.id)], [], 'no webhook went out');
    // With the webhook (the default), the same call sends it.
    await control('POST', `/_simulator/templates/${t.id}/quality`, { score: 'GREEN' });
    await eventually(async () => hooksAbout(t.id).find((h) => valueOf(h.body).new_quality_score === 'GREEN'));
  });
}
