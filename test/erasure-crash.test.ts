/**
 * Issue 40: an erasure killed mid-way (SIGKILL, the service as an OS process) finishes after a
 * restart, from where it stood: the customer's 20,000 messages, 5,000 of theirs and 2,000 events are
 * each counted once (a unit cut off by the kill left nothing; one that committed is not done
 * again), and nothing of them is left in the database's bytes (SQLite's file and WAL, or a
 * PostgreSQL dump). On both dialects.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import pino from 'pino';
import { seedCustomer } from '../bench/erasure-seed.js';
import { loadConfig } from '../src/config.js';
import { buildDeps } from '../src/deps.js';
import { buildSimulator, type Simulator } from '../src/simulator/app.js';
import { DIALECT, freshDatabase } from './database.js';
import { eventually } from './helpers.js';
import { freePort, startProcess } from './process.js';

describe('an erasure killed mid-way (issue 40)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-erasure-crash-'));
  let sim: Simulator | undefined;
  after(async () => {
    await sim?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes after a restart, each row counted once, nothing of the customer left', async () => {
    const appSecret = 'erasure-crash-app-secret';
    sim = await buildSimulator({ appSecret, logger: pino({ level: 'silent' }) });
    const simUrl = await sim.app.listen({ port: 0, host: '127.0.0.1' });
    const port = await freePort();
    const database = await freshDatabase();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WHATSAPP_GRAPH_URL: `${simUrl}/v23.0`,
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_VERIFY_TOKEN: 'verify',
      JOB_POLL_MS: '50',
      ...database.env,
    };
    const config = loadConfig(env);
    const admin = await buildDeps(config, { role: 'admin', logger: pino({ level: 'silent' }) });
    const account = await admin.accounts.createAccount({ name: 'Erasure Crash Co' });
    const { key } = await admin.keys.createKey({ accountId: account.id, mode: 'live', rateLimit: 10_000 });
    await admin.close();
    const customer = {
      phone: '+16505557311',
      name: 'Evangeline Pumpernickel',
      phrase: 'quasar lemonade',
      messages: 20_000,
      inbound: 5_000,
    };
    const { contactId } = await seedCustomer(
      config.database,
      account.id,
      account.phoneNumbers[0]!.phoneNumberId,
      customer,
    );

    const base = `http://127.0.0.1:${port}/v1`;
    const api = async (method: string, url: string) => {
      const res = await fetch(`${base}${url}`, { method, headers: { 'x-api-key': key } });
      return { status: res.status, body: (await res.json()) as any };
    };
    let service = startProcess(env);
    try {
      await service.waitFor(/listening/, 30_000);
      const asked = await api('POST', `/contacts/${contactId}/erase`);
      assert.equal(asked.status, 202, JSON.stringify(asked.body));
      // Killed once some of it is done, not all.
      const midway = await eventually(async () => {
        const e = (await api('GET', `/erasures/${asked.body.id}`)).body;
        return e.progress.messages > 0 && e.status !== 'completed' && e;
      }, 60_000);
      service.kill('SIGKILL');
      await service.exited;
      assert.ok(midway.progress.messages < customer.messages, JSON.stringify(midway.progress));

      service = startProcess(env);
      await service.waitFor(/listening/, 30_000);
      const partial = (await api('GET', `/erasures/${asked.body.id}`)).body;
      assert.notEqual(partial.status, 'completed', 'the kill stopped it before the end');
      const done = await eventually(async () => {
        const e = (await api('GET', `/erasures/${asked.body.id}`)).body;
        return e.status === 'completed' && e;
      }, 120_000);
      assert.equal(done.erased, 1);
      assert.equal(done.progress.messages, customer.messages, 'each message emptied once');
      assert.equal(done.progress.inboundMessages, customer.inbound);
      assert.equal(done.progress.statusReports, customer.messages);
      assert.equal(done.progress.events, customer.messages / 10);
      assert.equal((await api('GET', `/contacts/${contactId}`)).status, 404);
    } finally {
      await service.stop();
    }
    // The scrub the service runs hourly after erasures (privacy/erasure/scrub.ts), run now.
    const operator = await buildDeps(config, { role: 'admin', logger: pino({ level: 'silent' }) });
    const scrubbed = await operator.scrubAfterErasures();
    await operator.close();
    assert.deepEqual([scrubbed.vacuumed, scrubbed.erasures], DIALECT === 'sqlite' ? [true, 1] : [false, 0]);

    // At rest, after the service stopped: nothing of them.
    const needles = [customer.phone, customer.phone.slice(1), customer.name, customer.phrase];
    let places: { name: string; bytes: Buffer }[];
    if (DIALECT === 'sqlite') {
      const file = path.join(dataDir, 'tidings.sqlite');
      places = [file, `${file}-wal`]
        .filter((f) => fs.existsSync(f))
        .map((f) => ({ name: path.basename(f), bytes: fs.readFileSync(f) }));
    } else {
      const schema = /search_path=(\S+)/.exec(
        new URL((env as Record<string, string>).DATABASE_URL!).searchParams.get('options') ?? '',
      )![1]!;
      places = [
        {
          name: 'pg_dump',
          bytes: execFileSync(
            'pg_dump',
            ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'test', '-n', schema, '-n', `${schema}_pgboss`],
            { maxBuffer: 1 << 30 },
          ),
        },
      ];
    }
    const found = places.flatMap(({ name, bytes }) =>
      needles
        .flatMap((n) => [n, n.toLowerCase()])
        .filter((n) => bytes.includes(Buffer.from(n)))
        .map((n) => `${n} in ${name}`),
    );
    assert.deepEqual(found, []);
  });
});
