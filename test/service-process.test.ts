/**
 * The service as an OS process, started as `npm start` starts it (embedded simulator, a first run
 * on an empty database): it stays up under hostile input, and its log never holds a secret
 * (security issue 10, findings 1 and 4).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freshDatabase } from './database.js';
import { freePort, startFirstRun, startProcess } from './process.js';

describe('the service process', () => {
  let run: Awaited<ReturnType<typeof startFirstRun>>;
  let dataDir: string;
  let verifyToken: string;
  let databaseEnv: Record<string, string>;

  before(async () => {
    // A data directory that does not exist yet: the service creates it.
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-process-')), 'data');
    databaseEnv = (await freshDatabase()).env;
    run = await startFirstRun({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...databaseEnv });
    // Generated on a first run for the embedded simulator, and kept in the data directory.
    verifyToken = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).verifyToken;
  });
  after(async () => {
    await run?.service.stop();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('stays up and keeps answering /health while the worst template body is validated over and over', async () => {
    const body = JSON.stringify({
      name: 'x',
      category: 'UTILITY',
      language: 'en_US',
      body: 'Hello there {{999999999999999999999}} friend',
    });
    const validate = async () => {
      const res = await fetch(`${run.url}/v1/templates/validate`, {
        method: 'POST',
        headers: { 'x-api-key': run.testKey, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      assert.equal(res.status, 200);
      assert.ok(text.length < 4096, `a ${text.length}-byte answer`);
      assert.equal(JSON.parse(text).valid, false);
    };
    let attacking = true;
    const health: number[] = [];
    const probe = (async () => {
      while (attacking) {
        const res = await fetch(`${run.url}/health`, { signal: AbortSignal.timeout(10_000) });
        health.push(res.status);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    try {
      for (let round = 0; round < 20; round++) await Promise.all(Array.from({ length: 10 }, validate));
    } finally {
      attacking = false;
    }
    await probe;
    assert.ok(health.length > 0);
    assert.ok(
      health.every((s) => s === 200),
      `health answers: ${health.join(',')}`,
    );
  });

  it('never writes a secret to its log: not the verify token of the handshake, not a key put in a query string', async () => {
    const handshake = await fetch(
      `${run.url}/platform/whatsapp/webhook?hub.mode=subscribe&hub.challenge=4242&hub.verify_token=${verifyToken}`,
    );
    assert.equal(await handshake.text(), '4242');
    // Refused (an unknown query parameter), and logged all the same.
    const listed = await fetch(`${run.url}/v1/messages?api_key=${run.liveKey}&limit=1`, {
      headers: { 'x-api-key': run.liveKey },
    });
    assert.equal(listed.status, 400);
    // The log line of each request is written when it has been answered.
    await run.service.waitFor(/"path":"\/v1\/messages".*"query":"api_key,limit"/);
    const log = run.service.output();
    assert.match(log, /"path":"\/platform\/whatsapp\/webhook","query":"hub.mode,hub.challenge,hub.verify_token"/);
    assert.equal(log.includes(verifyToken), false, 'the verify token is in the log');
    // The banner prints the demo keys once, on purpose; after it, no key may appear.
    const afterBanner = log.slice(log.indexOf('business phone number id'));
    assert.equal(afterBanner.includes(run.liveKey), false, 'the API key is in the log');
    assert.equal(afterBanner.includes(run.testKey), false, 'the test key is in the log');
  });

  it('creates its data files readable by its own user only (0600, directories 0700)', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'receipt.pdf');
    const uploaded = await fetch(`${run.url}/v1/media/`, {
      method: 'POST',
      headers: { 'x-api-key': run.liveKey },
      body: form,
    });
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    const { id } = (await uploaded.json()) as { id: string };
    const mode = (file: string) => (fs.statSync(path.join(dataDir, file)).mode & 0o777).toString(8);
    assert.equal(mode('.'), '700');
    assert.equal(mode('secrets.json'), '600');
    assert.equal(mode('media'), '700');
    assert.equal(mode(`media/${id}`), '600');
    const databaseFiles = fs.readdirSync(dataDir).filter((f) => f.startsWith('tidings.sqlite'));
    if (!process.env.TIDINGS_TEST_DB || process.env.TIDINGS_TEST_DB === 'sqlite')
      assert.ok(databaseFiles.includes('tidings.sqlite-wal'), databaseFiles.join());
    for (const file of databaseFiles) assert.equal(mode(file), '600', file);
  });

  it('stops with one line naming every port that is taken, and one command whose ports are free, not a stack trace', async () => {
    const port = (url: string) => new URL(url).port;
    // Both ports the running service holds, at once: one start names both (it named one a start).
    const taken = startProcess({
      DATA_DIR: dataDir,
      ...databaseEnv,
      HOST: '127.0.0.1',
      PORT: port(run.url),
      SIMULATOR_PORT: port(run.simulatorUrl),
    });
    assert.equal((await taken.exited).code, 1);
    const line = new RegExp(
      `Cannot start: port ${port(run.url)} \\(PORT\\) and port ${port(run.simulatorUrl)} \\(SIMULATOR_PORT\\) are already in use .*: PORT=(\\d+) SIMULATOR_PORT=(\\d+) npm start\n`,
    );
    const [, servicePort, simulatorPort] = taken.output().match(line) ?? assert.fail(taken.output());
    assert.doesNotMatch(taken.output(), /\n\s+at /, 'no stack trace');
    assert.equal(taken.output().trim().split('\n').length, 1, 'one line');
    // The command it gives works: a service starts on those ports.
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-ports-'));
    const again = startProcess({
      DATA_DIR: otherDir,
      ...(await freshDatabase()).env,
      HOST: '127.0.0.1',
      PORT: servicePort!,
      SIMULATOR_PORT: simulatorPort!,
    });
    try {
      await again.waitFor(new RegExp(`Tidings is listening on http://localhost:${servicePort}`));
      assert.match(again.output(), new RegExp(`simulator on http://localhost:${simulatorPort}`));
    } finally {
      await again.stop();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('on a second start, prints the account and the command that makes a new key (keys are not shown again)', async () => {
    await run.service.stop();
    const again = startProcess({
      DATA_DIR: dataDir,
      ...databaseEnv,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      SIMULATOR_PORT: String(await freePort()),
    });
    try {
      const [line, accountId] = await again.waitFor(/npx tidings keys create --account (acc_\w+) --mode live/);
      assert.ok(line);
      assert.match(
        again.output(),
        new RegExp(`${accountId}\\s+Demo\\s+business phone number id: ${run.phoneNumberId}`),
      );
      assert.equal(again.output().includes(run.liveKey), false);
    } finally {
      await again.stop();
    }
  });

  it('refuses to start, in one line saying what to do, when secrets.json is gone and the database holds credentials; it writes nothing', async () => {
    const file = path.join(dataDir, 'secrets.json');
    const kept = fs.readFileSync(file);
    fs.rmSync(file);
    try {
      const env = {
        DATA_DIR: dataDir,
        ...databaseEnv,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        SIMULATOR_PORT: String(await freePort()),
      };
      const missing = startProcess(env);
      assert.equal((await missing.exited).code, 1);
      assert.match(
        missing.output(),
        /Cannot start: .*secrets\.json is missing, and the database holds platform credentials .* set ENCRYPTION_KEY/,
      );
      assert.doesNotMatch(missing.output(), /\n\s+at /, 'no stack trace');
      assert.equal(fs.existsSync(file), false, 'no new secrets.json written over the lost one');
      // Another key set instead: named as the one that does not fit.
      const wrongKey = startProcess({ ...env, ENCRYPTION_KEY: 'a'.repeat(64) });
      assert.equal((await wrongKey.exited).code, 1);
      assert.match(wrongKey.output(), /Cannot start: ENCRYPTION_KEY does not decrypt the platform credentials/);
    } finally {
      fs.writeFileSync(file, kept, { mode: 0o600 });
    }
  });
});
