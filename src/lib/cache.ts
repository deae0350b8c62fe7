/**
 * A read-through cache of rows that change rarely, kept until told they changed (db/change-feed.ts):
 * bounded (least recently used out, lru-cache), one load per key however many callers ask at once,
 * and never holding an answer that was being read while an invalidation came (it could predate the
 * change). Nothing is cached for a key that has no value: a row created a moment ago, by this
 * process or another, is found at once.
 */
import { LRUCache } from 'lru-cache';

export class ReadThroughCache<V extends {}> {
  readonly #lru: LRUCache<string, V>;
  readonly #loading = new Map<string, Promise<V | undefined>>();
  /** Moves on at every invalidation: a load that started before it does not keep its answer. */
  #generation = 0;

  /** @param max how many values it holds at most */
  constructor(max: number) {
    this.#lru = new LRUCache({ max });
  }

  /** The value of `key`: cached, or read by `load` (undefined: there is none, and nothing is kept). */
  get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const hit = this.#lru.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let pending = this.#loading.get(key);
    if (!pending) {
      const generation = this.#generation;
      pending = load().then(
        (value) => {
          if (this.#loading.get(key) === pending) this.#loading.delete(key);
          if (value !== undefined && generation === this.#generation) this.#lru.set(key, value);
          return value;
        },
        (err: unknown) => {
          if (this.#loading.get(key) === pending) this.#loading.delete(key);
          throw err;
        },
      );
      this.#loading.set(key, pending);
    }
    return pending;
  }

  /** Drops `key` (null: everything), and any answer being read now. */
  invalidate(key: string | null): void {
    this.#generation++;
    if (key === null) {
      this.#lru.clear();
      this.#loading.clear();
    } else {
      this.#lru.delete(key);
      this.#loading.delete(key);
    }
  }
}
