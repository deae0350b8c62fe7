/**
 * Contact list and timeline benchmark (`npm run bench:contacts [-- --db sqlite|postgres --duration 10
 * --contacts 100000 --messages 1000000]`; never part of `npm test`). Seeds one business number with
 * `contacts` contacts and `messages` messages (half sent, half received, spread over the contacts),
 * written directly through the database in batches, then starts Tidings (built `dist/`) in its own
 * process and loads with autocannon, in this one:
 *
 * - `GET /v1/contacts?limit=20`: the first page (most recent activity first);
 * - `GET /v1/contacts?limit=20&starting_after=…`: a page deep in the list (keyset, from a random contact);
 * - `GET /v1/contacts/{id}/messages?limit=20`: the timeline of a random contact.
 *
 * Target (SQLite, 2 cores): p99 ≤ 25 ms for each.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type Insertable } from 'kysely';
import { cliWith, dropPostgresSchema, postgresSchemaUrl, ROOT } from './lib.js';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import type { ContactsTable, InboundMessagesTable, MessagesTable } from '../src/db/schema.js';
import { iso } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DB = arg('db', 'sqlite') as 'sqlite' | 'postgres';
const DURATION = Number(arg('duration', '10'));
const CONTACTS = Number(arg('contacts', '100000'));
const MESSAGES = Number(arg('messages', '1000000'));
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = 4203;
const BATCH = 500;

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

    // Seed through the database, in batches: contacts with a spread of activity over 30 days, and
    // messages of both directions, each on a random contact.
    const seedStart = performance.now();
    const store = await connectDatabase(loadConfig(env).database);
    const now = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < CONTACTS; i += BATCH) {
      const rows: Insertable<ContactsTable>[] = [];
      for (let j = i; j < Math.min(CONTACTS, i + BATCH); j++) {
        const last = iso(now - Math.floor(Math.random() * 30 * 86_400_000));
        const id = newId('ct');
        ids.push(id);
        rows.push({
          id,
          account_id: account.id,
          phone_number_id: phoneNumberId,
          mode: 'live' as const,
          phone: `+1650${String(1_000_000 + j).padStart(7, '0')}`,
          user_id: `US.${String(10n ** 19n + BigInt(j))}`,
          parent_user_id: null,
          profile_name: `Customer ${j}`,
          username: j % 3 === 0 ? `user_${j}` : null,
          last_inbound_at: last,
          last_outbound_at: null,
          last_activity_at: last,
          created_at: last,
          updated_at: last,
        });
      }
      await store.write((tx) => tx.insertInto('contacts').values(rows).execute());
    }
    for (let i = 0; i < MESSAGES; i += BATCH) {
      const outbound: Insertable<MessagesTable>[] = [];
      const inbound: Insertable<InboundMessagesTable>[] = [];
      for (let j = i; j < Math.min(MESSAGES, i + BATCH); j++) {
        const contactId = ids[Math.floor(Math.random() * ids.length)]!;
        const at = iso(now - Math.floor(Math.random() * 30 * 86_400_000));
        if (j % 2 === 0) {
          outbound.push({
            id: newId('msg'), account_id: account.id, mode: 'live' as const, phone_number_id: phoneNumberId, recipient: '+16505551234', contact_id: contactId, type: 'text' as const,
            status: 'read' as const, platform_message_id: `wamid.bench-out-${j}`, source: 'api' as const, text: 'Your order shipped.', caption: null, media_id: null, template_id: null, reply_to: null,
            error_code: null, error_message: null, sent_at: at, delivered_at: at, read_at: at, failed_at: null, created_at: at, updated_at: at,
          });
        } else {
          inbound.push({
            id: newId('in'), account_id: account.id, mode: 'live' as const, phone_number_id: phoneNumberId, sender: '+16505551234', contact_id: contactId, read_at: null,
            platform_message_id: `wamid.bench-in-${j}`, type: 'text', text: 'Where is my order?', contact_name: null, context_message_id: null,
            payload: '{"type":"text","text":{"body":"Where is my order?"}}', sent_at: at, created_at: at,
          });
        }
      }
      await store.write(async (tx) => {
        if (outbound.length > 0) await tx.insertInto('messages').values(outbound).execute();
        if (inbound.length > 0) await tx.insertInto('inbound_messages').values(inbound).execute();
      });
    }
    // Fresh statistics for the planner, as a long-running database has.
    await store.write(async (tx) => void (await sql`analyze`.execute(tx)));
    await store.close();
    const seedSeconds = (performance.now() - seedStart) / 1000;

    tidings = spawn(process.execPath, ['dist/main.js'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
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
    const random = () => ids[Math.floor(Math.random() * ids.length)]!;
    const runs: [string, () => string][] = [
      ['GET /v1/contacts?limit=20 (first page)', () => '/v1/contacts?limit=20'],
      ['GET /v1/contacts?limit=20&starting_after=<random> (deep page)', () => `/v1/contacts?limit=20&starting_after=${random()}`],
      ['GET /v1/contacts/<random>/messages?limit=20 (timeline)', () => `/v1/contacts/${random()}/messages?limit=20`],
    ];
    const results: string[] = [];
    for (const [name, pathOf] of runs) {
      // Warm-up, not reported.
      for (let i = 0; i < 50; i++) await (await fetch(`${url}${pathOf()}`, { headers })).arrayBuffer();
      const r = await autocannon({ url, connections: 8, duration: DURATION, requests: [{ method: 'GET', headers, setupRequest: (req: any) => ({ ...req, path: pathOf() }) }] } as autocannon.Options);
      results.push(`| ${name} | ${Math.round(r.requests.average).toLocaleString('en-US')} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`);
    }
    console.log(`\nContacts: ${os.cpus().length} cores, Node ${process.version}, ${DB === 'postgres' ? 'PostgreSQL' : 'SQLite (WAL)'}; ${CONTACTS.toLocaleString('en-US')} contacts and ${MESSAGES.toLocaleString('en-US')} messages seeded in ${seedSeconds.toFixed(0)} s; 8 connections, ${DURATION} s per run\n`);
    console.log('| run | req/s | p50 ms | p99 ms | non-2xx |\n|---|---:|---:|---:|---:|');
    for (const line of results) console.log(line);
  } finally {
    tidings?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
    if (DB === 'postgres') await dropPostgresSchema(PG_URL, schema);
  }
}

await main();
