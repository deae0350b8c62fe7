/**
 * Webhooks: statuses only on request in manual delivery mode, a refused webhook retried and one
 * duplicated on purpose, and a close that ends a wait before a retry at once.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import pino from 'pino';
import { buildSimulator } from '../../src/simulator/app.js';
import { eventually, valueOf } from '../helpers.js';
import { PNID, SECRET, type SimulatorKit } from './kit.js';

export function webhookCases(kit: SimulatorKit): void {
  const { received, answer, graph, control, text, statusesFor } = kit;
  it('reports statuses only on request in manual delivery mode', async () => {
    await control('PUT', '/_simulator/config', { delivery: 'manual' });
    try {
      await control('POST', '/_simulator/inbound', { from: '+16505551235', to: PNID, text: 'hi' });
      const res = await graph(text('+16505551235'));
      const wamid = res.body.messages[0].id;
      // A message sent later in auto mode reports read after its delays; the manual one, whose
      // statuses would have been due earlier, has reported nothing by then.
      await control('PUT', '/_simulator/config', { delivery: 'auto' });
      const later = (await graph(text('+16505551235'))).body.messages[0].id;
      await eventually(async () => statusesFor(later).some((s: { status: string }) => s.status === 'read'));
      await control('PUT', '/_simulator/config', { delivery: 'manual' });
      assert.equal(statusesFor(wamid).length, 0);
      const reported = await control('POST', `/_simulator/messages/${encodeURIComponent(wamid)}/status`, {
        status: 'failed',
        errorCode: 131053,
      });
      assert.equal(reported.status, 200);
      const [failed] = await eventually(async () => statusesFor(wamid).length > 0 && statusesFor(wamid));
      assert.equal(failed.errors[0].code, 131053);
      assert.equal(
        (await control('POST', '/_simulator/messages/wamid.unknown/status', { status: 'sent' })).status,
        404,
      );
      assert.equal(
        (await control('POST', `/_simulator/messages/${encodeURIComponent(wamid)}/status`, { status: 'lost' })).status,
        400,
      );
    } finally {
      await control('PUT', '/_simulator/config', { delivery: 'auto' });
    }
  });

  it('retries a webhook the receiver refused, and can duplicate webhooks on purpose', async () => {
    answer(500);
    const res = await control('POST', '/_simulator/inbound', {
      from: '+16505551236',
      to: PNID,
      text: 'retry me',
      wait: false,
    });
    await eventually(
      async () => received.filter((r) => valueOf(r.body).messages?.[0]?.id === res.body.wamid).length >= 2,
    );
    answer(200);
    await control('PUT', '/_simulator/config', { duplicateWebhookRate: 1 });
    const dup = await control('POST', '/_simulator/inbound', { from: '+16505551237', to: PNID, text: 'twice' });
    await eventually(
      async () => received.filter((r) => valueOf(r.body).messages?.[0]?.id === dup.body.wamid).length === 2,
    );
    await control('PUT', '/_simulator/config', { duplicateWebhookRate: 0 });
  });

  it('closes at once while a webhook waits to be retried', async () => {
    let attempts = 0;
    const refusing = http.createServer((_req, res) => {
      attempts++;
      res.writeHead(500).end();
    });
    await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
    const other = await buildSimulator({
      appSecret: SECRET,
      webhookUrl: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/hook`,
      logger: pino({ level: 'silent' }),
    });
    try {
      const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
      await fetch(`${url}/_simulator/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: '+16505551238', to: PNID, text: 'x', wait: false }),
      });
      // Three attempts failed: the next waits a second.
      await eventually(async () => attempts === 3);
      await eventually(async () => other.webhooks.pending().retrying === 1);
      const tried = attempts;
      await other.close();
      // At once: close ended the wait before the retry instead of sitting it out, and tried nothing more.
      assert.deepEqual(
        { cutShort: other.webhooks.retriesCutShort, attempts, pending: other.webhooks.pending() },
        { cutShort: 1, attempts: tried, pending: { queued: 0, delivering: 0, retrying: 0 } },
      );
    } finally {
      refusing.close();
    }
  });
}
