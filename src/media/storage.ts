/**
 * Media storage behind a small interface (docs/api.md §D9): a directory under DATA_DIR by default.
 * Files are streamed into a temporary object and made permanent with an atomic rename, so an upload
 * that fails midway leaves nothing behind. Keys are generated ids, never user input. Each process
 * has its own temporary folder, so starting one never removes another's uploads in flight.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';

export interface MediaStorage {
  /** A new temporary object to stream into. */
  createTemp(): { tempKey: string; stream: Writable };
  /** Makes a finished temporary object permanent under `key`, durably. */
  commit(tempKey: string, key: string): Promise<void>;
  /** Removes a temporary object (a failed or duplicate upload). Never throws for a missing one. */
  discard(tempKey: string): Promise<void>;
  /** Removes a stored file (one whose upload could not be completed). */
  remove(key: string): Promise<void>;
  /** The stored file as a Blob read lazily from storage (for the platform upload). */
  openBlob(key: string, mimeType: string): Promise<Blob>;
  /** Every stored file's key and when it was last written (ms since the epoch), read lazily: the orphan sweep. */
  list(): AsyncIterable<{ key: string; modifiedMs: number }>;
}

/** A process's temporary folder not heard from for this long is abandoned (ms): five missed heartbeats. */
export const TEMP_STALE_AFTER_MS = 10 * 60_000;
/** The file whose modification time is a process's heartbeat, in its temporary folder. */
const HEARTBEAT = '.alive';

/**
 * Files under `root`, temporary objects under `root/tmp/<process>/`: processes that share a data
 * directory (the compose layout) each stream into a folder of their own, and one process clears
 * another's only once it is provably abandoned (no heartbeat for TEMP_STALE_AFTER_MS).
 */
export class LocalDirectoryStorage implements MediaStorage {
  readonly #dir: string;
  readonly #tmp: string;
  /** This process's temporary folder (made on first use). */
  readonly #own: string;
  readonly #staleAfterMs: number;
  #ownMade = false;
  /** Open temporary files: a discard must wait for its stream to close (it opens asynchronously). */
  readonly #open = new Map<string, fs.WriteStream>();

  constructor(root: string, options: { staleAfterMs?: number } = {}) {
    this.#dir = root;
    this.#tmp = path.join(root, 'tmp');
    this.#own = path.join(this.#tmp, `p-${randomBytes(8).toString('hex')}`);
    this.#staleAfterMs = options.staleAfterMs ?? TEMP_STALE_AFTER_MS;
    // Customers' files: readable by the service's user only.
    fs.mkdirSync(this.#tmp, { recursive: true, mode: 0o700 });
  }

  /** This process's temporary folder, made (with its heartbeat) on first use. */
  #ownDir(): string {
    if (!this.#ownMade) {
      fs.mkdirSync(this.#own, { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(this.#own, HEARTBEAT), '', { mode: 0o600 });
      this.#ownMade = true;
    }
    return this.#own;
  }

  #file(key: string): string {
    if (!/^[A-Za-z0-9_]+$/.test(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(this.#dir, key);
  }

  createTemp() {
    const tempKey = randomBytes(16).toString('hex');
    const stream = fs.createWriteStream(path.join(this.#ownDir(), tempKey), { flags: 'wx', mode: 0o600 });
    this.#open.set(tempKey, stream);
    stream.once('close', () => this.#open.delete(tempKey));
    return { tempKey, stream };
  }

  /** Waits until the temporary file's stream is closed (destroying it if still writing). */
  async #closed(tempKey: string): Promise<void> {
    const stream = this.#open.get(tempKey);
    if (!stream || stream.closed) return;
    const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
    if (!stream.writableFinished) stream.destroy();
    await closed;
  }

  async commit(tempKey: string, key: string): Promise<void> {
    await this.#closed(tempKey);
    const temp = path.join(this.#own, tempKey);
    const handle = await fs.promises.open(temp, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, this.#file(key));
  }

  async discard(tempKey: string): Promise<void> {
    await this.#closed(tempKey);
    await fs.promises.rm(path.join(this.#own, tempKey), { force: true });
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.#file(key), { force: true });
  }

  openBlob(key: string, mimeType: string): Promise<Blob> {
    return fs.openAsBlob(this.#file(key), { type: mimeType });
  }

  async *list(): AsyncIterable<{ key: string; modifiedMs: number }> {
    // opendir reads the directory a batch at a time, however many files it holds.
    for await (const entry of await fs.promises.opendir(this.#dir)) {
      if (!entry.isFile() || !/^[A-Za-z0-9_]+$/.test(entry.name)) continue;
      const stat = await fs.promises.stat(path.join(this.#dir, entry.name)).catch(() => null);
      if (stat) yield { key: entry.name, modifiedMs: stat.mtimeMs };
    }
  }

  /**
   * Keeps this process's temporary folder alive and clears abandoned ones: now, then every fifth of
   * the stale period (a timer that does not hold the process open). Abandoned: another process's
   * folder whose heartbeat is older than the stale period (a crash mid-upload), or a loose file of
   * the layout before per-process folders older than that.
   */
  async keepTemp(): Promise<void> {
    const beat = () => {
      const now = new Date();
      fs.utimesSync(path.join(this.#ownDir(), HEARTBEAT), now, now);
    };
    beat();
    await this.sweepTemp();
    const timer = setInterval(() => {
      try {
        beat();
      } catch {
        // The media directory is gone (the data directory was removed under a stopped service):
        // nothing left to keep alive.
        clearInterval(timer);
        return;
      }
      this.sweepTemp().catch(() => {});
    }, this.#staleAfterMs / 5);
    timer.unref();
  }

  /** Removes what is abandoned in the temporary area (see `keepTemp`). @returns the names removed. */
  async sweepTemp(now = Date.now()): Promise<string[]> {
    const removed: string[] = [];
    for (const entry of await fs.promises.readdir(this.#tmp, { withFileTypes: true })) {
      const full = path.join(this.#tmp, entry.name);
      if (full === this.#own) continue;
      const alive = entry.isDirectory()
        ? await lastSign(full)
        : (await fs.promises.stat(full).catch(() => null))?.mtimeMs;
      if (alive === undefined || now - alive < this.#staleAfterMs) continue;
      await fs.promises.rm(full, { recursive: true, force: true });
      removed.push(entry.name);
    }
    return removed;
  }
}

/** When a process's temporary folder last showed life: its heartbeat's time, else the folder's own. */
async function lastSign(dir: string): Promise<number | undefined> {
  const heartbeat = await fs.promises.stat(path.join(dir, HEARTBEAT)).catch(() => null);
  return heartbeat?.mtimeMs ?? (await fs.promises.stat(dir).catch(() => null))?.mtimeMs;
}
