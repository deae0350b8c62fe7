/** Rich sends on a test key: taken, nothing reaching the platform, and out of the live key's sight. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { richKit } from './kit.js';

export function testKeyCases(harness: () => Harness): void {
  const { send } = richKit(harness);

  it('test keys take rich sends too, nothing reaching the platform', async () => {
    const h = harness();
    const key = h.account.testKey;
    const inbound = (
      await h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from: '+16505550888', text: 'hi' } })
    ).body;
    const buttons = await h.api('POST', '/v1/messages/', {
      key,
      body: {
        to: '+16505550888',
        type: 'interactive',
        interactive: { kind: 'buttons', body: 'Hi', buttons: [{ id: 'a', title: 'A' }] },
      },
    });
    assert.deepEqual([buttons.status, buttons.body.testMode, buttons.body.interactive.kind], [201, true, 'buttons']);
    const reaction = await h.api('POST', '/v1/messages/', {
      key,
      body: { to: '+16505550888', type: 'reaction', reaction: { messageId: inbound.id, emoji: '👍' } },
    });
    assert.equal(reaction.status, 201, JSON.stringify(reaction.body));
    await eventually(async () => (await h.api('GET', `/v1/messages/${reaction.body.id}`, { key })).body.sentAt);
    // The live key does not see the test customer's message.
    const live = await send({ to: '+16505550888', type: 'reaction', reaction: { messageId: inbound.id, emoji: '👍' } });
    assert.deepEqual([live.status, live.body.error.code], [404, 'reply_target_not_found']);
  });
}
