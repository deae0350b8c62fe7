/** What the benchmarks share: starting servers, the CLI, load runs, the ceilings. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Creates `schema` afresh in the PostgreSQL database at `pgUrl` (dropping what an earlier run left,
 * see `dropPostgresSchema`) and @returns the DATABASE_URL that puts Tidings in it.
 */
export async function postgresSchemaUrl(pgUrl: string, schema: string): Promise<string> {
  await dropPostgresSchema(pgUrl, schema);
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`create schema "${schema}"`);
  await c.end();
  return `${pgUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** Drops `schema` and the pg-boss schema Tidings makes beside it (`<schema>_pgboss`), if they exist. */
export async function dropPostgresSchema(pgUrl: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`drop schema if exists "${schema}" cascade`);
  await c.query(`drop schema if exists "${schema}_pgboss" cascade`);
  await c.end();
}

/** The admin CLI (`bin/tidings.js`) run with `env`: @returns its JSON answer. @throws Error when it exits non-zero. */
export function cliWith(env: Record<string, string>): (...argv: string[]) => any {
  return (...argv) => {
    const r = spawnSync(process.execPath, ['bin/tidings.js', ...argv], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`tidings ${argv.join(' ')}: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };
}

/** A server the benchmark started, in its own process. */
export interface Server {
  proc: ChildProcess;
  url: string;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `node [execArgv] script…` on `port` with `env` (PORT set), and waits until `health`
 * answers. @throws Error when it does not within 30 s.
 */
export async function startServer(
  script: string[],
  port: number,
  env: Record<string, string>,
  execArgv: string[] = [],
  health = '/health',
): Promise<Server> {
  const proc = spawn(process.execPath, [...execArgv, ...script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  proc.stdout!.resume();
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(`${url}${health}`);
      return { proc, url };
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`${script.join(' ')} did not start`);
}

/** SIGTERM, and waits for the process to exit. */
export async function stopServer(s: Server): Promise<void> {
  if (s.proc.exitCode !== null) return;
  s.proc.kill('SIGTERM');
  await new Promise((r) => s.proc.once('exit', r));
}

/** A JSON request: @returns the parsed answer. */
export async function json(
  url: string,
  method = 'GET',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<any> {
  const res = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** The i-th of many distinct, valid US numbers (exchanges 200–999 of area code 650). */
export const recipient = (i: number) =>
  `+1650${200 + (Math.floor(i / 10_000) % 800)}${String(i % 10_000).padStart(4, '0')}`;

/** `x` as the tables print it: thousands separated, `d` decimals; '–' for a number that is not finite. */
export const figure = (x: number, d = 0) =>
  Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '–';

/** The `p`-th percentile of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** One timed run's figures. */
export interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** Runs autocannon against `url` (for `duration` s unless `amount` is given): @returns its figures. */
export async function load(
  name: string,
  url: string,
  options: Partial<autocannon.Options> & { connections: number; duration: number },
): Promise<Row & { result: autocannon.Result }> {
  const { duration, ...rest } = options;
  const result = await autocannon({ url, ...(rest.amount ? {} : { duration }), ...rest } as autocannon.Options);
  return {
    name,
    reqPerSec: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    result,
  };
}

/**
 * The ceilings, each a server in its own process measured after a 2 s warm-up: a bare Fastify
 * hello-world, a Fastify route doing one SQLite insert (WAL, synchronous=FULL, as Tidings), and one
 * doing one PostgreSQL insert through a 20-connection pool (as Tidings').
 */
export async function ceilings(
  dataRoot: string,
  pgUrl: string,
  connections: number,
  duration: number,
  options: { audited?: boolean } = {},
): Promise<{ hello: Row; sqlite: Row; postgres: Row; sqliteAudited?: Row; postgresAudited?: Row }> {
  const rows: Row[] = [];
  const audited = options.audited
    ? ([
        [
          'ceiling: Fastify + one SQLite insert and its audit entry (one unit)',
          'bench/servers/insert.mjs',
          { DATA_DIR: path.join(dataRoot, 'insert-audited'), WITH_AUDIT: '1' },
        ],
        [
          'ceiling: Fastify + one PostgreSQL insert and its audit entry (one statement)',
          'bench/servers/insert-pg.mjs',
          { DATABASE_URL: pgUrl, WITH_AUDIT: '1' },
        ],
      ] as const)
    : [];
  const body = JSON.stringify({ to: '+16505551234', type: 'template', templateId: 'tpl_x' });
  for (const [name, script, env] of [
    ['ceiling: Fastify hello-world', 'bench/servers/hello.mjs', {}],
    [
      'ceiling: Fastify + one SQLite insert (WAL, synchronous=FULL)',
      'bench/servers/insert.mjs',
      { DATA_DIR: path.join(dataRoot, 'insert') },
    ],
    [
      'ceiling: Fastify + one PostgreSQL insert (20-connection pool)',
      'bench/servers/insert-pg.mjs',
      { DATABASE_URL: pgUrl },
    ],
    ...audited,
  ] as const) {
    const server = await startServer([script], 4300, env, [], '/');
    try {
      const request = { method: 'POST' as const, body, headers: { 'content-type': 'application/json' } };
      await autocannon({ url: server.url, connections, duration: 2, ...request } as autocannon.Options);
      rows.push(await load(name, server.url, { connections, duration, ...request }));
    } finally {
      await stopServer(server);
    }
  }
  return { hello: rows[0]!, sqlite: rows[1]!, postgres: rows[2]!, sqliteAudited: rows[3], postgresAudited: rows[4] };
}

/**
 * A webhook endpoint for Tidings' events on 127.0.0.1:`port`: answers every request 204 and counts
 * them (`count`). @returns it listening.
 */
export async function startReceiver(port: number): Promise<{ count: number; server: http.Server }> {
  const receiver = { count: 0, server: null as unknown as http.Server };
  receiver.server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      receiver.count++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.server.listen(port, '127.0.0.1', r));
  return receiver;
}
