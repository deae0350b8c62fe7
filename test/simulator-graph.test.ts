// test-runner: no database
/**
 * Issue 15 (Part A): each difference from Meta's Graph API found with pywa and whatsapp-api-js,
 * one test each, over real HTTP against the simulator alone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simulatorAccessToken } from '../src/simulator/app.js';
import { PNID, SECRET, TOKEN, WABA, startSim, textTo, type SimHarness } from './conformance/sim.js';
import { eventually, fixture, valueOf } from './helpers.js';

const errorKeys = (b: any) => Object.keys(b.error).sort();

describe('simulator: Graph API fidelity (issue 15)', () => {
  let s: SimHarness;
  before(async () => {
    s = await startSim();
  });
  after(() => s.close());

  async function approvedTemplate(name: string, components: unknown[], category = 'UTILITY', format = 'POSITIONAL') {
    const res = await s.graph('POST', `/v23.0/${WABA}/message_templates`, {
      name,
      language: 'en_US',
      category,
      parameter_format: format,
      components,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await s.control('POST', `/_simulator/templates/${res.body.id}/review`, { decision: 'APPROVED' });
    return res.body.id as string;
  }

  it('answers unknown paths, unknown ids and methods, bad JSON and other content types in Meta’s envelope', async () => {
    const path = await s.graph('GET', '/v23.0/123/nothing/here');
    assert.deepEqual([path.status, path.body.error.code, path.body.error.type], [400, 2500, 'OAuthException']);
    assert.match(path.body.error.message, /^Unknown path components: /);
    const obj = await s.graph('GET', '/v23.0/454545');
    assert.deepEqual(errorKeys(obj.body), errorKeys(fixture('error-100-object-does-not-exist.json')));
    assert.deepEqual(
      [obj.body.error.code, obj.body.error.error_subcode, obj.body.error.type],
      [100, 33, 'GraphMethodException'],
    );
    assert.equal(obj.body.error.message, fixture('error-100-object-does-not-exist.json').error.message);
    const method = await s.graph('PUT', `/v23.0/${PNID}/messages`, textTo('+16505551234'));
    assert.equal(method.body.error.code, 2500);
    const json = await s.graph('POST', `/v23.0/${PNID}/messages`, undefined, {
      raw: '{"messaging_product": "whatsapp",',
      headers: { 'content-type': 'application/json' },
    });
    assert.deepEqual([json.status, json.body.error.code], [400, 100]);
    assert.match(json.body.error.error_data.details, /not valid JSON/);
    const xml = await s.graph('POST', `/v23.0/${PNID}/messages`, undefined, {
      raw: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    assert.deepEqual([xml.status, xml.body.error.code], [400, 100]);
    // Form-encoded bodies are read as the Graph API reads them.
    const form = await s.graph('POST', `/v23.0/${PNID}/messages`, undefined, {
      raw: new URLSearchParams({
        messaging_product: 'whatsapp',
        to: '+16505551234',
        type: 'text',
        text: '{"body":"hi"}',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(form.status, 200, JSON.stringify(form.body));
  });

  it('checks tokens: any token it did not issue is 190, none is 104, another WABA’s objects are hidden', async () => {
    const bad = await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+16505551234'), { token: 'EAAG-anything' });
    assert.deepEqual(
      [bad.status, bad.body.error.code, bad.body.error.type, bad.body.error.error_subcode],
      [401, 190, 'OAuthException', undefined],
    );
    assert.equal(bad.body.error.message, 'Invalid OAuth access token - Cannot parse access token');
    for (const [method, path] of [
      ['GET', `/v23.0/${WABA}/message_templates`],
      ['DELETE', `/v23.0/${WABA}/message_templates?name=x`],
    ] as const) {
      const none = await s.graph(method, path, undefined, { token: null });
      assert.equal(none.body.error.code, 104, `${method} ${path} needs a token`);
    }
    const other = await s.graph('GET', `/v23.0/${WABA}/message_templates`, undefined, {
      token: simulatorAccessToken(SECRET, '999999999999999'),
    });
    assert.deepEqual([other.body.error.code, other.body.error.error_subcode], [100, 33]);
    const forged = await s.graph('GET', `/v23.0/${WABA}/message_templates`, undefined, {
      token: simulatorAccessToken('another-secret', WABA),
    });
    assert.equal(forged.body.error.code, 190);
    // A token registered through the control API works; once expired it is 190/463 worded like the fixture.
    await s.control('POST', '/_simulator/tokens', { token: 'EAAG-registered', wabaId: WABA, phoneNumberIds: [PNID] });
    assert.equal(
      (await s.graph('GET', `/v23.0/${WABA}/message_templates`, undefined, { token: 'EAAG-registered' })).status,
      200,
    );
    await s.control('POST', '/_simulator/tokens', {
      token: 'EAAG-expired',
      wabaId: WABA,
      expiresAt: Math.floor(Date.now() / 1000) - 3600,
    });
    const expired = await s.graph('GET', `/v23.0/${WABA}/message_templates`, undefined, { token: 'EAAG-expired' });
    assert.deepEqual(errorKeys(expired.body), errorKeys(fixture('error-190-access-token-expired.json')));
    assert.deepEqual([expired.body.error.code, expired.body.error.error_subcode], [190, 463]);
    assert.match(
      expired.body.error.message,
      /^Error validating access token: Session has expired on \w+day, \d\d-\w{3}-\d\d \d\d:\d\d:\d\d P[DS]T\. The current time is /,
    );
  });

  it('takes template component types in any case and counts named parameters', async () => {
    await s.control('POST', '/_simulator/inbound', { from: '+16505550101', to: PNID, text: 'hi' });
    await approvedTemplate('graph_upper_case', [
      { type: 'BODY', text: 'Hi {{1}}, order {{2}} shipped.', example: { body_text: [['Pablo', '1']] } },
    ]);
    const upper = await s.graph('POST', `/v23.0/${PNID}/messages`, {
      ...fixture('send-template-positional-params-request.json'),
      to: '+16505550101',
      template: {
        name: 'graph_upper_case',
        language: { code: 'en_US' },
        components: [
          {
            type: 'BODY',
            parameters: [
              { type: 'text', text: 'Jessica' },
              { type: 'text', text: 'X1' },
            ],
          },
        ],
      },
    });
    assert.equal(upper.status, 200, JSON.stringify(upper.body));
    await approvedTemplate(
      'graph_named',
      fixture('template-create-request-named-params.json').components,
      'UTILITY',
      'NAMED',
    );
    const named = fixture('send-template-named-params-request.json');
    named.template.name = 'graph_named';
    assert.equal((await s.graph('POST', `/v23.0/${PNID}/messages`, named)).status, 200);
    named.template.components[0].parameters.pop();
    assert.equal((await s.graph('POST', `/v23.0/${PNID}/messages`, named)).body.error.code, 132000);
    named.template.components[0].parameters = [
      { type: 'text', parameter_name: 'first_name', text: 'J' },
      { type: 'text', parameter_name: 'order_id', text: 'X' },
    ];
    assert.equal((await s.graph('POST', `/v23.0/${PNID}/messages`, named)).body.error.code, 132000);
  });

  it('lists templates with parameter_format, every filter, fields, real cursors with next, and summary', async () => {
    for (const n of ['list_a', 'list_b', 'list_c'])
      await approvedTemplate(n, [{ type: 'BODY', text: `Template ${n} says hello.` }]);
    const all = await s.graph('GET', `/v23.0/${WABA}/message_templates?name=list_&limit=2&summary=total_count`);
    assert.equal(all.body.data.length, 2);
    assert.ok(all.body.data.every((t: any) => t.parameter_format === 'POSITIONAL'));
    assert.equal(all.body.summary.total_count, 3);
    assert.match(all.body.paging.next, /after=/);
    const next = await s.graph('GET', new URL(all.body.paging.next).pathname + new URL(all.body.paging.next).search);
    assert.equal(next.body.data.length, 1);
    assert.equal(next.body.paging.next, undefined);
    assert.deepEqual(
      new Set([...all.body.data, ...next.body.data].map((t: any) => t.name)),
      new Set(['list_a', 'list_b', 'list_c']),
    );
    const fields = await s.graph('GET', `/v23.0/${WABA}/message_templates?fields=name,category,status&name=list_a`);
    assert.deepEqual(Object.keys(fields.body.data[0]), ['name', 'category', 'status', 'id']);
    for (const [q, n] of [
      ['status=APPROVED&name=list_', 3],
      ['status=rejected&name=list_', 0],
      ['category=marketing&name=list_', 0],
      ['category=UTILITY&name=list_', 3],
      ['language=en&name=list_', 0],
      ['language=en_US&name=list_b', 1],
    ] as const) {
      assert.equal((await s.graph('GET', `/v23.0/${WABA}/message_templates?${q}`)).body.data.length, n, q);
    }
  });

  it('gets a template by id with fields, and answers the create with the category Meta gave it', async () => {
    const res = await s.graph('POST', `/v23.0/${WABA}/message_templates`, {
      name: 'graph_promo',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Our summer sale: 20% off everything this week.' }],
    });
    assert.deepEqual([res.body.status, res.body.category], ['PENDING', 'MARKETING']);
    const byId = await s.graph('GET', `/v23.0/${res.body.id}`);
    assert.equal(byId.body.previous_category, 'UTILITY');
    assert.deepEqual(
      Object.keys((await s.graph('GET', `/v23.0/${res.body.id}?fields=status`)).body),
      Object.keys(fixture('template-get-status-response.json')),
    );
    assert.equal((await s.graph('GET', `/v23.0/${res.body.id}?fields=nonsense`)).body.error.code, 100);
  });

  it('sends webhooks with non-ASCII escaped as \\uXXXX and signs those bytes', async () => {
    const res = await s.control('POST', '/_simulator/inbound', {
      from: '+16505550102',
      to: PNID,
      text: 'J’ai mangé des pâtes 🍝',
    });
    const hook = await s.inboundHook(res.body.wamid);
    assert.ok(hook.valid);
    assert.ok(
      [...hook.raw].every((b) => b < 0x80),
      'pure ASCII on the wire',
    );
    assert.ok(hook.raw.toString().includes('J\\u2019ai mang\\u00e9 des p\\u00e2tes \\ud83c\\udf5d'));
    assert.equal(valueOf(hook.body).messages[0].text.body, 'J’ai mangé des pâtes 🍝');
  });

  it('prices statuses by template category and window, with a conversation on v23 and none on v24', async () => {
    await approvedTemplate('graph_marketing', [{ type: 'BODY', text: 'New arrivals are in the shop.' }], 'MARKETING');
    const sendTemplate = async (to: string, name: string) =>
      (
        await s.graph('POST', `/v23.0/${PNID}/messages`, {
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: { name, language: { code: 'en_US' } },
        })
      ).body.messages[0].id;
    await approvedTemplate('graph_utility', [{ type: 'BODY', text: 'Your order has shipped.' }]);
    const marketing = await sendTemplate('+16505550103', 'graph_marketing');
    const utilityOutside = await sendTemplate('+16505550104', 'graph_utility');
    await s.control('POST', '/_simulator/inbound', { from: '+16505550105', to: PNID, text: 'hi' });
    const utilityInside = await sendTemplate('+16505550105', 'graph_utility');
    const service = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+16505550105'))).body.messages[0].id;
    const sentOf = (wamid: string) => eventually(async () => s.statuses(wamid).find((x) => x.status === 'sent'));
    // Sent now (after 2026-10-01), in-window utility templates and service messages are billed
    // (docs/platform.md §5); `regular` is the simulator's assumption for their unconfirmed type.
    const expect = {
      [marketing]: ['marketing', 'regular', true],
      [utilityOutside]: ['utility', 'regular', true],
      [utilityInside]: ['utility', 'regular', true],
      [service]: ['service', 'regular', true],
    };
    for (const [wamid, [category, type, billable]] of Object.entries(expect)) {
      const sent = await sentOf(wamid);
      assert.deepEqual(
        [sent.pricing.category, sent.pricing.type, sent.pricing.billable, sent.pricing.pricing_model],
        [category, type, billable, 'PMP'],
      );
      assert.equal(sent.conversation.origin.type, category);
      assert.match(sent.conversation.expiration_timestamp, /^\d+$/);
    }
    await s.config({ webhookVersion: 'v24.0' });
    try {
      const v24 = await sendTemplate('+16505550106', 'graph_marketing');
      const delivered = await eventually(async () => s.statuses(v24).find((x) => x.status === 'delivered'));
      const sent = s.statuses(v24).find((x) => x.status === 'sent');
      assert.equal(sent.conversation, undefined);
      assert.equal(delivered.conversation, undefined);
      assert.equal(delivered.pricing.category, 'marketing');
    } finally {
      await s.config({ webhookVersion: 'v23.0' });
    }
  });

  it('takes resumable uploads with either auth scheme and any content type, reports their offset, and shapes handles like Meta', async () => {
    const bytes = Buffer.from('%PDF-1.4 tiny');
    const open = await s.graph(
      'POST',
      `/v23.0/100000000000001/uploads?file_name=a.pdf&file_length=${bytes.length}&file_type=application/pdf`,
    );
    assert.match(open.body.id, /^upload:[A-Za-z0-9+=]+\?sig=AR[\w-]+$/);
    const status = await s.graph('GET', `/v23.0/${open.body.id}`);
    assert.deepEqual(status.body, { id: open.body.id, file_offset: 0 });
    const first = await s.graph('POST', `/v23.0/${open.body.id}`, undefined, {
      raw: bytes.subarray(0, 5),
      headers: { authorization: `OAuth ${TOKEN}`, file_offset: '0', 'content-type': 'application/pdf' },
    });
    assert.equal(first.body.file_offset, 5);
    const done = await s.graph('POST', `/v23.0/${open.body.id}`, undefined, {
      raw: bytes.subarray(5),
      headers: { file_offset: '5', 'content-type': 'application/octet-stream' },
    });
    assert.match(done.body.h, /^4::YXBwbGljYXRpb24vcGRm:[\w-]+:e:\d+:\d+:\d+:AR[\w-]+$/);
    assert.equal((await s.graph('GET', `/v23.0/${open.body.id}`)).body.file_offset, bytes.length);
  });

  it('takes messaging_product in the query string of a media upload, and serves media get, download and delete', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('\x89PNG fake')], { type: 'image/png' }), 'a.png');
    const up = await fetch(`${s.base}/v23.0/${PNID}/media?messaging_product=whatsapp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    const { id } = (await up.json()) as { id: string };
    assert.match(id, /^\d+$/);
    const got = await s.graph('GET', `/v23.0/${id}?phone_number_id=${PNID}`);
    assert.deepEqual(Object.keys(got.body).sort(), Object.keys(fixture('media-get-url-response.json')).sort());
    const download = await fetch(got.body.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.deepEqual(
      [download.status, download.headers.get('content-type'), Buffer.from(await download.arrayBuffer()).toString()],
      [200, 'image/png', '\x89PNG fake'],
    );
    assert.equal((await fetch(got.body.url)).status, 401, 'the download needs the token');
    assert.deepEqual((await s.graph('DELETE', `/v23.0/${id}`)).body, { success: true });
    assert.equal((await s.graph('GET', `/v23.0/${id}`)).body.error.error_subcode, 33);
  });

  it('gives failed statuses details of their own, not the title again', async () => {
    const res = await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+16505550999'));
    const [failed] = await eventually(
      async () => s.statuses(res.body.messages[0].id).length > 0 && s.statuses(res.body.messages[0].id),
    );
    assert.equal(failed.errors[0].code, 131047);
    assert.notEqual(failed.errors[0].error_data.details, failed.errors[0].title);
    for (const code of [131000, 131053, 131026]) {
      const other = await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+16505550998'));
      await s.control('POST', `/_simulator/messages/${encodeURIComponent(other.body.messages[0].id)}/status`, {
        status: 'failed',
        errorCode: code,
      });
      const [f] = await eventually(
        async () => s.statuses(other.body.messages[0].id).length > 0 && s.statuses(other.body.messages[0].id),
      );
      assert.notEqual(f.errors[0].error_data.details, f.errors[0].title, String(code));
    }
  });

  it('refuses config keys it does not know, naming them', async () => {
    const res = await s.control('PUT', '/_simulator/config', { errorRat: 1, deliveryDelaysMs: { sen: 5 } });
    assert.equal(res.status, 400);
    assert.match(res.body.error, /errorRat/);
    assert.match(res.body.error, /deliveryDelaysMs\.sen/);
    assert.equal(s.sim.state.config.errorRate, 0);
  });
});
