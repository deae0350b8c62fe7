/**
 * `GET /v1/audit_events` (docs/api.md §D27): the account's audit trail, newest first, filtered and
 * paged like every list; with `Accept: application/x-ndjson` or `text/csv`, every entry matching the
 * filters, streamed (no paging).
 */
import { Readable } from 'node:stream';
import { defineRoute } from '../http/route.js';
import type { AuditEvents } from './audit.service.js';
import { AuditEventList, ListAuditEventsQuery } from './audit.schemas.js';

/** The export an `Accept` header asks for, or null for the JSON page. */
function exportFormat(accept: string | undefined): 'jsonl' | 'csv' | null {
  if (!accept) return null;
  if (/application\/(x-ndjson|jsonl)/i.test(accept)) return 'jsonl';
  if (/text\/csv/i.test(accept)) return 'csv';
  return null;
}

export function auditRoutes({ events }: { events: AuditEvents }) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/audit_events',
        operationId: 'listAuditEvents',
        summary: 'List audit events',
        description:
          "Who changed what in the account (a person, a key, the operator's CLI, the platform, the service), newest first: the object, the change (before and after, secrets left out), the request id, address and user agent. Each entry is sealed into the account's hash chain within a second or so (`seq`); `npx tidings audit verify` proves none was edited or removed.",
        tags: ['Account'],
        access: { scope: 'audit:read', permission: 'audit:read', modes: 'any' },
        idempotency: 'none',
        errors: [],
        querystring: ListAuditEventsQuery,
        response: {
          status: 200,
          schema: AuditEventList,
          alsoAs: {
            contentType: 'application/x-ndjson',
            description:
              'with `Accept: application/x-ndjson`, every entry matching the filters as JSON Lines (one AuditEvent a line), or with `Accept: text/csv` as CSV (a header line; id, seq, createdAt, actorType, actorId, actorName, action, objectType, objectId, mode, requestId, address, userAgent, changes as JSON); `limit` and `starting_after` are ignored.',
          },
        },
      },
      async ({ auth, query, request, reply }) => {
        const format = exportFormat(request.headers.accept);
        if (format === null) return events.list(auth.accountId, query);
        const { limit: _l, starting_after: _s, ...filters } = query;
        const stamp = new Date().toISOString().slice(0, 10);
        return reply
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${auth.accountId}-${stamp}.${format}"`)
          .send(Readable.from(events.export(auth.accountId, filters, format)));
      },
    ),
  ];
}
