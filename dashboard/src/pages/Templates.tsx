import { useState } from 'react';
import { api, type Page, type Template } from '../api';
import { ErrorNote, FilterSelect, Link, Pager, StatusBadge, time, usePager, usePolling } from '../ui';

/** Utility templates, newest change first, with a status filter. */
export function TemplatesPage() {
  const [status, setStatus] = useState('');
  const pager = usePager();
  const query = pager.query({ status });
  const { data, error } = usePolling(() => api<Page<Template>>('GET', `/templates/?${query}`), [query], 3000);
  return (
    <section>
      <div className="title-row">
        <h1>Templates</h1>
        <Link to="/templates/new" className="button">
          New template
        </Link>
      </div>
      <div className="filters">
        <FilterSelect
          label="Status"
          value={status}
          options={['pending', 'processing', 'approved', 'rejected']}
          onChange={(v) => {
            setStatus(v);
            pager.reset();
          }}
        />
      </div>
      <ErrorNote error={error} />
      <table className="list">
        <thead>
          <tr>
            <th>Name</th>
            <th>Language</th>
            <th>Status</th>
            <th>Updated</th>
          </tr>
        </thead>
        <tbody>
          {data?.data.map((t) => (
            <tr key={t.id}>
              <td data-label="Name">
                <Link to={`/templates/${t.id}`}>{t.name}</Link>
              </td>
              <td data-label="Language">{t.language}</td>
              <td data-label="Status">
                <StatusBadge status={t.status} />
              </td>
              <td data-label="Updated">{time(t.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.data.length === 0 ? <p className="empty">No templates{status ? ` are ${status}` : ' yet'}.</p> : null}
      {data ? <Pager page={pager.page} hasMore={data.has_more} onNext={() => pager.next(data.data.at(-1)!.id)} onPrevious={pager.previous} /> : null}
    </section>
  );
}
