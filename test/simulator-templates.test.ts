// test-runner: no database
/**
 * Issue 26 at the simulator, over real HTTP with signed webhooks to a receiver: the Template Library
 * (browse `GET /{version}/message_template_library`, create with `library_template_name`: approved
 * at once, the inputs in its components, its category fixed), templates made outside the service
 * (`POST /_simulator/templates`: listed, readable, kept across a restart, no webhook unless
 * `notify`), and lost webhooks (`"webhook": false` on the status, quality, category and review
 * calls: the change is visible in GET, no webhook goes out).
 *
 * The cases are in test/simulator-templates/, on the one simulator this file starts.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import pino from 'pino';
import { verifyHubSignature } from '../src/lib/crypto.js';
import { buildSimulator, type Simulator } from '../src/simulator/app.js';
import { SECRET, templatesKit, type Received } from './simulator-templates/kit.js';
import { libraryCases } from './simulator-templates/library.js';
import { lostWebhookCases } from './simulator-templates/lost-webhooks.js';
import { madeOutsideCases } from './simulator-templates/made-outside.js';

describe('Cloud API simulator: Template Library, templates made outside, lost webhooks', () => {
  let sim: Simulator;
  let base: string;
  let stateFile: string;
  let receiver: http.Server;
  let hookUrl: string;
  const received: Received[] = [];
  const kit = templatesKit(
    () => base,
    received,
    async () => {
      await sim.close();
      await start();
    },
  );
  const { control } = kit;

  const start = async () => {
    sim = await buildSimulator({
      appSecret: SECRET,
      webhookUrl: hookUrl,
      stateFile,
      logger: pino({ level: 'silent' }),
    });
    base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  };
  before(async () => {
    stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sim-templates-')), 'state.json');
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        received.push({
          body: JSON.parse(raw.toString()),
          valid: verifyHubSignature(raw, req.headers['x-hub-signature-256'] as string, SECRET),
        });
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await start();
    await control('PUT', '/_simulator/config', { latencyMs: 0, reviewDelayMs: 20 });
  });
  after(async () => {
    await sim.close();
    receiver.close();
  });

  libraryCases(kit);
  madeOutsideCases(kit);
  lostWebhookCases(kit);
});
