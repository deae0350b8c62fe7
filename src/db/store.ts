/**
 * The one way the service reads and writes its database.
 *
 * - `store.read` reads outside any unit of work.
 * - `store.write(fn)` runs `fn` in a unit of work and resolves once it has committed. `fn` gets a
 *   `Tx`: the only handle repository writes accept (a branded type), carrying `afterCommit`. So
 *   writing through the root handle inside a unit does not compile; reading through it inside a
 *   unit (which on SQLite would wait forever for the one connection, and on PostgreSQL read
 *   outside the transaction) throws at once (`RootHandleInUnitError`).
 * - Units must not throw to refuse: validation and domain refusals happen before a unit is
 *   entered. On SQLite the units that arrive while a transaction runs share the next one (group
 *   commit: one fsync for all); if one throws anyway, the group rolls back and each unit re-runs
 *   alone, so one bad unit never fails or loses the others, at the cost of running them twice.
 * - On PostgreSQL each unit is its own transaction (the server does its own group commit). A unit
 *   the server broke off to resolve a deadlock or a serialization failure runs again, a few times
 *   after short random delays, before its caller sees the error (retry.ts).
 * - A unit that changes a row the service caches says so (`tx.changed`): its notices reach every
 *   process's caches once it commits (change-feed.ts), through `changes`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  Kysely,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type RootOperationNode,
  type Transaction,
  type UnknownRow,
  type QueryResult,
} from 'kysely';
import { ChangeFeed, encodeNotices, type ChangeNotice, type ChangeTopic } from './change-feed.js';
import { listenForChanges, type ChangeListener } from './pg-listener.js';
import { withRetries } from './retry.js';
import type { Database } from './schema.js';

declare const unitOfWork: unique symbol;

/** Any handle that may read: `store.read`, or a unit of work's `Tx`. */
export type Reader = Kysely<Database>;

/** A unit of work's transaction: the handle repository writes require. */
export type Tx = Transaction<Database> & {
  readonly [unitOfWork]: true;
  /** Runs `fn` after this unit's transaction has committed; never if it rolls back (e.g. waking a job worker). */
  afterCommit(fn: () => void): void;
  /**
   * Says this unit changed a cached row of `topic` (`key`: the key caches hold it under; null:
   * anything of the topic). Every process hears of it once the unit commits (change-feed.ts).
   */
  changed(topic: ChangeTopic, key?: string | null): void;
};

/** Thrown when the root handle is used inside a unit of work. */
export class RootHandleInUnitError extends Error {
  override name = 'RootHandleInUnitError';
  constructor() {
    super(
      "store.read was used inside a unit of work: read through the unit's tx (on SQLite the root handle would wait forever for the connection the unit holds).",
    );
  }
}

/** Set while a unit of work's function runs. */
const insideUnit = new AsyncLocalStorage<true>();

/** Refuses every query made through the root handle while a unit of work runs in the same async context. */
class RootGuard implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (insideUnit.getStore()) throw new RootHandleInUnitError();
    return args.node;
  }
  async transformResult(args: { result: QueryResult<UnknownRow> }): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

interface Unit {
  work: (tx: Tx) => Promise<unknown>;
  /** Runs a function in the caller's async context (lib/work.ts: its statements are counted as its own). */
  context: <R>(fn: () => R) => R;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** Connections open, idle ones, and clients waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface StoreOptions {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  /** The PostgreSQL pool's counts (none on SQLite: one connection). */
  pool?: () => PoolStats;
  /** PostgreSQL: the URL and the channel of the schema's change notices (pg-listener.ts). */
  notify?: { url: string; channel: string };
  /** SQLite: the database's `data_version`, which changes when another connection commits. */
  dataVersion?: () => number;
  /** Told of each unit run again after PostgreSQL broke it off (the SQLSTATE: `40P01`, `40001`). */
  onRetry?: (code: string) => void;
}

/** How often SQLite's data_version is looked at for other processes' changes, ms. */
const DATA_VERSION_POLL_MS = 250;

export class Store {
  /** Reads outside any unit of work. */
  readonly read: Reader;
  readonly dialect: 'sqlite' | 'postgres';
  /** Changes to cached rows, this process's and (once `watchChanges` runs) every other's. */
  readonly changes = new ChangeFeed();
  readonly #o: StoreOptions;
  readonly #db: Kysely<Database>;
  readonly #grouped: boolean;
  #queue: Unit[] = [];
  #flushing = false;
  #listener: ChangeListener | null = null;
  #versionTimer: NodeJS.Timeout | null = null;

  constructor(options: StoreOptions) {
    this.#o = options;
    this.#db = options.db;
    this.dialect = options.dialect;
    this.#grouped = options.dialect === 'sqlite';
    this.read = options.db.withPlugin(new RootGuard());
  }

