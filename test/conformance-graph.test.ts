// test-runner: no database
/**
 * Conformance, Graph API answers and requests. Every response fixture is compared with the
 * simulator's answer in the same situation (test/conformance/shape.ts); every request fixture (a body
 * Tidings or a client library sends) must be taken by the simulator as Meta takes it, with Meta's
 * placeholders (`{{Recipient-Phone-Number}}`, `<IMAGE_OBJECT_ID>`, `template-name`, `4::aW...`)
 * replaced by real values.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simulatorAccessToken } from '../src/simulator/app.js';
import { assertSameShape } from './conformance/shape.js';
import { PNID, SECRET, TOKEN, WABA, startSim, textTo, type SimHarness } from './conformance/sim.js';
import { eventually, fixture } from './helpers.js';

/** Postman's older template captures predate `parameter_format` and `sub_category`. */
const OLDER_TEMPLATES = {
  ignore: ['.parameter_format', '.data[].parameter_format', '.sub_category', '.data[].sub_category'],
};

describe('conformance: Graph API answers and requests, against the fixtures', () => {
  let s: SimHarness;
  let handle: string;
  const to = '+16505551234';
  before(async () => {
    // Reviews by hand: a template created without a decision stays PENDING however long the calls take.
    s = await startSim({ review: 'manual' });
    await s.control('POST', '/_simulator/inbound', { from: to, to: PNID, text: 'hi' });
    const open = await s.graph(
      'POST',
      '/v23.0/100000000000001/uploads?file_name=a.jpg&file_length=4&file_type=image/jpeg',
    );
    handle = (
      await s.graph('POST', `/v23.0/${open.body.id}`, undefined, {
        raw: 'abcd',
        headers: { authorization: `OAuth ${TOKEN}`, file_offset: '0' },
      })
    ).body.h;
  });
  after(() => s.close());

  const asWaba = (waba: string) => simulatorAccessToken(SECRET, waba);
  async function create(
    body: Record<string, unknown>,
    waba = WABA,
    decision: 'APPROVED' | 'REJECTED' | null = 'APPROVED',
  ) {
    const res = await s.graph('POST', `/v23.0/${waba}/message_templates`, body, { token: asWaba(waba) });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (decision && res.body.status === 'PENDING')
      await s.control('POST', `/_simulator/templates/${res.body.id}/review`, { decision });
    return res.body as { id: string; status: string; category: string };
  }
  async function upload(type: string, name: string) {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('file', new Blob([Buffer.from('bytes')], { type }), name);
    const res = await fetch(`${s.base}/v23.0/${PNID}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    return (await res.json()) as { id: string };
  }
  const fill = (body: any) => JSON.parse(JSON.stringify(body).replaceAll('{{Recipient-Phone-Number}}', to));
  const sent = async (res: { status: number; body: any }, name: string) => {
    assert.equal(res.status, 200, `${name}: ${JSON.stringify(res.body)}`);
    const first = await eventually(async () => s.statuses(res.body.messages[0].id)[0]);
    assert.equal(first.status, 'sent', `${name}: ${JSON.stringify(first.errors ?? '')}`);
  };

  it('error answers', async () => {
    assertSameShape(
      (await s.graph('POST', `/v23.0/${PNID}/messages`, { to, type: 'text', text: { body: 'x' } })).body,
      fixture('error-100-invalid-parameter.json'),
      'error-100-invalid-parameter.json',
    );
    const missing = await s.graph('GET', '/v23.0/454545');
    assertSameShape(
      missing.body,
      fixture('error-100-object-does-not-exist.json'),
      'error-100-object-does-not-exist.json',
    );
    assert.equal(missing.body.error.message, fixture('error-100-object-does-not-exist.json').error.message);
    await s.config({ throughputByNumber: { [PNID]: 1 } });
    const burst = await Promise.all([1, 2, 3].map(() => s.graph('POST', `/v23.0/${PNID}/messages`, textTo(to))));
    await s.config({ throughputByNumber: {} });
    assertSameShape(
      burst.find((r) => r.status === 429)!.body,
      fixture('error-130429-rate-limit.json'),
      'error-130429-rate-limit.json',
    );
    await s.config({ errorRate: 1, errorCode: 131030 });
    const notAllowed = await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(to));
    await s.config({ errorRate: 0, errorCode: 131000 });
    assertSameShape(
      notAllowed.body,
      fixture('error-131030-recipient-not-in-allowed-list.json'),
      'error-131030-recipient-not-in-allowed-list.json',
    );
    const notFound = await s.graph('POST', `/v23.0/${PNID}/messages`, {
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: { name: 'cg_quest_text', language: { code: 'en_US' } },
    });
    assertSameShape(
      notFound.body,
      fixture('error-132001-template-not-found.json'),
      'error-132001-template-not-found.json',
    );
    await s.control('POST', '/_simulator/tokens', { token: 'EAAG-expired', wabaId: WABA, expiresAt: 1714136400 });
    assertSameShape(
      (await s.graph('GET', `/v23.0/${PNID}`, undefined, { token: 'EAAG-expired' })).body,
      fixture('error-190-access-token-expired.json'),
      'error-190-access-token-expired.json',
    );
  });

  it('media and resumable upload answers', async () => {
    const up = await upload('image/png', 'a.png');
    assertSameShape(up, fixture('media-upload-response.json'), 'media-upload-response.json');
    assertSameShape(up, fixture('media-upload-response-postman.json'), 'media-upload-response-postman.json');
    const got = (await s.graph('GET', `/v23.0/${up.id}`)).body;
    assertSameShape(got, fixture('media-get-url-response.json'), 'media-get-url-response.json');
    // Meta's Postman capture shows file_size as a string; the other capture (and the simulator) a number.
    assertSameShape(got, fixture('media-get-url-response-postman.json'), 'media-get-url-response-postman.json', {
      ignore: ['.file_size'],
    });
    assertSameShape(
      (await s.graph('DELETE', `/v23.0/${up.id}`)).body,
      fixture('success-true-response.json'),
      'success-true-response.json (media delete)',
    );
    const open = await s.graph(
      'POST',
      '/v23.0/100000000000001/uploads?file_name=b.png&file_length=3&file_type=image/png',
    );
    assertSameShape(
      open.body,
      fixture('resumable-upload-create-session-response.json'),
      'resumable-upload-create-session-response.json',
    );
    assertSameShape(
      (await s.graph('GET', `/v23.0/${open.body.id}`)).body,
      fixture('resumable-upload-status-response.json'),
      'resumable-upload-status-response.json',
    );
    assertSameShape(
      (await s.graph('POST', `/v23.0/${open.body.id}`, undefined, { raw: 'png', headers: { file_offset: '0' } })).body,
      fixture('resumable-upload-file-data-response.json'),
      'resumable-upload-file-data-response.json',
    );
  });

  it('template answers: create, get by id, by name, status, lists with fields, named and positional', async () => {
    const pending = await create(
      fixture('template-create-request-text-header-quick-replies.json'),
      '200000000000001',
      null,
    );
    assertSameShape(pending, fixture('template-create-response-pending.json'), 'template-create-response-pending.json');
    assertSameShape(
      await create(fixture('template-create-request-authentication.json'), '200000000000002'),
      fixture('template-create-response-approved-authentication.json'),
      'template-create-response-approved-authentication.json',
    );
    const promo = fixture('template-edit-request.json');
    const waba = '200000000000003';
    const t = await create(promo, waba);
    const get = (path: string) => s.graph('GET', path, undefined, { token: asWaba(waba) });
    assertSameShape(
      (await get(`/v23.0/${t.id}`)).body,
      fixture('template-get-by-id-response.json'),
      'template-get-by-id-response.json',
      OLDER_TEMPLATES,
    );
    assertSameShape(
      (await get(`/v23.0/${t.id}?fields=status`)).body,
      fixture('template-get-status-response.json'),
      'template-get-status-response.json',
    );
    await create({ ...promo, name: 'april_promo_rejected' }, waba, 'REJECTED');
    assertSameShape(
      (await get(`/v23.0/${waba}/message_templates?name=april_promo_rejected`)).body,
      fixture('template-get-by-name-response.json'),
      'template-get-by-name-response.json',
      OLDER_TEMPLATES,
    );

    // ?fields=name,category,status&limit=5 over six templates: APPROVED/PENDING/REJECTED, UTILITY/MARKETING.
    const w2 = '200000000000004';
    const body = (text: string) => [{ type: 'BODY', text }];
    await create({ name: 'oldest', language: 'en_US', category: 'UTILITY', components: body('The oldest one.') }, w2);
    await create(
      { name: 'reservation_confirmation', language: 'en_US', category: 'UTILITY', components: body('You are booked.') },
      w2,
    );
    await create(
      { name: 'coupon_a', language: 'en_US', category: 'MARKETING', components: body('New things in store.') },
      w2,
    );
    await create(
      { name: 'coupon_b', language: 'en_US', category: 'MARKETING', components: body('More new things in store.') },
      w2,
    );
    await create(
      { name: 'address_update', language: 'en_US', category: 'UTILITY', components: body('Your address changed.') },
      w2,
      null,
    );
    await create(
      { name: 'short_banner', language: 'en_US', category: 'UTILITY', components: body('Your table is ready.') },
      w2,
      'REJECTED',
    );
    const fields = await s.graph(
      'GET',
      `/v23.0/${w2}/message_templates?fields=name,category,status&limit=5`,
      undefined,
      { token: asWaba(w2) },
    );
    assertSameShape(fields.body, fixture('template-list-fields-response.json'), 'template-list-fields-response.json');

    // The default fields, over templates made of the fixture's own components.
    const w3 = '200000000000005';
    const named = fixture('template-list-response-named-and-positional.json').data;
    await create({ name: 'third', language: 'en_US', category: 'UTILITY', components: body('A third one.') }, w3);
    const components = (c: any[]) =>
      c.map((x) => (x.format === 'IMAGE' ? { ...x, example: { header_handle: [handle] } } : x));
    await create(
      {
        name: named[1].name,
        language: named[1].language,
        category: named[1].category,
        parameter_format: 'POSITIONAL',
        components: components(named[1].components),
      },
      w3,
    );
    await create(
      {
        name: named[0].name,
        language: named[0].language,
        category: named[0].category,
        parameter_format: 'NAMED',
        components: components(named[0].components),
      },
      w3,
    );
    const list = await s.graph('GET', `/v23.0/${w3}/message_templates?limit=2`, undefined, { token: asWaba(w3) });
    assertSameShape(
      list.body,
      fixture('template-list-response-named-and-positional.json'),
      'template-list-response-named-and-positional.json',
    );

    // Postman's list: a re-categorised template (previous_category) and one with examples and a quick reply.
    const w4 = '200000000000006';
    const postman = fixture('template-list-response.json').data;
    await create(
      {
        name: 'hello_world',
        language: 'en_US',
        category: 'UTILITY',
        components: [
          postman[0].components[0],
          { type: 'BODY', text: 'Welcome! Our summer sale starts now.' },
          postman[0].components[2],
        ],
      },
      w4,
    );
    await create(
      { name: postman[1].name, language: 'en_US', category: 'MARKETING', components: postman[1].components },
      w4,
    );
    const all = await s.graph('GET', `/v23.0/${w4}/message_templates`, undefined, { token: asWaba(w4) });
    // ACCOUNT_UPDATE / TRANSACTIONAL are categories of 2022–2023 migrations; the simulator re-categorises UTILITY → MARKETING.
    assertSameShape(all.body, fixture('template-list-response.json'), 'template-list-response.json', {
      ...OLDER_TEMPLATES,
      anyValue: ['previous_category'],
    });

    // Bindambc's 2022 list (old-style authentication templates had free text; compared without category values).
    const w5 = '200000000000007';
    for (const x of fixture('template-list-response-bindambc.json').data) {
      if (x.status === 'REJECTED')
        await create(
          { name: x.name, language: x.language, category: 'UTILITY', components: x.components },
          w5,
          'REJECTED',
        );
      else
        await create(
          {
            name: x.name,
            language: x.language,
            category: x.category === 'AUTHENTICATION' ? 'UTILITY' : x.category,
            components: x.components,
          },
          w5,
        );
    }
    await s.control(
      'POST',
      `/_simulator/templates/${[...s.sim.state.templates.values()].find((x) => x.wabaId === w5 && x.name === 'hello_world')!.id}/category`,
      { category: 'MARKETING' },
    );
    const old = await s.graph('GET', `/v23.0/${w5}/message_templates?limit=100`, undefined, { token: asWaba(w5) });
    assertSameShape(old.body, fixture('template-list-response-bindambc.json'), 'template-list-response-bindambc.json', {
      ...OLDER_TEMPLATES,
      anyValue: ['previous_category', 'category'],
    });
  });

  it('takes every request fixture as Meta does', async () => {
    // Template creation: each in a WABA of its own (several share a name), media headers with a real handle.
    let n = 10;
    for (const name of [
      'positional-params',
      'named-params',
      'text-header-quick-replies',
      'image-header',
      'document-header',
      'location-header',
      'authentication',
    ]) {
      const body = fixture(`template-create-request-${name}.json`);
      for (const c of body.components) if (c.example?.header_handle) c.example.header_handle = [handle];
      const res = await s.graph('POST', `/v23.0/2000000000000${n}/message_templates`, body, {
        token: asWaba(`2000000000000${n++}`),
      });
      assert.equal(res.status, 200, `template-create-request-${name}.json: ${JSON.stringify(res.body)}`);
    }
    // Sends.
    await sent(
      await s.graph('POST', `/v23.0/${PNID}/messages`, fill(fixture('send-text-request.json'))),
      'send-text-request.json',
    );
    const earlier = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(to))).body.messages[0].id;
    const reply = fill(fixture('send-reply-text-request.json'));
    reply.context.message_id = earlier;
    await sent(await s.graph('POST', `/v23.0/${PNID}/messages`, reply), 'send-reply-text-request.json');
    const image = fill(fixture('send-image-by-id-request.json'));
    image.image.id = (await upload('image/jpeg', 'a.jpg')).id;
    await sent(await s.graph('POST', `/v23.0/${PNID}/messages`, image), 'send-image-by-id-request.json');
    const doc = fill(fixture('send-document-by-id-request.json'));
    doc.document.id = (await upload('application/pdf', 'a.pdf')).id;
    await sent(await s.graph('POST', `/v23.0/${PNID}/messages`, doc), 'send-document-by-id-request.json');
    const mediaTemplate = [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
      { type: 'BODY', text: 'Hi {{1}}, you owe {{2}} since {{3}}.', example: { body_text: [['a', 'b', 'c']] } },
    ];
    await create({ name: 'conf_media', language: 'en_US', category: 'UTILITY', components: mediaTemplate });
    await create({
      name: 'conf_buttons',
      language: 'en_US',
      category: 'MARKETING',
      components: [
        ...mediaTemplate,
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Yes' },
            { type: 'QUICK_REPLY', text: 'No' },
          ],
        },
      ],
    });
    for (const [file, name] of [
      ['send-template-media-request.json', 'conf_media'],
      ['send-template-quick-reply-buttons-request.json', 'conf_buttons'],
    ]) {
      const body = fill(fixture(file!));
      Object.assign(body.template, { name, language: { code: 'en_US' } });
      await sent(await s.graph('POST', `/v23.0/${PNID}/messages`, body), file!);
    }
    await create(fixture('template-create-request-named-params.json'));
    await sent(
      await s.graph('POST', `/v23.0/${PNID}/messages`, fixture('send-template-named-params-request.json')),
      'send-template-named-params-request.json',
    );
    await create({
      ...fixture('template-create-request-positional-params.json'),
      name: 'order_confirmation_positional',
    });
    const positional = fixture('send-template-positional-params-request.json');
    positional.template.name = 'order_confirmation_positional';
    await sent(
      await s.graph('POST', `/v23.0/${PNID}/messages`, positional),
      'send-template-positional-params-request.json',
    );
    const inbound = await s.control('POST', '/_simulator/inbound', { from: to, to: PNID, text: 'read me' });
    const read = await s.graph('POST', `/v23.0/${PNID}/messages`, {
      ...fixture('mark-as-read-request.json'),
      message_id: inbound.body.wamid,
    });
    assert.deepEqual(read.body, fixture('success-true-response.json'), 'mark-as-read-request.json');
    // Edits: components of an approved template; the category of a rejected one.
    const promo = await create({ ...fixture('template-edit-request.json'), name: 'conf_edit' });
    assert.deepEqual(
      (await s.graph('POST', `/v23.0/${promo.id}`, fixture('template-edit-request.json'))).body,
      fixture('success-true-response.json'),
      'template-edit-request.json',
    );
    const rejected = await create(
      {
        name: 'conf_recategorise',
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Your parcel is on its way.' }],
      },
      WABA,
      'REJECTED',
    );
    assert.deepEqual(
      (await s.graph('POST', `/v23.0/${rejected.id}`, fixture('template-edit-category-request.json'))).body,
      fixture('success-true-response.json'),
      'template-edit-category-request.json',
    );
    assert.deepEqual(
      (await s.graph('DELETE', `/v23.0/${WABA}/message_templates?name=conf_edit`)).body,
      fixture('success-true-response.json'),
      'success-true-response.json (template delete)',
    );
    assertSameShape(
      (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(to))).body,
      fixture('send-message-response.json'),
      'send-message-response.json',
    );
  });
});
