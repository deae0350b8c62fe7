/**
 * What migration 0031's indexes on `messages` cost a message's life (`node --import tsx
 * bench/list-index-cost.ts [--db sqlite|postgres] [--messages 20000] [--index <name>]`; never part of `npm test`): in a
 * migrated database, `messages` messages inserted one statement each, then moved accepted → sent →
 * delivered → read one update each (as the accept path and the status intake do), with the indexes
 * and with messages_status_list and messages_recipient_list dropped, alternately, five rounds.
 * Reports µs per message (insert and three updates, one unit of work each: the SQLite file in
 * /dev/shm and PostgreSQL with synchronous_commit off, so that the disk's flushes, the same either
 * way, do not hide the indexes' work).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import type { Store } from '../src/db/store.js';
import { iso } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { dropPostgresSchema, figure, postgresSchemaUrl } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DB = arg('db', 'sqlite') as 'sqlite' | 'postgres';
const N = Number(arg('messages', '20000'));
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const ALL_INDEXES = {
  messages_status_list: sql`messages (account_id, mode, status, created_at, id) where status not in ('delivered', 'read')`,
  messages_recipient_list: sql`messages (account_id, mode, recipient, created_at, id)`,
};
/** `--index <name>`: that one alone. */
const INDEXES = Object.fromEntries(
  Object.entries(ALL_INDEXES).filter(([name]) => arg('index', name) === name),
) as Partial<typeof ALL_INDEXES>;

/** @returns µs per message: wall time, and this process's CPU time (SQLite's work is in it). */
async function life(store: Store, accountId: string, phoneNumberId: string): Promise<{ wall: number; cpu: number }> {
  const ids: string[] = [];
  const start = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const id = newId('msg');
    ids.push(id);
    const at = iso(Date.now());
    await store.write((tx) =>
      tx
        .insertInto('messages')
        .values({
          id,
          account_id: accountId,
          mode: 'live',
          phone_number_id: phoneNumberId,
          recipient: `+1650555${String(i % 2000).padStart(4, '0')}`,
          contact_id: null,
          type: 'text',
          status: 'accepted',
          platform_message_id: null,
          source: 'api',
          text: 'hello',
          caption: null,
          media_id: null,
          template_id: null,
          reply_to: null,
          content: null,
          error_code: null,
          error_message: null,
          sent_at: null,
          delivered_at: null,
          read_at: null,
          failed_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    );
  }
  for (const status of ['sent', 'delivered', 'read'] as const)
    for (const id of ids)
      await store.write((tx) =>
        tx
          .updateTable('messages')
          .set({ status, updated_at: iso(Date.now()) })
          .where('id', '=', id)
          .execute(),
      );
  const used = process.cpuUsage(cpu);
  return { wall: ((performance.now() - start) * 1000) / N, cpu: (used.user + used.system) / N };
}

async function main(): Promise<void> {
  const shm = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const dataDir = fs.mkdtempSync(path.join(shm, 'tidings-bench-index-cost-'));
  const schema = `bench_index_cost_${Date.now()}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (DB === 'postgres')
    env.DATABASE_URL = (await postgresSchemaUrl(PG_URL, schema)).replace(
      'search_path',
      encodeURIComponent('synchronous_commit=off -c ') + 'search_path',
    );
  const store = await connectDatabase(loadConfig(env).database);
  const accountId = 'acc_bench_index_cost';
  await store.write(async (tx) => {
    await sql`insert into accounts (id, name, waba_id, access_token_enc, created_at) values (${accountId}, 'bench', 'waba_bench', 'x', ${iso(Date.now())})`.execute(
      tx,
    );
  });
  const results: { indexes: boolean; wall: number; cpu: number }[] = [];
  try {
    // Five rounds, the order swapped each round, so that the machine's drift falls on both.
    for (let round = 0; round < 5; round++)
      for (const indexes of round % 2 === 0 ? [true, false] : [false, true]) {
        await store.write(async (tx) => {
          for (const [name, on] of Object.entries(INDEXES)) {
            await sql`drop index if exists ${sql.ref(name)}`.execute(tx);
            if (indexes) await sql`create index ${sql.ref(name)} on ${on!}`.execute(tx);
          }
          await sql`delete from messages`.execute(tx);
        });
        const r = await life(store, accountId, 'pn_bench');
        results.push({ indexes, ...r });
        console.log(`${indexes ? 'with' : 'without'}: ${figure(r.wall)} µs wall, ${figure(r.cpu)} µs CPU per message`);
      }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const k of ['wall', 'cpu'] as const) {
      const w = median(results.filter((r) => r.indexes).map((r) => r[k]));
      const wo = median(results.filter((r) => !r.indexes).map((r) => r[k]));
      console.log(
        `${DB}, ${figure(N)} messages, insert + 3 status updates, ${k} µs per message, median of 5: with ${figure(w)}, without ${figure(wo)} (${figure(((w - wo) / wo) * 100, 1)} %)`,
      );
    }
  } finally {
    await store.close();
    if (DB === 'postgres') await dropPostgresSchema(PG_URL, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
