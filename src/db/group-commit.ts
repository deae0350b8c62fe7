/**
 * Group commit for SQLite. SQLite has one writer, and with `synchronous = FULL` every commit waits
 * for an fsync (about 0.2 ms here, blocking the event loop: better-sqlite3 is synchronous). Units
 * of work that arrive while a transaction runs are queued and then committed together in one
 * transaction: one fsync for all of them. Each caller's promise settles only after the commit that
 * holds its work, so "answered" still means "durable".
 *
 * If a unit throws, the shared transaction rolls back and every unit of that group is re-run in a
 * transaction of its own, so one bad unit never fails or loses the others.
 *
 * On PostgreSQL it is a plain transaction per unit: the server does its own group commit and
 * concurrent transactions do not queue behind one connection.
 */
import type { Db } from './connect.js';

interface Unit {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit {
  #queue: Unit[] = [];
  #flushing = false;
  /** Callbacks to run once the transaction (by its `trx` object) has committed. */
  readonly #afterCommit = new WeakMap<Db, Array<() => void>>();

  constructor(
    private readonly db: Db,
    private readonly grouped: boolean,
  ) {}

  /**
   * Runs `work` inside a transaction (possibly shared with other units) and resolves with its result
   * once that transaction has committed. `work` must only touch the database through `trx`: no
   * network calls, nothing slow.
   */
  run<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    if (!this.grouped) return this.#transaction(work);
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      if (!this.#flushing) {
        this.#flushing = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    while (this.#queue.length > 0) {
      const group = this.#queue;
      this.#queue = [];
      let results: unknown[] | undefined;
      try {
        results = await this.#transaction(async (trx) => {
          const out: unknown[] = [];
          for (const unit of group) out.push(await unit.work(trx));
          return out;
        });
      } catch (err) {
        if (group.length === 1) {
          group[0]!.reject(err);
          continue;
        }
        for (const unit of group) {
          await this.#transaction(unit.work).then(unit.resolve, unit.reject);
        }
        continue;
      }
      group.forEach((unit, i) => unit.resolve(results![i]));
    }
    this.#flushing = false;
  }

  /**
   * Runs `work`, which must be a single statement (atomic by itself): grouped into a shared
   * transaction on SQLite like `run`, sent on its own on PostgreSQL, saving BEGIN and COMMIT round
   * trips.
   */
  single<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.grouped ? this.run(work) : work(this.db);
  }

  /**
   * Runs `fn` after the transaction `trx` (given to a `run` unit) has committed; never if it rolls
   * back. For work that must not see uncommitted rows, such as waking a job worker.
   */
  afterCommit(trx: Db, fn: () => void): void {
    const list = this.#afterCommit.get(trx);
    if (list) list.push(fn);
    else setImmediate(fn);
  }

  async #transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    let callbacks: Array<() => void> = [];
    const result = await this.db.transaction().execute(async (trx) => {
      callbacks = [];
      this.#afterCommit.set(trx, callbacks);
      return work(trx);
    });
    for (const fn of callbacks) fn();
    return result;
  }
}
