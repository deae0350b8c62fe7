/**
 * The simulator keeps what Meta would not lose (issue 22, item 3), tested on real processes: status
 * reports still scheduled and webhooks still being retried when the process is killed with SIGKILL
 * are delivered once it runs again on the same state file (Meta retries a webhook for up to 7 days,
 * docs/platform.md §4.8), and a damaged state file stops the start with one line that names it,
 * through `npm run simulator` and `npm start` alike, the file left as it was. The cases are in
 * test/simulator-durability/, a module a subject, all on this file's directory and receiver.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { ServiceProcess } from './process.js';
import { damagedCases } from './simulator-durability/damaged.js';
import { startMetaReceiver, type Durable } from './simulator-durability/kit.js';
import { restartCases } from './simulator-durability/restarts.js';

describe('simulator durability', () => {
  let dir: string;
  let meta: Durable['meta'];
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
  const durable = (): Durable => ({ dir, meta, running });

  restartCases(durable);
  damagedCases(durable);
});
