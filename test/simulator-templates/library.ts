/**
 * The Template Library at Meta's path: browsing it (entries in Meta's shape, filters, search,
 * paging), creating from it (approved at once, the inputs in its components,
 * `library_template_name` set), and the creates Meta would refuse.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually, fixture, valueOf } from '../helpers.js';
import { V, WABA, type TemplatesKit } from './kit.js';

export function libraryCases(kit: TemplatesKit): void {
  const { call, control, create, hooksAbout, refusal } = kit;
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
}
