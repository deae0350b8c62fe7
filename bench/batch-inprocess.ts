/**
 * Where a batch of 1,000 goes, in one process (issue 41; bench/README.md "Set-based batches"):
 * the built app through `app.inject` on the test harness's database (`TIDINGS_TEST_DB=sqlite|postgres
 * npx tsx bench/batch-inprocess.ts [ROUNDS=12]`), the simulator in the process answering sends
 * without statuses. After three warm-up batches, ROUNDS batches of 1,000 template sends (each to a
 * new customer, with its own variable and `clientReference`) one after another; prints the process's
 * CPU per batch, each request's time, the time in the send's phases (the items' checks summed,
 * the write, the whole `BatchSender.send`) and in each SQL statement (by its text, summed over the
 * rounds and divided by them; the dispatcher's statements included, as it drains meanwhile), then
 * the time of four batches at once. Add `--cpu-prof` to node for a profile (bench/profile-summary.ts).
 * The statement times wrap better-sqlite3's and pg's own methods: they are the driver's, not
 * Tidings' counters.
 */
import { createRequire } from 'node:module';
import pg from 'pg';
import { BatchSender } from '../src/messages/batches/batch-send.service.js';
import { MessageSender } from '../src/messages/accept/send.service.js';
import { approvedTemplate } from '../test/factories.js';
import { startHarness } from '../test/harness.js';

const ROUNDS = Number(process.argv[2] ?? 12);
const times = new Map<string, { n: number; ms: number }>();
const note = (text: string, ms: number) => {
  const key = text.replace(/\s+/g, ' ').trim().slice(0, 100);
  const t = times.get(key) ?? { n: 0, ms: 0 };
  t.n++;
  t.ms += ms;
  times.set(key, t);
};

// better-sqlite3's statements share one prototype: time its runs.
const SQLite = createRequire(import.meta.url)('better-sqlite3');
const scratch = new SQLite(':memory:');
const statement = Object.getPrototypeOf(scratch.prepare('select 1'));
scratch.close();
for (const method of ['run', 'all', 'get', 'iterate']) {
  const original = statement[method];
  statement[method] = function (this: { source: string }, ...args: unknown[]) {
    const t = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      note(this.source, performance.now() - t);
    }
  };
}
// pg: from the query's write to its answer (the round trip and the server's work, waits included).
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: typeof query }).query = function (this: pg.Client, ...args: unknown[]) {
  const t = performance.now();
  const result = query.apply(this, args);
  const first = args[0] as string | { text?: string } | undefined;
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  if (result instanceof Promise)
    result.then(
      () => note(text, performance.now() - t),
      () => {},
    );
  return result;
};
const phase = (proto: object, method: string, label: string) => {
  const target = proto as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const original = target[method]!;
  target[method] = async function (this: unknown, ...args: unknown[]) {
    const t = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      note(`(phase) ${label}`, performance.now() - t);
    }
  };
};
phase(MessageSender.prototype, 'check', "the items' checks, summed");
phase(MessageSender.prototype, 'storeIn', 'storing the items (storeIn)');
phase(BatchSender.prototype, 'send', 'BatchSender.send');

const h = await startHarness({ simulator: { delivery: 'manual' } });
const acct = await h.newAccount('Bench In Process', { rateLimit: 10_000, throughput: 1000 });
const { id: templateId } = await approvedTemplate(
  h,
  { name: 'bench_inprocess', body: 'Order {{1}} shipped.', variables: [{ example: 'A-1' }] },
  acct.liveKey,
);
let n = 0;
const batch = () => ({
  messages: Array.from({ length: 1000 }, () => {
    const i = n++;
    return {
      to: `+1650${200 + Math.floor(i / 10_000)}${String(i % 10_000).padStart(4, '0')}`,
      type: 'template',
      templateId,
      variables: { '1': `A-${i}` },
      clientReference: `bench-${i}`,
    };
  }),
});
const post = async () => {
  const res = await h.api('POST', '/v1/messages/batch', { key: acct.liveKey, body: batch() });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text.slice(0, 300)}`);
};
try {
  for (let i = 0; i < 3; i++) await post();
  times.clear();
  const each: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await post();
    each.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  console.log(`${process.env.TIDINGS_TEST_DB ?? 'sqlite'}, ${ROUNDS} batches of 1,000 one after another`);
  console.log(`CPU of the process per batch: ${((used.user + used.system) / 1000 / ROUNDS).toFixed(0)} ms`);
  console.log(`each request, ms: ${each.map((x) => x.toFixed(0)).join(' ')}`);
  for (const [text, t] of [...times].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20))
    console.log(`${(t.ms / ROUNDS).toFixed(1).padStart(8)} ms a batch ${String(t.n).padStart(6)}×  ${text}`);
  const t = performance.now();
  await Promise.all([post(), post(), post(), post()]);
  console.log(`four batches at once: ${(performance.now() - t).toFixed(0)} ms`);
} finally {
  await h.close();
}
