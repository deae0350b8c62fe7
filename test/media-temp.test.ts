// test-runner: no database
/**
 * Uploads in flight across processes that share a data directory (issue 23, item 6): starting one
 * process never removes another's temporary files; only a folder no process has kept alive for the
 * stale period is cleared. Real files in a temporary directory, as two processes would leave them.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { after, describe, it } from 'node:test';
import { LocalDirectoryStorage, TEMP_STALE_AFTER_MS } from '../src/media/storage.js';

describe('media temporary files across processes', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-media-temp-'));
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  /** Writes `bytes` into a new temporary object and leaves its stream open, as an upload in flight. */
  const inFlight = async (storage: LocalDirectoryStorage, bytes: string) => {
    const temp = storage.createTemp();
    temp.stream.write(bytes);
    await once(temp.stream, 'open');
    return temp;
  };

  it("keeps another process's upload in flight when a process starts, and lets it finish", async () => {
    const first = new LocalDirectoryStorage(root);
    const upload = await inFlight(first, 'first half, ');
    const second = new LocalDirectoryStorage(root);
    await second.keepTemp();
    upload.stream.end('second half');
    await once(upload.stream, 'finish');
    await first.commit(upload.tempKey, 'med_kept');
    assert.equal(fs.readFileSync(path.join(root, 'med_kept'), 'utf8'), 'first half, second half');
  });

  it('clears a folder whose process stopped beating for the stale period, and loose files of the old layout as old', async () => {
    const crashed = new LocalDirectoryStorage(root);
    const left = await inFlight(crashed, 'never finished');
    left.stream.end();
    await once(left.stream, 'close');
    const folder = fs
      .readdirSync(path.join(root, 'tmp'))
      .find((name) => fs.existsSync(path.join(root, 'tmp', name, left.tempKey)))!;
    const longAgo = new Date(Date.now() - TEMP_STALE_AFTER_MS - 60_000);
    fs.utimesSync(path.join(root, 'tmp', folder, '.alive'), longAgo, longAgo);
    fs.utimesSync(path.join(root, 'tmp', folder), longAgo, longAgo);
    fs.writeFileSync(path.join(root, 'tmp', 'old-layout-stale'), 'x');
    fs.utimesSync(path.join(root, 'tmp', 'old-layout-stale'), longAgo, longAgo);
    fs.writeFileSync(path.join(root, 'tmp', 'old-layout-fresh'), 'x');
    const alive = new LocalDirectoryStorage(root);
    const upload = await inFlight(alive, 'still coming');

    const removed = await new LocalDirectoryStorage(root).sweepTemp();
    assert.deepEqual(removed.sort(), [folder, 'old-layout-stale'].sort());
    assert.ok(
      fs.existsSync(path.join(root, 'tmp', 'old-layout-fresh')),
      'a loose file written lately may be an older process still writing',
    );
    upload.stream.end();
    await once(upload.stream, 'finish');
    await alive.commit(upload.tempKey, 'med_alive');
    assert.ok(fs.existsSync(path.join(root, 'med_alive')));
  });
});
