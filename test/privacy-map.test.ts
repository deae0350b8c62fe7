/**
 * What is kept, where, for how long (issue 40; src/privacy/data-map.ts, docs/privacy.md): a fresh
 * database of the suite's dialect, migrated, read column by column from its own catalogue (SQLite:
 * `sqlite_master` and `pragma_table_info`; PostgreSQL: `information_schema.columns` of the test's
 * schema), against the map: every column has an entry (a new one without fails, naming it), every
 * entry names a column that exists, and every column holding a customer's personal data is named
 * in docs/privacy.md as `table.column`. The check is a function of the three (`mapProblems`), tried
 * first on a planted schema and document so it is seen to fail.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { migrationProvider } from '../src/db/migrations.js';
import type { Store } from '../src/db/store.js';
import { COLUMNS, FILES, PERSONAL_CATEGORIES, type ColumnEntry } from '../src/privacy/data-map.js';
import { DIALECT, freshDatabase } from './database.js';
import { ROOT } from './helpers.js';

/**
 * Tables of the live schema that are not Tidings' data, so not in the map:
 * - Kysely's migration bookkeeping (both dialects): the names and times of the migrations run.
 * - The shadow tables of SQLite's FTS5 index `contacts_search` (migration 0012): the index's own
 *   storage of `contacts_search`, which the map holds (its words are a contact's, removed with it).
 * PostgreSQL's job queue (pg-boss) keeps its tables in a schema of its own (`<schema>_pgboss`,
 * src/jobs/pg-boss-queue.ts), which the test's schema does not hold: docs/privacy.md names it.
 */
const SKIPPED: Record<'sqlite' | 'postgres', readonly string[]> = {
  sqlite: [
    'kysely_migration',
    'kysely_migration_lock',
    'contacts_search_config',
    'contacts_search_data',
    'contacts_search_docsize',
    'contacts_search_idx',
  ],
  postgres: ['kysely_migration', 'kysely_migration_lock'],
};

/** `table.column`, as docs/privacy.md writes it (in backticks). */
const key = (table: string, column: string) => `${table}.${column}`;

/**
 * Every disagreement between the live schema's columns (`live`, `table.column`), the map's entries
 * and docs/privacy.md (`doc`), as sentences: a column without an entry, an entry without a column
 * (unless its migration is not yet among `migrations`), an entry twice, and a personal column the
 * document does not name.
 */
export function mapProblems(
  live: ReadonlySet<string>,
  entries: readonly ColumnEntry[],
  doc: string,
  options: { dialect: 'sqlite' | 'postgres'; migrations: ReadonlySet<string> },
): string[] {
  const problems: string[] = [];
  const mine = entries.filter((e) => !e.dialect || e.dialect === options.dialect);
  const mapped = new Map<string, ColumnEntry>();
  for (const e of mine) {
    const k = key(e.table, e.column);
    if (mapped.has(k)) problems.push(`${k} has two entries in src/privacy/data-map.ts`);
    mapped.set(k, e);
  }
  for (const k of [...live].sort())
    if (!mapped.has(k)) problems.push(`${k} (${options.dialect}) has no entry in src/privacy/data-map.ts`);
  for (const [k, e] of mapped) {
    const pending = e.migration !== undefined && !options.migrations.has(e.migration);
    if (!live.has(k) && !pending)
      problems.push(`src/privacy/data-map.ts names ${k}, which the ${options.dialect} schema does not have`);
  }
  for (const e of entries)
    if (PERSONAL_CATEGORIES.has(e.category) && !doc.includes(`\`${key(e.table, e.column)}\``))
      problems.push(`${key(e.table, e.column)} holds ${e.category}: docs/privacy.md does not name it`);
  // And the other way: a `table.column` of a mapped table that the document names must be mapped
  // (a column renamed or dropped leaves no stale name behind).
  const tables = new Set(entries.map((e) => e.table));
  const all = new Set(entries.map((e) => key(e.table, e.column)));
  for (const [, table, column] of doc.matchAll(/`([a-z_]+)\.([a-z_]+)`/g))
    if (tables.has(table!) && !all.has(key(table!, column!)))
      problems.push(`docs/privacy.md names ${key(table!, column!)}, which src/privacy/data-map.ts does not map`);
  return problems;
}

