/**
 * A damaged state file stops the start with one line that names it, through `npm run simulator`
 * and `npm start` alike, the file left as it was.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { freshDatabase } from '../database.js';
import { freePort, startProcess, type ServiceProcess } from '../process.js';
import { SECRET, WABA, PNID, SIMULATOR, type Durable } from './kit.js';

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

export function damagedCases(durable: () => Durable): void {
  describe('damaged state files', () => {
    it('refuses a truncated or malformed state file with one line naming it, and leaves the file as it was', async () => {
      const { dir, running } = durable();
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
      const { dir, running } = durable();
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
}
