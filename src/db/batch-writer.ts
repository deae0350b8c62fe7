/**
 * Group commit across requests: items that arrive while a batch is being written (or in the same
 * turn of the event loop) are written together, in one unit of work and, by the `write` function,
 * one statement per table, so concurrent requests share their round trips and their commit. Each
 * caller is answered once the unit holding its item has committed.
 *
 * A batch whose unit fails is written again one item per unit, so one bad item is refused alone
 * and the others are stored: no caller is told "stored" for what was not, and none is refused for
 * another's fault.
 *
 * A few batches are written at once: on PostgreSQL each on a connection of its own; on SQLite the
 * store's own group commit puts the batches waiting for the one writer into its next transaction.
 */
import type { Store, Tx } from './store.js';

export interface BatchWriterOptions<I, R> {
  store: Store;
  /**
   * Writes `items` in `tx` and returns one result per item, in order. Runs inside one unit of work:
   * no network calls and no refusals (decide those before submitting).
   */
  write: (tx: Tx, items: I[]) => Promise<R[]>;
  /**
   * Whether `write` will make these items in one statement (it commits by itself): the unit then
   * runs without begin and commit, two round trips fewer on PostgreSQL (`store.writeOne`).
   */
  oneStatement?: (items: I[]) => boolean;
  /** At most this many items in one batch (bounded statements). Default 500. */
  maxBatch?: number;
  /** Batches written at once. Default 4. */
  concurrency?: number;
}

interface Waiting<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export class BatchWriter<I, R> {
  readonly #o: Required<Omit<BatchWriterOptions<I, R>, 'oneStatement'>> &
    Pick<BatchWriterOptions<I, R>, 'oneStatement'>;
  #queue: Waiting<I, R>[] = [];
  #writing = 0;
  #scheduled = false;

  constructor(options: BatchWriterOptions<I, R>) {
    this.#o = { maxBatch: 500, concurrency: 4, ...options };
  }

  /** Writes `item` with the others waiting now: @returns its result once committed. @throws what its own unit threw. */
  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#writing >= this.#o.concurrency || this.#queue.length === 0) return;
    this.#scheduled = true;
    // The rest of this turn's requests join the batch.
    setImmediate(() => {
      this.#scheduled = false;
      void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    if (this.#writing >= this.#o.concurrency || this.#queue.length === 0) return;
    const batch = this.#queue.splice(0, this.#o.maxBatch);
    this.#writing++;
    this.#schedule();
    try {
      await this.#writeBatch(batch);
    } finally {
      this.#writing--;
      this.#schedule();
    }
  }

  async #writeBatch(batch: Waiting<I, R>[]): Promise<void> {
    let results: R[];
    try {
      results = await this.#unit(batch.map((w) => w.item));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      // One of them may be at fault: each alone, so the others are stored and it is refused.
      for (const w of batch) await this.#unit([w.item]).then((r) => w.resolve(r[0]!), w.reject);
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]!));
  }

  #unit(items: I[]): Promise<R[]> {
    const { store, write, oneStatement } = this.#o;
    return oneStatement?.(items) ? store.writeOne((tx) => write(tx, items)) : store.write((tx) => write(tx, items));
  }
}
