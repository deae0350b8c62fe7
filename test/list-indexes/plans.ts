/**
 * The database's plan of a statement a repository ran: the statements are captured as Kysely
 * compiled them (a plugin on the reader), then explained on a connection of their own: `EXPLAIN
 * QUERY PLAN` on SQLite, `EXPLAIN (FORMAT JSON)` with `enable_seqscan = off` on PostgreSQL (after
 * ANALYZE), so that an index the planner could use is used, and one it cannot use shows as a scan.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { CompiledQuery, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import pg from 'pg';
import type { Reader } from '../../src/db/store.js';
import type { Harness } from '../harness.js';

/** What a plan read one table by: the index (null: the table itself, every row) and its search. */
export interface Access {
  table: string;
  index: string | null;
  /** SQLite's `(account_id=? AND …)`, PostgreSQL's Index Cond; '' for a scan of the whole index. */
  search: string;
  /** PostgreSQL: the conditions applied to the rows read (not by the index). */
  filter: string;
}

/** `db` with every statement it runs recorded, as compiled, in `statements`. */
export function capturing(db: Reader): { db: Reader; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs) {
      statements.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs) => args.result,
  };
  return { db: db.withPlugin(plugin), statements };
}

/** Explains statements on the harness's database. `close()` when done. */
export async function planner(h: Harness, dialect: 'sqlite' | 'postgres') {
  if (dialect === 'sqlite') {
    const file = path.join(h.dataDir, 'tidings.sqlite');
    const sqlite = new SQLite(file, { readonly: true });
    return {
      async accesses(q: CompiledQuery): Promise<Access[]> {
        const rows = sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as {
          detail: string;
        }[];
        // A subquery's rows (a co-routine or a materialised view of it) are scanned by its name.
        const subqueries = new Set(rows.map((r) => /^(?:CO-ROUTINE|MATERIALIZE) (\w+)/.exec(r.detail)?.[1]));
        return rows.flatMap(({ detail }) => {
          const m = /^(SEARCH|SCAN) (\w+)(?: AS \w+)?(.*)$/.exec(detail);
          if (!m || subqueries.has(m[2])) return [];
          const [, verb, table, rest] = m as unknown as [string, string, string, string];
          // An FTS5 table answers a MATCH from its own index.
          if (rest.includes('VIRTUAL TABLE INDEX')) return [{ table, index: table, search: rest.trim(), filter: '' }];
          const index = /INDEX (\w+)/.exec(rest)?.[1] ?? (rest.includes('PRIMARY KEY') ? 'primary key' : null);
          const search = verb === 'SEARCH' ? (/\((.*)\)/.exec(rest)?.[1] ?? '') : '';
          return [{ table, index, search, filter: '' }];
        });
      },
      close: async () => sqlite.close(),
    };
  }
  const client = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await client.connect();
  await client.query('set enable_seqscan = off');
  return {
    async accesses(q: CompiledQuery): Promise<Access[]> {
      const { rows } = await client.query(`explain (format json) ${q.sql}`, q.parameters as unknown[]);
      const found: Access[] = [];
      const walk = (node: Record<string, any>) => {
        // A bitmap heap scan reads the rows its bitmap index scan (below it) found.
        if ((node['Relation Name'] && node['Node Type'] !== 'Bitmap Heap Scan') || node['Index Name'])
          found.push({
            table: node.Alias ?? node['Relation Name'] ?? '',
            index: node['Index Name'] ?? null,
            search: node['Index Cond'] ?? '',
            filter: node.Filter ?? '',
          });
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(rows[0]['QUERY PLAN'][0].Plan);
      return found;
    },
    close: () => client.end(),
  };
}
