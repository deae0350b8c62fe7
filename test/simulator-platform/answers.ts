/**
 * What a customer sends back: a tapped button or list row, a reaction, a location, contacts, each
 * pointing at the business message.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PNID, textTo, type SimHarness } from '../conformance/sim.js';
import { valueOf } from '../helpers.js';
import { platformKit } from './kit.js';

export function answerCases(sim: () => SimHarness): void {
  const { send } = platformKit(sim);
  describe("the customer's answers", () => {
    it('lets a customer tap buttons and list rows, react, share a location and contacts, pointing at the business message', async () => {
      const s = sim();
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
}
