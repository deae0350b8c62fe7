/**
 * The audit trail (`GET /v1/audit_events`, permission `audit:read`, docs/api.md §D27): who changed
 * what, newest first: the time, the actor and its kind (a person, a key, the operator's CLI, the
 * platform, the service), the action, the object and the request id; filtered and paged as the API
 * offers (audit-filters.tsx), and exported whole (JSON Lines or CSV) through the same session.
 */
import { useState } from 'react';
import { api } from '../api';
import { AuditExport, AuditFilters, auditQuery, NO_FILTERS, type Filters } from '../audit-filters';
import { ACTOR_KINDS, type AuditEvent } from '../team';
import { ErrorNote, Pager, time, usePager, usePolling } from '../ui';

export function AuditPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const pager = usePager();
  const query = auditQuery(filters, { limit: '20', ...(pager.cursor ? { starting_after: pager.cursor } : {}) });
  const { data, error } = usePolling(
    () => api<{ data: AuditEvent[]; has_more: boolean }>('GET', `/audit_events?${query}`),
    [query],
    5000,
  );
  const last = data?.data.at(-1);
  return (
    <section>
      <div className="title-row">
        <h1>Audit</h1>
        <AuditExport filters={filters} />
      </div>
      <AuditFilters
        filters={filters}
        onChange={(f) => {
          setFilters(f);
          pager.reset();
        }}
      />
      <ErrorNote error={error} />
      <table className="list team-list" aria-label="Audit events">
        <thead>
          <tr>
            <th>Time</th>
            <th>Actor</th>
            <th>Action</th>
            <th>Object</th>
            <th>Request</th>
          </tr>
        </thead>
        <tbody>
          {data?.data.map((e) => (
            <tr key={e.id} data-audit={e.action}>
              <td>{time(e.createdAt)}</td>
              <td>
                <span className="tag actor-kind" data-testid="actor-kind">
                  {ACTOR_KINDS[e.actor.type] ?? e.actor.type}
                </span>{' '}
                <span data-testid="actor">{e.actor.name ?? e.actor.id}</span>
              </td>
              <td>
                <code>{e.action}</code>
                {e.mode ? <span className="muted"> ({e.mode})</span> : null}
              </td>
              <td>
                {e.object.type}
                {e.object.id ? (
                  <>
                    {' '}
                    <code>{e.object.id}</code>
                  </>
                ) : null}
              </td>
              <td>{e.requestId ? <code>{e.requestId}</code> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.data.length === 0 ? <p className="empty">No entries match.</p> : null}
      <Pager
        page={pager.page}
        hasMore={data?.has_more ?? false}
        onNext={() => last && pager.next(last.id)}
        onPrevious={pager.previous}
      />
    </section>
  );
}
