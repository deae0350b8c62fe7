/**
 * The log of a real run (issue 14, item 4): JSON lines that say which request, account and message
 * each is about, and never a credential or what anyone wrote. The service runs as `npm start` runs
 * it, logging at `trace` (the most it ever writes), through sends that succeed and fail, a customer's
 * message, and webhook deliveries to an endpoint that fails and echoes what it got.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { serializeError, createLogger } from '../src/lib/log.js';
import { PlatformError } from '../src/platform/platform.js';
import { simulatorAccessToken } from '../src/lib/simulated-identity.js';
import { freshDatabase } from './database.js';
import { eventually } from './helpers.js';
import { startFirstRun } from './process.js';

const OUTBOUND_TEXT = 'Your parcel code is PARCEL-7731-ZQ';
const FAILED_TEXT = 'Your refund code is REFUND-2290-XK';
const INBOUND_TEXT = 'My door code is DOOR-5518-WV';

describe('the log of a real run', () => {
  let run: Awaited<ReturnType<typeof startFirstRun>>;
  let dataDir: string;
  let receiver: http.Server;
  const received: string[] = [];

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-logs-'));
    // A webhook receiver that fails every delivery and echoes the event back in its answer.
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(body);
        res.writeHead(500, { 'content-type': 'application/json' }).end(body);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    run = await startFirstRun({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      ...(await freshDatabase()).env,
    });
  });
  after(async () => {
    await run?.service.stop();
    receiver?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${run.url}${url}`, {
      method,
      headers: { 'x-api-key': run.liveKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const simulator = (method: string, url: string, body: unknown) =>
    fetch(`${run.simulatorUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('holds request, account and message ids, and no key, token, secret or message text', async () => {
    const { port } = receiver.address() as { port: number };
    const endpoint = await api('POST', '/v1/webhook_endpoints', {
      url: `http://127.0.0.1:${port}/hook`,
      events: ['*'],
    });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
    const webhookSecret: string = endpoint.body.secret;
    assert.match(webhookSecret, /^whsec_/);

    const inbound = await simulator('POST', '/_simulator/inbound', {
      from: '+16505551234',
      to: run.phoneNumberId,
      text: INBOUND_TEXT,
    });
    assert.equal(inbound.status, 200);
    const sent = await api('POST', '/v1/messages/', { to: '+16505551234', type: 'text', text: OUTBOUND_TEXT });
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    // The platform refuses the next send when its turn comes (131030: not in the allowed list).
    assert.equal((await simulator('PUT', '/_simulator/config', { errorRate: 1, errorCode: 131030 })).status, 200);
    const failed = await api('POST', '/v1/messages/', { to: '+16505551234', type: 'text', text: FAILED_TEXT });
    assert.equal(failed.status, 201, JSON.stringify(failed.body));
    const failedMessage = await eventually(async () => {
      const m = (await api('GET', `/v1/messages/${failed.body.id}`)).body;
      return m.status === 'failed' && m;
    });
    await simulator('PUT', '/_simulator/config', { errorRate: 0, errorCode: 131000 });

    // Deliveries of events carrying the texts were attempted (and refused, answer echoed).
    await eventually(
      async () => received.some((b) => b.includes(OUTBOUND_TEXT)) && received.some((b) => b.includes(INBOUND_TEXT)),
    );
    await run.service.waitFor(/event delivery attempt failed/, 15_000);
    await run.service.waitFor(new RegExp(`"messageId":"${failedMessage.id}"`), 15_000);

    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    const state = (await (await fetch(`${run.simulatorUrl}/_simulator/state`)).json()) as {
      numbers: { phoneNumberId: string; wabaId: string }[];
    };
    const wabaId = state.numbers.find((n) => n.phoneNumberId === run.phoneNumberId)!.wabaId;
    const accessToken = simulatorAccessToken(secrets.appSecret, wabaId);

    // The banner prints the demo keys once, on purpose; the log is what follows.
    const log = run.service.output().slice(run.service.output().indexOf('business phone number id'));
    const forbidden: Record<string, string> = {
      'the live API key': run.liveKey,
      'the test API key': run.testKey,
      'the access token': accessToken,
      'the app secret': secrets.appSecret,
      'the verify token': secrets.verifyToken,
      'the webhook endpoint secret': webhookSecret,
      'the text sent': OUTBOUND_TEXT,
      'the text of the failed send': FAILED_TEXT,
      "the customer's text": INBOUND_TEXT,
    };
    for (const [what, value] of Object.entries(forbidden))
      assert.equal(log.includes(value), false, `${what} is in the log`);
    // Distinctive parts too: a log that cut a value in pieces would still leak it.
    for (const code of ['PARCEL-7731', 'REFUND-2290', 'DOOR-5518', webhookSecret.slice(6, 20)])
      assert.equal(log.includes(code), false, `${code} is in the log`);

    const lines = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    assert.ok(lines.length > 10, `${lines.length} log lines`);
    const sendLine = lines.find((l) => l.msg === 'request' && l.path === '/v1/messages/' && l.status === 201);
    assert.ok(sendLine, 'the access log has the send');
    assert.match(sendLine.reqId, /^req_/);
    assert.match(sendLine.accountId, /^acc_/);
    assert.match(sendLine.keyId, /^key_/);
    assert.equal(sendLine.messageId, sent.body.id);
    const failedLines = lines.filter((l) => l.messageId === failedMessage.id);
    assert.ok(
      failedLines.some((l) => l.msg !== 'request'),
      'the refusal at dispatch is logged with the message id',
    );
    const failedRequest = lines.find(
      (l) => l.msg === 'request' && l.path === '/v1/messages/' && l.messageId === failed.body.id,
    );
    assert.equal(failedRequest.accountId, sendLine.accountId);
    assert.match(failedRequest.reqId, /^req_/);
  });

  it('logs an error by its type, message and code, never the data it carries', () => {
    let written = '';
    const logger = createLogger('info', { write: (line: string) => void (written += line) });
    const platform = new PlatformError('refused', '(#131009) Parameter value is not valid', {
      code: 131009,
      details: `Parameter body text "${OUTBOUND_TEXT}" is invalid`,
    });
    const err = Object.assign(new Error('validation failed', { cause: platform }), {
      validation: [{ data: FAILED_TEXT }],
      body: { text: FAILED_TEXT },
    });
    logger.error(
      { err, text: INBOUND_TEXT, request: { body: { text: INBOUND_TEXT }, accessToken: 'EAAG-token' } },
      'unexpected error',
    );
    for (const value of [OUTBOUND_TEXT, FAILED_TEXT, INBOUND_TEXT, 'EAAG-token'])
      assert.equal(written.includes(value), false, `${value} in ${written}`);
    const line = JSON.parse(written);
    assert.equal(line.err.message, 'validation failed');
    assert.equal(line.err.cause.type, 'PlatformError');
    assert.equal(line.err.cause.code, 131009);
    assert.equal(line.err.cause.kind, 'refused');
    assert.deepEqual(serializeError('plain'), { type: 'string', message: 'plain' });
  });
});
