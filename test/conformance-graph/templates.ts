/**
 * Template answers against the fixtures: create, get by id, by name, status, lists with fields,
 * named and positional, and the lists of Postman and Bindambc.
 */
import { describe, it } from 'node:test';
import { assertSameShape } from '../conformance/shape.js';
import { fixture } from '../helpers.js';
import { graphKit, type GraphSim } from './kit.js';

/** Postman's older template captures predate `parameter_format` and `sub_category`. */
const OLDER_TEMPLATES = {
  ignore: ['.parameter_format', '.data[].parameter_format', '.sub_category', '.data[].sub_category'],
};

export function templateCases(graph: () => GraphSim): void {
  const { asWaba, create } = graphKit(graph);
  describe('template answers', () => {
    it('template answers: create, get by id, by name, status, lists with fields, named and positional', async () => {
      const { s, handle } = graph();
      const pending = await create(
        fixture('template-create-request-text-header-quick-replies.json'),
        '200000000000001',
        null,
      );
      assertSameShape(
        pending,
        fixture('template-create-response-pending.json'),
        'template-create-response-pending.json',
      );
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
        {
          name: 'reservation_confirmation',
          language: 'en_US',
          category: 'UTILITY',
          components: body('You are booked.'),
        },
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
      assertSameShape(
        old.body,
        fixture('template-list-response-bindambc.json'),
        'template-list-response-bindambc.json',
        { ...OLDER_TEMPLATES, anyValue: ['previous_category', 'category'] },
      );
    });
  });
}
