/**
 * Contact list, timeline and search benchmark (`npm run bench:contacts [-- --db sqlite|postgres
 * --duration 10 --contacts 100000 --messages 1000000 --only search]`; never part of `npm test`).
 * Seeds one business number with `contacts` contacts and `messages` messages, written directly
 * through the database in batches (contacts-seed.ts), then starts Tidings (built `dist/`) in its
 * own process and loads with autocannon, in this one:
 *
 * - `GET /v1/contacts?limit=20`: the first page (most recent activity first);
 * - `GET /v1/contacts?limit=20&starting_after=…`: a page deep in the list (keyset, from a random contact);
 * - `GET /v1/contacts/{id}/messages?limit=20`: the timeline of a random contact;
 * - `GET /v1/contacts?limit=20&q=…`, one run per kind of search: a common first name, a random
 *   first name, a full name, a surname's first three letters, a number's last four digits, one
 *   letter, a word nobody has, and a page deep in a first name's matches;
 * - the stall check: 50 connections searching (random kinds) while 2 others read one contact by
 *   id; the reads' latency beside their latency alone (issue 23: 50 concurrent searches had
 *   stalled every request for 4.9 s).
 *
 * Target (2 cores): p99 ≤ 25 ms for each, and reads during the searches within that too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { FIRST, seedContacts } from './contacts-seed.js';
import { cliWith, dropPostgresSchema, postgresSchemaUrl, ROOT } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DB = arg('db', 'sqlite') as 'sqlite' | 'postgres';
const DURATION = Number(arg('duration', '10'));
const CONTACTS = Number(arg('contacts', '100000'));
const MESSAGES = Number(arg('messages', '1000000'));
/** `search`: only the search runs and the stall check. */
const ONLY = arg('only', 'all');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = 4203;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-contacts-'));
  const schema = `bench_${Date.now()}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WHATSAPP_APP_SECRET: 'bench-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'bench',
    WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9/v23.0', // never called: reads only
    LOG_LEVEL: 'warn',
    PORT: String(PORT),
  };
  if (DB === 'postgres') env.DATABASE_URL = await postgresSchemaUrl(PG_URL, schema);
  const cli = cliWith(env);

  let tidings: ChildProcess | undefined;
  try {
    const account = cli('accounts', 'create', '--name', 'Bench contacts');
    const key = cli('keys', 'create', '--account', account.id, '--mode', 'live', '--rate-limit', '10000').key as string;
    const phoneNumberId = account.phoneNumbers[0].phoneNumberId as string;

    // Seeded through the database, then Tidings started on it.
    const {
      ids,
      names,
      seconds: seedSeconds,
    } = await seedContacts(loadConfig(env).database, account.id, phoneNumberId, CONTACTS, MESSAGES);

    tidings = spawn(process.execPath, ['dist/main.js'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${PORT}`;
    for (let i = 0; ; i++) {
      try {
        await fetch(`${url}/health`);
        break;
      } catch {
        if (i > 300) throw new Error('tidings did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const headers = { 'x-api-key': key };
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const random = () => pick(ids);
    const q = (text: string) => `/v1/contacts?limit=20&q=${encodeURIComponent(text)}`;
    // A deep page of a first name's matches: a contact of that name as the cursor.
    const commonFirst = FIRST[0]!;
    const ofCommonFirst = ids.filter((_, k) => names[k]!.first === commonFirst);
    const searches: [string, () => string][] = [
      [
        `q=${commonFirst} (the most common first name, ${ofCommonFirst.length.toLocaleString('en-US')} matches)`,
        () => q(commonFirst),
      ],
      ['q=<random first name>', () => q(pick(names).first)],
      ['q=<random full name>', () => q(`${pick(names).first} ${pick(names).last}`)],
      ["q=<a surname's first 3 letters>", () => q([...pick(names).last].slice(0, 3).join(''))],
      ["q=<a number's last 4 digits>", () => q(pick(names).phone.slice(-4))],
      ['q=<one letter>', () => q(pick([...'abcdefghijklmnoprstvwz']))],
      ['q=zqxj (no match)', () => q('zqxj')],
      [
        `q=${commonFirst}&starting_after=<random match> (deep page)`,
        () => `${q(commonFirst)}&starting_after=${pick(ofCommonFirst)}`,
      ],
    ];
    const runs: [string, () => string][] = [
      ...(ONLY === 'search'
        ? []
        : ([
            ['GET /v1/contacts?limit=20 (first page)', () => '/v1/contacts?limit=20'],
            [
              'GET /v1/contacts?limit=20&starting_after=<random> (deep page)',
              () => `/v1/contacts?limit=20&starting_after=${random()}`,
            ],
            [
              'GET /v1/contacts/<random>/messages?limit=20 (timeline)',
              () => `/v1/contacts/${random()}/messages?limit=20`,
            ],
          ] as [string, () => string][])),
      ...searches,
    ];
    const results: string[] = [];
    const run = (pathOf: () => string, connections: number) =>
      autocannon({
        url,
        connections,
        duration: DURATION,
        requests: [{ method: 'GET', headers, setupRequest: (req: any) => ({ ...req, path: pathOf() }) }],
      } as autocannon.Options);
    const line = (name: string, r: autocannon.Result) =>
      `| ${name} | ${Math.round(r.requests.average).toLocaleString('en-US')} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx} |`;
    for (const [name, pathOf] of runs) {
      // Warm-up, not reported.
      for (let i = 0; i < 50; i++) await (await fetch(`${url}${pathOf()}`, { headers })).arrayBuffer();
      results.push(line(name, await run(pathOf, 8)));
    }
    // The stall check. Issue 23's scenario: 50 searches at once, while another client reads one
    // contact every 5 ms; how long the burst takes and how long a read waits meanwhile. Then
    // sustained: reads beside 48 connections searching without pause (the server saturated).
    const read = () => `/v1/contacts/${random()}`;
    const bursts: number[] = [];
    const waits: number[] = [];
    for (let b = 0; b < 20; b++) {
      let bursting = true;
      const reader = (async () => {
        while (bursting) {
          const t0 = performance.now();
          await (await fetch(`${url}${read()}`, { headers })).arrayBuffer();
          waits.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${url}${pick(searches)[1]()}`, { headers }).then((r) => r.arrayBuffer()),
        ),
      );
      bursts.push(performance.now() - t0);
      bursting = false;
      await reader;
    }
    const ms = (v: number) => Math.round(v).toLocaleString('en-US');
    bursts.sort((a, b) => a - b);
    waits.sort((a, b) => a - b);
    const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
    const stall = [
      `50 searches at once (random kinds above), 20 times: each burst took ${ms(pct(bursts, 50))} ms (median), ${ms(bursts.at(-1)!)} ms at most;`,
      `a read of one contact every 5 ms meanwhile (${waits.length} reads) waited ${ms(pct(waits, 50))} ms (median), ${ms(pct(waits, 99))} ms (p99), ${ms(waits.at(-1)!)} ms at most.`,
    ];
    results.push(line('GET /v1/contacts/<random> alone (2 connections)', await run(read, 2)));
    const [reads, searching] = await Promise.all([run(read, 2), run(() => pick(searches)[1](), 48)]);
    results.push(line('… the same while 48 connections search without pause (random kinds above)', reads));
    results.push(line('… those 48 connections searching', searching));
    console.log(
      `\nContacts: ${os.cpus().length} cores, Node ${process.version}, ${DB === 'postgres' ? 'PostgreSQL' : 'SQLite (WAL)'}; ${CONTACTS.toLocaleString('en-US')} contacts and ${MESSAGES.toLocaleString('en-US')} messages seeded in ${seedSeconds.toFixed(0)} s; 8 connections, ${DURATION} s per run unless said\n`,
    );
    console.log('| run | req/s | p50 ms | p99 ms | max ms | non-2xx |\n|---|---:|---:|---:|---:|---:|');
    for (const l of results) console.log(l);
    console.log(`\n${stall.join('\n')}`);
  } finally {
    tidings?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
    if (DB === 'postgres' && process.env.BENCH_KEEP) console.log(`kept schema ${schema}`);
    else if (DB === 'postgres') await dropPostgresSchema(PG_URL, schema);
  }
}

await main();
