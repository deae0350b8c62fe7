/**
 * (B) of the analytics benchmark (analytics.ts): the cost of the aggregates on the write paths.
 * Template sends accepted (as cost.ts (a)) and signed status webhooks for messages Tidings had not
 * seen (each message's sent, delivered, read: an insert then two updates of `messages`), 1 and 50
 * per request (as bench/README (b)), with the triggers and without (dropped on this database; the
 * fold keeps running and finds nothing), interleaved: with, without, with, without…, so drift and a
 * neighbour's load fall on both alike.
 */
import autocannon from 'autocannon';
import type { DatabaseConfig } from '../src/config.js';
import { hubSignature } from '../src/lib/crypto.js';
import { triggers, type Triggers } from './analytics-seed.js';
import type { Setup } from './cost-setup.js';
import { figure as f, load, type Row } from './lib.js';

/** The business number of setUp's first account (the simulator's, in process mode). */
const INTAKE_NUMBER = '800000000000000';

interface Run {
  path: string;
  on: boolean;
  reqPerSec: number;
  itemsPerSec: number;
  p99: number;
  non2xx: number;
}

/**
 * (B) Each write path with the triggers and without, interleaved (`rounds` pairs), each run
 * `duration` s over `connections`, after what the last one left has settled (`delivered`: the
 * events the receiver took so far). @returns the lines of its table.
 */
export async function writes(
  s: Setup,
  database: DatabaseConfig,
  title: string,
  ceiling: Row,
  o: { duration: number; connections: number; rounds: number; delivered: () => number },
): Promise<string[]> {
  const { duration, connections, rounds } = o;
  const t = await triggers(database);
  const runs: Run[] = [];
  let k = 0;
  const t0 = Math.floor(Date.now() / 1000);
  const STATUSES = ['sent', 'delivered', 'read'];
  const pricing = { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' };
  const status = (i: number) => ({
    id: `wamid.bench-ext-${Math.floor(i / 3)}`,
    status: STATUSES[i % 3],
    timestamp: String(t0 + (i % 3)),
    recipient_id: '16505551234',
    pricing,
  });
  const intake = (batch: number) => ({
    requests: [
      {
        method: 'POST' as const,
        path: '/platform/whatsapp/webhook',
        setupRequest: (req: any) => {
          const value = {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550000000', phone_number_id: INTAKE_NUMBER },
            statuses: Array.from({ length: batch }, () => status(k++)),
          };
          const body = JSON.stringify({
            object: 'whatsapp_business_account',
            entry: [{ id: '1', changes: [{ field: 'messages', value }] }],
          });
          return {
            ...req,
            body,
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, s.appSecret) },
          };
        },
      },
    ],
  });
  const paths: [string, number, () => Partial<autocannon.Options>][] = [
    ['template sends accepted (POST /v1/messages)', 1, () => s.sendRequests()],
    ['status webhooks, 1 per request', 1, () => intake(1)],
    ['status webhooks, 50 per request', 50, () => intake(50)],
  ];
  try {
    // Warm-up, not counted: sends (then the queue drained) and intake.
    await autocannon({ url: s.tidings.url, connections, duration: 3, ...s.sendRequests() } as autocannon.Options);
    await s.drained();
    await autocannon({ url: s.tidings.url, connections, duration: 2, ...intake(1) } as autocannon.Options);
    for (let round = 0; round < 2 * rounds; round++) {
      const on = round % 2 === 0;
      await t.set(on);
      for (const [name, items, options] of paths) {
        await settle(s, t, o.delivered);
        const r = await load(name, s.tidings.url, { ...options(), connections, duration });
        runs.push({
          path: name,
          on,
          reqPerSec: r.reqPerSec,
          itemsPerSec: r.reqPerSec * items,
          p99: r.p99,
          non2xx: r.non2xx,
        });
        console.error(
          `${title} ${on ? 'with' : 'without'} triggers: ${name}: ${f(r.reqPerSec)} req/s, p99 ${r.p99} ms, non-2xx ${r.non2xx}`,
        );
      }
    }
  } finally {
    await t.set(true);
    await t.close();
  }
  const lines = [
    `\n(B) ${title}: each run ${duration} s, ${connections} connections, in the order with, without, with, without…\n`,
    '| path | with triggers: items/s per run | without: items/s per run | with (mean) | without (mean) | with ÷ without | cost | p99 ms with / without | ÷ one-insert (with) | non-2xx |',
    '|---|---|---|---:|---:|---:|---:|---|---:|---:|',
  ];
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  for (const [name] of paths) {
    const w = runs.filter((r) => r.path === name && r.on);
    const wo = runs.filter((r) => r.path === name && !r.on);
    const [a, b] = [mean(w.map((r) => r.itemsPerSec)), mean(wo.map((r) => r.itemsPerSec))];
    const reqs = mean(w.map((r) => r.reqPerSec));
    lines.push(
      `| ${name} | ${w.map((r) => f(r.itemsPerSec)).join(', ')} | ${wo.map((r) => f(r.itemsPerSec)).join(', ')} | ${f(a)} | ${f(b)} | ${f(a / b, 3)} | ${f(100 * (1 - a / b), 1)} % | ${w.map((r) => r.p99).join(', ')} / ${wo.map((r) => r.p99).join(', ')} | ${f(reqs / ceiling.reqPerSec, 2)} | ${[...w, ...wo].reduce((n, r) => n + r.non2xx, 0)} |`,
    );
  }
  return lines;
}

/**
 * Waits until what a run left behind is done, so it does not fall on the next run: the queue
 * drained, the events of the reads delivered (none for 1 s), the change log folded.
 */
async function settle(s: Setup, t: Triggers, delivered: () => number): Promise<void> {
  await s.drained();
  const start = Date.now();
  for (let seen = -1; seen !== delivered() || (await t.pending()) > 0; ) {
    seen = delivered();
    await new Promise((r) => setTimeout(r, 1000));
    // A fold that does not keep up is a finding, not a reason to wait for ever.
    if (Date.now() - start > 60_000)
      return void console.error(`not settled after 60 s: ${await t.pending()} change rows unfolded`);
  }
}
