/**
 * The README's first walkthrough, pasted as a newcomer would (issue 11): `npm start` on an empty
 * data directory, its printed keys put in variables, the customer's message through the simulator,
 * and the reply at once after it. The commands are read from the README itself, so the test fails
 * when the README stops being true; only the ports change (the test picks free ones).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually, freshDatabase, ROOT } from './harness.js';
import { startFirstRun } from './process.js';

/** The ```sh blocks of the README part that starts with `heading`, up to the next heading, in order. */
function shellBlocks(heading: string): string[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(heading);
  assert.ok(start >= 0, `README has no section ${heading}`);
  const end = readme.slice(start + heading.length).search(/\n#{2,3} /) + start + heading.length;
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

describe('the README walkthrough, pasted', () => {
  let run: Awaited<ReturnType<typeof startFirstRun>>;
  let dataDir: string;
  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-readme-'));
    const database = await freshDatabase();
    // As the README says: `npm start` (it builds if the sources changed, then runs the build).
    run = await startFirstRun({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...database.env }, ['npm', 'start', '--silent']);
  });
  after(async () => {
    await run?.service.stop();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('sends the reply at once after the customer writes, and reads it back as read', async () => {
    const blocks = shellBlocks('## A first message in a minute');
    const variables = blocks.find((b) => b.includes('LIVE=sk_live_'));
    assert.ok(variables, 'the README puts the keys in variables');
    const commands = blocks.filter((b) => b !== variables);
    assert.equal(commands.length, 3, 'inbound, reply, read back');
    const env = { ...process.env, LIVE: run.liveKey, TEST: run.testKey, PHONE_NUMBER_ID: run.phoneNumberId };
    const paste = (block: string, replace: [string, string][] = []) => {
      let script = block.replaceAll('localhost:3000', run.url.replace('http://', '')).replaceAll('localhost:3001', run.simulatorUrl.replace('http://', ''));
      for (const [from, to] of replace) script = script.replaceAll(from, to);
      return execFileSync('bash', ['-c', script], { env, encoding: 'utf8' });
    };

    const inbound = JSON.parse(paste(commands[0]!));
    assert.match(inbound.wamid, /^wamid\./);
    // Pasted right after it, with no pause: the window is open.
    const reply = JSON.parse(paste(commands[1]!));
    assert.equal(reply.error, null, JSON.stringify(reply));
    assert.match(reply.id, /^msg_/);
    assert.equal(reply.status, 'accepted');

    const readBack = await eventually(async () => {
      const message = JSON.parse(paste(commands[2]!, [[commands[2]!.match(/msg_\w+/)![0], reply.id]]));
      return message.status === 'read' && message;
    }, 15_000);
    assert.ok(readBack.readAt);

    // The same reply pasted again is the same message, replayed.
    assert.equal(JSON.parse(paste(commands[1]!)).id, reply.id);
  });
});
