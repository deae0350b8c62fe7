/**
 * Window-aware routing (docs/api.md §D19), through the simulator on both databases: a routed send
 * goes out as written while the customer service window is open, else as a Direct Send where the
 * number has it, else as its fallback template, else it fails with `outside_customer_window`, all
 * decided when its turn comes; and one validity period from accept to the customer's phone.
 *
 * Time moves on a manual clock: a message is accepted for an hour ahead (`sendAt`) while the window
 * is open, then the clock jumps past the window's end before its turn comes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import type { Template } from '../src/templates/template.schemas.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

const HOUR = 3600_000;

describe('window-aware routing', () => {
  const clock = new ManualClock();
  let h: Harness;
  let fallbackTemplate: Template;
  before(async () => {
    h = await startHarness({ clock });
    fallbackTemplate = await approvedTemplate(h, {
      name: 'order_update',
      body: 'Hi {{1}}, your order {{2}} has an update.',
      variables: [{ example: 'Maria', name: 'first_name' }, { example: 'A-1' }],
    });
  });
  after(() => h.close());

  const at = (ms: number) => new Date(clock.now() + ms).toISOString();
  const get = async (id: string, key = h.account.liveKey) =>
    (await h.api<Message>('GET', `/v1/messages/${id}`, { key })).body;
  const send = async (body: Record<string, unknown>, key = h.account.liveKey) => {
    const res = await h.api<Message>('POST', '/v1/messages', { key, body });
    assert.equal(res.status, 201, res.text);
    return res.body;
  };
  /** The message once it left the queue: the platform took it, or it failed. */
  const settled = (id: string, key = h.account.liveKey) =>
    eventually(async () => {
      const m = await get(id, key);
      return (
        (m.platformMessageId !== null ||
          m.status === 'failed' ||
          (key === h.account.testKey && m.status !== 'scheduled' && m.status !== 'accepted')) &&
        m
      );
    });
  /** Requests the simulator took for a message (by the `msg_` id Tidings puts in biz_opaque_callback_data). */
  const requests = (id: string): any[] =>
    [...h.sim.state.messages.values()].filter((m) => m.callbackData === id).map((m) => m.body);
  const directSend = async (phoneNumberId: string, status: 'enabled' | 'not_enabled' | 'blocked') => {
    const res = await fetch(`${h.simUrl}/_simulator/numbers/${phoneNumberId}/direct_send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    assert.equal(res.status, 200, await res.text());
  };
  const numberOf = async (key = h.account.liveKey) =>
    (await h.api('GET', '/v1/phone_numbers', { key })).body.data.find((n: { sender: boolean }) => n.sender);
  /** The customer writes now; the send is accepted for an hour ahead, valid a day; the clock then passes the window's end. */
  const acceptedThenWindowCloses = async (
    to: string,
    body: Record<string, unknown>,
    key = h.account.liveKey,
    phoneNumberId?: string,
  ) => {
    // The customer's message carries the simulator's time (the real one): the clock starts from it.
    clock.set(Date.now());
    await h.customerWrites(to, 'Where is my order?', phoneNumberId);
    const message = await send({ to, sendAt: at(HOUR), validityPeriod: 86_400, route: 'auto', ...body }, key);
    assert.equal(message.status, 'scheduled');
    assert.equal(message.route, 'auto');
    clock.advance(24 * HOUR + 30 * 60_000);
    return message;
  };
  const FALLBACK = () => ({
    templateName: 'order_update',
    language: 'en_US',
    variables: { first_name: 'Ana', '2': 'A-77' },
  });

  it('sends a routed text as written while the window is open', async () => {
    clock.set(Date.now());
    await h.customerWrites('+16505580001');
    const message = await send({
      to: '+16505580001',
      type: 'text',
      text: 'Your parcel is at the door.',
      route: 'auto',
      fallback: FALLBACK(),
    });
    assert.deepEqual(message.fallback, {
      templateId: fallbackTemplate.id,
      variables: FALLBACK().variables,
      buttons: null,
    });
    const sent = await settled(message.id);
    // (Seen once in CI on PostgreSQL: null here, cause unknown; the message says what state it was in.)
    assert.equal(sent.deliveredAs, 'free_form', JSON.stringify(sent));
    const [request, ...more] = requests(message.id);
    assert.equal(more.length, 0);
    assert.deepEqual(
      [request.type, request.text.body, request.category],
      ['text', 'Your parcel is at the door.', undefined],
    );
  });

  it('sends the fallback template when the window closed before dispatch and Direct Send cannot carry the message', async () => {
    const message = await acceptedThenWindowCloses('+16505580002', {
      type: 'location',
      location: { latitude: 52.52, longitude: 13.405, name: 'Pick-up point' },
      fallback: FALLBACK(),
    });
    const sent = await settled(message.id);
    assert.equal(sent.deliveredAs, 'template', JSON.stringify(sent));
    const all = requests(message.id);
    assert.equal(all.length, 1, 'one platform call: a location never tries Direct Send');
    assert.equal(all[0].type, 'template');
    assert.equal(all[0].template.name, 'order_update');
    assert.deepEqual(
      all[0].template.components[0].parameters.map((p: { text: string }) => p.text),
      ['Ana', 'A-77'],
    );
  });

  it('falls through to the fallback at once when the platform refuses Direct Send for the number, and marks the number', async () => {
    assert.equal((await numberOf()).directSend, 'unknown');
    const message = await acceptedThenWindowCloses('+16505580003', {
      type: 'text',
      text: 'Your refund of 12.50 EUR was paid.',
      fallback: FALLBACK(),
    });
    const sent = await settled(message.id);
    assert.equal(sent.deliveredAs, 'template', JSON.stringify(sent));
    assert.equal(sent.status === 'failed', false);
    // The simulator's numbers are not enabled by default (a beta for allow-listed accounts): refused, then the template.
    assert.equal(
      requests(message.id).length,
      1,
      'the refused Direct Send is not recorded as a message by the platform',
    );
    assert.equal(requests(message.id)[0].type, 'template');
    assert.ok((h.sim.state.sendStats.refused.get(100) ?? 0) >= 1, 'the platform refused a Direct Send with 100');
    assert.equal((await numberOf()).directSend, 'not_enabled');
  });

  it('fails with outside_customer_window before any platform call when nothing can carry it', async () => {
    // The number is known not to have Direct Send (the test before): no fallback, no route.
    const message = await acceptedThenWindowCloses('+16505580004', {
      type: 'text',
      text: 'Your appointment moved to 10:00.',
    });
    const failed = await settled(message.id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error!.code, 'outside_customer_window');
    assert.equal(failed.deliveredAs, null);
    assert.equal(requests(message.id).length, 0);
  });

  it('refuses at accept a routed send that nothing could carry, and a fallback that is not sendable', async () => {
    // Window closed now, no fallback, the number refused Direct Send: 409 at once.
    const closed = await h.api('POST', '/v1/messages', {
      body: { to: '+16505580005', type: 'text', text: 'Hello', route: 'auto' },
    });
    assert.equal(closed.status, 409, closed.text);
    assert.equal(closed.body.error.code, 'outside_customer_window');
    assert.equal(closed.body.error.param, 'fallback');
    // A list never goes by Direct Send: refused without a fallback whatever the number.
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ fallback: FALLBACK() }, 400, 'parameter_invalid', 'fallback'], // route left out: free_form
      [{ route: 'auto', fallback: { templateName: 'order_update' } }, 400, 'parameter_missing', 'fallback.language'],
      [
        { route: 'auto', fallback: { templateName: 'order_update', language: 'de_DE' } },
        404,
        'template_not_found',
        'fallback.templateName',
      ],
      [{ route: 'auto', fallback: { templateId: 'tpl_nope' } }, 404, 'template_not_found', 'fallback.templateId'],
      [{ route: 'auto', fallback: {} }, 400, 'parameter_missing', 'fallback.templateId'],
      [
        { route: 'auto', fallback: { templateId: fallbackTemplate.id, variables: { first_name: 'Ana' } } },
        400,
        'variables_invalid',
        'fallback.variables',
      ],
    ];
    clock.set(Date.now());
    await h.customerWrites('+16505580006');
    for (const [extra, status, code, param] of cases) {
      const res = await h.api('POST', '/v1/messages', {
        body: { to: '+16505580006', type: 'text', text: 'Hello', ...extra },
      });
      assert.deepEqual(
        [res.status, res.body.error?.code, res.body.error?.param],
        [status, code, param],
        `${JSON.stringify(extra)}: ${res.text}`,
      );
    }
    // A template and a reaction take no route.
    const template = await h.api('POST', '/v1/messages', {
      body: { to: '+16505580006', type: 'template', templateId: fallbackTemplate.id, route: 'auto' },
    });
    assert.equal(template.status, 400, template.text);
  });

  it('routes test-key sends the same way, without reaching the platform', async () => {
    const message = await acceptedThenWindowCloses(
      '+16505580007',
      { type: 'location', location: { latitude: 1, longitude: 2 }, fallback: FALLBACK() },
      h.account.testKey,
    );
    const sent = await settled(message.id, h.account.testKey);
    assert.equal(sent.deliveredAs, 'template');
    assert.equal(requests(message.id).length, 0);
  });

  describe('on a number with Direct Send', () => {
    let acct: Harness['account'];
    let ownFallback: () => Record<string, unknown>;
    before(async () => {
      acct = await h.newAccount('Direct');
      await directSend(acct.phoneNumberId, 'enabled');
      const t = await approvedTemplate(
        h,
        {
          name: 'order_update',
          body: 'Hi {{1}}, your order {{2}} has an update.',
          variables: [{ example: 'Maria' }, { example: 'A-1' }],
        },
        acct.liveKey,
      );
      ownFallback = () => ({ templateId: t.id, variables: { '1': 'Ana', '2': 'A-77' } });
    });

    it('sends a text as a Direct Send with the time left of its validity period as its time to live, and lists its generated template', async () => {
      const message = await acceptedThenWindowCloses(
        '+16505580011',
        { type: 'text', text: 'Your refund of 12.50 EUR was paid.', fallback: ownFallback() },
        acct.liveKey,
        acct.phoneNumberId,
      );
      const sent = await settled(message.id, acct.liveKey);
      assert.equal(sent.deliveredAs, 'direct_send', JSON.stringify(sent));
      const [request, ...more] = requests(message.id);
      assert.equal(more.length, 0);
      assert.deepEqual(
        [request.type, request.text.body, request.category],
        ['text', 'Your refund of 12.50 EUR was paid.', 'utility'],
      );
      // Sent at the clock's 24.5 h; valid until 1 h + 24 h: 30 minutes left.
      assert.equal(request.ttl_seconds, 1800);
      assert.equal((await numberOf(acct.liveKey)).directSend, 'enabled');
      // Its statuses name the template the platform generated: linked, listed read-only.
      const linked = await eventually(async () => (await get(message.id, acct.liveKey)).generatedTemplateId);
      const generated = await eventually(async () => {
        const t = (await h.api<Template>('GET', `/v1/templates/${linked}`, { key: acct.liveKey })).body;
        return t.body !== '' && t;
      });
      assert.equal(generated.source, 'generated');
      assert.equal(generated.status, 'approved');
      assert.match(generated.body, /refund/);
      const edit = await h.api('PATCH', `/v1/templates/${linked}`, { key: acct.liveKey, body: { body: 'Changed' } });
      assert.deepEqual([edit.status, edit.body.error.code], [409, 'template_not_editable']);
      const del = await h.api('DELETE', `/v1/templates/${linked}`, { key: acct.liveKey });
      assert.deepEqual([del.status, del.body.error.code], [409, 'template_not_editable']);
      const asTemplate = await h.api('POST', '/v1/messages', {
        key: acct.liveKey,
        body: { to: '+16505580011', type: 'template', templateId: linked },
      });
      assert.deepEqual([asTemplate.status, asTemplate.body.error.code], [409, 'template_not_approved']);
    });

    it('links a tap on a Direct Send reply button to its message', async () => {
      const message = await acceptedThenWindowCloses(
        '+16505580012',
        {
          type: 'interactive',
          interactive: {
            kind: 'buttons',
            body: 'Can we deliver on Friday?',
            buttons: [
              { id: 'yes', title: 'Yes' },
              { id: 'no', title: 'No' },
            ],
          },
        },
        acct.liveKey,
        acct.phoneNumberId,
      );
      const sent = await settled(message.id, acct.liveKey);
      assert.equal(sent.deliveredAs, 'direct_send');
      const answer = await h.customerSends(
        '+16505580012',
        {
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
          contextMessageId: sent.platformMessageId,
        },
        acct.phoneNumberId,
      );
      const tap = (
        await h.api('GET', `/v1/inbound_messages/${encodeURIComponent(answer.wamid)}`, { key: acct.liveKey })
      ).body;
      // The platform reports a Direct Send tap in the template button format.
      assert.equal(tap.type, 'button');
      assert.deepEqual([tap.reply.id, tap.context.messageId], ['yes', message.id]);
    });

    it('fails a Direct Send the platform dropped at the end of its time to live with ttl_expired', async () => {
      const to = '+16505580013';
      const message = await acceptedThenWindowCloses(
        to,
        { type: 'text', text: 'Your table is ready.', fallback: ownFallback() },
        acct.liveKey,
        acct.phoneNumberId,
      );
      const reachable = await fetch(`${h.simUrl}/_simulator/users/${to.slice(1)}/reachable`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reachable: false }),
      });
      assert.equal(reachable.status, 200, await reachable.text());
      const sent = await settled(message.id, acct.liveKey);
      assert.equal(sent.deliveredAs, 'direct_send');
      assert.equal(requests(message.id)[0].ttl_seconds, 1800);
      // Sent, never delivered: once its 30 minutes and the margin for late reports have passed, it failed.
      await eventually(async () => (await get(message.id, acct.liveKey)).status === 'sent');
      clock.advance(30 * 60_000 + 16 * 60_000);
      const failed = await eventually(async () => {
        const m = await get(message.id, acct.liveKey);
        return m.status === 'failed' && m;
      });
      assert.equal(failed.error!.code, 'ttl_expired');
    });

    it('falls back to the template when the platform has blocked Direct Send, and marks the number blocked', async () => {
      await directSend(acct.phoneNumberId, 'blocked');
      const message = await acceptedThenWindowCloses(
        '+16505580014',
        { type: 'text', text: 'Your card was renewed.', fallback: ownFallback() },
        acct.liveKey,
        acct.phoneNumberId,
      );
      const sent = await settled(message.id, acct.liveKey);
      assert.equal(sent.deliveredAs, 'template');
      assert.equal((await numberOf(acct.liveKey)).directSend, 'blocked');
    });
  });

  describe('one validity period, end to end', () => {
    it("sets and changes a template's time to live, and warns a send whose validity period is shorter", async () => {
      const short = await approvedTemplate(h, {
        name: 'code_ready',
        body: 'Your pick-up code is ready.',
        timeToLive: 600,
      });
      assert.equal(short.timeToLive, 600);
      const atPlatform = () => [...h.sim.state.templates.values()].find((t) => t.name === 'code_ready')!;
      assert.equal(atPlatform().messageSendTtlSeconds, 600);
      // An approved template's time to live changes at the platform, with no new review.
      const changed = await h.api<Template>('PATCH', `/v1/templates/${short.id}`, { body: { timeToLive: 300 } });
      assert.equal(changed.status, 200, changed.text);
      assert.deepEqual([changed.body.timeToLive, changed.body.status], [300, 'approved']);
      assert.equal(atPlatform().messageSendTtlSeconds, 300);
      const out = await h.api('PATCH', `/v1/templates/${short.id}`, { body: { timeToLive: 50_000 } });
      assert.equal(out.status, 400, out.text);
      // Validity 120 s < 300 s: accepted, with a warning; 600 s ≥ 300 s: no warning.
      const warned = await send({ to: '+16505580021', type: 'template', templateId: short.id, validityPeriod: 120 });
      assert.deepEqual(
        warned.warnings?.map((w) => [w.code, w.param]),
        [['validity_shorter_than_template_ttl', 'validityPeriod']],
      );
      const fine = await send({ to: '+16505580022', type: 'template', templateId: short.id, validityPeriod: 600 });
      assert.equal(fine.warnings, undefined);
      // A template with the platform's default (30 days) and an explicit validity period: warned.
      const dflt = await send({
        to: '+16505580023',
        type: 'template',
        templateId: fallbackTemplate.id,
        validityPeriod: 3600,
        variables: { first_name: 'Li', '2': 'B-2' },
      });
      assert.match(dflt.warnings![0]!.message, /30 days/);
    });

    it("fails a template send the platform dropped at the end of its template's time to live with ttl_expired", async () => {
      const t = await approvedTemplate(h, { name: 'slot_offer', body: 'A slot opened at 15:00.', timeToLive: 300 });
      const to = '+16505580024';
      const reachable = await fetch(`${h.simUrl}/_simulator/users/${to.slice(1)}/reachable`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reachable: false }),
      });
      assert.equal(reachable.status, 200, await reachable.text());
      const message = await send({ to, type: 'template', templateId: t.id });
      await eventually(async () => (await get(message.id)).status === 'sent');
      clock.advance(300_000 + 16 * 60_000);
      const failed = await eventually(async () => {
        const m = await get(message.id);
        return m.status === 'failed' && m;
      });
      assert.equal(failed.error!.code, 'ttl_expired');
    });
  });
});
