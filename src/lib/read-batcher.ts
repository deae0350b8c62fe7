/**
 * Reads shared across concurrent callers, like the group commit of writes (db/batch-writer.ts) but
 * for a read whose answer each caller filters itself: the keys asked for in the same turn of the
 * event loop, or while the group's previous read is under way, are read together in one call of
 * `read`, and every caller of the group gets that one answer. One read in flight per group at a
 * time; a group's next read starts when its previous one ends, so a caller waits at most for the
 * read before its own.
 */

export interface ReadBatcherOptions<K, V> {
  /** Reads the values of these keys of one group (`group` as `load` was given it), in one call. */
  read: (group: string, keys: K[]) => Promise<V[]>;
  /** At most this many keys in one read; more wait for the next. Default 5,000. */
  maxKeys?: number;
}

interface Pending<K, V> {
  keys: K[];
  waiting: { resolve: (values: V[]) => void; reject: (err: unknown) => void }[];
}

export class ReadBatcher<K, V> {
  readonly #o: Required<ReadBatcherOptions<K, V>>;
  /** By group: the keys waiting for the group's next read. */
  readonly #pending = new Map<string, Pending<K, V>[]>();
  /** The groups whose read is under way or scheduled. */
  readonly #busy = new Set<string>();

  constructor(options: ReadBatcherOptions<K, V>) {
    this.#o = { maxKeys: 5_000, ...options };
  }

  /**
   * The answer of one read of `group` that covers `keys` (and other callers' keys: the caller
   * picks its own from it). @throws what that read threw.
   */
  load(group: string, keys: readonly K[]): Promise<V[]> {
    return new Promise<V[]>((resolve, reject) => {
      const queue = this.#pending.get(group) ?? [];
      let last = queue.at(-1);
      if (!last || (last.keys.length > 0 && last.keys.length + keys.length > this.#o.maxKeys)) {
        last = { keys: [], waiting: [] };
        queue.push(last);
      }
      last.keys.push(...keys);
      last.waiting.push({ resolve, reject });
      this.#pending.set(group, queue);
      if (!this.#busy.has(group)) {
        this.#busy.add(group);
        setImmediate(() => void this.#next(group));
      }
    });
  }

  /** Runs the group's reads one after another until none is waiting. */
  async #next(group: string): Promise<void> {
    for (;;) {
      const queue = this.#pending.get(group);
      const batch = queue?.shift();
      if (!batch) {
        this.#pending.delete(group);
        this.#busy.delete(group);
        return;
      }
      try {
        const values = await this.#o.read(group, batch.keys);
        for (const w of batch.waiting) w.resolve(values);
      } catch (err) {
        for (const w of batch.waiting) w.reject(err);
      }
    }
  }
}
