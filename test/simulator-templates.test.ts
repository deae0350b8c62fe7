// test-runner: no database
/**
 * Issue 26 at the simulator, over real HTTP with signed webhooks to a receiver: the Template Library
 * (browse `GET /{version}/message_template_library`, create with `library_template_name`: approved
 * at once, the inputs in its components, its category fixed), templates made outside the service
 * (`POST /_simulator/templates`: listed, readable, kept across a restart, no webhook unless
 * `notify`), and lost webhooks (`"webhook": false` on the status, quality, category and review
 * calls: the change is visible in GET, no webhook goes out).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { verifyHubSignature } from '../src/lib/crypto.js';
import { buildSimulator, simulatorAccessToken, type Simulator } from '../src/simulator/app.js';
import { eventually, fieldOf, fixture, valueOf } from './helpers.js';

const SECRET = 'simulator-templates-test-secret';
const WABA = '102290129340398';
const TOKEN = `Bearer ${simulatorAccessToken(SECRET, WABA)}`;
const V = 'v24.0';

describe('Cloud API simulator: Template Library, templates made outside, lost webhooks', () => {
  let sim: Simulator;
  let base: string;
  let stateFile: string;
  let receiver: http.Server;
  let hookUrl: string;
  const received: { body: any; valid: boolean }[] = [];

  const start = async () => {
    sim = await buildSimulator({
      appSecret: SECRET,
      webhookUrl: hookUrl,
      stateFile,
      logger: pino({ level: 'silent' }),
    });
    base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  };
  before(async () => {
    stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sim-templates-')), 'state.json');
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
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await start();
    await control('PUT', '/_simulator/config', { latencyMs: 0, reviewDelayMs: 20 });
  });
  after(async () => {
    await sim.close();
    receiver.close();
  });

  async function call(method: string, url: string, body?: unknown, token = TOKEN) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const control = (method: string, url: string, body?: unknown) => call(method, url, body, '');
  const create = (body: object) => call('POST', `/${V}/${WABA}/message_templates`, body);
  /** The template webhooks (any template field) about template `id`. */
  const hooksAbout = (id: string) =>
    received
      .filter((r) => fieldOf(r.body).startsWith('message_template') || fieldOf(r.body) === 'template_category_update')
      .filter((r) => valueOf(r.body).message_template_id === Number(id));
  const settle = () => new Promise((r) => setTimeout(r, 300));
  const refusal = (res: { status: number; body: any }, pattern: RegExp) => {
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.deepEqual(
      [res.body.error.code, res.body.error.type, res.body.error.message],
      [100, 'OAuthException', '(#100) Invalid parameter'],
    );
    assert.match(res.body.error.error_data.details, pattern);
  };

  it("browses the library at Meta's path: entries in Meta's shape, filters, search, paging", async () => {
    const all = await call('GET', `/${V}/message_template_library`);
    assert.equal(all.status, 200);
    assert.ok(all.body.data.length >= 6 && all.body.data.every((e: any) => e.category === 'UTILITY'));
    const example = fixture('template-library-entry.json');
    const mine = all.body.data.find((e: any) => e.name === example.name);
    const { body_param_types: types, ...withoutTypes } = mine;
    assert.deepEqual(withoutTypes, example, "Meta's example entry as published");
    assert.equal(types.length, mine.body_params.length);
    // Every entry has the keys of Meta's example (a header only when it has one, body_param_types
    // as Meta's newer answers carry), and each button the keys of its type.
    const keys = Object.keys(example).filter((k) => k !== 'header');
    for (const e of all.body.data) {
      assert.deepEqual(
        Object.keys(e).filter((k) => k !== 'header' && k !== 'body_param_types'),
        keys,
        e.name,
      );
      for (const b of e.buttons)
        assert.deepEqual(
          Object.keys(b),
          b.type === 'URL'
            ? ['type', 'text', 'url']
            : b.type === 'PHONE_NUMBER'
              ? ['type', 'text', 'phone_number']
              : ['type', 'text'],
          e.name,
        );
    }

    const search = await call('GET', `/${V}/message_template_library?search=${encodeURIComponent('"payments"')}`);
    assert.ok(
      search.body.data.some((e: any) => e.name === 'low_balance_warning_1'),
      "the topic counts in a search, as in Meta's example",
    );
    const reminders = await call('GET', `/${V}/message_template_library?search=Reminder&language=en_US`);
    assert.deepEqual(reminders.body.data.map((e: any) => e.name).sort(), [
      'auto_pay_reminder_1',
      'payment_due_reminder_1',
    ]);
    const orders = await call('GET', `/${V}/message_template_library?topic=ORDER_MANAGEMENT&industry=E_COMMERCE`);
    assert.ok(orders.body.data.length >= 4 && orders.body.data.every((e: any) => e.topic === 'ORDER_MANAGEMENT'));
    const spanish = await call('GET', `/${V}/message_template_library?language=es`);
    assert.deepEqual(
      spanish.body.data.map((e: any) => [e.name, e.language]),
      [['delivery_update_1', 'es']],
    );
    const wrong = await call('GET', `/${V}/message_template_library?topic=WEATHER`);
    assert.equal(wrong.status, 400);
    assert.match(
      wrong.body.error.message,
      /^\(#100\) Param topic must be one of \{ACCOUNT_UPDATE, .*\} - got "WEATHER"\.$/,
    );
    assert.equal((await call('GET', `/${V}/message_template_library`, undefined, '')).body.error.code, 104);

    const first = await call('GET', `/${V}/message_template_library?limit=2&topic=ORDER_MANAGEMENT`);
    assert.equal(first.body.data.length, 2);
    const next = new URL(first.body.paging.next);
    assert.equal(next.pathname, `/${V}/message_template_library`);
    assert.equal(next.searchParams.get('topic'), 'ORDER_MANAGEMENT');
    const second = await call('GET', `${next.pathname}${next.search}`);
    assert.deepEqual(
      [...first.body.data, ...second.body.data].map((e: any) => e.id),
      orders.body.data.slice(0, 4).map((e: any) => e.id),
    );
  });

  it('creates from the library: approved at once, the inputs in its components, library_template_name set', async () => {
    const res = await create({
      name: 'my_shipping_note',
      language: 'en_US',
      category: 'UTILITY',
      library_template_name: 'shipment_confirmation_1',
      library_template_body_inputs: { add_track_package_link: true, add_contact_number: true },
      library_template_button_inputs: [
        {
          type: 'URL',
          url: { base_url: 'https://shop.example/track/{{1}}', url_suffix_example: 'https://shop.example/track/A1' },
        },
        { type: 'PHONE_NUMBER', phone_number: '+16505551234' },
      ],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      { status: res.body.status, category: res.body.category },
      { status: 'APPROVED', category: 'UTILITY' },
    );
    const got = await call('GET', `/${V}/${res.body.id}?fields=name,status,category,components,library_template_name`);
    assert.equal(got.body.library_template_name, 'shipment_confirmation_1');
    assert.deepEqual([got.body.status, got.body.category], ['APPROVED', 'UTILITY']);
    assert.deepEqual(
      got.body.components.map((c: any) => c.type),
      ['HEADER', 'BODY', 'BUTTONS'],
    );
    assert.deepEqual(got.body.components[2].buttons, [
      {
        type: 'URL',
        text: 'Track package',
        url: 'https://shop.example/track/{{1}}',
        example: ['https://shop.example/track/A1'],
      },
      { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+16505551234' },
    ]);
    assert.ok(got.body.components[1].example.body_text[0].length > 0, 'body examples from the library');
    const hook = await eventually(async () =>
      hooksAbout(res.body.id).find((h) => valueOf(h.body).event === 'APPROVED'),
    );
    assert.ok(hook.valid);

    // Meta's own example writes the button inputs as a string with single quotes.
    const quoted = await create({
      name: 'my_delivery_update',
      language: 'en_US',
      category: 'UTILITY',
      library_template_name: 'delivery_update_1',
      library_template_button_inputs:
        "[{'type': 'URL', 'url': {'base_url': 'https://www.example.com/{{1}}', 'url_suffix_example': 'https://www.example.com/order_update'}}]",
    });
    assert.equal(quoted.body.status, 'APPROVED', JSON.stringify(quoted.body));
    // An ordinary template has no library_template_name; the list shows the library one's.
    await create({
      name: 'plain_note',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Your parcel is ready.' }],
    });
    const list = await call('GET', `/${V}/${WABA}/message_templates?fields=name,library_template_name&limit=100`);
    const byName = Object.fromEntries(list.body.data.map((t: any) => [t.name, t.library_template_name ?? null]));
    assert.deepEqual([byName.my_delivery_update, byName.plain_note], ['delivery_update_1', null]);

    // Its category is fixed: the platform's re-categorisation is refused for it.
    const recategorise = await control('POST', `/_simulator/templates/${res.body.id}/category`, {
      category: 'MARKETING',
    });
    assert.equal(recategorise.status, 409);
    assert.equal((await call('GET', `/${V}/${res.body.id}?fields=category`)).body.category, 'UTILITY');
  });

  it('refuses library creates Meta would refuse, with 100 and the reason', async () => {
    const library = { language: 'en_US', category: 'UTILITY', library_template_name: 'delivery_update_1' };
    refusal(await create({ name: 'no_url', ...library }), /URL button "Track order" needs/);
    refusal(
      await create({
        name: 'no_base',
        ...library,
        library_template_button_inputs: [{ type: 'URL', url: { url_suffix_example: 'https://x.example/1' } }],
      }),
      /needs url\.base_url/,
    );
    refusal(
      await create({ name: 'no_such', ...library, library_template_name: 'weather_report_1' }),
      /no Template Library template named "weather_report_1"/,
    );
    refusal(await create({ name: 'in_french', ...library, language: 'fr' }), /not available in fr/);
    refusal(await create({ name: 'as_marketing', ...library, category: 'MARKETING' }), /category must be UTILITY/);
    refusal(
      await create({ name: 'with_components', ...library, components: [{ type: 'BODY', text: 'Hello there.' }] }),
      /components cannot be given with library_template_name/,
    );
    const url = { type: 'URL', url: { base_url: 'https://shop.example/' } };
    refusal(
      await create({
        name: 'extra_phone',
        ...library,
        library_template_button_inputs: [url, { type: 'PHONE_NUMBER', phone_number: '+16505551234' }],
      }),
      /no PHONE_NUMBER button/,
    );
    refusal(
      await create({
        name: 'bad_input',
        ...library,
        library_template_button_inputs: [url],
        library_template_body_inputs: { add_weather: true },
      }),
      /unknown key add_weather/,
    );
    const names = (await call('GET', `/${V}/${WABA}/message_templates?limit=100`)).body.data.map((t: any) => t.name);
    assert.ok(
      !names.some((n: string) =>
        [
          'no_url',
          'no_base',
          'no_such',
          'in_french',
          'as_marketing',
          'with_components',
          'extra_phone',
          'bad_input',
        ].includes(n),
      ),
      'nothing was made',
    );
  });

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
    await settle();
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

    await sim.close();
    await start();
    assert.equal(
      (await call('GET', `/${V}/${made.body.id}?fields=name,status`)).body.status,
      'APPROVED',
      'kept in the state file',
    );
  });

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
    await settle();
    assert.deepEqual([...hooksAbout(t.id), ...hooksAbout(pending.body.id)], [], 'no webhook went out');
    // With the webhook (the default), the same call sends it.
    await control('POST', `/_simulator/templates/${t.id}/quality`, { score: 'GREEN' });
    await eventually(async () => hooksAbout(t.id).find((h) => valueOf(h.body).new_quality_score === 'GREEN'));
  });
});
