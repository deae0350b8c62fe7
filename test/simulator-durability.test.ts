/**
 * The simulator keeps what Meta would not lose (issue 22, item 3), tested on real processes: status
 * reports still scheduled and webhooks still being retried when the process is killed with SIGKILL
 * are delivered once it runs again on the same state file (Meta retries a webhook for up to 7 days,
 * docs/platform.md §4.8), and a damaged state file stops the start with one line that names it,
 * through `npm run simulator` and `npm start` alike, the file left as it was.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { verifyHubSignature } from '../src/lib/crypto.js';
import { simulatorAccessToken } from '../src/lib/simulated-identity.js';
import { buildSimulator } from '../src/simulator/app.js';
import { freshDatabase } from './database.js';
import { eventually, fixture, valueOf } from './helpers.js';
import { freePort, startProcess, type ServiceProcess } from './process.js';

const SECRET = 'durability-test-secret';
const WABA = '102290129340398';
const PNID = '106540352242922';
const TOKEN = `Bearer ${simulatorAccessToken(SECRET, WABA)}`;
const SIMULATOR = [process.execPath, '--import', 'tsx', 'src/simulator/main.ts'];

/** A Meta webhook receiver: verifies `X-Hub-Signature-256`, answers `answer`, keeps every POST. */
async function startMetaReceiver() {
  const posts: { body: any; valid: boolean; answered: number }[] = [];
  const receiver = { url: '', answer: 200, posts };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      posts.push({
        body: JSON.parse(raw.toString('utf8')),
        valid: verifyHubSignature(raw, req.headers['x-hub-signature-256'] as string, SECRET),
        answered: receiver.answer,
      });
      res.writeHead(receiver.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    receiver,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('simulator durability', () => {
  let dir: string;
  let meta: Awaited<ReturnType<typeof startMetaReceiver>>;
  const running: ServiceProcess[] = [];

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-durable-'));
    meta = await startMetaReceiver();
  });
  after(async () => {
    for (const p of running) await p.stop();
    await meta.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** `npm run simulator` on `stateFile`, resolved once it listens. */
  async function simulator(stateFile: string, port: number) {
    const env = {
      SIMULATOR_PORT: String(port),
      HOST: '127.0.0.1',
      WHATSAPP_APP_SECRET: SECRET,
      SIMULATOR_WEBHOOK_URL: meta.receiver.url,
      SIMULATOR_STATE_FILE: stateFile,
      LOG_LEVEL: 'info',
    };
    const p = startProcess(env, SIMULATOR);
    running.push(p);
    await p.waitFor(/Cloud API simulator listening/, 30_000);
    return p;
  }
  const call = async (
    base: string,
    method: string,
    url: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  /** The statuses the receiver took (answered 200), as `wamid status`. */
  const taken = () =>
    meta.receiver.posts
      .filter((p) => p.answered === 200)
      .flatMap((p) => (valueOf(p.body).statuses ?? []).map((s: any) => `${s.id} ${s.status}`));

  it('delivers, after a restart on the same state file, the status reports and the refused webhook it owed when killed with SIGKILL', async () => {
    const stateFile = path.join(dir, 'owed.json');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await simulator(stateFile, port);
    // Long delays: every report is still scheduled when the process dies.
    assert.equal(
      (
        await call(base, 'PUT', '/_simulator/config', {
          latencyMs: 0,
          deliveryDelaysMs: { sent: 1500, delivered: 2500, read: 3000 },
        })
      ).status,
      200,
    );
    // The receiver is down: the customer's message is refused, and waits to be retried.
    meta.receiver.answer = 500;
    const inbound = await call(base, 'POST', '/_simulator/inbound', {
      from: '+16505551234',
      to: PNID,
      text: 'hello',
      wait: false,
    });
    const inboundIn = (answered: number) =>
      meta.receiver.posts.some(
        (p) => p.answered === answered && valueOf(p.body).messages?.[0]?.id === inbound.body.wamid,
      );
    await eventually(async () => inboundIn(500));
    const wamids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const send = await call(
        base,
        `POST`,
        `/v23.0/${PNID}/messages`,
        { messaging_product: 'whatsapp', to: '16505551234', type: 'text', text: { body: `order ${i}` } },
        { authorization: TOKEN },
      );
      assert.equal(send.status, 200, JSON.stringify(send.body));
      wamids.push(send.body.messages[0].id);
    }
    first.kill('SIGKILL');
    assert.equal((await first.exited).signal, 'SIGKILL');
    assert.deepEqual(taken(), [], 'nothing was reported before the kill');
    assert.equal(inboundIn(200), false);

    meta.receiver.answer = 200;
    const second = await simulator(stateFile, port);
    const expected = wamids.flatMap((w) => ['sent', 'delivered', 'read'].map((s) => `${w} ${s}`)).sort();
    await eventually(async () => expected.every((e) => taken().includes(e)), 20_000);
    await eventually(async () => inboundIn(200));
    assert.ok(
      meta.receiver.posts.every((p) => p.valid),
      'every webhook signed',
    );
    assert.deepEqual([...new Set(taken())].sort(), expected);
    await second.stop();
  });

  it("keeps what a call was answered about through a SIGKILL right after the answer: a template in review, a customer's window, the config", async () => {
    const stateFile = path.join(dir, 'answered.json');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await simulator(stateFile, port);
    await call(base, 'PUT', '/_simulator/config', {
      latencyMs: 0,
      reviewDelayMs: 1000,
      deliveryDelaysMs: { sent: 100, delivered: 200, read: 300 },
    });
    await call(base, 'POST', '/_simulator/inbound', { from: '+16505552222', to: PNID, text: 'hi', wait: false });
    const template = await call(
      base,
      'POST',
      `/v23.0/${WABA}/message_templates`,
      { ...fixture('template-create-request-positional-params.json'), name: 'kept_through_a_kill' },
      { authorization: TOKEN },
    );
    assert.equal(template.body.status, 'PENDING', JSON.stringify(template.body));
    first.kill('SIGKILL');
    await first.exited;

    const second = await simulator(stateFile, port);
    const approved = () =>
      meta.receiver.posts.some(
        (p) => String(valueOf(p.body).message_template_id) === template.body.id && valueOf(p.body).event === 'APPROVED',
      );
    await eventually(async () => approved());
    const send = await call(
      base,
      'POST',
      `/v23.0/${PNID}/messages`,
      { messaging_product: 'whatsapp', to: '16505552222', type: 'text', text: { body: 'inside the window' } },
      { authorization: TOKEN },
    );
    const wamid = send.body.messages[0].id;
    await eventually(async () => taken().includes(`${wamid} read`));
    assert.ok(!taken().includes(`${wamid} failed`), 'the window opened before the kill is still open');
    await second.stop();
  });

  it('sends the reports due while it was down at once, in their order, timestamped when they were due, and drops a torn last journal line', async () => {
    const stateFile = path.join(dir, 'late.json');
    const silent = pino({ level: 'silent' });
    const first = await buildSimulator({ appSecret: SECRET, webhookUrl: meta.receiver.url, stateFile, logger: silent });
    const base = await first.app.listen({ port: 0, host: '127.0.0.1' });
    await call(base, 'PUT', '/_simulator/config', {
      latencyMs: 0,
      webhookBatchSize: 100,
      webhookBatchMs: 50,
      deliveryDelaysMs: { sent: 60_000, delivered: 61_000, read: 62_000 },
    });
    await call(base, 'POST', '/_simulator/inbound', { from: '+16505557777', to: PNID, text: 'hi' });
    const text = (to: string) =>
      call(
        base,
        'POST',
        `/v23.0/${PNID}/messages`,
        { messaging_product: 'whatsapp', to, type: 'text', text: { body: 'x' } },
        { authorization: TOKEN },
      );
    const failed = await text('16505550001'); // 131026: one `failed` report
    const ok = await text('16505557777');
    await first.close();
    // As if the simulator had been down for two minutes: every report is late.
    const data = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    for (const entry of data.owed.entries) entry.at -= 120_000;
    fs.writeFileSync(stateFile, JSON.stringify(data));
    fs.writeFileSync(`${stateFile}.wal.${data.journalFrom}`, '{"op":"done","ids":["');
    const due = new Map<string, number>(
      data.owed.entries.map((e: any) => [`${e.wamid} ${e.status}`, Math.floor(e.at / 1000)]),
    );
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });
    const second = await buildSimulator({ appSecret: SECRET, webhookUrl: meta.receiver.url, stateFile, logger });
    try {
      const ours = (p: { body: any }) =>
        (valueOf(p.body).statuses ?? []).filter((st: any) => due.has(`${st.id} ${st.status}`));
      const post = await eventually(async () => meta.receiver.posts.find((p) => ours(p).length > 0));
      const statuses = ours(post);
      assert.deepEqual(
        statuses.map((st: any) => `${st.id} ${st.status}`),
        [
          `${failed.body.messages[0].id} failed`,
          ...['sent', 'delivered', 'read'].map((st) => `${ok.body.messages[0].id} ${st}`),
        ],
        'one batch, in order',
      );
      for (const st of statuses)
        assert.equal(Number(st.timestamp), due.get(`${st.id} ${st.status}`), 'timestamped when it was due');
      assert.ok(
        warnings.some((w) => /torn last line/.test(w)),
        warnings.join('\n'),
      );
    } finally {
      await second.close();
    }
  });

  it('drops a webhook not answered 200 within webhookRetryMs, with a log line', async () => {
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });
    const sim = await buildSimulator({ appSecret: SECRET, webhookUrl: meta.receiver.url, logger });
    try {
      const base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
      await call(base, 'PUT', '/_simulator/config', { webhookRetryMs: 500 });
      meta.receiver.answer = 500;
      await call(base, 'POST', '/_simulator/inbound', { from: '+16505551239', to: PNID, text: 'lost', wait: false });
      await eventually(async () =>
        warnings.includes('simulator webhook dropped: not answered 200 within webhookRetryMs'),
      );
      assert.equal(sim.state.outbox.size, 0);
    } finally {
      meta.receiver.answer = 200;
      await sim.close();
    }
  });

  it('refuses a truncated or malformed state file with one line naming it, and leaves the file as it was', async () => {
    const valid = JSON.stringify({
      config: { review: 'auto' },
      numbers: [{ phoneNumberId: PNID, wabaId: WABA, displayPhoneNumber: '15550783881' }],
      windows: {},
      messages: [],
    });
    const cases = [
      ['truncated.json', valid.slice(0, 60)],
      ['empty.json', ''],
      ['a-list.json', '[]'],
      ['wrong-shape.json', JSON.stringify({ config: {}, numbers: { '1': 'x' } })],
    ] as const;
    for (const [name, content] of cases) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      const p = startProcess(
        {
          SIMULATOR_PORT: String(await freePort()),
          HOST: '127.0.0.1',
          WHATSAPP_APP_SECRET: SECRET,
          SIMULATOR_STATE_FILE: file,
          LOG_LEVEL: 'info',
        },
        SIMULATOR,
      );
      running.push(p);
      assert.equal(await exitCode(p, /Cloud API simulator listening/), 1, `${name}: ${p.output()}`);
      assertOneLineNaming(p.output(), file);
      assert.equal(fs.readFileSync(file, 'utf8'), content, `${name} left untouched`);
    }
  });

  it("stops `npm start` with one line naming the embedded simulator's damaged state file", async () => {
    const dataDir = path.join(dir, 'data');
    fs.mkdirSync(dataDir);
    const file = path.join(dataDir, 'simulator-state.json');
    const content = '{"config":{"review":"auto"},"numbers":[{"phoneNumberId":"1065403522';
    fs.writeFileSync(file, content);
    const env = {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      SIMULATOR_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ...(await freshDatabase()).env,
    };
    const p = startProcess(env);
    running.push(p);
    assert.equal(await exitCode(p, /Tidings is listening/), 1, p.output());
    assertOneLineNaming(p.output(), file);
    assert.equal(fs.readFileSync(file, 'utf8'), content);
  });
});

/** The code the process exited with, or `started` when it went on to print `listening` instead. */
function exitCode(p: ServiceProcess, listening: RegExp): Promise<number | null | 'started'> {
  const started = p.waitFor(listening, 120_000).then(
    () => 'started' as const,
    () => new Promise<never>(() => {}),
  );
  return Promise.race([p.exited.then((e) => e.code), started]);
}

/** The output holds no stack trace, and one line that names `file` and says what to do. */
function assertOneLineNaming(output: string, file: string): void {
  assert.doesNotMatch(output, /\n\s+at /, `no stack trace:\n${output}`);
  const line = output.split('\n').find((l) => l.includes(file));
  assert.ok(line, `a line naming ${file}:\n${output}`);
  assert.match(line, /^Cannot start: .*restore it .*or delete it/i);
}
