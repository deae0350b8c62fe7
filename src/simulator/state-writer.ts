/**
 * Writing the simulator's files (state-file.ts reads them). The state file is replaced whole, off
 * the event loop: a temporary file, fsynced, renamed, the directory fsynced; at most every 500 ms
 * while things change, less often when serialising the state takes long (at most 1/20 of the
 * time), and at once when a caller waits for its change to be on disk (`durable`). Owed webhooks go
 * to the journal between snapshots: appended before the call that caused them is answered
 * (`now`), settled lazily (`soon`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { OwedLog, OwedOp } from './outbox.js';
import { segmentPath, type Persisted, type Stored } from './state-file.js';

/** At most one write of the state file per this many ms while things change. */
const SAVE_EVERY_MS = 500;
/**
 * Taking a snapshot (copying and serialising the state) may use at most 1/this of the time: a state
 * grown large (a receiver down under load: every webhook owed) is written less often rather than
 * the process stalled; the journal keeps owed webhooks safe meanwhile.
 */
const SAVE_TIME_SHARE = 20;

/** A snapshot taken, to be written and renamed into place. */
interface Taken {
  n: number;
  /** The count of changes it holds. */
  changes: number;
  tmp: string;
  json: string;
  journalFrom: number;
}

/** Keeps the state file and its journal up to date. */
export class StateWriter implements OwedLog {
  readonly #journal: Journal;
  #timer: NodeJS.Timeout | null = null;
  /** Snapshots taken, and the newest one renamed into place (an older one finishing late is dropped). */
  #taken = 0;
  #placed = 0;
  /** Changes made, and how many of them the snapshot on disk holds. */
  #changes = 0;
  #changesOnDisk = 0;
  /** Who waits for a snapshot holding at least `changes` changes. */
  #waiters: { changes: number; resolve: () => void }[] = [];
  #saving: Promise<void> | null = null;
  /** How long the last snapshot took to take, ms. */
  #takeMs = 0;

  /**
   * @param file the state file.
   * @param stored what was on disk (its journal segments are taken over).
   * @param snapshot the state to write, given the first journal segment it does not cover.
   * @param onError told when a background write fails (the next change tries again).
   */
  constructor(
    readonly file: string,
    stored: Stored,
    private readonly snapshot: (journalFrom: number) => Persisted,
    private readonly onError: (err: unknown) => void,
  ) {
    this.#journal = new Journal(file, stored.segments, stored.data?.journalFrom ?? 0);
  }

  /** Journals `op` at once: once this returns, a killed process has not lost it. */
  now(op: OwedOp): void {
    this.#journal.write(op);
    this.changed();
  }

  /** Journals `op` with the next append or snapshot (losing it only repeats a webhook). */
  soon(op: OwedOp): void {
    this.#journal.later(op);
    this.changed();
  }

  /** Counts a change and schedules a write of the state file (at most one per 500 ms, less often when taking one is slow). */
  changed(): void {
    this.#changes++;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer || this.#waiters.length > 0) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.#save();
      },
      Math.max(SAVE_EVERY_MS, this.#takeMs * SAVE_TIME_SHARE),
    );
    this.#timer.unref();
  }

  /**
   * Resolves once every change made so far is in the state file on disk (fsynced, renamed),
   * writing it now rather than at the next tick of the schedule; callers waiting together share
   * one write. A failed write resolves too (it was reported to `onError`).
   */
  durable(): Promise<void> {
    if (this.#changesOnDisk >= this.#changes) return Promise.resolve();
    const waiting = new Promise<void>((resolve) => this.#waiters.push({ changes: this.#changes, resolve }));
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#save();
    return waiting;
  }

  /** Writes the state file now, synchronously (on close, and in tests). */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const taken = this.#take();
    writeSynced(taken.tmp, taken.json);
    void this.#place(taken);
    this.#journal.close();
  }

  /** Writes the state file off the event loop; one write at a time (a change meanwhile schedules the next). */
  #save(): void {
    if (this.#saving) return;
    const taken = this.#take();
    this.#saving = writeSyncedAsync(taken.tmp, taken.json)
      .then(() => this.#place(taken))
      .catch((err: unknown) => {
        fs.rmSync(taken.tmp, { force: true });
        this.#settle(taken.changes);
        this.onError(err);
      })
      .finally(() => {
        this.#saving = null;
        // Callers wait for changes made during this write: write again at once; otherwise on schedule.
        if (this.#waiters.length > 0) this.#save();
        else if (this.#changesOnDisk < this.#changes) this.#schedule();
      });
  }

  /** A snapshot taken now: the journal moves on to a new segment, so it covers every change journaled before. */
  #take(): Taken {
    const started = performance.now();
    const n = ++this.#taken;
    const changes = this.#changes;
    const journalFrom = this.#journal.rotate();
    const json = JSON.stringify(this.snapshot(journalFrom));
    this.#takeMs = performance.now() - started;
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    return { n, changes, tmp: `${this.file}.${process.pid}.${n}.tmp`, json, journalFrom };
  }

  /**
   * Renames a written snapshot into place unless a newer one is there; once the rename is durable,
   * tells the callers waiting for it and drops the journal it covers (a power cut before then leaves
   * the older snapshot and those segments).
   */
  async #place(taken: Taken): Promise<void> {
    if (taken.n < this.#placed) {
      fs.rmSync(taken.tmp, { force: true });
      return;
    }
    fs.renameSync(taken.tmp, this.file);
    this.#placed = taken.n;
    await syncDirectory(path.dirname(this.file));
    this.#changesOnDisk = Math.max(this.#changesOnDisk, taken.changes);
    this.#settle(this.#changesOnDisk);
    this.#journal.removeBefore(taken.journalFrom);
  }

  /** Resolves the callers waiting for `changes` changes or fewer. */
  #settle(changes: number): void {
    const done = this.#waiters.filter((w) => w.changes <= changes);
    this.#waiters = this.#waiters.filter((w) => w.changes > changes);
    for (const w of done) w.resolve();
  }
}

