/**
 * The Cloud API facade's cost per send beside the native API's (issue 43; `npm run bench:facade
 * [-- --db sqlite|postgres|both --duration 10 --connections 50]`; never part of `npm test`).
 *
 * Tidings as `npm start` runs it (`dist/main.js`, the dispatcher and the built-in simulator in the
 * same process: cost-setup.ts `simulator: 'embedded'`), two accounts each with one number at the
 * 1,000 messages/s tier and an approved template, and in the same run the ceilings on the same
 * cores: a Fastify hello-world, a Fastify route doing one insert (bench/lib.ts `ceilings`). Runs,
 * each `--duration` s with `--connections` connections, the same template send to a new customer
 * each time:
 *
 * - native by id: `POST /v1/messages` (`{to, type: "template", templateId, variables}`, `x-api-key`);
 * - native by name: the same with `templateName` and `language`, as the facade names a template;
 * - facade: `POST /graph/v25.0/{phone-number-id}/messages` in Meta's shape (`Authorization: Bearer`).
 *
 * Each way runs twice, interleaved, so a database growing over the run weighs on all alike.
 *
 * Each run reports req/s, p50 and p99, its ratio to the hello-world and to the one-insert ceiling,
 * and the CPU time the Tidings process spent per accepted send until its queue drained (accept and
 * dispatch), from its own `process_cpu_seconds_total`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sample } from './cost-probe.js';
import { setUp, type Setup } from './cost-setup.js';
import { ceilings, figure as f, load, postgresSchemaUrl, recipient, startReceiver, type Row } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '50'));
const DIALECTS =
  arg('db', 'both') === 'both' ? (['sqlite', 'postgres'] as const) : ([arg('db', 'sqlite')] as ['sqlite' | 'postgres']);
const PG_URL = process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The same template send: natively by `templateId` or by `templateName` (as the facade names it), or through the facade. */
type Way = 'native by id' | 'native by name' | 'facade';

/** autocannon requests for one template send each, over both numbers, to a new customer each. */
function sends(s: Setup, way: Way, first: number, failures: string[]) {
  let i = 0;
  return [
    {
      method: 'POST' as const,
      path: '/v1/messages',
      setupRequest: (req: any) => {
        const n = i++;
        const account = s.accounts[n % 2]!;
        const to = recipient(first + n);
        const template =
          way === 'native by id'
            ? { templateId: account.templateId }
            : { templateName: 'bench_shipped', language: 'en_US' };
        if (way !== 'facade')
          return {
            ...req,
            headers: { 'content-type': 'application/json', 'x-api-key': account.key },
            body: JSON.stringify({ to, type: 'template', ...template, variables: { '1': 'A-1' } }),
          };
        return {
          ...req,
          path: `/graph/v25.0/${account.phoneNumberId}/messages`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${account.key}` },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            to: to.slice(1),
            type: 'template',
            template: {
              name: 'bench_shipped',
              language: { code: 'en_US' },
              components: [{ type: 'body', parameters: [{ type: 'text', text: 'A-1' }] }],
            },
          }),
        };
      },
      onResponse: (status: number, body: string) => {
        if (status >= 300 && failures.length < 3) failures.push(`${way} ${status} ${body.slice(0, 200)}`);
      },
    },
  ];
}

const WAYS: readonly Way[] = ['native by id', 'native by name', 'facade'];

async function runDialect(dialect: 'sqlite' | 'postgres', dataRoot: string) {
  const pgUrl = dialect === 'postgres' ? await postgresSchemaUrl(PG_URL, 'bench_facade') : null;
  const receiver = await startReceiver(4304);
  const s = await setUp({
    dialect,
    dataDir: path.join(dataRoot, dialect),
    pgUrl,
    simulator: 'embedded',
    receiverUrl: 'http://127.0.0.1:4304/events',
  });
  const failures: string[] = [];
  const rows: (Row & { cpuUs: number })[] = [];
  const cpu = async () => (await sample(s.tidings.url, s.metricsToken, null)).cpuSeconds;
  let next = 0;
  try {
    // Warm-up, both ways: every route compiled, the caches filled.
    for (const way of WAYS) {
      await autocannon({
        url: s.tidings.url,
        connections: CONNECTIONS,
        duration: 3,
        requests: sends(s, way, (next += 1_000_000), failures),
      } as autocannon.Options);
      await s.drained();
    }
    for (const way of [...WAYS, ...WAYS]) {
      const before = await cpu();
      const row = await load(`${way}: template sends, a new customer each`, s.tidings.url, {
        connections: CONNECTIONS,
        duration: DURATION,
        requests: sends(s, way, (next += 1_000_000), failures),
      });
      await s.drained();
      rows.push({ ...row, cpuUs: (1e6 * ((await cpu()) - before)) / row.result['2xx'] });
    }
    if (failures.length > 0) console.error(`[${dialect}] first refusals:\n  ${failures.join('\n  ')}`);
    return rows;
  } finally {
    await s.close();
    receiver.server.close();
  }
}

async function main(): Promise<void> {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-facade-'));
  try {
    const c = await ceilings(dataRoot, await postgresSchemaUrl(PG_URL, 'bench_ceiling'), CONNECTIONS, DURATION);
    console.log(
      `\nThe Cloud API facade beside the native API: ${os.cpus().length} cores, Node ${process.version}, ${DURATION} s per timed run, ${CONNECTIONS} connections\n`,
    );
    console.log('| ceiling | req/s | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|');
    for (const r of [c.hello, c.sqlite, c.postgres])
      console.log(`| ${r.name} | ${f(r.reqPerSec)} | ${r.p50} | ${r.p99} |`);
    for (const dialect of DIALECTS) {
      const rows = await runDialect(dialect, dataRoot);
      const insert = dialect === 'sqlite' ? c.sqlite : c.postgres;
      console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL + Redis'}:\n`);
      console.log('| run | req/s | p50 ms | p99 ms | non-2xx | ÷ hello-world | ÷ one insert | CPU per send µs |');
      console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
      for (const r of rows)
        console.log(
          `| ${r.name} | ${f(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${f(r.reqPerSec / c.hello.reqPerSec, 3)} | ${f(r.reqPerSec / insert.reqPerSec, 2)} | ${f(r.cpuUs)} |`,
        );
    }
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

await main();
