/**
 * Backups (issue 14, item 5): `tidings backup FILE` of a live SQLite service while messages are being
 * accepted, `tidings restore FILE` into another data directory, and the restored service serving
 * every message whose send was answered 201 before the backup began. The CLI runs as an operator
 * runs it (`bin/tidings.js`, on the build); the services are real processes.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DIALECT, freshDatabase } from './database.js';
import { ROOT } from './helpers.js';
import { freePort, startFirstRun, startProcess } from './process.js';

/** Runs the admin CLI with `env`; resolves with its exit code and output (never rejects). */
function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'bin/tidings.js'), ...args],
      { cwd: ROOT, env: { ...process.env, ...env } },
      (error, out, err) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out, err });
      },
    );
  });
}

describe('backup and restore', () => {
  const dirs: string[] = [];
  const dir = (prefix: string) => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
  before(() => {
    // The CLI runs from the build (`npm test` builds first; a single file run may not have).
    execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'ignore' });
  });
  after(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('refuses on PostgreSQL, pointing to pg_dump', { skip: DIALECT !== 'postgres' }, async () => {
    const env = { DATA_DIR: dir('tidings-backup-pg-'), ...(await freshDatabase()).env };
    const backup = await cli(env, 'backup', path.join(dir('tidings-backup-pg-'), 'b.sqlite'));
    assert.equal(backup.code, 1);
    assert.match(backup.err, /works on SQLite.*pg_dump/);
    const json = await cli(env, 'restore', '/nonexistent', '--json');
    assert.equal(JSON.parse(json.err).error.code, 'postgres_not_supported');
  });

  it('copies a live database under write load; the restored service serves every message answered before the backup began', {
    skip: DIALECT !== 'sqlite',
  }, async (t) => {
    const sourceDir = dir('tidings-backup-source-');
    const run = await startFirstRun({ DATA_DIR: sourceDir, LOG_LEVEL: 'warn' });
    const headers = { 'x-api-key': run.liveKey, 'content-type': 'application/json' };
    const backupFile = path.join(dir('tidings-backup-target-'), 'nightly', 'tidings.sqlite');
    let restored: ReturnType<typeof startProcess> | null = null;
    try {
      // A stored file, and a customer who wrote in (the window is open for live text sends).
      const form = new FormData();
      form.append(
        'file',
        new Blob([Buffer.from('%PDF-1.4\nreceipt 1042\n%%EOF\n')], { type: 'application/pdf' }),
        'receipt.pdf',
      );
      const upload = await fetch(`${run.url}/v1/media/`, {
        method: 'POST',
        headers: { 'x-api-key': run.liveKey },
        body: form,
      });
      assert.equal(upload.status, 201);
      const media = (await upload.json()) as { id: string };
      const inbound = await fetch(`${run.simulatorUrl}/_simulator/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: '+16505551234', to: run.phoneNumberId, text: 'hi' }),
      });
      assert.equal(inbound.status, 200);

      // Writers: four clients sending one message after another until told to stop.
      const accepted: { id: string; at: number }[] = [];
      let writing = true;
      let n = 0;
      const writer = async () => {
        while (writing) {
          const res = await fetch(`${run.url}/v1/messages/`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ to: '+16505551234', type: 'text', text: `Update ${++n}` }),
          });
          if (res.status === 429) {
            // Over the number's throughput (80 messages/s): wait as a client would.
            await res.arrayBuffer();
            await new Promise((r) => setTimeout(r, 50));
            continue;
          }
          assert.equal(res.status, 201, await res.clone().text());
          accepted.push({ id: ((await res.json()) as { id: string }).id, at: Date.now() });
        }
      };
      const writers = Promise.all([writer(), writer(), writer(), writer()]);
      writers.catch(() => {}); // awaited below
      while (accepted.length < 40) await new Promise((r) => setImmediate(r));

      const began = Date.now();
      const before = accepted.filter((m) => m.at < began).map((m) => m.id);
      const countAtStart = accepted.length;
      const backup = await cli({ DATA_DIR: sourceDir }, 'backup', backupFile);
      const duringBackup = accepted.length - countAtStart;
      const backupMs = Date.now() - began;
      writing = false;
      await writers;
      assert.equal(backup.code, 0, backup.err);
      assert.match(backup.out, /Backed up the database to .*tidings\.sqlite/);
      assert.match(backup.out, /Media: 1 files/);
      t.diagnostic(
        `${before.length} messages answered before the backup began, ${duringBackup} while it ran (${backupMs} ms)`,
      );
      assert.ok(duringBackup > 0, 'messages were accepted while the backup ran');
      assert.equal((fs.statSync(backupFile).mode & 0o777).toString(8), '600');
      assert.equal((fs.statSync(`${backupFile}.media`).mode & 0o777).toString(8), '700');
      assert.ok(fs.existsSync(`${backupFile}.secrets.json`));
      // Never over an existing backup.
      const again = await cli({ DATA_DIR: sourceDir }, 'backup', backupFile);
      assert.equal(again.code, 1);
      assert.match(again.err, /already exists/);
      await run.service.stop();

      // Restore into a fresh data directory, then start a service on it.
      const restoredDir = dir('tidings-backup-restored-');
      const restore = await cli({ DATA_DIR: restoredDir }, 'restore', backupFile);
      assert.equal(restore.code, 0, restore.err);
      assert.match(restore.out, /Restored .*tidings\.sqlite/);
      const port = await freePort();
      restored = startProcess({
        DATA_DIR: restoredDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        SIMULATOR_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
      });
      await restored.waitFor(/Tidings is listening/);
      const url = `http://127.0.0.1:${port}`;

      // Every message answered before the backup began, by the same key.
      const missing: string[] = [];
      for (const id of before) {
        const res = await fetch(`${url}/v1/messages/${id}`, { headers: { 'x-api-key': run.liveKey } });
        if (res.status !== 200) missing.push(`${id}: ${res.status}`);
      }
      assert.deepEqual(missing, [], `${missing.length} of ${before.length} messages are missing`);
      const listed = (await (
        await fetch(`${url}/v1/messages?limit=100`, { headers: { 'x-api-key': run.liveKey } })
      ).json()) as { data: unknown[] };
      assert.ok(listed.data.length >= before.length);
      // The stored file came back with the database that names it.
      const file = await fetch(`${url}/v1/media/${media.id}`, { headers: { 'x-api-key': run.liveKey } });
      assert.equal(file.status, 200);
      assert.equal(
        fs.readFileSync(path.join(restoredDir, 'media', media.id), 'utf8'),
        '%PDF-1.4\nreceipt 1042\n%%EOF\n',
      );

      // A restore over the database of a running service is refused, and changes nothing.
      const refused = await cli({ DATA_DIR: restoredDir }, 'restore', backupFile, '--json');
      assert.equal(refused.code, 1);
      assert.equal(JSON.parse(refused.err).error.code, 'database_in_use');
      assert.equal(
        (await fetch(`${url}/v1/messages/${before[0]}`, { headers: { 'x-api-key': run.liveKey } })).status,
        200,
      );
      assert.deepEqual(
        fs.readdirSync(restoredDir).filter((f) => f.includes('before-restore')),
        [],
      );
    } finally {
      await run.service.stop();
      await restored?.stop();
    }
  });

  it('restores over a stopped service, moving what it replaces aside; refuses what is not a backup', {
    skip: DIALECT !== 'sqlite',
  }, async () => {
    const dataDir = dir('tidings-restore-over-');
    const backupDir = dir('tidings-restore-backup-');
    const notABackup = path.join(backupDir, 'notes.txt');
    fs.writeFileSync(notABackup, 'not a database');
    const invalid = await cli({ DATA_DIR: dataDir }, 'restore', notABackup);
    assert.equal(invalid.code, 1);
    assert.match(invalid.err, /is not a Tidings backup/);

    const run = await startFirstRun({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    const backupFile = path.join(backupDir, 'b.sqlite');
    try {
      // A link placed where the copy is written first is refused, never followed.
      const victim = path.join(backupDir, 'victim.txt');
      fs.writeFileSync(victim, 'keep me');
      fs.symlinkSync(victim, path.join(backupDir, 'trap.sqlite.partial'));
      const trapped = await cli({ DATA_DIR: dataDir }, 'backup', path.join(backupDir, 'trap.sqlite'));
      assert.deepEqual([trapped.code, fs.readFileSync(victim, 'utf8')], [1, 'keep me']);
      assert.match(trapped.err, /trap\.sqlite\.partial exists and is not a plain file/);
      assert.equal((await cli({ DATA_DIR: dataDir }, 'backup', backupFile)).code, 0);
      assert.equal(fs.statSync(backupFile).mode & 0o777, 0o600);
    } finally {
      await run.service.stop();
    }
    const restore = await cli({ DATA_DIR: dataDir }, 'restore', backupFile, '--json');
    assert.equal(restore.code, 0, restore.err);
    const report = JSON.parse(restore.out);
    assert.deepEqual(
      report.movedAside.map((p: string) => path.basename(p).replace(/-before-restore.*|\.before-restore.*/, '')).sort(),
      ['media', 'tidings.sqlite'],
    );
    for (const p of report.movedAside) assert.ok(fs.existsSync(p), p);
    assert.equal(report.database.file, path.join(dataDir, 'tidings.sqlite'));
  });
});
