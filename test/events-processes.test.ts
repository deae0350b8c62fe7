/**
 * Events across restarts and processes (docs/api.md §D10): nothing a receiver accepted is lost or
 * repeated when the service restarts, and two service processes share deliveries without sending
 * any twice.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DELIVER_JOB } from '../src/events/event.service.js';
import { DIALECT } from './database.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';
import { freePort, startProcess } from './process.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver } from './receiver.js';

// Fast retries, but the service's own 10 s attempt timeout: with FAST_POLICY's 1 s, a receiver in
// this process answering late on a loaded machine turns into a retry (a second copy) or, six
// retries on, a failed event, and CI once saw the 120 deliveries not finish in 20 s.
const POLICY = { ...FAST_POLICY, timeoutMs: 10_000 };

describe('events across restarts and processes', () => {
  it('loses nothing and repeats nothing a receiver accepted when the service restarts', async () => {
    const h = await startHarness({
      env: ALLOW_PRIVATE,
      deps: { deliveryPolicy: { ...POLICY, retryDelaysMs: Array(20).fill(150) } },
    });
    const receiver = await startReceiver();
    try {
      const key = h.account.liveKey;
      const created = await h.api('POST', '/v1/webhook_endpoints', {
        key,
        body: { url: receiver.url, events: ['message.received'] },
      });
      receiver.secrets = [created.body.secret];
      for (let i = 0; i < 5; i++) await h.customerWrites(`+1650555930${i}`);
      await eventually(async () => receiver.succeeded().size === 5);
      // The receiver goes down; more events pile up, retried; the service restarts meanwhile.
      receiver.script = Array(1000).fill(503);
      for (let i = 5; i < 10; i++) await h.customerWrites(`+1650555930${i}`);
      await eventually(async () => receiver.received.length >= 10);
      await h.restart();
      receiver.script = [];
      await eventually(async () => receiver.succeeded().size === 10);
      // Every delivery job has finished: no late duplicate can still arrive.
      await eventually(async () => (await h.deps.jobs.pending(DELIVER_JOB)) === 0);
      assert.deepEqual([...receiver.succeeded().values()], Array(10).fill(1), 'each event accepted exactly once');
      assert.ok(receiver.received.every((r) => r.verifiedWith.length === 1));
    } finally {
      await receiver.close();
      await h.close();
    }
  });

  it('shares deliveries between two service processes on PostgreSQL without delivering twice', {
    skip: DIALECT !== 'postgres' && 'PostgreSQL only: the SQLite mode is one process',
  }, async () => {
    const h = await startHarness({ env: ALLOW_PRIVATE, deps: { deliveryPolicy: POLICY } });
    const receiver = await startReceiver();
    // A second service: another OS process (`src/main.ts`) on the same database and data directory.
    const peer = await startServiceProcess(h);
    try {
      receiver.delayMs = 40; // slow enough that this process's workers are all busy
      const key = h.account.testKey;
      const created = await h.api('POST', '/v1/webhook_endpoints', {
        key,
        body: { url: receiver.url, events: ['message.received'] },
      });
      receiver.secrets = [created.body.secret];
      const inbound = (i: number) =>
        h.api('POST', '/v1/test_helpers/inbound_messages', {
          key,
          body: { from: `+1650555${String(i).padStart(4, '0')}`, text: 'hi' },
        });
      const n = 120;
      await Promise.all(Array.from({ length: n }, (_, i) => inbound(i)));
      await eventually(async () => receiver.succeeded().size === n, 60_000);
      // With this process's workers stopped (stop waits for its running deliveries), the other
      // process alone delivers what this one records.
      await h.deps.jobs.stop();
      const here = h.deps.deliveries.stats.succeeded;
      assert.ok(here > 0 && here < n, `both processes delivered: ${here} here, ${n - here} in the other process`);
      await Promise.all(Array.from({ length: 20 }, (_, i) => inbound(n + i)));
      await eventually(async () => receiver.succeeded().size === n + 20, 60_000);
      // Every delivery job of both processes has finished (they share the queue's tables).
      await eventually(async () => (await h.deps.jobs.pending(DELIVER_JOB)) === 0);
      assert.equal(receiver.received.length, n + 20, 'no event sent twice');
      assert.equal(h.deps.deliveries.stats.succeeded, here);
      assert.ok(receiver.received.every((r) => r.verifiedWith.length === 1));
    } finally {
      await peer.stop();
      await receiver.close();
      await h.close();
    }
  });
});

/** Starts `src/main.ts` as another OS process on the harness's database, data directory and simulator. */
async function startServiceProcess(h: Harness): Promise<{ stop(): Promise<unknown> }> {
  const port = await freePort();
  const service = startProcess({
    ...h.env,
    ...ALLOW_PRIVATE,
    PORT: String(port),
    HOST: '127.0.0.1',
    WHATSAPP_GRAPH_URL: `${h.simUrl}/v23.0`,
    WHATSAPP_APP_SECRET: h.deps.secrets.appSecret,
    LOG_LEVEL: 'silent',
  });
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.ok, 20_000);
  return service;
}
