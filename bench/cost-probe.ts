/**
 * What a benchmark phase cost the Tidings process, read from outside it: the statements it ran
 * and the rows they returned, by the work that ran them (`tidings_db_statements_total`,
 * `tidings_db_rows_total`: counted where each statement reaches the driver), its CPU time
 * (`process_cpu_seconds_total`), and on PostgreSQL the server's own counts for the database
 * (`pg_stat_database`: transactions, rows fetched and returned), each as a difference between two
 * samples.
 */
import pg from 'pg';
import { sleep } from './lib.js';

/** Statements by work and kind, rows by work, CPU seconds, dispatch outcomes; and the server's counts on PostgreSQL. */
export interface Sample {
  statements: Map<string, number>;
  rows: Map<string, number>;
  cpuSeconds: number;
  /** Send attempts by outcome (`sent`, `reslotted`: a send whose timer fired late took a new slot…). */
  outcomes: Map<string, number>;
  server: { transactions: number; fetched: number; returned: number; tables: Map<string, number> } | null;
}

const LINE =
  /^(tidings_db_statements_total|tidings_db_rows_total|tidings_dispatch_outcomes_total|process_cpu_seconds_total)(?:\{([^}]*)\})? ([0-9.e+-]+)$/;

/** Reads the service's metrics (METRICS_TOKEN) and, with `pgUrl`, pg_stat_database. */
export async function sample(serviceUrl: string, token: string, pgUrl: string | null): Promise<Sample> {
  let server: Sample['server'] = null;
  if (pgUrl) {
    // Backends report their counts when they go idle, at most once a second.
    await sleep(1200);
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query('select pg_stat_clear_snapshot()');
      const { rows } = await c.query(
        'select xact_commit + xact_rollback as t, tup_fetched as f, tup_returned as r from pg_stat_database where datname = current_database()',
      );
      // Rows each table gave up, sequential scans and index fetches together: where reads grow.
      const tables = await c.query(
        "select schemaname || '.' || relname as t, coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n from pg_stat_user_tables where schemaname like 'bench_cost%'",
      );
      server = {
        transactions: Number(rows[0].t),
        fetched: Number(rows[0].f),
        returned: Number(rows[0].r),
        tables: new Map(tables.rows.map((r) => [r.t as string, Number(r.n)])),
      };
    } finally {
      await c.end();
    }
  }
  const text = await (await fetch(`${serviceUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const out: Sample = { statements: new Map(), rows: new Map(), cpuSeconds: 0, outcomes: new Map(), server };
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    const value = Number(m[3]);
    if (m[1] === 'process_cpu_seconds_total') out.cpuSeconds = value;
    else if (m[1] === 'tidings_db_rows_total') out.rows.set(labels.work!, value);
    else if (m[1] === 'tidings_dispatch_outcomes_total')
      out.outcomes.set(labels.outcome!, (out.outcomes.get(labels.outcome!) ?? 0) + value);
    else out.statements.set(`${labels.work} ${labels.kind}`, value);
  }
  return out;
}

/** What happened between two samples. */
export interface Cost {
  /** Statements by `work kind`. */
  statements: Map<string, number>;
  rows: Map<string, number>;
  cpuSeconds: number;
  outcomes: Map<string, number>;
  server: Sample['server'];
}

export function between(a: Sample, b: Sample): Cost {
  const minus = (x: Map<string, number>, y: Map<string, number>) =>
    new Map([...y].map(([k, v]) => [k, v - (x.get(k) ?? 0)] as const).filter(([, v]) => v > 0));
  return {
    statements: minus(a.statements, b.statements),
    rows: minus(a.rows, b.rows),
    cpuSeconds: b.cpuSeconds - a.cpuSeconds,
    outcomes: minus(a.outcomes, b.outcomes),
    server: a.server &&
      b.server && {
        transactions: b.server.transactions - a.server.transactions,
        fetched: b.server.fetched - a.server.fetched,
        returned: b.server.returned - a.server.returned,
        tables: minus(a.server.tables, b.server.tables),
      },
  };
}

/** Statements of the works whose name starts with one of `works`, in all or by kind. */
export function statementsOf(cost: Cost, works: string[]): { total: number; byKind: Map<string, number> } {
  const byKind = new Map<string, number>();
  let total = 0;
  for (const [key, n] of cost.statements) {
    const [work, kind] = [key.slice(0, key.lastIndexOf(' ')), key.slice(key.lastIndexOf(' ') + 1)];
    if (!works.some((w) => work === w || work.startsWith(`${w}:`))) continue;
    total += n;
    byKind.set(kind, (byKind.get(kind) ?? 0) + n);
  }
  return { total, byKind };
}

/** Rows the works returned. */
export function rowsOf(cost: Cost, works: string[]): number {
  let total = 0;
  for (const [work, n] of cost.rows) if (works.some((w) => work === w || work.startsWith(`${w}:`))) total += n;
  return total;
}

/** The tables that gave up the most rows (PostgreSQL), per item: `bench_cost.messages 3.0, …`. */
export function tablesRead(cost: Cost, items: number, top = 3): string {
  if (!cost.server || items === 0) return '';
  return [...cost.server.tables]
    .sort((x, y) => y[1] - x[1])
    .slice(0, top)
    .map(([t, n]) => `${t} ${(n / items).toFixed(1)}`)
    .join(', ');
}

/** `12.3 (select 4.1, insert 2.0, …)`: statements per item, with the kinds. */
export function perItem(s: { total: number; byKind: Map<string, number> }, items: number): string {
  if (items === 0) return 'n/a';
  const kinds = [...s.byKind].sort((x, y) => y[1] - x[1]).map(([k, n]) => `${k} ${(n / items).toFixed(2)}`);
  return `${(s.total / items).toFixed(2)}${kinds.length ? ` (${kinds.join(', ')})` : ''}`;
}
