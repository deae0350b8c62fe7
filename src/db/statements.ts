/**
 * Every statement the service runs, counted where it reaches the driver: each call into
 * better-sqlite3 (in the process), each query written to a PostgreSQL connection (one round trip,
 * since nothing is pipelined). Transaction control counts too (`begin`, `commit`), and the rows each
 * statement handed back. The composition root turns these into the `tidings_db_statements_total`
 * and `tidings_db_rows_total` metrics, by the work that ran them (lib/work.ts).
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import pg from 'pg';

/** A statement by its verb (a `with …` statement by the verb it modifies with, else `select`). */
export type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'begin' | 'commit' | 'rollback' | 'other';

/** Told of every statement run: its kind and how many rows it returned to the service. */
export type StatementObserver = (kind: StatementKind, rows: number) => void;

const VERBS = new Set<StatementKind>(['select', 'insert', 'update', 'delete', 'begin', 'commit', 'rollback']);
const kinds = new Map<string, StatementKind>();

/** The kind of a statement's text (remembered for the texts seen most, a few thousand). */
export function statementKind(text: string): StatementKind {
  let kind = kinds.get(text);
  if (kind) return kind;
  const first = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '';
  if (first === 'with')
    kind = (/\b(insert|update|delete)\b/i.exec(text)?.[1]?.toLowerCase() as StatementKind | undefined) ?? 'select';
  else kind = VERBS.has(first as StatementKind) ? (first as StatementKind) : first === 'start' ? 'begin' : 'other';
  if (kinds.size >= 5000) kinds.clear();
  kinds.set(text, kind);
  return kind;
}

/**
 * A `pg.Client` class whose queries are counted by `observe` (give it to a `pg.Pool` as `Client`).
 * Only promise-returning queries are counted (the only kind Kysely and pg-boss make).
 */
export function observedPgClient(observe: StatementObserver): typeof pg.Client {
  return class ObservedClient extends pg.Client {
    override query(...args: unknown[]): never {
      const result = (super.query as (...a: unknown[]) => unknown)(...args);
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      if (result instanceof Promise) {
        return result.then((r: { rows?: unknown[] } | undefined) => {
          observe(statementKind(text), Array.isArray(r?.rows) ? r.rows.length : 0);
          return r;
        }) as never;
      }
      return result as never;
    }
  };
}

/**
 * better-sqlite3 as Kysely's SQLite dialect sees it, with two additions. Statements are prepared
 * once per SQL text and kept (Kysely's driver prepares every query anew, and preparing costs more
 * than running a simple indexed query; the least recently added is dropped past 500), and each
 * run is counted by `observe`.
 */
export function observedSqlite(sqlite: SQLite.Database, observe: StatementObserver | undefined): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => void sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        const prepared = sqlite.prepare(text);
        statement = observe ? counted(prepared, statementKind(text), observe) : prepared;
        if (cache.size >= 500) cache.delete(cache.keys().next().value!);
        cache.set(text, statement);
      }
      return statement;
    },
  } as SqliteDatabase;
}

/** The statement, its runs counted (the calls Kysely's driver makes: `all`, `run`, `iterate`). */
function counted(statement: SQLite.Statement, kind: StatementKind, observe: StatementObserver): SQLite.Statement {
  return {
    get reader() {
      return statement.reader;
    },
    all(...params: unknown[]) {
      const rows = statement.all(...params);
      observe(kind, rows.length);
      return rows;
    },
    run(...params: unknown[]) {
      const result = statement.run(...params);
      observe(kind, 0);
      return result;
    },
    *iterate(...params: unknown[]) {
      let rows = 0;
      try {
        for (const row of statement.iterate(...params)) {
          rows++;
          yield row;
        }
      } finally {
        observe(kind, rows);
      }
    },
  } as unknown as SQLite.Statement;
}
