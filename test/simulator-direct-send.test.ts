// test-runner: no database
/**
 * Direct Send (Meta's 2026 beta) and message time-to-live in the simulator, over real HTTP with
 * signed webhooks to a receiver: eligibility and its refusals, the generated template (listed with
 * `source=AUTO_GENERATED`, neither editable nor deletable), `template_id` on statuses, taps on a
 * Direct Send reply button arriving as `button`, TTL checks on sends and templates, and messages held
 * for an unreachable user, dropped once their TTL passed (time moved on a `ManualClock`).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { ManualClock } from '../src/lib/clock.js';
import { verifyHubSignature } from '../src/lib/crypto.js';
import { buildSimulator, simulatorAccessToken, type Simulator } from '../src/simulator/app.js';
import { NOT_ENABLED_DETAILS } from '../src/simulator/messages/direct-send.js';
import { eventually, fixture, valueOf } from './helpers.js';

const SECRET = 'direct-send-test-secret';
const PNID = '106540352242977';
const OTHER_PNID = '106540352242978';
const WABA = '102290129340377';
const TOKEN = `Bearer ${simulatorAccessToken(SECRET, WABA)}`;
const V = 'v24.0';

describe('Cloud API simulator: Direct Send and time-to-live', () => {
  let sim: Simulator;
  let base: string;
  let receiver: http.Server;
  const received: { body: any; valid: boolean }[] = [];
  const clock = new ManualClock();

  before(async () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sim-ds-')), 'state.json');
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        received.push({
          body: JSON.parse(raw.toString()),
          valid: verifyHubSignature(raw, req.headers['x-hub-signature-256'] as string, SECRET),
        });
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    sim = await buildSimulator({
      appSecret: SECRET,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      stateFile,
      logger: pino({ level: 'silent' }),
      clock,
    });
    base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
    await control('PUT', '/_simulator/config', {
      latencyMs: 0,
      deliveryDelaysMs: { sent: 10, delivered: 20, read: 30 },
    });
  });
  after(async () => {
    await sim.close();
    receiver.close();
  });

  async function call(method: string, url: string, body?: unknown, token = TOKEN) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const send = (body: object, pnid = PNID) =>
    call('POST', `/${V}/${pnid}/messages`, { messaging_product: 'whatsapp', recipient_type: 'individual', ...body });
  const control = (method: string, url: string, body?: unknown) => call(method, url, body, '');
  const utilityText = (to: string, body: string, extra: object = {}) => ({
    to,
    type: 'text',
    text: { body },
    category: 'utility',
    ...extra,
  });
  const statusesFor = (wamid: string) =>
    received.flatMap((r) => valueOf(r.body).statuses ?? []).filter((s: any) => s.id === wamid);
  const statusNames = (wamid: string) => statusesFor(wamid).map((s: any) => s.status);
  const settle = () => new Promise((r) => setTimeout(r, 300));

  it("refuses a category from a number not allow-listed with Meta's 100, and a blocked one with 139200", async () => {
    const state = await control('GET', '/_simulator/state');
    // Before any control call a number the token uses is not enabled.
    let res = await send(utilityText('+16505557001', 'Your order 1042 has shipped.'));
    assert.equal(res.status, 400);
    assert.deepEqual(
      {
        message: res.body.error.message,
        type: res.body.error.type,
        code: res.body.error.code,
        details: res.body.error.error_data.details,
      },
      { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, details: NOT_ENABLED_DETAILS },
    );
    assert.ok(Array.isArray(state.body.numbers));
    const shown = (await control('GET', '/_simulator/state')).body.numbers.find((n: any) => n.phoneNumberId === PNID);
    assert.equal(shown.directSend, 'not_enabled');

    const wrong = await control('POST', `/_simulator/numbers/${PNID}/direct_send`, { status: 'on' });
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.error, /enabled, not_enabled, blocked.*"on"/);
    assert.equal(
      (await control('POST', `/_simulator/numbers/${PNID}/direct_send`, { status: 'enabled', extra: 1 })).status,
      400,
    );

    assert.equal(
      (await control('POST', `/_simulator/numbers/${OTHER_PNID}/direct_send`, { status: 'blocked' })).body.directSend,
      'blocked',
    );
    res = await send(utilityText('+16505557001', 'Your order 1042 has shipped.'), OTHER_PNID);
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 139200);
    assert.equal(res.body.error.message, '(#139200) Direct Send Utility access is blocked');
    assert.equal(
      (await control('GET', '/_simulator/state')).body.numbers.find((n: any) => n.phoneNumberId === OTHER_PNID)
        .directSend,
      'blocked',
    );
  });

  it("sends an enabled utility text outside the window, with the generated template's id on its statuses", async () => {
    assert.equal((await control('POST', `/_simulator/numbers/${PNID}/direct_send`, { status: 'enabled' })).status, 200);
    const res = await send(utilityText('+16505557002', 'Your order 2001 has shipped.', { category: 'UTILITY' }));
    assert.equal(res.status, 200);
    const wamid = res.body.messages[0].id;
    assert.match(wamid, /^wamid\./);
    await eventually(async () => statusNames(wamid).includes('read'));
    assert.deepEqual(statusNames(wamid), ['sent', 'delivered', 'read'], 'no 131047 outside the window');

    const list = await call('GET', `/${V}/${WABA}/message_templates?source=AUTO_GENERATED`);
    assert.equal(list.status, 200);
    const generated = list.body.data.find((t: any) => t.components[0].text === 'Your order 2001 has shipped.');
    assert.ok(generated, 'listed under source=AUTO_GENERATED');
    assert.match(generated.name, /^auto_generated_[0-9a-f]{8}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{12}$/);
    assert.deepEqual(
      [generated.category, generated.status, generated.language, generated.source],
      ['UTILITY', 'APPROVED', 'en_US', 'AUTO_GENERATED'],
    );
    for (const s of statusesFor(wamid)) assert.equal(s.template_id, generated.id, `${s.status} carries template_id`);
    const delivered = statusesFor(wamid).find((s: any) => s.status === 'delivered');
    assert.deepEqual(
      [delivered.pricing.category, delivered.pricing.type, delivered.pricing.billable],
      ['utility', 'regular', true],
    );
    const hook = received.find((r) => valueOf(r.body).statuses?.[0]?.id === wamid)!;
    assert.ok(hook.valid, 'signed');

    // The same text again: the same template. An ordinary template is not listed under the source.
    const again = await send(utilityText('+16505557003', 'Your order 2001 has shipped.'));
    await eventually(async () => statusesFor(again.body.messages[0].id).length > 0);
    assert.equal(statusesFor(again.body.messages[0].id)[0].template_id, generated.id);
    await call('POST', `/${V}/${WABA}/message_templates`, {
      name: 'plain_update',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Your parcel is on its way.' }],
    });
    const onlyGenerated = await call('GET', `/${V}/${WABA}/message_templates?source=AUTO_GENERATED&limit=100`);
    assert.ok(onlyGenerated.body.data.every((t: any) => t.source === 'AUTO_GENERATED'));
    assert.equal(onlyGenerated.body.data.filter((t: any) => t.id === generated.id).length, 1);
    assert.equal((await call('GET', `/${V}/${generated.id}`)).body.source, 'AUTO_GENERATED');

    // Not editable, not deletable, not sendable as a template.
    const edit = await call('POST', `/${V}/${generated.id}`, { components: [{ type: 'BODY', text: 'Changed.' }] });
    assert.deepEqual([edit.status, edit.body.error.code, edit.body.error.error_subcode], [400, 100, 2388318]);
    const del = await call('DELETE', `/${V}/${WABA}/message_templates?name=${generated.name}`);
    assert.deepEqual([del.status, del.body.error.code, del.body.error.error_subcode], [400, 100, 2388330]);
    const asTemplate = await send({
      to: '+16505557003',
      type: 'template',
      template: { name: generated.name, language: { code: 'en_US' } },
    });
    assert.equal(asTemplate.body.error.code, 132018);
  });

  it('names the template after direct_send_config.template_name, and fails a name another template holds with 132021', async () => {
    const res = await send(
      utilityText('+16505557004', 'Order 77 is ready for pickup.', {
        direct_send_config: { template_name: 'pickup_ready' },
      }),
    );
    assert.equal(res.status, 200);
    const [sent] = await eventually(
      async () => statusesFor(res.body.messages[0].id).length > 0 && statusesFor(res.body.messages[0].id),
    );
    const named = (await call('GET', `/${V}/${WABA}/message_templates?source=AUTO_GENERATED&name=pickup_ready`)).body
      .data[0];
    assert.equal(named.name, 'pickup_ready');
    assert.equal(sent.template_id, named.id);
    const bad = await send(utilityText('+16505557004', 'x', { direct_send_config: { template_name: 'Not-Valid!' } }));
    assert.deepEqual([bad.status, bad.body.error.code, bad.body.error.message], [400, 100, 'template_name']);
    const clash = await send(
      utilityText('+16505557004', 'Order 78 is ready.', { direct_send_config: { template_name: 'plain_update' } }),
    );
    assert.equal(clash.status, 200);
    const [failed] = await eventually(
      async () => statusesFor(clash.body.messages[0].id).length > 0 && statusesFor(clash.body.messages[0].id),
    );
    assert.deepEqual([failed.status, failed.errors[0].code], ['failed', 132021]);
  });

  it('checks what Direct Send takes: types, limits, category values, and ttl_seconds', async () => {
    const to = '+16505557005';
    const refused = async (body: object) => {
      const res = await send(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      return res.body.error;
    };
    assert.equal(
      (await refused({ to, type: 'image', image: { link: 'https://example.com/a.jpg' }, category: 'utility' })).code,
      100,
    );
    const list = {
      type: 'list',
      body: { text: 'Pick' },
      action: { button: 'Options', sections: [{ rows: [{ id: 'a', title: 'A' }] }] },
    };
    assert.equal((await refused({ to, type: 'interactive', interactive: list, category: 'utility' })).code, 100);
    assert.equal((await refused(utilityText(to, 'x'.repeat(1025)))).code, 100);
    const tooManyCtas = ['a', 'b', 'c'].map((n) => ({
      type: 'cta_url',
      cta_url: { display_text: n, url: `https://example.com/${n}` },
    }));
    assert.equal(
      (
        await refused({
          to,
          type: 'interactive',
          interactive: { type: 'button', body: { text: 'Track' }, action: { buttons: tooManyCtas } },
          category: 'utility',
        })
      ).code,
      100,
    );
    const category = await refused(utilityText(to, 'Hi', { category: 'marketing' }));
    assert.equal(
      category.message,
      '(#100) Param category must be one of {AUTHENTICATION, SERVICE, UTILITY} - got "marketing".',
    );

    // The api-reference's TTL errors.
    assert.equal(
      (await refused(utilityText(to, 'Hi', { ttl_seconds: 43_201 }))).error_data.details,
      'The time-to-live value must be lower than or equal to 43200',
    );
    assert.equal(
      (await refused(utilityText(to, 'Hi', { ttl_seconds: 29 }))).error_data.details,
      'The time-to-live value must be higher than or equal to 30',
    );
    assert.equal(
      (await refused(utilityText(to, 'Code 123456', { category: 'authentication', ttl_seconds: 901 }))).error_data
        .details,
      'The time-to-live value must be lower than or equal to 900',
    );
    const withoutCategory = await refused({ to, type: 'text', text: { body: 'Hi' }, ttl_seconds: 600 });
    assert.deepEqual(
      [withoutCategory.code, withoutCategory.error_data.details],
      [100, 'The request included one or more unsupported or misspelled parameters.'],
    );
    assert.equal(
      (await refused({ to, type: 'text', text: { body: 'Hi' }, category: 'service', ttl_seconds: 600 })).code,
      100,
    );
    // A mixed reply and CTA message within the limits is taken.
    const mixed = {
      type: 'button',
      header: { type: 'text', text: 'Delivery' },
      body: { text: 'Out for delivery.' },
      footer: { text: 'Shop' },
      action: { buttons: [tooManyCtas[0], { type: 'reply', reply: { id: 'got_it', title: 'Received' } }] },
    };
    assert.equal(
      (await send({ to, type: 'interactive', interactive: mixed, category: 'utility', ttl_seconds: 600 })).status,
      200,
    );
  });

  it('delivers a reply-button tap on a Direct Send in the template quick-reply format', async () => {
    const from = '+16505557006';
    const interactive = {
      type: 'button',
      body: { text: 'Is 3 pm fine for your delivery?' },
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'slot_ok', title: 'Yes' } },
          { type: 'reply', reply: { id: 'slot_change', title: 'Change it' } },
        ],
      },
    };
    const res = await send({ to: from, type: 'interactive', interactive, category: 'utility' });
    assert.equal(res.status, 200);
    const wamid = res.body.messages[0].id;
    const tap = await control('POST', '/_simulator/inbound', {
      from,
      to: PNID,
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'slot_ok', title: 'Yes' } },
    });
    assert.equal(tap.status, 200);
    const hook = await eventually(async () =>
      received.find((r) => valueOf(r.body).messages?.[0]?.id === tap.body.wamid),
    );
    const message = valueOf(hook.body).messages[0];
    assert.equal(message.type, 'button');
    assert.deepEqual(message.button, { payload: 'slot_ok', text: 'Yes' });
    assert.equal(message.context.id, wamid);
    assert.equal(message.interactive, undefined);
    const expected = valueOf(fixture('webhook-inbound-template-quick-reply-button.json')).messages[0];
    assert.deepEqual(Object.keys(message).sort(), Object.keys(expected).sort());
    assert.deepEqual(Object.keys(message.context).sort(), Object.keys(expected.context).sort());
  });

  it('holds messages to an unreachable user and drops them, undelivered, once their TTL passed', async () => {
    const to = '+16505557007';
    const off = await control('POST', `/_simulator/users/${encodeURIComponent(to)}/reachable`, { reachable: false });
    assert.equal(off.status, 200);
    assert.equal(off.body.user.unreachable, true);
    assert.equal(
      (await control('POST', `/_simulator/users/${encodeURIComponent(to)}/reachable`, { reachable: 'no' })).status,
      400,
    );
    const res = await send(utilityText(to, 'Your code expires soon.', { ttl_seconds: 30 }));
    const wamid = res.body.messages[0].id;
    await eventually(async () => statusNames(wamid).includes('sent'));
    await settle();
    assert.deepEqual(statusNames(wamid), ['sent'], 'no delivered while unreachable');

    clock.advance(31_000);
    const on = await control('POST', '/_simulator/users/16505557007/reachable', { reachable: true });
    assert.deepEqual([on.body.delivered, on.body.expired], [[], [wamid]]);
    await settle();
    assert.deepEqual(statusNames(wamid), ['sent'], 'dropped silently: no delivered, no failed');
    const kept = (await control('GET', '/_simulator/state')).body.messages.find((m: any) => m.wamid === wamid);
    assert.equal(kept.expired, true);
    assert.equal(kept.expiredAt, clock.now() - 1000, 'when its 30 seconds ran out');
    assert.equal(kept.held, undefined);
  });

  it('delivers held messages when the user is reachable again within their TTL; GET /state drops the expired ones', async () => {
    const to = '+16505557008';
    await control('POST', `/_simulator/users/${to}/reachable`, { reachable: false });
    const direct = (await send(utilityText(to, 'Your table is ready.', { ttl_seconds: 60 }))).body.messages[0].id;
    const short = (await send(utilityText(to, 'Your code is 991.', { ttl_seconds: 30 }))).body.messages[0].id;
    await eventually(async () => statusNames(direct).includes('sent') && statusNames(short).includes('sent'));
    clock.advance(45_000);
    // Read lazily: the 30-second one is dropped when the state is looked at.
    const state = (await control('GET', '/_simulator/state')).body;
    assert.equal(state.messages.find((m: any) => m.wamid === short).expired, true);
    const held = state.messages.find((m: any) => m.wamid === direct);
    assert.deepEqual([held.held, held.ttlSeconds], [true, 60]);
    assert.equal(state.users.find((u: any) => u.phone === '16505557008').unreachable, true);

    const on = await control('POST', `/_simulator/users/${to}/reachable`, { reachable: true });
    assert.deepEqual([on.body.delivered, on.body.expired], [[direct], []]);
    await eventually(async () => statusNames(direct).includes('read'));
    assert.deepEqual(statusNames(direct), ['sent', 'delivered', 'read']);
    assert.ok(statusesFor(direct).every((s: any) => typeof s.template_id === 'string'));
    assert.deepEqual(statusNames(short), ['sent']);
  });

  it('takes message_send_ttl_seconds on template create and edit, and gives template sends their TTL', async () => {
    const create = (name: string, category: string, ttl: unknown) =>
      call('POST', `/${V}/${WABA}/message_templates`, {
        name,
        language: 'en_US',
        category,
        message_send_ttl_seconds: ttl,
        components: [{ type: 'BODY', text: 'Your booking is confirmed.' }],
      });
    const made = await create('booking_confirmed', 'UTILITY', 600);
    assert.equal(made.status, 200);
    const got = await call('GET', `/${V}/${made.body.id}?fields=message_send_ttl_seconds,name`);
    assert.deepEqual([got.body.message_send_ttl_seconds, got.body.name], [600, 'booking_confirmed']);
    const listed = await call(
      'GET',
      `/${V}/${WABA}/message_templates?name=booking_confirmed&fields=message_send_ttl_seconds`,
    );
    assert.equal(listed.body.data[0].message_send_ttl_seconds, 600);
    const tooLong = await create('booking_too_long', 'UTILITY', 50_000);
    assert.deepEqual(
      [tooLong.status, tooLong.body.error.code, tooLong.body.error.error_data.details],
      [400, 100, 'The time-to-live value must be lower than or equal to 43200'],
    );
    assert.equal((await create('promo_ttl', 'MARKETING', 50_000)).body.error.code, 100);
    assert.equal((await create('code_ttl', 'AUTHENTICATION', 901)).status, 400);
    assert.equal(
      (await control('POST', `/_simulator/templates/${made.body.id}/review`, { decision: 'APPROVED' })).status,
      200,
    );
    // A TTL-only edit is kept at once; the default answers for a template without one.
    assert.deepEqual((await call('POST', `/${V}/${made.body.id}`, { message_send_ttl_seconds: 120 })).body, {
      success: true,
    });
    assert.equal(
      (await call('GET', `/${V}/${made.body.id}?fields=message_send_ttl_seconds`)).body.message_send_ttl_seconds,
      120,
    );
    const plain = (
      await call('GET', `/${V}/${WABA}/message_templates?name=plain_update&fields=message_send_ttl_seconds`)
    ).body.data[0];
    assert.equal(plain.message_send_ttl_seconds, 2_592_000);

    // A send of the approved template is held for the template's TTL.
    assert.equal(
      (await call('GET', `/${V}/${made.body.id}?fields=status`)).body.status,
      'APPROVED',
      'a TTL-only edit is not reviewed again',
    );
    const to = '+16505557009';
    await control('POST', `/_simulator/users/${to}/reachable`, { reachable: false });
    const res = await send({
      to,
      type: 'template',
      template: { name: 'booking_confirmed', language: { code: 'en_US' } },
    });
    assert.equal(res.status, 200);
    const message = (await control('GET', '/_simulator/state')).body.messages.find(
      (m: any) => m.wamid === res.body.messages[0].id,
    );
    assert.deepEqual([message.ttlSeconds, message.held, message.expiresAt], [120, true, clock.now() + 120_000]);
  });

  it('keeps eligibility, unreachable users and held messages across a restart', async () => {
    const file = sim.state.file!;
    const held = [...sim.state.messages.values()].filter((m) => m.held).map((m) => m.wamid);
    assert.ok(held.length > 0);
    await sim.close();
    sim = await buildSimulator({
      appSecret: SECRET,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      stateFile: file,
      logger: pino({ level: 'silent' }),
      clock,
    });
    base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
    const state = (await control('GET', '/_simulator/state')).body;
    assert.deepEqual(
      [PNID, OTHER_PNID].map((id) => state.numbers.find((n: any) => n.phoneNumberId === id).directSend),
      ['enabled', 'blocked'],
    );
    assert.equal(state.users.find((u: any) => u.phone === '16505557009').unreachable, true);
    assert.deepEqual(
      state.messages.filter((m: any) => m.held).map((m: any) => m.wamid),
      held,
    );
    const on = await control('POST', '/_simulator/users/16505557009/reachable', { reachable: true });
    assert.deepEqual(on.body.delivered, held);
    await eventually(async () => held.every((w) => statusNames(w).includes('read')));
  });
});
