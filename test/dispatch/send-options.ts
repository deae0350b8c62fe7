/**
 * What a send asks of dispatch: a reply to a queued message resolved to its wamid, a validity
 * period refused outside 60 to 86,400 seconds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dispatched } from '../factories.js';
import { dispatchKit, type Dispatch } from './kit.js';

export function sendOptionCases(dispatch: () => Dispatch): void {
  const { sendTemplate } = dispatchKit(dispatch);
  describe('replies and validity periods', () => {
    it('resolves a reply to a queued message to its wamid at dispatch', async () => {
      const { h } = dispatch();
      const to = '+16505553600';
      const first = (await sendTemplate(to)).body.id;
      const reply = (await sendTemplate(to, undefined, { replyTo: first })).body.id;
      const [firstSent, replySent] = [await dispatched(h, first), await dispatched(h, reply)];
      assert.deepEqual((h.sim.state.messages.get(replySent.platformMessageId!)!.body as any).context, {
        message_id: firstSent.platformMessageId,
      });
    });

    it('refuses a validity period outside 60 to 86,400 seconds', async () => {
      for (const validityPeriod of [59, 86_401, 1.5]) {
        const res = await sendTemplate('+16505553700', undefined, { validityPeriod });
        assert.deepEqual(
          [res.status, res.body.error.code, res.body.error.param],
          [400, 'parameter_invalid', 'validityPeriod'],
          String(validityPeriod),
        );
      }
    });
  });
}
