/**
 * Keyset paging for lists ordered by (column desc, id desc): the rows that come after a cursor row.
 * Written as a row-value comparison, which SQLite (3.15+) and PostgreSQL both support and can
 * answer from an index on (…, column, id).
 */
import { sql, type SqlBool } from 'kysely';

export function afterCursor(column: string, cursor: { value: string; id: string }) {
  return sql<SqlBool>`(${sql.ref(column)}, ${sql.ref('id')}) < (${cursor.value}, ${cursor.id})`;
}
