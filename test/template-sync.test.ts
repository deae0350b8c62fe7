/**
 * Reconciliation of templates with the platform and Meta's Template Library (docs/api.md §D20):
 * templates made outside Tidings imported on `POST /v1/templates/sync` and by the periodic
 * reconciliation (a manual clock), what a lost webhook left behind repaired with its event, a
 * template deleted at the platform deleted here; a template from the library. Through the
 * simulator over HTTP.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import { approvedTemplate } from './factories.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture } from './helpers.js';

const DAY = 24 * 3_600_000;

describe('template reconciliation and library', () => {
  const clock = new ManualClock();
  let h: Harness;
  let receiver: Receiver;
  before(async () => {
    h = await startHarness({ clock, env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
    receiver = await startReceiver();
    const res = await h.api('POST', '/v1/webhook_endpoints', {
      body: { url: receiver.url, events: ['template.paused', 'template.quality_updated'] },
    });
    receiver.secrets = [res.body.secret];
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });

  const control = async (path: string, body: unknown) => {
    const res = await fetch(`${h.simUrl}/_simulator${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    return JSON.parse(text) as { id: string };
  };
  /** A template made in WhatsApp Manager (no webhook reaches Tidings). */
  const madeOutside = (name: string, extra: Record<string, unknown> = {}) =>
    control('/templates', {
      name,
      language: 'en_US',
      body: `Hello {{1}}, this is ${name.replace(/_/g, ' ')} from our shop.`,
      ...extra,
    });
  const sync = async () => {
    const res = await h.api('POST', '/v1/templates/sync');
    assert.equal(res.status, 200, res.text);
    return res.body as {
      imported: string[];
      updated: { id: string; changes: Record<string, { from: string; to: string }> }[];
      deleted: string[];
      unchanged: number;
    };
  };
  const byName = async (name: string) =>
    (await h.api('GET', `/v1/templates?name=${name}&category=any`)).body.data as {
      id: string;
      source: string;
      status: string;
      body: string;
      category: string;
    }[];

  it('imports a template made outside Tidings on POST /v1/templates/sync, with source "platform", and it can be sent', async () => {
    const outside = await madeOutside('made_in_manager', { components: undefined });
    const result = await sync();
    assert.ok(result.imported.includes(`tpl_p${outside.id}`), JSON.stringify(result));
    const [t] = await byName('made_in_manager');
    assert.deepEqual(
      [t!.id, t!.source, t!.status, t!.category],
      [`tpl_p${outside.id}`, 'platform', 'approved', 'UTILITY'],
    );
    assert.equal((await h.api('GET', `/v1/templates/${t!.id}/history`)).body.data[0].type, 'imported');
    const send = await h.api('POST', '/v1/messages', {
      body: { to: '+16505581001', type: 'template', templateId: t!.id, variables: { '1': 'Ana' } },
    });
    assert.equal(send.status, 201, send.text);
    // Again: nothing new.
    const again = await sync();
    assert.deepEqual([again.imported, again.updated, again.deleted], [[], [], []]);
  });

  it('imports a template with named parameters, numbered with their names, and sends it with parameter_name', async () => {
    const outside = await madeOutside('named_made_outside', {
      body: 'Hi {{first_name}}, your order {{order_number}} has shipped.',
    });
    await sync();
    const t = (await h.api('GET', `/v1/templates/tpl_p${outside.id}`)).body;
    assert.equal(t.body, 'Hi {{1}}, your order {{2}} has shipped.');
    assert.deepEqual(t.variables, [
      { example: 'sample first_name', name: 'first_name' },
      { example: 'sample order_number', name: 'order_number' },
    ]);
    const send = await h.api('POST', '/v1/messages', {
      body: {
        to: '+16505581002',
        type: 'template',
        templateId: t.id,
        variables: { first_name: 'Jessica', order_number: 'SKBUP2-4CPIG9' },
      },
    });
    assert.equal(send.status, 201, send.text);
    // The platform refuses a NAMED template's values without their names (132000); these were taken.
    const taken = await eventually(async () => [...h.sim.state.messages.values()].find((m) => m.to === '16505581002'));
    const expected = fixture('send-template-named-params-request.json').template.components;
    assert.deepEqual((taken.body as any).template.components, expected);
    assert.equal((await h.api('GET', `/v1/messages/${send.body.id}`)).body.error, null);

    // A named header placeholder: numbered {{1}}, its value given as "header", sent under its name.
    const withHeader = await madeOutside('named_header_outside', {
      body: undefined,
      components: [
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Order {{order_id}}',
          example: { header_text_named_params: [{ param_name: 'order_id', example: 'A-1' }] },
        },
        {
          type: 'BODY',
          text: 'Hi {{first_name}}, it is on its way.',
          example: { body_text_named_params: [{ param_name: 'first_name', example: 'Ana' }] },
        },
      ],
    });
    await sync();
    const h2 = (await h.api('GET', `/v1/templates/tpl_p${withHeader.id}`)).body;
    assert.deepEqual(
      [h2.header, h2.body],
      [{ type: 'text', text: 'Order {{1}}', example: 'A-1' }, 'Hi {{1}}, it is on its way.'],
    );
    const second = await h.api('POST', '/v1/messages', {
      body: {
        to: '+16505581003',
        type: 'template',
        templateId: h2.id,
        variables: { header: 'A-1042', first_name: 'Ana' },
      },
    });
    assert.equal(second.status, 201, second.text);
    const taken2 = await eventually(async () => [...h.sim.state.messages.values()].find((m) => m.to === '16505581003'));
    assert.deepEqual((taken2.body as any).template.components, [
      { type: 'header', parameters: [{ type: 'text', parameter_name: 'order_id', text: 'A-1042' }] },
      { type: 'body', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Ana' }] },
    ]);
  });

  it('imports more templates than one statement stores (101), each with its history entry, once', async () => {
    const made = await Promise.all(
      Array.from({ length: 101 }, (_, i) => madeOutside(`bulk_made_${String(i).padStart(3, '0')}`)),
    );
    const ids = made.map((m) => `tpl_p${m.id}`);
    const result = await sync();
    assert.deepEqual(
      ids.filter((id) => !result.imported.includes(id)),
      [],
      'every template imported',
    );
    const entries = await h.deps.store.read
      .selectFrom('template_changes')
      .select(['template_id', 'type'])
      .where('template_id', 'in', ids)
      .execute();
    assert.deepEqual(new Set(entries.map((e) => e.template_id)).size, 101);
    assert.deepEqual([...new Set(entries.map((e) => e.type))], ['imported']);
    assert.equal(entries.length, 101, 'one entry each');
    const again = await sync();
    assert.deepEqual(again.imported, []);
  });

  it('reconciles periodically: an account is done when due, then again once the interval has passed', async () => {
    await h.deps.templateSync.sweep();
    await madeOutside('periodic_one');
    // Not due yet (the sweep above, or the sync of the last test, set the next one a day ahead).
    await h.deps.templateSync.sweep();
    assert.deepEqual(await byName('periodic_one'), []);
    clock.advance(DAY + 60_000);
    await h.deps.templateSync.sweep();
    const [t] = await byName('periodic_one');
    assert.equal(t?.source, 'platform');
  });

  it('repairs what a lost webhook left behind, with the event it would have caused, and deletes what the platform no longer has', async () => {
    const t = await approvedTemplate(h, {
      name: 'lost_webhooks',
      body: 'Your delivery {{1}} was rescheduled for tomorrow.',
      variables: [{ example: 'D-1' }],
    });
    const platformId = [...h.sim.state.templates.values()].find((x) => x.name === 'lost_webhooks')!.id;
    await control(`/templates/${platformId}/status`, { event: 'PAUSED', webhook: false });
    await control(`/templates/${platformId}/quality`, { score: 'RED', webhook: false });
    assert.equal((await h.api('GET', `/v1/templates/${t.id}`)).body.status, 'approved');
    const result = await sync();
    const mine = result.updated.find((u) => u.id === t.id);
    assert.deepEqual(mine?.changes, {
      status: { from: 'approved', to: 'paused' },
      quality: { from: 'UNKNOWN', to: 'RED' },
    });
    const repaired = (await h.api('GET', `/v1/templates/${t.id}`)).body;
    assert.deepEqual([repaired.status, repaired.quality], ['paused', 'RED']);
    const entries = (await h.api('GET', `/v1/templates/${t.id}/history`)).body.data as {
      type: string;
      source: string;
    }[];
    assert.deepEqual(
      entries.slice(0, 2).map((e) => [e.type, e.source]),
      [
        ['quality_updated', 'reconciliation'],
        ['paused', 'reconciliation'],
      ],
    );
    await eventually(async () => receiver.received.find((r) => r.type === 'template.paused'));
    // Deleted in WhatsApp Manager: gone here too after the next reconciliation.
    h.sim.state.templates.delete(platformId);
    assert.ok((await sync()).deleted.includes(t.id));
    assert.equal((await h.api('GET', `/v1/templates/${t.id}`)).body.error.code, 'template_not_found');
  });

  it("applies a review whose webhook found no template (it came before Tidings stored the template's id), reading the template back once", async () => {
    await h.simulatorConfig({ review: 'manual' });
    let res;
    try {
      res = await h.api('POST', '/v1/templates/', {
        body: {
          name: 'early_review',
          category: 'UTILITY',
          language: 'en_US',
          body: 'Your return {{1}} was received at our warehouse.',
          variables: [{ example: 'R-1' }],
        },
        headers: { 'idempotency-key': 'early-review' },
      });
      assert.deepEqual([res.status, res.body.status], [201, 'processing']);
      // Reviewed, and its webhook never matched (the simulator sends none: as if it came too early).
      const platformId = [...h.sim.state.templates.values()].find((x) => x.name === 'early_review')!.id;
      await control(`/templates/${platformId}/review`, { decision: 'APPROVED', webhook: false });
    } finally {
      await h.simulatorConfig({ review: 'auto' });
    }
    assert.equal((await h.api('GET', `/v1/templates/${res.body.id}`)).body.status, 'processing');
    clock.advance(2500);
    await eventually(async () => (await h.api('GET', `/v1/templates/${res.body.id}`)).body.status === 'approved');
    const [latest] = (await h.api('GET', `/v1/templates/${res.body.id}/history`)).body.data as {
      type: string;
      source: string;
    }[];
    assert.deepEqual([latest!.type, latest!.source], ['approved', 'reconciliation']);
  });

  it("creates a template from Meta's Template Library: approved at once, its content from the platform, listed like any other", async () => {
    const browse = await h.api('GET', '/v1/template_library?search=delivery&language=en_US');
    assert.equal(browse.status, 200, browse.text);
    const entry = browse.body.data.find((e: { name: string }) => e.name === 'delivery_update_1');
    assert.ok(entry, JSON.stringify(browse.body));
    const res = await h.api('POST', '/v1/templates/from_library', {
      body: {
        name: 'parcel_update',
        language: 'en_US',
        libraryTemplateName: 'delivery_update_1',
        libraryInputs: {
          body: { addTrackPackageLink: true },
          buttons: [
            { type: 'url', url: { baseUrl: 'https://shop.example.com/track/{{1}}', urlSuffixExample: 'A-1042' } },
          ],
        },
      },
      headers: { 'idempotency-key': 'library-parcel-update' },
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      [res.body.status, res.body.category, res.body.libraryTemplateName, res.body.source],
      ['approved', 'UTILITY', 'delivery_update_1', 'tidings'],
    );
    assert.equal(res.body.body, entry.body);
    assert.ok(
      res.body.buttons.some(
        (b: { type: string; url?: string }) => b.type === 'url' && b.url === 'https://shop.example.com/track/{{1}}',
      ),
      JSON.stringify(res.body.buttons),
    );
    const refused = await h.api('POST', '/v1/templates/from_library', {
      body: { name: 'parcel_update_2', language: 'en_US', libraryTemplateName: 'no_such_entry' },
      headers: { 'idempotency-key': 'library-none' },
    });
    assert.deepEqual(
      [refused.status, refused.body.error.code, refused.body.error.issues[0].field],
      [400, 'template_invalid', 'libraryTemplateName'],
    );
    // The reconciliation leaves it as it is.
    assert.ok(!(await sync()).imported.some((id) => id.endsWith(res.body.id)));
  });
});
