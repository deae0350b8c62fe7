/**
 * Media storage behind a small interface (docs/api.md §D9): a directory under DATA_DIR by default.
 * Files are streamed into a temporary object and made permanent with an atomic rename, so an upload
 * that fails midway leaves nothing behind. Keys are generated ids, never user input.
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
}

export class LocalDirectoryStorage implements MediaStorage {
  readonly #dir: string;
  readonly #tmp: string;
  /** Open temporary files: a discard must wait for its stream to close (it opens asynchronously). */
  readonly #open = new Map<string, fs.WriteStream>();

  constructor(root: string) {
    this.#dir = root;
    this.#tmp = path.join(root, 'tmp');
    // Customers' files: readable by the service's user only.
    fs.mkdirSync(this.#tmp, { recursive: true, mode: 0o700 });
  }

  #file(key: string): string {
    if (!/^[A-Za-z0-9_]+$/.test(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(this.#dir, key);
  }

  createTemp() {
    const tempKey = randomBytes(16).toString('hex');
    const stream = fs.createWriteStream(path.join(this.#tmp, tempKey), { flags: 'wx', mode: 0o600 });
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
    const temp = path.join(this.#tmp, tempKey);
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
    await fs.promises.rm(path.join(this.#tmp, tempKey), { force: true });
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.#file(key), { force: true });
  }

  openBlob(key: string, mimeType: string): Promise<Blob> {
    return fs.openAsBlob(this.#file(key), { type: mimeType });
  }

  /** Temporary objects left by a crash mid-upload; removed at start. */
  async sweepTemp(): Promise<void> {
    for (const name of await fs.promises.readdir(this.#tmp)) await fs.promises.rm(path.join(this.#tmp, name), { force: true });
  }
}
