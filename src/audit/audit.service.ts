/**
 * Reading the audit trail (docs/api.md §D27): an account's entries, newest first, filtered, a page at
 * a time (`GET /v1/audit_events`), or all of them as JSON Lines or CSV (the exports, the CLI's
 * `audit export`). A caller sees its account's chain only.
 */
import { stringify } from 'csv-stringify/sync';
import type { Store } from '../db/store.js';
import { paginate } from '../http/paging.js';
import * as repo from './audit.repository.js';
import type { AuditEvent, AuditEventList, ListAuditEventsQuery } from './audit.schemas.js';

/** Entries read per query while exporting. */
const EXPORT_PAGE = 500;

/** The CSV export's columns, in order. */
export const CSV_COLUMNS = [
  'id',
  'seq',
  'createdAt',
  'actorType',
  'actorId',
  'actorName',
  'action',
  'objectType',
  'objectId',
  'mode',
  'requestId',
  'address',
  'userAgent',
  'changes',
] as const;

export function toAuditEvent(r: repo.AuditRow): AuditEvent {
  return {
    id: r.id,
    seq: r.seq === null ? null : Number(r.seq),
    actor: { type: r.actor_type, id: r.actor_id, name: r.actor_name },
    action: r.action,
    object: { type: r.object_type, id: r.object_id },
    mode: r.mode,
    changes: r.changes === null ? null : (JSON.parse(r.changes) as { before: unknown; after: unknown }),
    requestId: r.request_id,
    address: r.address,
    userAgent: r.user_agent,
    createdAt: r.created_at,
  };
}

function csvRow(e: AuditEvent): string {
  return stringify([
    [
      e.id,
      e.seq ?? '',
      e.createdAt,
      e.actor.type,
      e.actor.id,
      e.actor.name ?? '',
      e.action,
      e.object.type,
      e.object.id ?? '',
      e.mode ?? '',
      e.requestId ?? '',
      e.address ?? '',
      e.userAgent ?? '',
      e.changes === null ? '' : JSON.stringify(e.changes),
    ],
  ]);
}

function filterOf(accountId: string, q: Omit<ListAuditEventsQuery, 'limit' | 'starting_after'>): repo.AuditFilter {
  return {
    chain: accountId,
    actorType: q.actorType,
    actorId: q.actorId,
    action: q.action,
    objectType: q.objectType,
    objectId: q.objectId,
    since: q.since,
    until: q.until,
  };
}

export class AuditEvents {
  readonly #store: Store;

  constructor(options: { store: Store }) {
    this.#store = options.store;
  }

  /**
   * A page of the account's entries, newest first (created_at, then id).
   * @throws TidingsError parameter_invalid (a `starting_after` of no entry of the account).
   */
  async list(accountId: string, query: ListAuditEventsQuery): Promise<AuditEventList> {
    const db = this.#store.read;
    const filter = filterOf(accountId, query);
    const page = await paginate(
      { limit: query.limit, starting_after: query.starting_after },
      {
        cursor: (id) => repo.findEntry(db, accountId, id),
        page: (limit, after) => repo.page(db, filter, limit, after),
        map: toAuditEvent,
        noun: 'audit event',
      },
    );
    return { data: page.data, has_more: page.has_more };
  }

  /** Every entry matching the filters, newest first, read a page at a time. */
  async *all(
    accountId: string,
    query: Omit<ListAuditEventsQuery, 'limit' | 'starting_after'>,
  ): AsyncGenerator<AuditEvent> {
    const filter = filterOf(accountId, query);
    let after: repo.AuditRow | undefined;
    for (;;) {
      const rows = await repo.page(this.#store.read, filter, EXPORT_PAGE, after);
      for (const r of rows) yield toAuditEvent(r);
      if (rows.length < EXPORT_PAGE) return;
      after = rows[rows.length - 1];
    }
  }

  /** The export as text chunks: JSON Lines (one entry a line) or CSV (a header line, then CSV_COLUMNS). */
  async *export(
    accountId: string,
    query: Omit<ListAuditEventsQuery, 'limit' | 'starting_after'>,
    format: 'jsonl' | 'csv',
  ): AsyncGenerator<string> {
    if (format === 'csv') yield stringify([[...CSV_COLUMNS]]);
    for await (const e of this.all(accountId, query)) yield format === 'csv' ? csvRow(e) : `${JSON.stringify(e)}\n`;
  }
}