/** The live schema's columns as `table.column`, the skipped tables left out, and the tables it has. */
async function liveColumns(store: Store): Promise<{ columns: Set<string>; tables: Set<string> }> {
  const rows =
    store.dialect === 'sqlite'
      ? (
          await sql<{ t: string; c: string }>`
            select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and m.name not like 'sqlite\\_%' escape '\\'`.execute(store.read)
        ).rows
      : (
          await sql<{ t: string; c: string }>`
            select table_name as t, column_name as c from information_schema.columns
            where table_schema = current_schema()`.execute(store.read)
        ).rows;
  const skipped = new Set(SKIPPED[store.dialect]);
  return {
    tables: new Set(rows.map((r) => r.t)),
    columns: new Set(rows.filter((r) => !skipped.has(r.t)).map((r) => key(r.t, r.c))),
  };
}

describe('the map of what is kept (src/privacy/data-map.ts)', () => {
  it('finds a column without an entry, one without a column, a personal one the document leaves out, a stale name in it', () => {
    const entry = (table: string, column: string, over: Partial<ColumnEntry> = {}): ColumnEntry => ({
      table,
      column,
      category: 'metadata',
      retention: 'for ever',
      erasure: 'kept (no personal data)',
      export: false,
      ...over,
    });
    const live = new Set(['contacts.id', 'contacts.phone', 'contacts.nickname', 'messages.text']);
    const entries = [
      entry('contacts', 'id'),
      entry('contacts', 'phone', { category: 'address' }),
      entry('messages', 'text', { category: 'content' }),
      entry('messages', 'caption', { category: 'content' }),
      entry('erasures', 'id', { migration: '0099_later' }),
      entry('contact_words', 'words', { category: 'name', dialect: 'postgres' }),
    ];
    const doc =
      'Addresses: `contacts.phone`. Content: messages.text, `messages.caption`. Words: `contact_words.words`. ' +
      'Gone: `contacts.nick_name`. Not a table: `tidings.sqlite`.';
    assert.deepEqual(mapProblems(live, entries, doc, { dialect: 'sqlite', migrations: new Set() }), [
      'contacts.nickname (sqlite) has no entry in src/privacy/data-map.ts',
      'src/privacy/data-map.ts names messages.caption, which the sqlite schema does not have',
      'messages.text holds content: docs/privacy.md does not name it',
      'docs/privacy.md names contacts.nick_name, which src/privacy/data-map.ts does not map',
    ]);
    // Once its migration is in the list, an entry of another branch must name a real column.
    assert.deepEqual(
      mapProblems(live, entries, doc, { dialect: 'sqlite', migrations: new Set(['0099_later']) }).filter((p) =>
        p.includes('erasures'),
      ),
      ['src/privacy/data-map.ts names erasures.id, which the sqlite schema does not have'],
    );
  });

  it('classifies consistently: staff data is never reached, nothing personal is "kept (no personal data)"', () => {
    for (const e of COLUMNS) {
      const k = key(e.table, e.column);
      if (e.category === 'staff') assert.equal(e.erasure, 'not reached (staff data)', k);
      if (PERSONAL_CATEGORIES.has(e.category))
        assert.notEqual(e.erasure, 'kept (no personal data)', `${k} holds ${e.category}`);
    }
  });

  it('names every file entry in docs/privacy.md', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/privacy.md'), 'utf8');
    for (const f of FILES) assert.ok(doc.includes(`\`${f.path}\``), `docs/privacy.md does not name \`${f.path}\``);
  });

  describe(`against a freshly migrated ${DIALECT} database`, () => {
    let store: Store;
    let dataDir: string;
    before(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-privacy-map-'));
      const database = await freshDatabase();
      const config: DatabaseConfig =
        DIALECT === 'sqlite'
          ? { dialect: 'sqlite', file: path.join(dataDir, 'tidings.sqlite') }
          : { dialect: 'postgres', url: database.env.DATABASE_URL! };
      store = await connectDatabase(config);
    });
    after(async () => {
      await store?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('maps every column, names only columns that exist, and the document names every personal one', async () => {
      const { columns, tables } = await liveColumns(store);
      assert.ok(columns.has('messages.recipient') && columns.has('contacts.phone'), 'the catalogue was read');
      for (const t of SKIPPED[store.dialect]) assert.ok(tables.has(t), `skipped table ${t} exists`);
      const migrations = new Set(Object.keys(await migrationProvider.getMigrations()));
      const doc = fs.readFileSync(path.join(ROOT, 'docs/privacy.md'), 'utf8');
      assert.deepEqual(mapProblems(columns, COLUMNS, doc, { dialect: store.dialect, migrations }), []);
    });
  });
});
