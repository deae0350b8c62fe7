/** A send whose answer was lost (on a service of its own whose platform answers too late): linked by its statuses, never sent again. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { startHarness } from '../harness.js';
import { eventually } from '../helpers.js';

export function lostAnswerCases(): void {
  it('links statuses to a send whose answer was lost, by biz_opaque_callback_data, and never sends it again', async () => {
    // The platform takes longer than the service waits: every answer is lost, the send itself is not.
    const h2 = await startHarness({ env: { PLATFORM_TIMEOUT_MS: '200' }, simulator: { latencyMs: 400 } });
    try {
      await h2.customerWrites('+16505551234');
      const res = await h2.api('POST', '/v1/messages/', {
        body: { to: '+16505551234', type: 'text', text: 'lost answer' },
      });
      assert.deepEqual([res.status, res.body.status], [201, 'accepted']);
      const read = await eventually(async () => {
        const m = (await h2.api('GET', `/v1/messages/${res.body.id}`)).body;
        return m.status === 'read' && m;
      });
      assert.match(read.platformMessageId, /^wamid\./);
      assert.equal(read.error, null);
      assert.equal([...h2.sim.state.messages.values()].filter((m) => m.callbackData === res.body.id).length, 1);
      assert.equal(
        await h2.deps.store.read
          .selectFrom('dispatches')
          .select('message_id')
          .where('message_id', '=', res.body.id)
          .executeTakeFirst(),
        undefined,
        'the message left the queue',
      );
    } finally {
      await h2.close();
    }
  });
}
