/** The customer service window, which applies to every rich type, reactions included. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Harness } from '../harness.js';
import { richKit } from './kit.js';

export function windowCases(harness: () => Harness): void {
  const { inboundByWamid } = richKit(harness);

  it('the customer service window applies to every rich type, reactions included', async () => {
    const h = harness();
    const stranger = '+16505550777';
    const bodies = [
      { type: 'interactive', interactive: { kind: 'buttons', body: 'Hi', buttons: [{ id: 'a', title: 'A' }] } },
      {
        type: 'interactive',
        interactive: { kind: 'cta_url', body: 'Hi', displayText: 'Open', url: 'https://acme.example' },
      },
      { type: 'location', location: { latitude: 1, longitude: 2 } },
      { type: 'contacts', contacts: [{ name: { formatted: 'Acme' } }] },
    ];
    for (const body of bodies) {
      const res = await h.api('POST', '/v1/messages/', { body: { to: stranger, ...body } });
      assert.deepEqual([res.status, res.body.error.code], [409, 'outside_customer_window'], body.type);
    }
    // A reaction to the stranger's one message, once their window has closed: refused the same way.
    const old = await h.customerWrites(stranger);
    const inbound = await inboundByWamid(old);
    await h.deps.store.write((tx) =>
      tx
        .updateTable('inbound_messages')
        .set({ sent_at: '2020-01-01T00:00:00.000Z' })
        .where('sender', '=', stranger)
        .execute(),
    );
    await h.deps.store.write((tx) =>
      tx
        .updateTable('contacts')
        .set({ last_inbound_at: '2020-01-01T00:00:00.000Z' })
        .where('phone', '=', stranger)
        .execute(),
    );
    const reaction = await h.api('POST', '/v1/messages/', {
      body: { to: stranger, type: 'reaction', reaction: { messageId: inbound.id, emoji: '👍' } },
    });
    assert.deepEqual([reaction.status, reaction.body.error.code], [409, 'outside_customer_window']);
  });
}
