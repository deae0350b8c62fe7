/**
 * A customer's export in bounded memory (issue 40; `npm run bench:export [-- --db sqlite|postgres
 * --files 100 --file-mb 10 --messages 5000]`; never part of `npm test`). Seeds one customer with
 * `files` files of `file-mb` MB (1 GB by default) and `messages` messages (half each way, every
 * outbound one with its three status reports and an event), straight into the database and the
 * media directory (export-seed.ts); starts Tidings (built `dist/`) in its own process; streams
 * `GET /v1/contacts/{id}/export` over HTTP into nothing (`curl -o /dev/null`); and reports:
 *
 * - the service's resident memory before the export, its peak during it (sampled from
 *   /proc/<pid>/status every 50 ms) and its high-water mark (VmHWM) after;
 * - the bytes received, the time, the throughput (MB/s).
 *
 * `--profile <dir>` writes the service's CPU profile there (bench/profile-summary.ts reads it).
 * Then it reads the archive back once more to a file and checks its entries against what was
 * seeded: every file's SHA-256, and the message counts of contact.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import { createHash } from 'node:crypto';
import yauzl from 'yauzl';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { seedExportCustomer } from './export-seed.js';
import { cliWith, dropPostgresSchema, figure, postgresSchemaUrl, startServer, stopServer } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DB = arg('db', 'sqlite') as 'sqlite' | 'postgres';
const FILES = Number(arg('files', '100'));
const FILE_MB = Number(arg('file-mb', '10'));
const MESSAGES = Number(arg('messages', '5000'));
/** A folder to write the service's CPU profile to (`--cpu-prof`; read it with profile-summary.ts). */
const PROFILE = arg('profile', '');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = 4207;
const MB = 1024 * 1024;

/** A line of /proc/<pid>/status in MB (`VmRSS`, `VmHWM`). */
function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+) kB/)?.[1] ?? Number.NaN) / 1024;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-export-'));
  const schema = `bench_export_${Date.now()}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WHATSAPP_APP_SECRET: 'bench-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'bench',
    WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9/v23.0', // never called: reads only
    LOG_LEVEL: 'warn',
  };
  if (DB === 'postgres') env.DATABASE_URL = await postgresSchemaUrl(PG_URL, schema);
  const cli = cliWith(env);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const account = cli('accounts', 'create', '--name', 'Bench export');
    const key = cli('keys', 'create', '--account', account.id, '--mode', 'live').key as string;
    const phoneNumberId = account.phoneNumbers[0].phoneNumberId as string;

    const seedStart = performance.now();
    const store = await connectDatabase(loadConfig(env).database);
    const seeded = await seedExportCustomer(store, {
      accountId: account.id,
      phoneNumberId,
      phone: '+16505550199',
      outbound: MESSAGES / 2,
      inbound: MESSAGES / 2,
      files: FILES,
      fileBytes: FILE_MB * MB,
      mediaDir: path.join(dataDir, 'media'),
    });
    await store.close();
    const seedSeconds = (performance.now() - seedStart) / 1000;

    server = await startServer(
      ['dist/main.js'],
      PORT,
      env,
      PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE)}`] : [],
    );
    const pid = server.proc.pid!;
    const url = `${server.url}/v1/contacts/${seeded.contactId}/export`;
    const headers = { 'x-api-key': key };
    // Warm-up: the first request of a process compiles its paths.
    await (await fetch(`${server.url}/v1/contacts/${seeded.contactId}`, { headers })).arrayBuffer();
    const rssBefore = procStatus(pid, 'VmRSS');
    const hwmBefore = procStatus(pid, 'VmHWM');

    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, procStatus(pid, 'VmRSS'));
    }, 50);
    const t0 = performance.now();
    const received = await download(url, key);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const hwmAfter = procStatus(pid, 'VmHWM');

    // The archive once more, to a file, checked against what was seeded.
    const file = path.join(dataDir, 'export.zip');
    const again = await fetch(url, { headers });
    await pipeline(Readable.fromWeb(again.body as never), fs.createWriteStream(file));
    const check = await checkArchive(file, seeded.files);
    fs.rmSync(file);

    console.log(
      [
        `## Export of a customer (${DB}, ${FILES} files of ${FILE_MB} MB, ${MESSAGES.toLocaleString('en-US')} messages; seeded in ${figure(seedSeconds, 1)} s)`,
        '',
        '| what | figure |',
        '|---|---|',
        `| archive | ${figure(received / MB, 1)} MB in ${figure(seconds, 1)} s: **${figure(received / MB / seconds, 0)} MB/s** |`,
        `| service RSS before the export | ${figure(rssBefore, 0)} MB (high-water mark ${figure(hwmBefore, 0)} MB) |`,
        `| service RSS, peak during it (sampled every 50 ms) | **${figure(peak, 0)} MB** (+${figure(peak - rssBefore, 0)} MB) |`,
        `| service VmHWM after it | ${figure(hwmAfter, 0)} MB |`,
        `| checked | ${check.files} files by SHA-256, ${check.messages.toLocaleString('en-US')} outbound and ${check.inbound.toLocaleString('en-US')} inbound messages, ${check.events.toLocaleString('en-US')} events in contact.json (${figure(check.documentBytes / MB, 1)} MB) |`,
      ].join('\n'),
    );
  } finally {
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (DB === 'postgres') await dropPostgresSchema(PG_URL, schema);
  }
}

/**
 * Streams `url` into nothing: with curl (`-o /dev/null`) when the machine has it, so the client
 * takes as little of the CPU the service shares with it as it can; else with fetch. @returns the bytes.
 */
async function download(url: string, key: string): Promise<number> {
  const curl = spawnSync('curl', ['--version']).status === 0;
  if (curl) {
    const out = await new Promise<string>((resolve, reject) => {
      const p = spawn('curl', ['-sf', '-o', '/dev/null', '-w', '%{size_download}', '-H', `x-api-key: ${key}`, url]);
      let text = '';
      p.stdout.on('data', (c: Buffer) => (text += c));
      p.on('error', reject);
      p.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`curl exited ${code}`))));
    });
    return Number(out);
  }
  const res = await fetch(url, { headers: { 'x-api-key': key } });
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  let received = 0;
  await pipeline(
    Readable.fromWeb(res.body as never),
    new Writable({
      write(chunk: Buffer, _enc, done) {
        received += chunk.length;
        done();
      },
    }),
  );
  return received;
}

/** Reads the ZIP entry by entry (yauzl), hashing each file and counting contact.json's items. @throws Error on any mismatch. */
async function checkArchive(file: string, files: { id: string; sha256: string }[]) {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const hashes = new Map<string, string>();
  let doc: any = null;
  let documentBytes = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const hash = createHash('sha256');
        const parts: Buffer[] = [];
        stream.on('data', (c: Buffer) => (entry.fileName === 'contact.json' ? parts.push(c) : hash.update(c)));
        stream.on('error', reject);
        stream.on('end', () => {
          if (entry.fileName === 'contact.json') {
            const text = Buffer.concat(parts);
            documentBytes = text.length;
            doc = JSON.parse(text.toString('utf8'));
          } else hashes.set(entry.fileName.split('/')[1]!, hash.digest('hex'));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  for (const f of files)
    if (hashes.get(f.id) !== f.sha256) throw new Error(`file ${f.id}: ${hashes.get(f.id)} is not ${f.sha256}`);
  return {
    files: hashes.size,
    messages: doc.messages.length as number,
    inbound: doc.inboundMessages.length as number,
    events: doc.events.length as number,
    documentBytes,
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
