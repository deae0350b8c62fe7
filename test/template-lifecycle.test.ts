/**
 * Templates through their whole life at the platform (docs/api.md §D20): quality, pauses,
 * disabling, flags and the advance notice of a category change from the platform's webhooks (the
 * fixtures), with their events and history; sends of a paused template refused, queued ones held
 * then sent on unpause or failed on disabling; the platform's refusal of a send (132015) when a
 * webhook was lost; sends by name with a language preference list. Through the simulator over
 * HTTP, on a manual clock.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import { approvedTemplate } from './factories.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture, valueOf } from './helpers.js';

describe('template lifecycle', () => {
  const clock = new ManualClock();
  let h: Harness;
  let receiver: Receiver;
  before(async () => {
    h = await startHarness({ clock, env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
    receiver = await startReceiver();
    const res = await h.api('POST', '/v1/webhook_endpoints', {
      body: {
        url: receiver.url,
        events: [
          'template.paused',
          'template.unpaused',
          'template.disabled',
          'template.flagged',
          'template.reinstated',
          'template.quality_updated',
          'template.category_update_scheduled',
          'template.category_updated',
        ],
      },
    });
    assert.equal(res.status, 201, res.text);
    receiver.secrets = [res.body.secret];
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });

  const get = async (id: string) => (await h.api('GET', `/v1/templates/${id}`)).body;
  const history = async (id: string) =>
    (await h.api('GET', `/v1/templates/${id}/history?limit=100`)).body.data as {
      type: string;
      source: string;
      changes: Record<string, { from: string; to: string }>;
      detail: Record<string, string> | null;
    }[];
  const platformIdOf = (name: string, language = 'en_US') =>
    [...h.sim.state.templates.values()].find((t) => t.name === name && t.language === language)!.id;
  const control = async (path: string, body: unknown) => {
    const res = await fetch(`${h.simUrl}/_simulator${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 200, await res.text());
    await h.sim.webhooks.idle();
  };
  const webhookFixture = async (name: string, platformId: string) => {
    const payload = fixture(name);
    valueOf(payload).message_template_id = Number(platformId);
    assert.equal((await h.platformWebhook(payload)).status, 200);
  };
  const eventFor = (type: string, templateId: string) =>
    eventually(async () =>
      receiver.received.find(
        (r) => r.type === type && (r.body as { data: { object: { id: string } } }).data.object.id === templateId,
      ),
    );
  const message = async (id: string) => (await h.api('GET', `/v1/messages/${id}`)).body;
  const schedule = async (templateId: string, to: string) => {
    const sendAt = new Date(clock.now() + 61_000).toISOString();
    const body = { to, type: 'template', templateId, sendAt, variables: { '1': 'Q-1' } };
    const res = await h.api('POST', '/v1/messages', { body });
    assert.equal(res.status, 201, res.text);
    return res.body.id as string;
  };
  const sentTo = (messageId: string) =>
    [...h.sim.state.messages.values()].filter((m) => m.callbackData === messageId).length;

  it('takes quality, flag and pause webhooks from the fixtures: the template changes, its events go out, its history says so', async () => {
    const t = await approvedTemplate(h, {
      name: 'quality_fixture',
      body: 'Your order {{1}} is ready for pickup today.',
      variables: [{ example: 'A-1' }],
    });
    const platformId = platformIdOf('quality_fixture');
    await webhookFixture('webhook-template-quality-update.json', platformId);
    assert.equal((await get(t.id)).quality, 'YELLOW');
    await webhookFixture('webhook-template-status-flagged.json', platformId);
    const flagged = await get(t.id);
    assert.deepEqual([flagged.status, flagged.flag.disableDate], ['approved', 'January 31, 2021']);
    await control(`/templates/${platformId}/status`, { event: 'PAUSED' });
    const paused = await get(t.id);
    assert.deepEqual([paused.status, paused.pause.title], ['paused', 'FIRST_PAUSE']);
    for (const type of ['template.quality_updated', 'template.flagged', 'template.paused']) await eventFor(type, t.id);
    // A repeat changes nothing.
    await webhookFixture('webhook-template-quality-update.json', platformId);
    const entries = await history(t.id);
    assert.deepEqual(entries.map((e) => e.type).reverse(), [
      'created',
      'submitted',
      'approved',
      'quality_updated',
      'flagged',
      'paused',
    ]);
    assert.deepEqual(entries[2]!.changes.quality, { from: 'UNKNOWN', to: 'YELLOW' });
    assert.equal(entries[0]!.source, 'webhook');
    assert.equal(entries[0]!.detail!.title, 'FIRST_PAUSE');
    // The list filters by quality and status.
    const list = (await h.api('GET', '/v1/templates?status=paused&quality=YELLOW')).body.data.map(
      (x: { id: string }) => x.id,
    );
    assert.deepEqual(list, [t.id]);
  });

  it('refuses a send with a paused template; holds a queued one and sends it once unpaused', async () => {
    const t = await approvedTemplate(h, {
      name: 'held_notice',
      body: 'Your parcel {{1}} arrives tomorrow morning.',
      variables: [{ example: 'P-1' }],
    });
    const platformId = platformIdOf('held_notice');
    const queued = await schedule(t.id, '+16505580001');
    await control(`/templates/${platformId}/status`, { event: 'PAUSED' });
    const refused = await h.api('POST', '/v1/messages', {
      body: { to: '+16505580002', type: 'template', templateId: t.id, variables: { '1': 'P-2' } },
    });
    assert.deepEqual(
      [refused.status, refused.body.error.code, refused.body.error.param],
      [409, 'template_paused', 'templateId'],
    );
    clock.advance(62_000);
    // Its turn comes while the template is paused: held, not sent, not failed.
    await eventually(
      async () =>
        (
          await h.deps.store.read
            .selectFrom('dispatches')
            .select('held_for_template')
            .where('message_id', '=', queued)
            .executeTakeFirst()
        )?.held_for_template === t.id,
    );
    assert.deepEqual([(await message(queued)).status, sentTo(queued)], ['accepted', 0]);
    // The number's queue says why it waits.
    const numbers = (await h.api('GET', '/v1/phone_numbers')).body.data as {
      sender: boolean;
      heldBack: { reason: string; message: string } | null;
    }[];
    const sender = numbers.find((n) => n.sender)!;
    assert.equal(sender.heldBack?.reason, 'template_paused', JSON.stringify(sender));
    assert.match(sender.heldBack!.message, new RegExp(`waits for template ${t.id}, which the platform paused`));
    await control(`/templates/${platformId}/status`, { event: 'UNPAUSED' });
    await eventFor('template.unpaused', t.id);
    await eventually(async () => (await message(queued)).platformMessageId);
    assert.equal(sentTo(queued), 1);
    assert.deepEqual(
      (await history(t.id)).slice(0, 2).map((e) => e.type),
      ['unpaused', 'paused'],
    );
  });

  it('fails what is held when the platform disables the template', async () => {
    const t = await approvedTemplate(h, {
      name: 'disabled_notice',
      body: 'Your booking {{1}} is confirmed for today.',
      variables: [{ example: 'B-1' }],
    });
    const platformId = platformIdOf('disabled_notice');
    const queued = await schedule(t.id, '+16505580003');
    await control(`/templates/${platformId}/status`, { event: 'PAUSED' });
    clock.advance(62_000);
    await eventually(
      async () =>
        (
          await h.deps.store.read
            .selectFrom('dispatches')
            .select('held_for_template')
            .where('message_id', '=', queued)
            .executeTakeFirst()
        )?.held_for_template === t.id,
    );
    await control(`/templates/${platformId}/status`, { event: 'DISABLED' });
    await eventFor('template.disabled', t.id);
    const failed = await eventually(async () => {
      const m = await message(queued);
      return m.status === 'failed' && m;
    });
    assert.equal(failed.error.code, 'template_disabled');
    assert.equal(sentTo(queued), 0);
    const send = await h.api('POST', '/v1/messages', {
      body: { to: '+16505580004', type: 'template', templateId: t.id, variables: { '1': 'B-2' } },
    });
    assert.deepEqual([send.status, send.body.error.code], [409, 'template_disabled']);
  });

  it('holds a send the platform refused with 132015 when the pause webhook was lost, and marks the template paused', async () => {
    const t = await approvedTemplate(h, {
      name: 'lost_pause',
      body: 'Your invoice {{1}} is now available online.',
      variables: [{ example: 'I-1' }],
    });
    await control(`/templates/${platformIdOf('lost_pause')}/status`, { event: 'PAUSED', webhook: false });
    assert.equal((await get(t.id)).status, 'approved');
    const res = await h.api('POST', '/v1/messages', {
      body: { to: '+16505580005', type: 'template', templateId: t.id, variables: { '1': 'I-2' } },
    });
    assert.equal(res.status, 201, res.text);
    await eventually(async () => (await get(t.id)).status === 'paused');
    assert.equal((await history(t.id))[0]!.source, 'send');
    assert.equal((await message(res.body.id)).status, 'accepted');
    await control(`/templates/${platformIdOf('lost_pause')}/status`, { event: 'UNPAUSED' });
    await eventually(async () => (await message(res.body.id)).platformMessageId);
  });

  it('emits template.category_update_scheduled from the advance notice, before the change', async () => {
    const t = await approvedTemplate(h, {
      name: 'notice_fixture',
      body: 'Your subscription {{1}} renews next week.',
      variables: [{ example: 'S-1' }],
    });
    await webhookFixture('webhook-template-category-update-impending.json', platformIdOf('notice_fixture'));
    const event = await eventFor('template.category_update_scheduled', t.id);
    const object = (
      event.body as {
        data: { object: { category: string; categoryUpdate: { category: string; effectiveAt: string } } };
      }
    ).data.object;
    assert.deepEqual(
      [object.category, object.categoryUpdate.category, object.categoryUpdate.effectiveAt],
      ['UTILITY', 'MARKETING', '2025-05-02T07:00:00.000Z'],
    );
    assert.deepEqual((await history(t.id))[0]!.changes.category, { from: 'UTILITY', to: 'MARKETING' });
  });

  it('sends by name with a language preference list: the first language holding an approved template', async () => {
    const pt = await approvedTemplate(h, {
      name: 'pickup_ready',
      language: 'pt_BR',
      body: 'Seu pedido {{1}} está pronto para retirada.',
      variables: [{ example: 'A-1' }],
    });
    const created = await h.api('POST', '/v1/templates/', {
      body: {
        name: 'pickup_ready',
        category: 'UTILITY',
        language: 'en_US',
        body: 'Your order {{1}} is ready for pickup.',
        variables: [{ example: 'A-1' }],
      },
      headers: { 'idempotency-key': 'pickup-ready-en' },
    });
    const en = await eventually(async () => {
      const t = await get(created.body.id);
      return t.status === 'approved' && t;
    });
    await control(`/templates/${platformIdOf('pickup_ready', 'pt_BR')}/status`, { event: 'PAUSED' });
    const send = (language: unknown) =>
      h.api('POST', '/v1/messages', {
        body: {
          to: '+5511955550001',
          type: 'template',
          templateName: 'pickup_ready',
          language,
          variables: { '1': 'A-7' },
        },
      });
    // pt_BR is paused: the next language of the list is sent.
    const res = await send(['es', 'pt_BR', 'en_US']);
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.templateId, en.id);
    const body =
      [...h.sim.state.messages.values()].find((m) => m.callbackData === res.body.id) ??
      (await eventually(async () => [...h.sim.state.messages.values()].find((m) => m.callbackData === res.body.id)));
    assert.equal((body.body as { template: { language: { code: string } } }).template.language.code, 'en_US');
    // Only pt_BR asked: the refusal says why.
    const paused = await send('pt_BR');
    assert.deepEqual([paused.status, paused.body.error.code], [409, 'template_paused']);
    const missing = await send(['fr_FR']);
    assert.equal(missing.body.error.code, 'template_not_found');
    assert.match(missing.body.error.message, /exists in (pt_BR, en_US|en_US, pt_BR)/);
    assert.ok(pt.id);
    const both = await h.api('POST', '/v1/messages', {
      body: { to: '+5511955550001', type: 'template', templateName: 'pickup_ready' },
    });
    assert.deepEqual(
      [both.status, both.body.error.code, both.body.error.param],
      [400, 'parameter_missing', 'language'],
    );
  });
});
