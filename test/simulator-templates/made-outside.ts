/**
 * A template made outside the service (`POST /_simulator/templates`, as in WhatsApp Manager):
 * listed and readable, kept across a restart, no webhook unless `notify`.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually, valueOf } from '../helpers.js';
import { V, WABA, type TemplatesKit } from './kit.js';

export function madeOutsideCases(kit: TemplatesKit): void {
  const { call, control, hooksAbout, idle, restart } = kit;
  it('makes a template outside the service: listed and readable, kept across a restart, no webhook unless notify', async () => {
    const made = await control('POST', '/_simulator/templates', {
      wabaId: WABA,
      name: 'made_in_manager',
      language: 'en_US',
      body: 'Hi {{1}}, your table for {{2}} is booked.',
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual(
      { ...made.body, id: typeof made.body.id },
      { id: 'string', name: 'made_in_manager', language: 'en_US', status: 'APPROVED', category: 'UTILITY' },
    );
    const listed = await call('GET', `/${V}/${WABA}/message_templates?name=made_in_manager`);
    assert.deepEqual(
      listed.body.data.map((t: any) => [t.id, t.status]),
      [[made.body.id, 'APPROVED']],
    );
    const got = await call('GET', `/${V}/${made.body.id}`);
    assert.deepEqual(got.body.components, [
      {
        type: 'BODY',
        text: 'Hi {{1}}, your table for {{2}} is booked.',
        example: { body_text: [['sample 1', 'sample 2']] },
      },
    ]);

    const told = await control('POST', '/_simulator/templates', {
      wabaId: WABA,
      name: 'made_and_told',
      language: 'en_US',
      category: 'MARKETING',
      status: 'PAUSED',
      qualityScore: 'RED',
      notify: true,
      components: [{ type: 'BODY', text: 'Our spring sale is on.' }],
    });
    assert.equal(told.status, 200, JSON.stringify(told.body));
    const paused = await eventually(async () =>
      hooksAbout(told.body.id).find((h) => valueOf(h.body).event === 'PAUSED'),
    );
    assert.equal(valueOf(paused.body).message_template_category, 'MARKETING');
    assert.deepEqual(
      (await call('GET', `/${V}/${told.body.id}?fields=${encodeURIComponent('status,quality_score{score}')}`)).body,
      { status: 'PAUSED', quality_score: { score: 'RED' }, id: told.body.id },
    );
    await idle();
    assert.deepEqual(hooksAbout(made.body.id), [], 'no webhook without notify');

    assert.equal(
      (
        await control('POST', '/_simulator/templates', {
          wabaId: WABA,
          name: 'made_in_manager',
          language: 'en_US',
          body: 'Again.',
        })
      ).status,
      409,
    );
    assert.match(
      (await control('POST', '/_simulator/templates', { name: 'x', language: 'en_US', body: 'Hi.', colour: 'red' }))
        .body.error,
      /Unknown key: colour/,
    );
    assert.match(
      (
        await control('POST', '/_simulator/templates', {
          wabaId: WABA,
          name: 'broken',
          language: 'en_US',
          body: '{{1}} is here',
        })
      ).body.error,
      /start or end/,
    );
    // Without wabaId: the WABA the simulator knows (here from a registered token).
    await control('POST', '/_simulator/tokens', { token: 'manager-token', wabaId: WABA });
    const byDefault = await control('POST', '/_simulator/templates', {
      name: 'made_by_default',
      language: 'en_US',
      body: 'Your visit is confirmed.',
    });
    assert.equal((await call('GET', `/${V}/${byDefault.body.id}?fields=name`)).body.name, 'made_by_default');

    await restart();
    assert.equal(
      (await call('GET', `/${V}/${made.body.id}?fields=name,status`)).body.status,
      'APPROVED',
      'kept in the state file',
    );
  });
}
