/**
 * What a person's session and the audit trail add (`npm run bench:people [-- --db sqlite|postgres|both
 * --duration 10 --connections 50 --rounds 2]`; never part of `npm test`), docs/api.md §D26, §D27.
 *
 * Tidings (`dist/main.js`, as `npm start` runs it) with the Cloud API simulator in its own process
 * (cost-setup.ts: two numbers at the 1,000 messages/s tier, 150 ms per Graph answer). In the same run
 * and on the same cores, alternated `--rounds` times so drift falls on both: (1) template sends
 * accepted with an API key, and (2) the same sends from a signed-in person (the session cookie and
 * the service's Origin: the session lookup, its Origin check and its permission check); (3) and (4)
 * a dashboard read, `GET /v1/messages?limit=20`, each way. Every accepted send also writes its
 * audit entry in its unit of work, with a key as with a session: the entry's own cost is measured
 * at the ceiling, where nothing else hides it: one insert alone, and the same insert with its audit
 * entry (an HMAC-SHA256 of its content) in the same unit (bench/servers/insert*.mjs `WITH_AUDIT`).
 * Beside them the ceilings measured in the same run (a Fastify hello-world, one insert), and the
 * ratio to each.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { setUp } from './cost-setup.js';
import { sessionHeaders } from './people-setup.js';
import { ceilings, figure as f, load, postgresSchemaUrl, type Row } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '50'));
const ROUNDS = Number(arg('rounds', '2'));
const DIALECTS =
  arg('db', 'both') === 'both' ? (['sqlite', 'postgres'] as const) : ([arg('db', 'sqlite')] as ['sqlite' | 'postgres']);
const PG_URL = process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function runDialect(
  dialect: 'sqlite' | 'postgres',
  dataRoot: string,
  ceiling: { hello: Row; insert: Row },
): Promise<void> {
  const pgUrl = dialect === 'postgres' ? await postgresSchemaUrl(PG_URL, 'bench_people') : null;
  const receiver = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  await new Promise<void>((r) => receiver.listen(4304, '127.0.0.1', r));
  const s = await setUp({
    dialect,
    dataDir: path.join(dataRoot, dialect),
    pgUrl,
    simulator: 'process',
    receiverUrl: 'http://127.0.0.1:4304/events',
  });
  try {
    const sessions = await sessionHeaders(s);
    const ways = { key: (i: number) => ({ 'x-api-key': s.accounts[i]!.key }), session: (i: number) => sessions[i]! };
    // Warm-up: both ways, so neither pays the first compilation of a route.
    for (const way of Object.values(ways))
      await autocannon({
        url: s.tidings.url,
        connections: CONNECTIONS,
        duration: 2,
        ...s.sendRequests(undefined, way),
      } as autocannon.Options);
    await s.drained();
    const rows: Record<string, Row[]> = {};
    const keep = (name: string, row: Row) => (rows[name] ??= []).push(row);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [way, headers] of Object.entries(ways)) {
        keep(
          `accept template sends, ${way}`,
          await load(way, s.tidings.url, {
            connections: CONNECTIONS,
            duration: DURATION,
            ...s.sendRequests(undefined, headers),
          }),
        );
        await s.drained();
      }
      for (const [way, headers] of Object.entries(ways))
        keep(
          `dashboard read GET /v1/messages?limit=20, ${way}`,
          await load(way, `${s.tidings.url}/v1/messages?limit=20`, {
            connections: CONNECTIONS,
            duration: DURATION,
            headers: headers(0),
          }),
        );
    }
    console.log(`\n## ${dialect}: medians of ${ROUNDS} alternated runs\n`);
    console.log('| run | req/s | p50 ms | p99 ms | non-2xx | ÷ hello-world | ÷ one insert |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [name, rs] of Object.entries(rows)) {
      const rate = median(rs.map((r) => r.reqPerSec));
      console.log(
        `| ${name} | ${f(rate)} | ${f(median(rs.map((r) => r.p50)))} | ${f(median(rs.map((r) => r.p99)))} | ${rs.reduce((n, r) => n + r.non2xx, 0)} | ${f(rate / ceiling.hello.reqPerSec, 3)} | ${f(rate / ceiling.insert.reqPerSec, 2)} |`,
      );
    }
  } finally {
    await s.close();
    await new Promise((r) => receiver.close(r));
  }
}

async function main(): Promise<void> {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-people-'));
  try {
    const c = await ceilings(dataRoot, await postgresSchemaUrl(PG_URL, 'bench_ceiling'), CONNECTIONS, DURATION, {
      audited: true,
    });
    console.log(
      `\nSessions and the audit trail: ${os.cpus().length} cores, Node ${process.version}, ${DURATION} s per timed run, ${CONNECTIONS} connections\n`,
    );
    console.log('| ceiling | req/s | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|');
    for (const r of [c.hello, c.sqlite, c.sqliteAudited!, c.postgres, c.postgresAudited!])
      console.log(`| ${r.name} | ${f(r.reqPerSec)} | ${r.p50} | ${r.p99} |`);
    // The audit entry's own cost, where nothing else hides it: the same unit with and without it.
    console.log(
      `\nThe audit entry at the ceiling: SQLite ${f(c.sqliteAudited!.reqPerSec / c.sqlite.reqPerSec, 2)} of one insert alone, PostgreSQL ${f(c.postgresAudited!.reqPerSec / c.postgres.reqPerSec, 2)}.`,
    );
    for (const dialect of DIALECTS)
      await runDialect(dialect, dataRoot, { hello: c.hello, insert: dialect === 'sqlite' ? c.sqlite : c.postgres });
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

await main();
