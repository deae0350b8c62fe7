/** `GET /_simulator/idle`: busy while statuses are still to come, idle once every webhook went out, and its timeout checked. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PNID, type SimulatorKit } from './kit.js';

export function idleCases(kit: SimulatorKit): void {
  const { graph, control, text, statusesFor } = kit;
  it('answers GET /_simulator/idle once no Graph request, timer or webhook is pending', async () => {
    await control('PUT', '/_simulator/config', { deliveryDelaysMs: { sent: 100, delivered: 200, read: 300 } });
    try {
      await control('POST', '/_simulator/inbound', { from: '+16505551240', to: PNID, text: 'hi' });
      const wamid = (await graph(text('+16505551240'))).body.messages[0].id;
      const busy = await control('GET', '/_simulator/idle?timeoutMs=0');
      assert.equal(busy.body.idle, false);
      assert.ok(busy.body.pending.timers >= 3, `its sent, delivered and read to come: ${JSON.stringify(busy.body)}`);
      const idle = await control('GET', '/_simulator/idle');
      assert.deepEqual(idle.body, {
        idle: true,
        pending: { graphRequests: 0, timers: 0, webhooks: { queued: 0, delivering: 0, retrying: 0 } },
      });
      assert.deepEqual(
        statusesFor(wamid).map((s: { status: string }) => s.status),
        ['sent', 'delivered', 'read'],
        'every status reported by the time it is idle',
      );
      const bad = await control('GET', '/_simulator/idle?timeoutMs=soon');
      assert.deepEqual([bad.status, bad.body.error], [400, 'timeoutMs must be a whole number of ms from 0 to 60000.']);
    } finally {
      await control('PUT', '/_simulator/config', { deliveryDelaysMs: { sent: 10, delivered: 20, read: 30 } });
    }
  });
}
