import { useState } from 'react';
import { api, type Mode, type Page, type Template } from '../api';
import {
  categoryWords,
  QUALITY_WORDS,
  QualityBadge,
  SourceTags,
  TEMPLATE_QUALITIES,
  TEMPLATE_STATUSES,
  TemplateFlags,
} from '../template-facts';
import { Can } from '../can';
import { useTemplateSync } from '../template-sync';
import { ErrorNote, FilterSelect, Link, Pager, StatusBadge, time, usePager, usePolling } from '../ui';

/** What the empty list says, from the filters that are set. */
function emptyWords(status: string, quality: string, category: string): string {
  const filters = [
    status && `are ${status}`,
    quality && `are rated ${QUALITY_WORDS[quality]?.toLowerCase() ?? quality}`,
  ].filter(Boolean);
  if (filters.length > 0) return `No ${category ? '' : 'utility '}templates ${filters.join(' and ')}.`;
  return category
    ? 'No templates yet.'
    : 'No utility templates yet. Templates the platform re-categorised show under “All categories”.';
}

/**
 * The account's templates, newest change first: utility ones (those Tidings sends) or all
 * categories (to see those the platform re-categorised), filtered by status and quality; each with
 * its quality and the flags of a paused, disabled, flagged or re-categorised one; and "Sync with
 * WhatsApp".
 */
export function TemplatesPage({ mode }: { mode: Mode }) {
  const [status, setStatus] = useState('');
  const [quality, setQuality] = useState('');
  const [category, setCategory] = useState('');
  const pager = usePager();
  const query = pager.query({ status, quality, category });
  const { data, error, reload } = usePolling(() => api<Page<Template>>('GET', `/templates/?${query}`), [query], 3000);
  const sync = useTemplateSync({ mode, known: data?.data ?? [], onSynced: () => void reload() });
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    pager.reset();
  };
  return (
    <section>
      <div className="title-row">
        <h1>Templates</h1>
        <Can do="templates:write">
          <div className="actions">
            {sync.button}
            <Link to="/templates/new" className="button">
              New template
            </Link>
          </div>
        </Can>
      </div>
      <Can do="templates:write">{sync.answer}</Can>
      <div className="filters">
        <label>
          Category
          <select value={category} onChange={(e) => filter(setCategory)(e.target.value)}>
            <option value="">Utility</option>
            <option value="any">All categories</option>
          </select>
        </label>
        <FilterSelect label="Status" value={status} options={TEMPLATE_STATUSES} onChange={filter(setStatus)} />
        <FilterSelect
          label="Quality"
          value={quality}
          options={TEMPLATE_QUALITIES}
          labels={QUALITY_WORDS}
          onChange={filter(setQuality)}
        />
      </div>
      <ErrorNote error={error} />
      <table className="list">
        <thead>
          <tr>
            <th>Name</th>
            <th>Language</th>
            {category && <th>Category</th>}
            <th>Quality</th>
            <th>Status</th>
            <th>Updated</th>
          </tr>
        </thead>
        <tbody>
          {data?.data.map((t) => (
            <tr key={t.id} data-template={t.id}>
              <td data-label="Name">
                <Link to={`/templates/${t.id}`}>{t.name}</Link>
                <SourceTags t={t} />
              </td>
              <td data-label="Language">{t.language}</td>
              {category && <td data-label="Category">{categoryWords(t.category)}</td>}
              <td data-label="Quality">
                <QualityBadge quality={t.quality} />
              </td>
              <td data-label="Status">
                <div className="status-cell">
                  <StatusBadge status={t.status} />
                  <TemplateFlags t={t} />
                </div>
              </td>
              <td data-label="Updated">{time(t.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.data.length === 0 ? <p className="empty">{emptyWords(status, quality, category)}</p> : null}
      {data ? (
        <Pager
          page={pager.page}
          hasMore={data.has_more}
          onNext={() => pager.next(data.data.at(-1)!.id)}
          onPrevious={pager.previous}
        />
      ) : null}
    </section>
  );
}
