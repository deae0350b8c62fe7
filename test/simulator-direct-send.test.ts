// test-runner: no database
/**
 * Direct Send (Meta's 2026 beta) and message time-to-live in the simulator, over real HTTP with
 * signed webhooks to a receiver: eligibility and its refusals, the generated template (listed with
 * `source=AUTO_GENERATED`, neither editable nor deletable), `template_id` on statuses, taps on a
 * Direct Send reply button arriving as `button`, TTL checks on sends and templates, and messages held
 * for an unreachable user, dropped once their TTL passed (time moved on a `ManualClock`).
 *
 * The cases are in test/simulator-direct-send/, on the one simulator this file starts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { ManualClock } from '../src/lib/clock.js';
import { verifyHubSignature } from '../src/lib/crypto.js';
import { buildSimulator, type Simulator } from '../src/simulator/app.js';
import { eventually } from './helpers.js';
import { eligibilityCases } from './simulator-direct-send/eligibility.js';
import { heldCases } from './simulator-direct-send/held.js';
import { directSendKit, OTHER_PNID, PNID, SECRET, type Received } from './simulator-direct-send/kit.js';
import { limitCases } from './simulator-direct-send/limits.js';
import { tapCases } from './simulator-direct-send/taps.js';
import { templateTtlCases } from './simulator-direct-send/template-ttl.js';

describe('Cloud API simulator: Direct Send and time-to-live', () => {
  let sim: Simulator;
  let base: string;
  let receiver: http.Server;
  const received: Received[] = [];
  const clock = new ManualClock();
  const kit = directSendKit(() => base, clock, received);
  const { control, statusNames } = kit;

  before(async () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sim-ds-')), 'state.json');
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
    sim = await buildSimulator({
      appSecret: SECRET,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      stateFile,
      logger: pino({ level: 'silent' }),
      clock,
    });
    base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
    await control('PUT', '/_simulator/config', {
      latencyMs: 0,
      deliveryDelaysMs: { sent: 10, delivered: 20, read: 30 },
    });
  });
  after(async () => {
    await sim.close();
    receiver.close();
  });

  eligibilityCases(kit);
  limitCases(kit);
  tapCases(kit);
  heldCases(kit);
  templateTtlCases(kit);

  it('keeps eligibility, unreachable users and held messages across a restart', async () => {
    const file = sim.state.file!;
    const held = [...sim.state.messages.values()].filter((m) => m.held).map((m) => m.wamid);
    assert.ok(held.length > 0);
    await sim.close();
    sim = await buildSimulator({
      appSecret: SECRET,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      stateFile: file,
      logger: pino({ level: 'silent' }),
      clock,
    });
    base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
    const state = (await control('GET', '/_simulator/state')).body;
    assert.deepEqual(
      [PNID, OTHER_PNID].map((id) => state.numbers.find((n: any) => n.phoneNumberId === id).directSend),
      ['enabled', 'blocked'],
    );
    assert.equal(state.users.find((u: any) => u.phone === '16505557009').unreachable, true);
    assert.deepEqual(
      state.messages.filter((m: any) => m.held).map((m: any) => m.wamid),
      held,
    );
    const on = await control('POST', '/_simulator/users/16505557009/reachable', { reachable: true });
    assert.deepEqual(on.body.delivered, held);
    await eventually(async () => held.every((w) => statusNames(w).includes('read')));
  });
});
