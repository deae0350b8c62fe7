/**
 * What the start says of the version (docs/api.md §D33), by the clock it is given: nothing while the
 * end of life is far; a warning in the log within 90 days; an error naming the version once it is
 * past, and the start goes on (Meta still answers, as another version); the admin CLI says nothing.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { buildDeps } from '../../src/deps.js';
import { ManualClock } from '../../src/lib/clock.js';
import { freshDatabase } from '../database.js';

/** Builds the service's deps at `day` (UTC) and closes them. @returns the log lines at warn and above. */
async function startAt(day: string, role?: 'admin'): Promise<{ level: number; msg: string }[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-graph-version-'));
  const database = await freshDatabase();
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...database.env });
    const deps = await buildDeps(config, {
      clock: new ManualClock(Date.parse(`${day}T00:00:00Z`)),
      logger,
      graphUrl: 'http://127.0.0.1:9',
      ...(role ? { role } : {}),
    });
    await deps.close();
    return lines;
  } finally {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function startCases(): void {
  describe('the start', () => {
    it('logs nothing of the version while its end of life is more than 90 days away', async () => {
      assert.deepEqual(
        (await startAt('2028-04-29')).filter((l) => /Graph API/.test(l.msg)),
        [],
      );
    });

    it('logs a warning within 90 days of the end of life', async () => {
      const warned = (await startAt('2028-05-01')).filter((l) => /Graph API/.test(l.msg));
      assert.equal(warned.length, 1);
      assert.equal(warned[0]!.level, 40);
      assert.match(warned[0]!.msg, /^Graph API v25\.0 reaches its end of life on 2028-07-29 \(in 89 days\)/);
    });

    it('logs an error past the end of life, naming the version and what to set, and starts', async () => {
      const lines = (await startAt('2028-07-29')).filter((l) => /Graph API/.test(l.msg));
      assert.equal(lines.length, 1);
      assert.equal(lines[0]!.level, 50);
      assert.match(lines[0]!.msg, /^Graph API v25\.0 reached its end of life on 2028-07-29/);
      assert.match(lines[0]!.msg, /Set WHATSAPP_GRAPH_VERSION to a newer version/);
      // The admin CLI (backups, restores) opens the database without a word of it.
      assert.deepEqual(await startAt('2028-07-29', 'admin'), []);
    });
  });
}
