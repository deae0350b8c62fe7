/**
 * Rich sends and their limits: interactive (buttons, lists, link buttons), location, contacts,
 * reaction and sticker; template BUTTONS checked at create and their parameters at send.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PNID, WABA, type SimHarness } from '../conformance/sim.js';
import { platformKit } from './kit.js';

export function richSendCases(sim: () => SimHarness): void {
  const { send, failedCode } = platformKit(sim);
  describe('rich sends', () => {
    it('takes interactive, location, contacts, reaction and sticker sends with the platform’s limits', async () => {
      const s = sim();
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
        (await send({ messaging_product: 'whatsapp', to, type: 'location', location: { longitude: 1 } })).body.error
          .code,
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
        (await send({ messaging_product: 'whatsapp', to, type: 'contacts', contacts: [{ phones: [] }] })).body.error
          .code,
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
      const s = sim();
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
        {
          type: 'button',
          sub_type: 'copy_code',
          index: 4,
          parameters: [{ type: 'coupon_code', coupon_code: 'SAVE10' }],
        },
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
      assert.equal(
        (await send(components([{ ...full[0], sub_type: 'url' }, ...full.slice(1)]))).body.error.code,
        132012,
      );
    });
  });
}
