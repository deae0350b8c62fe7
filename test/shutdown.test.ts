/**
 * Graceful shutdown of the service as an OS process (issue 14, item 3): on SIGTERM readiness turns
 * 503 at once while the listener stays open, a request already in flight is still answered, and the
 * process exits within its bound, even when a request never finishes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { freshDatabase } from './database.js';
import { eventually } from './helpers.js';
import { startFirstRun } from './process.js';
import { tempUploads } from './factories.js';

/**
 * A media upload whose body is sent in two halves: the request is in flight at the service (its file
 * is being streamed to disk) until `finish()` sends the rest.
 */
function slowUpload(url: string, key: string) {
  const boundary = 'tidings-slow-upload';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const middle = Buffer.alloc(256 * 1024, 0x20);
  const tail = Buffer.from(`\n%%EOF\n\r\n--${boundary}--\r\n`);
  const request = http.request(`${url}/v1/media/`, {
    method: 'POST',
    headers: {
      'x-api-key': key,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + middle.length + tail.length,
    },
  });
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      res.on('error', reject);
    });
  });
  answer.catch(() => {}); // observed by the test when it matters
  request.write(Buffer.concat([head, middle]));
  return { answer, finish: () => request.end(tail) };
}

/** Files being uploaded right now (the service streams each into its folder under DATA_DIR/media/tmp). */
const uploading = (dataDir: string) => tempUploads(dataDir).length;

describe('graceful shutdown of the service process', () => {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(shutdownTimeoutMs: number) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-shutdown-'));
    dirs.push(dataDir);
    const run = await startFirstRun({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
      ...(await freshDatabase()).env,
    });
    return { run, dataDir };
  }

  it('answers /health/ready 503 at once on SIGTERM, still answers the request in flight, then exits 0 within its bound', async () => {
    const bound = 8000;
    const { run, dataDir } = await start(bound);
    try {
      const ready = await fetch(`${run.url}/health/ready`);
      assert.equal(ready.status, 200);

      const upload = slowUpload(run.url, run.liveKey);
      await eventually(async () => uploading(dataDir) === 1);

      const signalled = Date.now();
      run.service.kill('SIGTERM');
      const notReady = await eventually(async () => {
        const res = await fetch(`${run.url}/health/ready`);
        return res.status === 503 && ((await res.json()) as any);
      });
      assert.equal(notReady.status, 'not_ready');
      assert.deepEqual(notReady.checks.draining, { ok: false, error: 'shutting down' });
      assert.equal(notReady.checks.database.ok, true);
      // Alive, but taking no new work.
      assert.equal((await fetch(`${run.url}/health/live`)).status, 200);
      const refused = await fetch(`${run.url}/v1/messages`, { headers: { 'x-api-key': run.liveKey } });
      assert.equal(refused.status, 503);
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.equal(((await refused.json()) as any).error.code, 'service_unavailable');
      assert.equal(run.service.child.exitCode, null, 'it waits for the request in flight');

      upload.finish();
      const answered = await upload.answer;
      assert.equal(answered.status, 201, JSON.stringify(answered.body));
      assert.match(answered.body.id, /^med_/);

      const exit = await run.service.exited;
      assert.equal(exit.code, 0, run.service.output());
      assert.ok(Date.now() - signalled < bound, `exited ${Date.now() - signalled} ms after SIGTERM`);
      // The file it took is kept.
      assert.ok(fs.existsSync(path.join(dataDir, 'media', answered.body.id)));
    } finally {
      await run.service.stop();
    }
  });

  it('exits at its bound, with code 1, when a request in flight never finishes', async () => {
    const bound = 1500;
    const { run, dataDir } = await start(bound);
    try {
      const upload = slowUpload(run.url, run.liveKey);
      await eventually(async () => uploading(dataDir) === 1);
      const signalled = Date.now();
      run.service.kill('SIGTERM');
      const exit = await run.service.exited;
      const took = Date.now() - signalled;
      assert.equal(exit.code, 1, run.service.output());
      assert.ok(took >= bound - 100, `exited after ${took} ms, before its bound`);
      assert.ok(took < bound + 2000 + 1000, `exited after ${took} ms`);
      await assert.rejects(upload.answer, 'the connection of the unfinished request is closed');
      assert.match(run.service.output(), /requests still in flight at the shutdown bound/);
    } finally {
      await run.service.stop();
    }
  });
});