/**
 * Appends journal lines to the current segment. `write` appends at once (one `write(2)`, into the
 * page cache: a killed process loses nothing written); `later` keeps a line for the next append or
 * rotation. Segments are not fsynced: the next snapshot (fsynced) covers them.
 */
class Journal {
  #fd: number | null = null;
  #pending: string[] = [];
  readonly #segments: Set<number>;
  #segment: number;

  /**
   * @param existing the segments on disk.
   * @param from the first segment the snapshot does not cover: new segments never number below it.
   */
  constructor(
    readonly file: string,
    existing: number[],
    from: number,
  ) {
    this.#segments = new Set(existing);
    this.#segment = Math.max(from, Math.max(-1, ...existing) + 1);
  }

  /** Appends `op` (and any line kept for later) now. */
  write(op: OwedOp): void {
    this.#pending.push(JSON.stringify(op));
    this.#append();
  }

  /** Keeps `op` for the next append or rotation. */
  later(op: OwedOp): void {
    this.#pending.push(JSON.stringify(op));
  }

  /**
   * Ends the current segment (a snapshot is being taken: it covers everything written so far).
   * @returns the segment later writes go to: the snapshot's `journalFrom`.
   */
  rotate(): number {
    this.#append();
    if (this.#fd !== null) fs.closeSync(this.#fd);
    this.#fd = null;
    return ++this.#segment;
  }

  /** Deletes the segments before `from` (a snapshot that covers them is on disk). */
  removeBefore(from: number): void {
    for (const n of [...this.#segments]) {
      if (n >= from) continue;
      fs.rmSync(segmentPath(this.file, n), { force: true });
      this.#segments.delete(n);
    }
  }

  /** Appends what is kept and closes the segment (the next write opens it again). */
  close(): void {
    this.#append();
    if (this.#fd !== null) fs.closeSync(this.#fd);
    this.#fd = null;
  }

  #append(): void {
    if (this.#pending.length === 0) return;
    if (this.#fd === null) {
      fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
      this.#fd = fs.openSync(segmentPath(this.file, this.#segment), 'a', 0o600);
      this.#segments.add(this.#segment);
    }
    const bytes = Buffer.from(`${this.#pending.join('\n')}\n`);
    this.#pending = [];
    for (let at = 0; at < bytes.length; ) at += fs.writeSync(this.#fd, bytes, at);
  }
}

/** Writes `json` to `tmp` and fsyncs it, synchronously (close and tests). */
function writeSynced(tmp: string, json: string): void {
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.writeFileSync(fd, json);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `json` to `tmp` and fsyncs it, off the event loop. */
async function writeSyncedAsync(tmp: string, json: string): Promise<void> {
  const handle = await fs.promises.open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(json);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Makes a rename in `dir` durable (fsync of the directory), off the event loop. Where directories
 * cannot be opened or synced, the rename is still atomic, only not yet durable: nothing is raised.
 */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await fs.promises.open(dir, 'r');
    await handle.sync().finally(() => handle.close());
  } catch {
    // not supported on this platform or file system
  }
}