  /**
   * Starts hearing of other processes' changes (the service; the CLI, short-lived, does not):
   * PostgreSQL `LISTEN`, or SQLite's `data_version` every 250 ms.
   * @param onError told of a listening connection's failure (it reconnects by itself)
   */
  async watchChanges(onError: (err: unknown) => void): Promise<void> {
    if (this.#o.notify) this.#listener = await listenForChanges({ ...this.#o.notify, feed: this.changes, onError });
    const version = this.#o.dataVersion;
    if (version) {
      let seen = version();
      this.#versionTimer = setInterval(() => {
        try {
          const now = version();
          if (now !== seen) this.changes.emitAll();
          seen = now;
        } catch (err) {
          onError(err);
        }
      }, DATA_VERSION_POLL_MS);
      this.#versionTimer.unref();
    }
  }

  /**
   * Runs `work` in a unit of work and resolves with its result once the transaction holding it has
   * committed. `work` touches the database only through its `tx`: no network calls, nothing slow,
   * no refusals (decide those before).
   */
  write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    // A unit waiting for another unit would wait for itself (its group commits after it).
    if (insideUnit.getStore())
      return Promise.reject(
        new Error('store.write was called inside a unit of work: do the work in the same unit, through its tx.'),
      );
    if (!this.#grouped) return this.#transaction(work);
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({
        work,
        context: AsyncLocalStorage.snapshot(),
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      if (!this.#flushing) {
        this.#flushing = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  /**
   * Runs `work`, which must be one statement (atomic by itself): grouped like `write` on SQLite,
   * sent on its own on PostgreSQL (no BEGIN and COMMIT round trips). Its `afterCommit` callbacks
   * run once the statement is done.
   */
  writeOne<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    if (this.#grouped) return this.write(work);
    return withRetries(async () => {
      const callbacks: Array<() => void> = [];
      const notices: ChangeNotice[] = [];
      const tx = brand(this.#db as unknown as Transaction<Database>, callbacks, notices);
      const result = await insideUnit.run(true, () => work(tx));
      // A single statement commits by itself: its notice follows it.
      if (notices.length > 0) await this.#notify(this.#db, notices);
      this.changes.emit(notices);
      for (const fn of callbacks) fn();
      return result;
    }, this.#o.onRetry);
  }

  /**
   * The database connections now, for the metrics. PostgreSQL: the pool's. SQLite: its one
   * connection, busy while a group of units of work commits, with the units queued behind it.
   */
  poolStats(): PoolStats {
    return this.#o.pool?.() ?? { total: 1, idle: this.#flushing ? 0 : 1, waiting: this.#queue.length };
  }

  /** Stops watching for changes and closes the connections. */
  async close(): Promise<void> {
    if (this.#versionTimer) clearInterval(this.#versionTimer);
    await this.#listener?.close();
    await this.#db.destroy();
  }

  async #flush(): Promise<void> {
    while (this.#queue.length > 0) {
      const group = this.#queue;
      this.#queue = [];
      let results: unknown[] | undefined;
      try {
        results = await this.#transaction(async (tx) => {
          const out: unknown[] = [];
          for (const unit of group) out.push(await unit.context(() => insideUnit.run(true, () => unit.work(tx))));
          return out;
        });
      } catch (err) {
        if (group.length === 1) {
          group[0]!.reject(err);
          continue;
        }
        for (const unit of group)
          await unit.context(() => this.#transaction(unit.work)).then(unit.resolve, unit.reject);
        continue;
      }
      group.forEach((unit, i) => unit.resolve(results![i]));
    }
    this.#flushing = false;
  }

  /** One unit in its own transaction; on PostgreSQL run again when the server broke it off (retry.ts). */
  #transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.#grouped
      ? this.#transactionOnce(work)
      : withRetries(() => this.#transactionOnce(work), this.#o.onRetry);
  }

  async #transactionOnce<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    let callbacks: Array<() => void> = [];
    let notices: ChangeNotice[] = [];
    const result = await this.#db.transaction().execute(async (trx) => {
      callbacks = [];
      notices = [];
      const out = await insideUnit.run(true, () => work(brand(trx, callbacks, notices)));
      // Inside the transaction: other processes hear of it exactly when it commits.
      if (notices.length > 0) await this.#notify(trx, notices);
      return out;
    });
    this.changes.emit(notices);
    for (const fn of callbacks) fn();
    return result;
  }

  /** PostgreSQL: one `NOTIFY` for a unit's notices (SQLite's other processes read data_version). */
  async #notify(db: Kysely<Database>, notices: ChangeNotice[]): Promise<void> {
    if (this.#o.notify) await sql`select pg_notify(${this.#o.notify.channel}, ${encodeNotices(notices)})`.execute(db);
  }
}

function brand(trx: Transaction<Database>, callbacks: Array<() => void>, notices: ChangeNotice[]): Tx {
  return Object.assign(trx, {
    afterCommit: (fn: () => void) => void callbacks.push(fn),
    changed: (topic: ChangeTopic, key: string | null = null) => void notices.push({ topic, key }),
  }) as Tx;
}
