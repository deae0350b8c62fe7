// test-runner: no database
/**
 * The Cloud API simulator (docs/api.md §D12) on its own: Graph shapes compared with the platform
 * fixtures, signed webhooks to a real HTTP receiver, the window and failure rules, the control API
 * and the state file.
 *
 * The cases are in test/simulator/, on the one simulator this file starts.
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
import { buildSimulator, type Simulator } from '../src/simulator/app.js';
import { bsuidFor } from '../src/simulator/users.js';
import { graphErrorCases } from './simulator/graph-errors.js';
import { idleCases } from './simulator/idle.js';
import { PNID, SECRET, simulatorKit, TOKEN, WABA, type Received } from './simulator/kit.js';
import { messageCases } from './simulator/messages.js';
import { stateCases } from './simulator/state.js';
import { templateCases } from './simulator/templates.js';
import { webhookCases } from './simulator/webhooks.js';

describe('Cloud API simulator', () => {
  let sim: Simulator;
  let base: string;
  let receiver: http.Server;
  const received: Received[] = [];
  let answer = 200;
  let stateFile: string;
  const kit = simulatorKit(
    () => base,
    received,
    (status) => (answer = status),
  );
  const { graph, control } = kit;

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

  messageCases(kit);
  graphErrorCases(kit);
  webhookCases(kit);
  stateCases(kit);
  templateCases(kit);

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

  idleCases(kit);
});
