/**
 * Every request fixture (a body Tidings or a client library sends) taken by the simulator as Meta
 * takes it: template creation, sends, mark as read, edits, deletes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameShape } from '../conformance/shape.js';
import { PNID, WABA, textTo } from '../conformance/sim.js';
import { fixture } from '../helpers.js';
import { graphKit, to, type GraphSim } from './kit.js';

export function requestCases(graph: () => GraphSim): void {
  const { asWaba, create, upload, fill, sent } = graphKit(graph);
  describe('requests', () => {
    it('takes every request fixture as Meta does', async () => {
      const { s, handle } = graph();
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
}
