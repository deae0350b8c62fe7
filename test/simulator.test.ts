// test-runner: no database
/**
 * The Cloud API simulator (docs/api.md §D12) on its own: Graph shapes compared with the platform
 * fixtures, signed webhooks to a real HTTP receiver, the window and failure rules, the control API
 * and the state file.
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
import { buildSimulator, simulatorAccessToken, type Simulator } from '../src/simulator/app.js';
import { bsuidFor } from '../src/simulator/users.js';
import { eventually, fixture, valueOf } from './helpers.js';

const SECRET = 'simulator-test-secret';
const PNID = '106540352242922';
const WABA = '102290129340398';
const TOKEN = `Bearer ${simulatorAccessToken(SECRET, WABA)}`;

/** Recursively the set of key paths of a JSON value (array items merged), for shape comparison. */
function shape(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((v) => shape(v, `${prefix}[]`)))];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [`${prefix}.${k}`, ...shape(v, `${prefix}.${k}`)]);
  }
  return [];
}

describe('Cloud API simulator', () => {
  let sim: Simulator;
  let base: string;
  let receiver: http.Server;
  const received: { body: any; valid: boolean }[] = [];
  let answer = 200;
  let stateFile: string;

  before(async () => {
    stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sim-')), 'state.json');
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        received.push({
          body: JSON.parse(raw.toString()),
          valid: verifyHubSignature(raw, req.headers['x-hub-signature-256'] as string, SECRET),
        });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    sim = await buildSimulator({
      appSecret: SECRET,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      stateFile,
      logger: pino({ level: 'silent' }),
    });
    base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
    // Meta's documented payloads predate BSUIDs; the conformance suite covers them with BSUIDs on.
    await control('PUT', '/_simulator/config', {
      deliveryDelaysMs: { sent: 10, delivered: 20, read: 30 },
      bsuid: false,
    });
  });
  after(async () => {
    await sim.close();
    receiver.close();
  });

  async function graph(body: unknown, token = TOKEN, pnid = PNID) {
    const res = await fetch(`${base}/v23.0/${pnid}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  async function control(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const text = (to: string, extra: object = {}) => ({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'text',
    text: { preview_url: false, body: 'hi' },
    ...extra,
  });
  const statusesFor = (wamid: string) =>
    received.flatMap((r) => valueOf(r.body).statuses ?? []).filter((s: any) => s.id === wamid);

  it('opens a window with an inbound message shaped like the platform fixture', async () => {
    const res = await control('POST', '/_simulator/inbound', {
      from: '+16505551234',
      to: PNID,
      text: 'Does it come in another color?',
    });
    assert.match(res.body.wamid, /^wamid\./);
    const hook = await eventually(async () =>
      received.find((r) => valueOf(r.body).messages?.[0]?.id === res.body.wamid),
    );
    assert.ok(hook.valid, 'signed with X-Hub-Signature-256 over the raw body');
    assert.deepEqual(shape(hook.body).sort(), shape(fixture('webhook-inbound-text.json')).sort());
  });

  it('answers a send like the platform and reports sent, delivered and read, signed and fixture-shaped', async () => {
    const res = await graph(text('+16505551234', { biz_opaque_callback_data: 'msg_123' }));
    assert.equal(res.status, 200);
    assert.deepEqual(shape(res.body).sort(), shape(fixture('send-message-response.json')).sort());
    assert.deepEqual(res.body.contacts[0], { input: '+16505551234', wa_id: '16505551234' });
    const wamid = res.body.messages[0].id;
    await eventually(async () => statusesFor(wamid).length === 3);
    const [sent, delivered, read] = statusesFor(wamid);
    assert.deepEqual([sent.status, delivered.status, read.status], ['sent', 'delivered', 'read']);
    assert.equal(sent.biz_opaque_callback_data, 'msg_123');
    assert.match(sent.timestamp, /^\d+$/);
    const sentHook = received.find((r) => valueOf(r.body).statuses?.[0] === sent)!;
    assert.ok(sentHook.valid);
    // Meta's documented sent status, without `conversation` (omitted since v24.0, see
    // webhook-status-minimal-v24.json), with the echoed `biz_opaque_callback_data`.
    const expected = [
      ...shape(fixture('webhook-status-sent.json')).filter((p) => !p.includes('conversation')),
      '.entry[].changes[].value.statuses[].biz_opaque_callback_data',
    ];
    assert.deepEqual(
      shape(sentHook.body)
        .filter((p) => !p.includes('conversation'))
        .sort(),
      expected.sort(),
    );
  });

  it('fails free-form sends outside the window with 131047, asynchronously like the platform', async () => {
    const res = await graph(text('+16505559999'));
    assert.equal(res.status, 200);
    const [failed] = await eventually(
      async () => statusesFor(res.body.messages[0].id).length > 0 && statusesFor(res.body.messages[0].id),
    );
    assert.equal(failed.status, 'failed');
    assert.deepEqual(
      shape({ errors: failed.errors }).sort(),
      shape({ errors: valueOf(fixture('webhook-status-failed-131047.json')).statuses[0].errors }).sort(),
    );
    assert.equal(failed.errors[0].code, 131047);
  });

  it('fails recipients ending 0001 with 131026', async () => {
    await control('POST', '/_simulator/inbound', { from: '+16505550001', to: PNID, text: 'hi' });
    const res = await graph(text('+16505550001'));
    const [failed] = await eventually(
      async () => statusesFor(res.body.messages[0].id).length > 0 && statusesFor(res.body.messages[0].id),
    );
    assert.deepEqual([failed.status, failed.errors[0].code], ['failed', 131026]);
  });

  it('answers bad requests with Graph error envelopes and codes', async () => {
    const expectedShape = shape(fixture('error-130429-rate-limit.json'))
      .filter((p) => !p.includes('error_subcode'))
      .sort();
    let res = await graph(text('+16505551234'), 'Bearer EAAG-not-issued');
    assert.deepEqual([res.status, res.body.error.code], [401, 190]);
    res = await graph({ to: '+16505551234', type: 'text', text: { body: 'x' } });
    assert.deepEqual([res.status, res.body.error.code], [400, 100]);
    assert.deepEqual(shape(res.body).sort(), expectedShape);
    res = await graph({ messaging_product: 'whatsapp', type: 'text', text: { body: 'x' } });
    assert.equal(res.body.error.code, 131008);
    res = await graph({ messaging_product: 'whatsapp', to: '+16505551234', type: 'text', text: {} });
    assert.equal(res.body.error.code, 131008);
    assert.match(res.body.error.message, /^\(#131008\) /);
  });

  it('enforces the per-number throughput (130429, HTTP 429) and the pair rate limit (131056)', async () => {
    await control('PUT', '/_simulator/config', { throughput: 2 });
    // Five at once arrive within well under a second, so within at most two one-second windows:
    // whatever the split, one window holds three or more of them.
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => graph(text(`+1650555${String(3000 + i)}`), TOKEN, '200000000000001')),
    );
    const limited = results.find((r) => r.status === 429);
    assert.ok(limited);
    assert.equal(limited.body.error.code, 130429);
    await control('PUT', '/_simulator/config', { throughput: 1000, pairLimit: { burst: 2, windowSeconds: 6 } });
    const pair = [];
    for (let i = 0; i < 3; i++) pair.push(await graph(text('+16505554000'), TOKEN, '200000000000002'));
    assert.deepEqual(
      pair.map((r) => r.status),
      [200, 200, 400],
    );
    assert.equal(pair[2]!.body.error.code, 131056);
    await control('PUT', '/_simulator/config', { pairLimit: { burst: 45, windowSeconds: 6 } });
  });

  it('reports statuses only on request in manual delivery mode', async () => {
    await control('PUT', '/_simulator/config', { delivery: 'manual' });
    try {
      await control('POST', '/_simulator/inbound', { from: '+16505551235', to: PNID, text: 'hi' });
      const res = await graph(text('+16505551235'));
      const wamid = res.body.messages[0].id;
      // A message sent later in auto mode reports read after its delays; the manual one, whose
      // statuses would have been due earlier, has reported nothing by then.
      await control('PUT', '/_simulator/config', { delivery: 'auto' });
      const later = (await graph(text('+16505551235'))).body.messages[0].id;
      await eventually(async () => statusesFor(later).some((s: { status: string }) => s.status === 'read'));
      await control('PUT', '/_simulator/config', { delivery: 'manual' });
      assert.equal(statusesFor(wamid).length, 0);
      const reported = await control('POST', `/_simulator/messages/${encodeURIComponent(wamid)}/status`, {
        status: 'failed',
        errorCode: 131053,
      });
      assert.equal(reported.status, 200);
      const [failed] = await eventually(async () => statusesFor(wamid).length > 0 && statusesFor(wamid));
      assert.equal(failed.errors[0].code, 131053);
      assert.equal(
        (await control('POST', '/_simulator/messages/wamid.unknown/status', { status: 'sent' })).status,
        404,
      );
      assert.equal(
        (await control('POST', `/_simulator/messages/${encodeURIComponent(wamid)}/status`, { status: 'lost' })).status,
        400,
      );
    } finally {
      await control('PUT', '/_simulator/config', { delivery: 'auto' });
    }
  });

  it('retries a webhook the receiver refused, and can duplicate webhooks on purpose', async () => {
    answer = 500;
    const res = await control('POST', '/_simulator/inbound', {
      from: '+16505551236',
      to: PNID,
      text: 'retry me',
      wait: false,
    });
    await eventually(
      async () => received.filter((r) => valueOf(r.body).messages?.[0]?.id === res.body.wamid).length >= 2,
    );
    answer = 200;
    await control('PUT', '/_simulator/config', { duplicateWebhookRate: 1 });
    const dup = await control('POST', '/_simulator/inbound', { from: '+16505551237', to: PNID, text: 'twice' });
    await eventually(
      async () => received.filter((r) => valueOf(r.body).messages?.[0]?.id === dup.body.wamid).length === 2,
    );
    await control('PUT', '/_simulator/config', { duplicateWebhookRate: 0 });
  });

  it('closes at once while a webhook waits to be retried', async () => {
    let attempts = 0;
    const refusing = http.createServer((_req, res) => {
      attempts++;
      res.writeHead(500).end();
    });
    await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
    const other = await buildSimulator({
      appSecret: SECRET,
      webhookUrl: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/hook`,
      logger: pino({ level: 'silent' }),
    });
    try {
      const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
      await fetch(`${url}/_simulator/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: '+16505551238', to: PNID, text: 'x', wait: false }),
      });
      // Three attempts failed: the next waits a second.
      await eventually(async () => attempts === 3);
      const started = Date.now();
      await other.close();
      assert.ok(Date.now() - started < 500, `close took ${Date.now() - started} ms`);
    } finally {
      refusing.close();
    }
  });

  it('refuses config values of the wrong type, and shows its state', async () => {
    assert.equal((await control('PUT', '/_simulator/config', { errorRate: 'often' })).status, 400);
    const state = await control('GET', '/_simulator/state');
    assert.ok(state.body.messages.length > 0);
    assert.deepEqual(state.body.templates, []);
    assert.ok(state.body.numbers.some((n: { phoneNumberId: string }) => n.phoneNumberId === PNID));
  });

  async function createTemplate(name: string, bodyText = 'Hi {{1}}, your order {{2}} has shipped.') {
    const res = await fetch(`${base}/v23.0/102290129340398/message_templates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: TOKEN },
      body: JSON.stringify({
        ...fixture('template-create-request-positional-params.json'),
        name,
        components: [{ type: 'BODY', text: bodyText, example: { body_text: [['Pablo', '860198']] } }],
      }),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const templateHooks = (id: string) => received.filter((r) => String(valueOf(r.body).message_template_id) === id);

  it('creates templates like the platform, reviews them, and reports the review shaped like the fixture', async () => {
    const res = await createTemplate('sim_order_update');
    assert.equal(res.status, 200);
    assert.deepEqual(shape(res.body).sort(), shape(fixture('template-create-response-pending.json')).sort());
    assert.equal(res.body.status, 'PENDING');
    await control('PUT', '/_simulator/config', { reviewDelayMs: 20 });
    const [hook] = await eventually(async () => templateHooks(res.body.id).length > 0 && templateHooks(res.body.id));
    assert.ok(hook!.valid);
    assert.deepEqual(shape(hook!.body).sort(), shape(fixture('webhook-template-status-approved.json')).sort());
    assert.equal(valueOf(hook!.body).event, 'APPROVED');
    assert.equal((await createTemplate('sim_order_update')).body.error.error_subcode, 2388024);
    const listed = await control('GET', '/v23.0/102290129340398/message_templates?name=sim_order_update', undefined, {
      authorization: TOKEN,
    });
    assert.deepEqual(
      listed.body.data.map((t: { id: string }) => t.id),
      [res.body.id],
    );
  });

  it('enforces edit rules: not while in review, once a day when approved', async () => {
    await control('PUT', '/_simulator/config', { review: 'manual' });
    try {
      const { body } = await createTemplate('sim_edit_rules');
      const editIt = () =>
        fetch(`${base}/v23.0/${body.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: TOKEN },
          body: JSON.stringify({
            components: [
              {
                type: 'BODY',
                text: 'Hello {{1}}, order {{2}} is on its way.',
                example: { body_text: [['Pablo', '860198']] },
              },
            ],
          }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
      assert.equal((await editIt()).body.error.error_subcode, 2388039, 'in review');
      await control('POST', `/_simulator/templates/${body.id}/review`, { decision: 'APPROVED' });
      assert.deepEqual((await editIt()).body, { success: true });
      await control('POST', `/_simulator/templates/${body.id}/review`, { decision: 'APPROVED' });
      assert.equal(
        (await editIt()).body.error.error_subcode,
        2388039,
        'second edit of an approved template within 24 h',
      );
      const del = await fetch(`${base}/v23.0/102290129340398/message_templates?name=sim_edit_rules`, {
        method: 'DELETE',
        headers: { authorization: TOKEN },
      });
      assert.deepEqual(await del.json(), { success: true });
      assert.equal((await createTemplate('sim_edit_rules')).body.error.error_subcode, 2388023, 'reserved after delete');
    } finally {
      await control('PUT', '/_simulator/config', { review: 'auto' });
    }
  });

  it('keeps numbers, windows, messages, tokens, users, reads, uploads and media bytes across a restart through its state file', async () => {
    await control('POST', '/_simulator/tokens', { token: 'EAAG-kept', wabaId: WABA });
    const inbound = await control('POST', '/_simulator/inbound', {
      from: '+16505551299',
      to: PNID,
      type: 'image',
      userId: 'US.12345678901234567890',
      name: 'Kept',
    });
    await graph({ messaging_product: 'whatsapp', status: 'read', message_id: inbound.body.wamid });
    const open = await fetch(`${base}/v23.0/1/uploads?file_name=a.pdf&file_length=9&file_type=application/pdf`, {
      method: 'POST',
      headers: { authorization: TOKEN },
    }).then((r) => r.json() as Promise<{ id: string }>);
    sim.state.flush();
    const again = await buildSimulator({ appSecret: SECRET, stateFile, logger: pino({ level: 'silent' }) });
    try {
      assert.deepEqual(again.state.tokens.get('EAAG-kept')?.wabaIds, [WABA]);
      assert.equal(again.state.users.get('US.12345678901234567890')?.phone, '16505551299');
      assert.ok(again.state.reads.some((r) => r.wamid === inbound.body.wamid));
      assert.ok(again.state.uploads.has(open.id.split('?')[0]!));
      assert.ok(again.state.bytes(inbound.body.mediaId)?.length, 'media bytes kept beside the state file');
      assert.ok(again.state.windows.get(`${PNID}:US.12345678901234567890`));
      assert.ok(again.state.windows.get(`${PNID}:${bsuidFor('16505551234')}`));
      assert.equal(again.state.messages.size, sim.state.messages.size);
      assert.equal(again.state.config.deliveryDelaysMs.sent, 10);
    } finally {
      await again.close();
    }
  });
});
