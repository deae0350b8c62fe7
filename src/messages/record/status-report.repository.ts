/**
 * The log of status reports (`status_reports`): every status the platform reported, once per
 * (wamid, status), for deduplication and for replaying a send's reports when its answer arrives
 * after them (status-reports.ts). Only this file touches the table.
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import { jsonRows } from '../../db/json-rows.js';
import type { StatusReportsTable } from '../../db/schema.js';
import type { Reader, Tx } from '../../db/store.js';

export type StatusReportRow = Selectable<StatusReportsTable>;

/** A status the platform reported, as logged. */
export interface NewStatusReport {
  wamid: string;
  status: string;
  at: string;
  error: { code: string; message: string } | null;
  callbackData: string | null;
  /** The report's pricing, kept so that a report replayed later (status-reports.ts) brings it. */
  pricing: { billable: boolean | null; model: string | null; category: string | null; type: string | null } | null;
  createdAt: string;
}

export function listStatusReports(db: Reader, wamid: string): Promise<StatusReportRow[]> {
  return db
    .selectFrom('status_reports')
    .selectAll()
    .where('platform_message_id', '=', wamid)
    .orderBy('occurred_at')
    .execute();
}

/**
 * Stores status reports, skipping any (wamid, status) already stored.
 * @returns the `wamid status` keys that were new.
 */
export async function insertStatusReports(tx: Tx, reports: NewStatusReport[]): Promise<Set<string>> {
  if (reports.length === 0) return new Set();
  const rows: Insertable<StatusReportsTable>[] = reports.map((r) => ({
    platform_message_id: r.wamid,
    status: r.status,
    occurred_at: r.at,
    error_code: r.error?.code ?? null,
    error_message: r.error?.message ?? null,
    callback_data: r.callbackData,
    created_at: r.createdAt,
    pricing: r.pricing ? JSON.stringify(r.pricing) : null,
  }));
  const columns = {
    platform_message_id: 'text',
    status: 'text',
    occurred_at: 'text',
    error_code: 'text',
    error_message: 'text',
    callback_data: 'text',
    created_at: 'text',
    pricing: 'text',
  } as const;
  const names = sql.join(Object.keys(columns).map((c) => sql.ref(c)));
  const values = sql.join(Object.keys(columns).map((c) => sql.ref(`v.${c}`)));
  // `where true`: SQLite reads `on conflict` after a bare `select … from` as a join's clause.
  const inserted = await sql<{ platform_message_id: string; status: string }>`
    insert into status_reports (${names}) select ${values} from ${jsonRows(tx, columns, rows)} where true
    on conflict (platform_message_id, status) do nothing
    returning platform_message_id, status`.execute(tx);
  return new Set(inserted.rows.map((r) => `${r.platform_message_id} ${r.status}`));
}
