/**
 * What the simulator owes survives a SIGKILL: status reports still scheduled and a refused webhook,
 * delivered once it runs again on the same state file; what a call was answered about (a template in
 * review, a window, the config); reports due while it was down, sent at once in order and
 * timestamped when due, a torn last journal line dropped; and a webhook not answered 200 within
 * webhookRetryMs dropped, with a log line.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import pino from 'pino';
import { buildSimulator } from '../../src/simulator/app.js';
import { eventually, fixture, valueOf } from '../helpers.js';
import { freePort } from '../process.js';
import { durabilityKit, SECRET, WABA, PNID, TOKEN, type Durable } from './kit.js';

export function restartCases(durable: () => Durable): void {
  const { simulator, call, taken } = durabilityKit(durable);
  describe('restarts', () => {
    it('delivers, after a restart on the same state file, the status reports and the refused webhook it owed when killed with SIGKILL', async () => {
      const { dir, meta } = durable();
      const stateFile = path.join(dir, 'owed.json');
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const first = await simulator(stateFile, port);
      // Long delays: every report is still scheduled when the process dies.
      assert.equal(
        (
          await call(base, 'PUT', '/_simulator/config', {
            latencyMs: 0,
            deliveryDelaysMs: { sent: 1500, delivered: 2500, read: 3000 },
          })
        ).status,
        200,
      );
      // The receiver is down: the customer's message is refused, and waits to be retried.
      meta.receiver.answer = 500;
      const inbound = await call(base, 'POST', '/_simulator/inbound', {
        from: '+16505551234',
        to: PNID,
        text: 'hello',
        wait: false,
      });
      const inboundIn = (answered: number) =>
        meta.receiver.posts.some(
          (p) => p.answered === answered && valueOf(p.body).messages?.[0]?.id === inbound.body.wamid,
        );
      await eventually(async () => inboundIn(500));
      const wamids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const send = await call(
          base,
          `POST`,
          `/v23.0/${PNID}/messages`,
          { messaging_product: 'whatsapp', to: '16505551234', type: 'text', text: { body: `order ${i}` } },
          { authorization: TOKEN },
        );
        assert.equal(send.status, 200, JSON.stringify(send.body));
        wamids.push(send.body.messages[0].id);
      }
      first.kill('SIGKILL');
      assert.equal((await first.exited).signal, 'SIGKILL');
      assert.deepEqual(taken(), [], 'nothing was reported before the kill');
      assert.equal(inboundIn(200), false);

      meta.receiver.answer = 200;
      const second = await simulator(stateFile, port);
      const expected = wamids.flatMap((w) => ['sent', 'delivered', 'read'].map((s) => `${w} ${s}`)).sort();
      await eventually(async () => expected.every((e) => taken().includes(e)), 20_000);
      await eventually(async () => inboundIn(200));
      assert.ok(
        meta.receiver.posts.every((p) => p.valid),
        'every webhook signed',
      );
      assert.deepEqual([...new Set(taken())].sort(), expected);
      await second.stop();
    });

    it("keeps what a call was answered about through a SIGKILL right after the answer: a template in review, a customer's window, the config", async () => {
      const { dir, meta } = durable();
      const stateFile = path.join(dir, 'answered.json');
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const first = await simulator(stateFile, port);
      await call(base, 'PUT', '/_simulator/config', {
        latencyMs: 0,
        reviewDelayMs: 1000,
        deliveryDelaysMs: { sent: 100, delivered: 200, read: 300 },
      });
      await call(base, 'POST', '/_simulator/inbound', { from: '+16505552222', to: PNID, text: 'hi', wait: false });
      const template = await call(
        base,
        'POST',
        `/v23.0/${WABA}/message_templates`,
        { ...fixture('template-create-request-positional-params.json'), name: 'kept_through_a_kill' },
        { authorization: TOKEN },
      );
      assert.equal(template.body.status, 'PENDING', JSON.stringify(template.body));
      first.kill('SIGKILL');
      await first.exited;

      const second = await simulator(stateFile, port);
      const approved = () =>
        meta.receiver.posts.some(
          (p) =>
            String(valueOf(p.body).message_template_id) === template.body.id && valueOf(p.body).event === 'APPROVED',
        );
      await eventually(async () => approved());
      const send = await call(
        base,
        'POST',
        `/v23.0/${PNID}/messages`,
        { messaging_product: 'whatsapp', to: '16505552222', type: 'text', text: { body: 'inside the window' } },
        { authorization: TOKEN },
      );
      const wamid = send.body.messages[0].id;
      await eventually(async () => taken().includes(`${wamid} read`));
      assert.ok(!taken().includes(`${wamid} failed`), 'the window opened before the kill is still open');
      await second.stop();
    });

    it('sends the reports due while it was down at once, in their order, timestamped when they were due, and drops a torn last journal line', async () => {
      const { dir, meta } = durable();
      const stateFile = path.join(dir, 'late.json');
      const silent = pino({ level: 'silent' });
      const first = await buildSimulator({
        appSecret: SECRET,
        webhookUrl: meta.receiver.url,
        stateFile,
        logger: silent,
      });
      const base = await first.app.listen({ port: 0, host: '127.0.0.1' });
      await call(base, 'PUT', '/_simulator/config', {
        latencyMs: 0,
        webhookBatchSize: 100,
        webhookBatchMs: 50,
        deliveryDelaysMs: { sent: 60_000, delivered: 61_000, read: 62_000 },
      });
      await call(base, 'POST', '/_simulator/inbound', { from: '+16505557777', to: PNID, text: 'hi' });
      const text = (to: string) =>
        call(
          base,
          'POST',
          `/v23.0/${PNID}/messages`,
          { messaging_product: 'whatsapp', to, type: 'text', text: { body: 'x' } },
          { authorization: TOKEN },
        );
      const failed = await text('16505550001'); // 131026: one `failed` report
      const ok = await text('16505557777');
      await first.close();
      // As if the simulator had been down for two minutes: every report is late.
      const data = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
      for (const entry of data.owed.entries) entry.at -= 120_000;
      fs.writeFileSync(stateFile, JSON.stringify(data));
      fs.writeFileSync(`${stateFile}.wal.${data.journalFrom}`, '{"op":"done","ids":["');
      const due = new Map<string, number>(
        data.owed.entries.map((e: any) => [`${e.wamid} ${e.status}`, Math.floor(e.at / 1000)]),
      );
      const warnings: string[] = [];
      const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });
      const second = await buildSimulator({ appSecret: SECRET, webhookUrl: meta.receiver.url, stateFile, logger });
      try {
        const ours = (p: { body: any }) =>
          (valueOf(p.body).statuses ?? []).filter((st: any) => due.has(`${st.id} ${st.status}`));
        const post = await eventually(async () => meta.receiver.posts.find((p) => ours(p).length > 0));
        const statuses = ours(post);
        assert.deepEqual(
          statuses.map((st: any) => `${st.id} ${st.status}`),
          [
            `${failed.body.messages[0].id} failed`,
            ...['sent', 'delivered', 'read'].map((st) => `${ok.body.messages[0].id} ${st}`),
          ],
          'one batch, in order',
        );
        for (const st of statuses)
          assert.equal(Number(st.timestamp), due.get(`${st.id} ${st.status}`), 'timestamped when it was due');
        assert.ok(
          warnings.some((w) => /torn last line/.test(w)),
          warnings.join('\n'),
        );
      } finally {
        await second.close();
      }
    });

    it('drops a webhook not answered 200 within webhookRetryMs, with a log line', async () => {
      const { meta } = durable();
      const warnings: string[] = [];
      const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });
      const sim = await buildSimulator({ appSecret: SECRET, webhookUrl: meta.receiver.url, logger });
      try {
        const base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
        await call(base, 'PUT', '/_simulator/config', { webhookRetryMs: 500 });
        meta.receiver.answer = 500;
        await call(base, 'POST', '/_simulator/inbound', { from: '+16505551239', to: PNID, text: 'lost', wait: false });
        await eventually(async () =>
          warnings.includes('simulator webhook dropped: not answered 200 within webhookRetryMs'),
        );
        assert.equal(sim.state.outbox.size, 0);
      } finally {
        meta.receiver.answer = 200;
        await sim.close();
      }
    });
  });
}
