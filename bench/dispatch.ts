/**
 * The sending pipeline's benchmarks (`npm run bench:dispatch [-- --db sqlite|postgres|both
 * --duration 10 --profile DIR]`; never part of `npm test`). Tidings runs as `npm start` runs it:
 * `dist/main.js` with the embedded simulator (150 ms per Graph answer, its state file in the data
 * directory), in its own process; the load generator (autocannon) runs in this one. Beside it, in
 * the same run, the ceilings: a bare Fastify hello-world and a bare Fastify route doing one insert
 * (SQLite in WAL with synchronous=FULL, as Tidings; and PostgreSQL).
 *
 * The world (two top-tier numbers, their templates, the send requests) is dispatch-setup.ts's.
 * (a) accepting single sends; (b) dispatch of 20,000 queued messages over two numbers at
 * 1,000 messages/s; (c) accepted → taken by the platform, well below the tier; (d) the platform's
 * status webhooks for messages Tidings sent, one status per request.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { hubSignature } from '../src/lib/crypto.js';
import { setUpDispatch } from './dispatch-setup.js';
import { ceilings, json, load, percentile, postgresSchemaUrl, sleep, stopServer, type Row } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(arg('duration', '10'));
const DIALECTS = arg('db', 'both') === 'both' ? ['sqlite', 'postgres'] : [arg('db', 'sqlite')];
const PROFILE_DIR = arg('profile', '');
/** `--only b,c`: run some of (a)–(d). */
const ONLY = new Set(arg('only', 'a,b,c,d').split(','));
const CONNECTIONS = 32;
const PG_URL = process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A timed run against Tidings, with this benchmark's connections and duration. */
const run = (name: string, url: string, options: Partial<autocannon.Options>) =>
  load(name, url, { ...options, connections: CONNECTIONS, duration: DURATION });

