// test-runner: no database
/**
 * The platform behaviour later issues build on (Part B): throughput tiers, lost answers, BSUIDs,
 * media download, mark as read, rich sends, template buttons and the customer's answers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SAMPLES } from '../src/simulator/samples.js';
import { PNID, TOKEN, WABA, startSim, textTo, type SimHarness } from './conformance/sim.js';
import { eventually, fieldOf, fixture, valueOf } from './helpers.js';

describe('simulator: platform behaviour (Part B)', () => {
  let s: SimHarness;
  before(async () => {
    s = await startSim();
  });
  after(() => s.close());
  const send = (body: unknown, pnid = PNID) => s.graph('POST', `/v23.0/${pnid}/messages`, body);
  const failedCode = async (wamid: string) =>
    (await eventually(async () => s.statuses(wamid).find((x) => x.status === 'failed' || x.status === 'sent')))
      .errors?.[0]?.code ?? null;

  it('reads a number’s throughput tier and other fields, enforces 80/s, and upgrades to 1,000/s with a webhook', async () => {
    const pnid = '300000000000001';
    await send(textTo('+16505551000'), pnid);
    const fields = await s.graph(
      'GET',
      `/v23.0/${pnid}?fields=throughput,quality_rating,messaging_limit_tier,display_phone_number,verified_name`,
    );
    assert.deepEqual(Object.keys(fields.body), [
      'throughput',
      'quality_rating',
      'messaging_limit_tier',
      'display_phone_number',
      'verified_name',
      'id',
    ]);
    assert.deepEqual(fields.body.throughput, { level: 'STANDARD' });
    assert.deepEqual((await s.graph('GET', `/v23.0/${pnid}?fields=throughput`)).body, {
      throughput: { level: 'STANDARD' },
      id: pnid,
    });
    const burst = async (n: number) =>
      (
        await Promise.all(
          Array.from({ length: n }, (_, i) => send(textTo(`+1650556${String(i).padStart(4, '0')}`), pnid)),
        )
      ).map((r) => r.status);
    // The platform counts sends per second (fixed one-second windows by arrival): 200 sends at once
    // fall into as many windows as the burst spans (one or two on a quiet machine), 80 taken in each.
    const started = Date.now();
    const standard = await burst(200);
    const windows = Math.floor(Date.now() / 1000) - Math.floor(started / 1000) + 1;
    const taken = standard.filter((c) => c === 200).length;
    assert.equal(taken + standard.filter((c) => c === 429).length, 200);
    // (The send above may share the first window.)
    assert.ok(
      taken >= 79 && taken <= 80 * windows,
      `at most 80 in each of ${windows} second(s) (took ${taken} of 200)`,
    );
    const upgrade = await s.control('POST', `/_simulator/numbers/${pnid}/throughput`, {
      level: 'HIGH',
      durationMs: 300,
    });
    assert.equal(upgrade.status, 200);
    assert.equal(
      (await send(textTo('+16505551001'), pnid)).body.error.code,
      131057,
      'sends wait while the upgrade runs',
    );
    const hook = await eventually(async () => s.hooks.find((h) => fieldOf(h.body) === 'phone_number_quality_update'));
    assert.ok(hook.valid);
    assert.deepEqual(valueOf(hook.body), {
      display_phone_number: s.sim.state.numbers.get(pnid)!.displayPhoneNumber,
      event: 'THROUGHPUT_UPGRADE',
      max_daily_conversations_per_business: 'TIER_UNLIMITED',
    });
    assert.equal((await s.graph('GET', `/v23.0/${pnid}?fields=throughput`)).body.throughput.level, 'HIGH');
    const high = await burst(200);
    assert.ok(!high.includes(429), 'HIGH takes 200 at once');
  });

  it('takes a send in full and never answers under lostAnswerRate; records nothing under timeoutRate', async () => {
    await s.control('POST', '/_simulator/inbound', { from: '+16505551002', to: PNID, text: 'hi' });
    await s.config({ lostAnswerRate: 1 });
    try {
      const lost = fetch(`${s.base}/v23.0/${PNID}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify(textTo('+16505551002', { biz_opaque_callback_data: 'lost-1' })),
        signal: AbortSignal.timeout(300),
      });
      await assert.rejects(lost, /TimeoutError|aborted/);
      const message = [...s.sim.state.messages.values()].find((m) => m.callbackData === 'lost-1');
      assert.ok(message, 'the send was recorded');
      const read = await eventually(async () => s.statuses(message.wamid).find((x) => x.status === 'read'));
      assert.equal(read.biz_opaque_callback_data, 'lost-1');
    } finally {
      await s.config({ lostAnswerRate: 0 });
    }
    await s.config({ timeoutRate: 1 });
    try {
      const before = s.sim.state.messages.size;
      await assert.rejects(
        fetch(`${s.base}/v23.0/${PNID}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
          body: JSON.stringify(textTo('+16505551002')),
          signal: AbortSignal.timeout(200),
        }),
      );
      assert.equal(s.sim.state.messages.size, before, 'a timed-out send is held before anything is recorded');
    } finally {
      await s.config({ timeoutRate: 0 });
    }
  });

  it('knows customers by BSUID: phone with user ids, username only, sends to a BSUID, one window per user, 131062', async () => {
    await s.config({ parentUserIds: false });
    const withIds = await s.control('POST', '/_simulator/inbound', {
      from: '+16505551003',
      to: PNID,
      text: 'hi',
      userId: 'US.13491208655302741918',
      parentUserId: 'US.ENT.11815799212886844830',
      name: 'Test Name',
    });
    const a = valueOf((await s.inboundHook(withIds.body.wamid)).body);
    assert.deepEqual(a.contacts[0], {
      profile: { name: 'Test Name' },
      wa_id: '16505551003',
      user_id: 'US.13491208655302741918',
      parent_user_id: 'US.ENT.11815799212886844830',
    });
    assert.equal(a.messages[0].from, '16505551003');
    const only = await s.control('POST', '/_simulator/inbound', {
      to: PNID,
      text: 'hello',
      userId: 'GB.99887766554433221100',
      username: '@sheena',
      name: 'Sheena',
    });
    const b = valueOf((await s.inboundHook(only.body.wamid)).body);
    assert.deepEqual(b.contacts[0], {
      profile: { name: 'Sheena', username: '@sheena' },
      user_id: 'GB.99887766554433221100',
    });
    assert.equal(b.messages[0].from, undefined);
    assert.equal(b.messages[0].from_user_id, 'GB.99887766554433221100');
    // A send by BSUID: contacts [{input, user_id}], no phone in its statuses; the window opened by the user is open.
    const res = await send({
      messaging_product: 'whatsapp',
      recipient: 'GB.99887766554433221100',
      type: 'text',
      text: { body: 'hi' },
    });
    assert.deepEqual(res.body.contacts, [{ input: 'GB.99887766554433221100', user_id: 'GB.99887766554433221100' }]);
    const sent = await eventually(async () => s.statuses(res.body.messages[0].id).find((x) => x.status === 'sent'));
    assert.equal(sent.recipient_id, undefined);
    assert.equal(sent.recipient_user_id, 'GB.99887766554433221100');
    // The same user reached by parent BSUID or phone shares one window.
    const byParent = await send({
      messaging_product: 'whatsapp',
      recipient: 'US.ENT.11815799212886844830',
      type: 'text',
      text: { body: 'hi' },
    });
    assert.equal(await failedCode(byParent.body.messages[0].id), null);
    const both = await send({
      messaging_product: 'whatsapp',
      to: '+16505551003',
      recipient: 'GB.99887766554433221100',
      type: 'text',
      text: { body: 'to wins' },
    });
    assert.deepEqual(both.body.contacts, [{ input: '+16505551003', wa_id: '16505551003' }]);
    // Authentication templates with OTP buttons need a phone number (docs/platform.md §4.9).
    const auth = await s.graph(
      'POST',
      `/v23.0/${WABA}/message_templates`,
      fixture('template-create-request-authentication.json'),
    );
    assert.equal(auth.body.status, 'APPROVED');
    const otp = await send({
      messaging_product: 'whatsapp',
      recipient: 'GB.99887766554433221100',
      type: 'template',
      template: {
        name: 'authentication_code_copy_code_button',
        language: { code: 'en_US' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
        ],
      },
    });
    assert.equal(otp.body.error.code, 131062);
  });

  it('makes a customer’s media downloadable: id → URL (5 min) → bytes with the token; stale URLs are 404', async () => {
    const data = Buffer.from('%PDF-1.4 from the customer');
    const res = await s.control('POST', '/_simulator/inbound', {
      from: '+16505551004',
      to: PNID,
      type: 'document',
      document: {
        data: data.toString('base64'),
        mimeType: 'application/pdf',
        filename: 'invoice.pdf',
        caption: 'my invoice',
      },
    });
    const doc = valueOf((await s.inboundHook(res.body.wamid)).body).messages[0].document;
    assert.deepEqual([doc.filename, doc.caption, doc.mime_type], ['invoice.pdf', 'my invoice', 'application/pdf']);
    const info = await s.graph('GET', `/v23.0/${doc.id}`);
    assert.equal(info.body.sha256.length, 64);
    const got = await fetch(info.body.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.deepEqual([got.status, got.headers.get('content-type')], [200, 'application/pdf']);
    assert.deepEqual(Buffer.from(await got.arrayBuffer()), data);
    const sample = await s.control('POST', '/_simulator/inbound', { from: '+16505551004', to: PNID, type: 'sticker' });
    const sticker = valueOf((await s.inboundHook(sample.body.wamid)).body).messages[0].sticker;
    const bytes = Buffer.from(
      await (
        await fetch((await s.graph('GET', `/v23.0/${sticker.id}`)).body.url, {
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).arrayBuffer(),
    );
    assert.deepEqual(bytes, Buffer.from(SAMPLES.sticker.base64, 'base64'));
    await s.config({ mediaUrlTtlMs: 0 });
    try {
      const stale = (await s.graph('GET', `/v23.0/${doc.id}`)).body.url;
      assert.equal((await fetch(stale, { headers: { authorization: `Bearer ${TOKEN}` } })).status, 404);
    } finally {
      await s.config({ mediaUrlTtlMs: 300_000 });
    }
  });

  it('marks a customer message read, with a typing indicator, and refuses an unknown wamid', async () => {
    const inbound = await s.control('POST', '/_simulator/inbound', { from: '+16505551005', to: PNID, text: 'hi' });
    const req = {
      ...fixture('mark-as-read-request.json'),
      message_id: inbound.body.wamid,
      typing_indicator: { type: 'text' },
    };
    assert.deepEqual((await send(req)).body, fixture('success-true-response.json'));
    const state = await s.control('GET', '/_simulator/state');
    assert.deepEqual(
      state.body.reads.map((r: any) => [r.wamid, r.typingIndicator]).find((r: string[]) => r[0] === inbound.body.wamid),
      [inbound.body.wamid, 'text'],
    );
    const unknown = await send({ ...fixture('mark-as-read-request.json'), message_id: 'wamid.unknown' });
    assert.deepEqual([unknown.status, unknown.body.error.code], [400, 100]);
  });

  it('takes interactive, location, contacts, reaction and sticker sends with the platform’s limits', async () => {
    await s.control('POST', '/_simulator/inbound', { from: '+16505551006', to: PNID, text: 'hi' });
    const to = '+16505551006';
    const buttons = (n: number, title = 'Yes') => ({
      messaging_product: 'whatsapp',
      to,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Pick one' },
        action: {
          buttons: Array.from({ length: n }, (_, i) => ({
            type: 'reply',
            reply: { id: `b${i}`, title: `${title}${i}` },
          })),
        },
      },
    });
    assert.equal((await send(buttons(3))).status, 200);
    assert.equal((await send(buttons(4))).body.error.code, 131009);
    assert.equal((await send(buttons(1, 'x'.repeat(20)))).body.error.code, 131009);
    const list = (rows: number) => ({
      messaging_product: 'whatsapp',
      to,
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Menu' },
        action: {
          button: 'See options',
          sections: [
            {
              title: 'A',
              rows: Array.from({ length: rows }, (_, i) => ({ id: `r${i}`, title: `Row ${i}`, description: 'd' })),
            },
          ],
        },
      },
    });
    assert.equal((await send(list(10))).status, 200);
    assert.equal((await send(list(11))).body.error.code, 131009);
    const cta = {
      messaging_product: 'whatsapp',
      to,
      type: 'interactive',
      interactive: {
        type: 'cta_url',
        body: { text: 'See it' },
        action: { name: 'cta_url', parameters: { display_text: 'Open', url: 'https://example.com' } },
      },
    };
    assert.equal((await send(cta)).status, 200);
    assert.equal(
      (
        await send({
          messaging_product: 'whatsapp',
          to,
          type: 'location',
          location: { latitude: 37.48, longitude: -122.14, name: 'HQ' },
        })
      ).status,
      200,
    );
    assert.equal(
      (await send({ messaging_product: 'whatsapp', to, type: 'location', location: { longitude: 1 } })).body.error.code,
      131008,
    );
    assert.equal(
      (
        await send({
          messaging_product: 'whatsapp',
          to,
          type: 'contacts',
          contacts: [{ name: { formatted_name: 'Ann' }, phones: [{ phone: '+16505551234' }] }],
        })
      ).status,
      200,
    );
    assert.equal(
      (await send({ messaging_product: 'whatsapp', to, type: 'contacts', contacts: [{ phones: [] }] })).body.error.code,
      131008,
    );
    assert.equal(
      (
        await send({
          messaging_product: 'whatsapp',
          to,
          type: 'reaction',
          reaction: { message_id: 'wamid.x', emoji: '' },
        })
      ).status,
      200,
      'an empty emoji removes',
    );
    assert.equal(
      (
        await send({
          messaging_product: 'whatsapp',
          to,
          type: 'sticker',
          sticker: { link: 'https://example.com/s.webp' },
        })
      ).status,
      200,
    );
    // Free-form rules as for text: outside the window the send fails asynchronously with 131047.
    const outside = await send({ ...buttons(2), to: '+16505551999' });
    assert.equal(await failedCode(outside.body.messages[0].id), 131047);
  });

  it('validates template BUTTONS at create and button parameters at send', async () => {
    const create = (name: string, buttons: unknown[], category = 'MARKETING') =>
      s.graph('POST', `/v23.0/${WABA}/message_templates`, {
        name,
        language: 'en_US',
        category,
        components: [
          { type: 'BODY', text: 'Hello there, friend.' },
          { type: 'BUTTONS', buttons },
        ],
      });
    const qr = (text = 'Stop') => ({ type: 'QUICK_REPLY', text });
    const url = { type: 'URL', text: 'Shop', url: 'https://example.com/shop?promo={{1}}', example: ['summer'] };
    const refused: [string, unknown[], string?][] = [
      ['b_count', Array.from({ length: 11 }, (_, i) => qr(`Q${i}`))],
      ['b_group', [qr('A'), url, qr('B')]],
      ['b_label', [qr('x'.repeat(26))]],
      ['b_url_mid', [{ ...url, url: 'https://example.com/{{1}}/shop' }]],
      ['b_url_ex', [{ type: 'URL', text: 'Shop', url: 'https://example.com/{{1}}' }]],
      ['b_phone', [{ type: 'PHONE_NUMBER', text: 'Call', phone_number: '1'.repeat(21) }]],
      ['b_code', [{ type: 'COPY_CODE', example: 'x'.repeat(16) }]],
      ['b_urls', [url, url, url]],
      ['b_url_long', [{ ...url, url: `https://example.com/${'x'.repeat(1990)}?p={{1}}` }]],
      ['b_contact', [{ type: 'REQUEST_CONTACT_INFO', text: 'Share' }], 'AUTHENTICATION'],
    ];
    for (const [name, b, category] of refused)
      assert.equal((await create(name, b, category)).body.error?.code, 100, name);
    assert.equal(
      (
        await create('b_ok', [
          qr('A'),
          qr('B'),
          url,
          { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+15550051310' },
          { type: 'COPY_CODE', example: 'SAVE10' },
          { type: 'REQUEST_CONTACT_INFO', text: 'Share number' },
        ])
      ).status,
      200,
    );
    await s.control(
      'POST',
      `/_simulator/templates/${[...s.sim.state.templates.values()].find((t) => t.name === 'b_ok')!.id}/review`,
      { decision: 'APPROVED' },
    );
    await s.control('POST', '/_simulator/inbound', { from: '+16505551007', to: PNID, text: 'hi' });
    const components = (extra: unknown[]) => ({
      messaging_product: 'whatsapp',
      to: '+16505551007',
      type: 'template',
      template: { name: 'b_ok', language: { code: 'en_US' }, components: extra },
    });
    const full = [
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'STOP' }] },
      { type: 'button', sub_type: 'url', index: '2', parameters: [{ type: 'text', text: 'summer' }] },
      { type: 'button', sub_type: 'copy_code', index: 4, parameters: [{ type: 'coupon_code', coupon_code: 'SAVE10' }] },
    ];
    assert.equal((await send(components(full))).status, 200);
    assert.equal(
      (await send(components(full.slice(0, 1)))).body.error.code,
      132000,
      'the URL variable needs its value',
    );
    assert.equal(
      (
        await send(
          components([
            ...full,
            { type: 'button', sub_type: 'quick_reply', index: '9', parameters: [{ type: 'payload', payload: 'x' }] },
          ]),
        )
      ).body.error.code,
      132000,
    );
    assert.equal((await send(components([{ ...full[0], sub_type: 'url' }, ...full.slice(1)]))).body.error.code, 132012);
  });

  it('lets a customer tap buttons and list rows, react, share a location and contacts, pointing at the business message', async () => {
    await s.control('POST', '/_simulator/inbound', { from: '+16505551008', to: PNID, text: 'hi' });
    const business = (await send(textTo('+16505551008'))).body.messages[0].id;
    const value = async (body: Record<string, unknown>) => {
      const res = await s.control('POST', '/_simulator/inbound', { from: '+16505551008', to: PNID, ...body });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return valueOf((await s.inboundHook(res.body.wamid)).body).messages[0];
    };
    const tap = await value({
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
    });
    assert.deepEqual(
      [tap.context.id, tap.interactive],
      [business, { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } }],
    );
    const row = await value({
      type: 'interactive',
      interactive: { type: 'list_reply', list_reply: { id: 'r1', title: 'Row', description: 'd' } },
      contextMessageId: business,
    });
    assert.equal(row.interactive.list_reply.description, 'd');
    const qr = await value({ type: 'button', button: { payload: 'STOP', text: 'Stop' } });
    assert.deepEqual(qr.button, { payload: 'STOP', text: 'Stop' });
    assert.deepEqual((await value({ type: 'reaction', reaction: { message_id: business, emoji: '👍' } })).reaction, {
      message_id: business,
      emoji: '👍',
    });
    assert.equal(
      (await value({ type: 'location', location: { latitude: 1.5, longitude: 2.5, name: 'Here' } })).location.name,
      'Here',
    );
    assert.equal(
      (await value({ type: 'contacts', contacts: [{ name: { formatted_name: 'Ann' } }] })).contacts[0].name
        .formatted_name,
      'Ann',
    );
    assert.equal(
      (
        await s.control('POST', '/_simulator/inbound', {
          from: '+16505551008',
          to: PNID,
          type: 'interactive',
          interactive: {},
        })
      ).status,
      400,
    );
  });
});
