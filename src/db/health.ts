/**
 * What readiness (`GET /health/ready`) asks of the database: can it answer a trivial query in time,
 * and has every migration this build knows been applied (the migrator's own record).
 */
import { sql } from 'kysely';
import { migrationProvider } from './migrations.js';
import type { Store } from './store.js';

/** One check's outcome, as `/health/ready` shows it. */
export interface CheckResult {
  ok: boolean;
  /** Why it failed, in words (never a secret: no connection string, no query values). */
  error?: string;
  [detail: string]: unknown;
}

/**
 * Checks for a store. Each one runs at most once at a time: a probe that arrives while the last
 * query still hangs (a database that stopped answering) waits for that one, so probes never pile
 * up queries on an unreachable server.
 */
export function databaseChecks(
  store: Store,
  timeoutMs: number,
): { database(): Promise<CheckResult>; migrations(): Promise<CheckResult> } {
  const ping = singleFlight(async () => {
    await sql`select 1`.execute(store.read);
  });
  const pending = singleFlight(async () => {
    // The Migrator's own record, read directly: one read of one small table in the schema this
    // connection works in, whatever else the server holds (Kysely's Migrator would introspect it).
    const known = Object.keys(await migrationProvider.getMigrations());
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(store.read);
    const applied = new Set(rows.map((r) => r.name));
    return {
      applied: known.filter((name) => applied.has(name)).length,
      pending: known.filter((name) => !applied.has(name)),
    };
  });
  return {
    async database() {
      const started = performance.now();
      try {
        await withTimeout(ping(), timeoutMs);
        return { ok: true, ms: Math.round(performance.now() - started) };
      } catch (err) {
        return { ok: false, error: describe(err) };
      }
    },
    async migrations() {
      try {
        const state = await withTimeout(pending(), timeoutMs);
        return state.pending.length === 0
          ? { ok: true, applied: state.applied }
          : {
              ok: false,
              applied: state.applied,
              pending: state.pending,
              error: `${state.pending.length} migration(s) not applied`,
            };
      } catch (err) {
        return { ok: false, error: describe(err) };
      }
    },
  };
}

/** `fn`, but a call while the last call's promise is unsettled shares that promise. */
function singleFlight<T>(fn: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  return () => {
    current ??= fn().finally(() => {
      current = null;
    });
    return current;
  };
}

class CheckTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** An error in words for the readiness answer: its message, or its code (`ECONNREFUSED`). */
function describe(err: unknown): string {
  if (err instanceof CheckTimeout) return err.message;
  const e = err as { code?: unknown; message?: unknown };
  // Driver messages name the server's address at most; they never hold a password.
  return typeof e?.message === 'string' && e.message !== '' ? e.message : String(e?.code ?? err);
}