async function runDialect(dialect: string, dataRoot: string): Promise<{ rows: Row[]; notes: string[] }> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const { tidings, sim, dataDir, senders, api, queued, drained, sendRequests } = await setUpDispatch(
    dialect,
    dataRoot,
    { pgUrl: PG_URL, profileDir: PROFILE_DIR },
  );
  try {
    // Warm-up (code paths, pools, the statement cache), not reported.
    await autocannon({
      url: tidings.url,
      connections: CONNECTIONS,
      duration: 3,
      ...sendRequests(),
    } as autocannon.Options);
    await drained();

    // (a) Accepting single sends, as fast as they come; the dispatcher drains at the tier meanwhile.
    if (ONLY.has('a')) {
      rows.push(await run(`(a) accept single sends (template), 2 numbers`, tidings.url, sendRequests()));
      await drained();
    }

    // (b) 20,000 queued while both numbers are in maintenance (131057: a tier upgrade), then drained.
    if (ONLY.has('b')) await queueThenDrain();
    async function queueThenDrain() {
      const stats = () => json(`${sim}/_simulator/stats`);
      // In maintenance until the queue is full, however long filling it takes: the drain is
      // measured from a full queue.
      const maintenance = (durationMs: number) =>
        Promise.all(
          senders.map((s) =>
            json(`${sim}/_simulator/numbers/${s.phoneNumberId}/throughput`, 'POST', { level: 'HIGH', durationMs }),
          ),
        );
      await maintenance(3_600_000);
      const fill = await autocannon({
        url: tidings.url,
        connections: CONNECTIONS,
        amount: 20_000,
        ...sendRequests(),
      } as autocannon.Options);
      const before = await stats();
      await maintenance(0);
      let first: { t: number; taken: number } | null = null;
      let last = { t: Date.now(), taken: before.taken };
      while ((await queued()) > 0) {
        const now = await stats();
        if (!first && now.taken > before.taken) first = { t: Date.now(), taken: now.taken };
        last = { t: Date.now(), taken: now.taken };
        await sleep(500);
      }
      const after = await stats();
      const rate = first ? (last.taken - first.taken) / ((last.t - first.t) / 1000) : 0;
      const throttled = (after.refused['130429'] ?? 0) - (before.refused['130429'] ?? 0);
      notes.push(
        `(b) ${fill['2xx']} queued in ${fill.duration.toFixed(1)} s while both numbers were in maintenance; drained at ${rate.toFixed(0)} messages/s at the simulator = ${((100 * rate) / 2000).toFixed(1)} % of the combined tier (2,000/s; Tidings paces at 96 %); 130429 answers: ${throttled}.`,
      );
    }

    // (c) Accepted → taken by the platform, at 200 sends/s (a tenth of the tier).
    if (ONLY.has('c')) await acceptedToTaken();
    async function acceptedToTaken() {
      const accepted = new Map<string, number>();
      await autocannon({
        url: tidings.url,
        connections: 8,
        duration: DURATION,
        overallRate: 200,
        ...sendRequests((id) => accepted.set(id, Date.now())),
      } as autocannon.Options);
      await drained();
      const state = await json(`${sim}/_simulator/state`);
      const latencies = (state.messages as { callbackData: string | null; createdAt: number }[])
        .filter((m) => m.callbackData && accepted.has(m.callbackData))
        .map((m) => m.createdAt - accepted.get(m.callbackData!)!)
        .sort((a, b) => a - b);
      notes.push(
        `(c) accepted → taken by the simulator (its 150 ms included), ${latencies.length} sends at 200/s: p50 ${percentile(latencies, 50)} ms, p90 ${percentile(latencies, 90)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms.`,
      );
    }

    // (d) Status webhooks for messages Tidings sent: sent, delivered, read for each, one per request.
    if (ONLY.has('d')) await statusWebhooks();
    async function statusWebhooks() {
      const state = await json(`${sim}/_simulator/state`);
      const secret = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).appSecret as string;
      const sentByTidings = (
        state.messages as { wamid: string; phoneNumberId: string; to: string; callbackData: string | null }[]
      ).filter((m) => m.callbackData?.startsWith('msg_'));
      const bodies: string[] = [];
      for (const [s, status] of ['sent', 'delivered', 'read'].entries()) {
        for (const m of sentByTidings) {
          bodies.push(
            JSON.stringify({
              object: 'whatsapp_business_account',
              entry: [
                {
                  id: '1',
                  changes: [
                    {
                      field: 'messages',
                      value: {
                        messaging_product: 'whatsapp',
                        metadata: { display_phone_number: '15550000000', phone_number_id: m.phoneNumberId },
                        statuses: [
                          {
                            id: m.wamid,
                            status,
                            timestamp: String(1_790_000_000 + s),
                            recipient_id: m.to,
                            biz_opaque_callback_data: m.callbackData,
                          },
                        ],
                      },
                    },
                  ],
                },
              ],
            }),
          );
        }
      }
      let k = 0;
      const intake = await run(`(d) status webhooks for messages Tidings sent, 1 per request`, tidings.url, {
        amount: bodies.length,
        requests: [
          {
            method: 'POST' as const,
            path: '/platform/whatsapp/webhook',
            setupRequest: (req: any) => {
              const body = bodies[k++ % bodies.length]!;
              return {
                ...req,
                body,
                headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, secret) },
              };
            },
          },
        ],
      } as Partial<autocannon.Options>);
      const read = await api('/messages?status=read&limit=1', senders[0]!.key);
      notes.push(
        `(d) ${bodies.length} statuses for ${sentByTidings.length} messages; after it, messages are read: ${read.data.length > 0 ? 'yes' : 'no'}.`,
      );
      rows.push(intake);
    }
  } finally {
    await stopServer(tidings);
  }
  return { rows, notes };
}

async function main(): Promise<void> {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-dispatch-'));
  try {
    const {
      hello,
      sqlite: sqliteInsert,
      postgres: pgInsert,
    } = await ceilings(dataRoot, await postgresSchemaUrl(PG_URL, 'bench_ceiling'), CONNECTIONS, DURATION);
    const base = [hello, sqliteInsert, pgInsert];
    const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
    console.log(
      `\nDispatch benchmarks: ${os.cpus().length} cores, Node ${process.version}, ${DURATION} s per timed run, ${CONNECTIONS} connections\n`,
    );
    const header = () => {
      console.log('| run | 2xx req/s | p50 ms | p99 ms | ÷ hello | ÷ SQLite insert | ÷ PostgreSQL insert | non-2xx |');
      console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    };
    const line = (r: Row) =>
      console.log(
        `| ${r.name} | ${f(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${f(r.reqPerSec / hello!.reqPerSec, 2)} | ${f(r.reqPerSec / sqliteInsert!.reqPerSec, 2)} | ${f(r.reqPerSec / pgInsert!.reqPerSec, 2)} | ${r.non2xx} |`,
      );
    header();
    base.forEach(line);
    for (const dialect of DIALECTS) {
      const { rows, notes } = await runDialect(dialect, dataRoot);
      console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL + Redis'}:\n`);
      header();
      rows.forEach(line);
      console.log('');
      for (const n of notes) console.log(`- ${n}`);
    }
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

await main();
