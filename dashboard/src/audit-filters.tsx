/**
 * The audit page's filters (those `GET /v1/audit_events` takes: the actor's kind and id, the action,
 * the object's type and id, a time range) and its exports: every entry matching them, as JSON Lines
 * or CSV (`Accept: application/x-ndjson` or `text/csv`), fetched with the page's own session or key
 * and saved as a file.
 */
import { useState } from 'react';
import { apiBlob } from './api';
import { ACTOR_KINDS } from './team';
import { ErrorNote, FilterSelect } from './ui';

export interface Filters {
  actorType: string;
  actorId: string;
  action: string;
  objectType: string;
  objectId: string;
  /** `datetime-local` values, in the browser's zone ('' for none). */
  since: string;
  until: string;
}

export const NO_FILTERS: Filters = {
  actorType: '',
  actorId: '',
  action: '',
  objectType: '',
  objectId: '',
  since: '',
  until: '',
};

/** The query string of `filters` (times as ISO 8601) and `extra` (the page's `limit`, `starting_after`). */
export function auditQuery(filters: Filters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams(extra);
  for (const [name, value] of Object.entries(filters)) {
    const v = value.trim();
    if (!v) continue;
    q.set(name, name === 'since' || name === 'until' ? new Date(v).toISOString() : v);
  }
  return q.toString();
}

const TEXT_FILTERS = [
  ['actorId', 'Actor id', 'usr_…, key_…'],
  ['action', 'Action', 'member.role_changed'],
  ['objectType', 'Object type', 'api_key'],
  ['objectId', 'Object id', ''],
] as const;

export function AuditFilters({ filters, onChange }: { filters: Filters; onChange: (f: Filters) => void }) {
  // Text is applied on Enter or leaving the box, not at every key.
  const [draft, setDraft] = useState(filters);
  const apply = (f: Filters) => onChange(f);
  return (
    <form
      className="filters"
      aria-label="Filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply(draft);
      }}
    >
      <FilterSelect
        label="Actor kind"
        value={filters.actorType}
        options={Object.keys(ACTOR_KINDS)}
        labels={ACTOR_KINDS}
        onChange={(actorType) => {
          setDraft({ ...draft, actorType });
          apply({ ...draft, actorType });
        }}
      />
      {TEXT_FILTERS.map(([name, label, placeholder]) => (
        <label key={name}>
          {label}
          <input
            value={draft[name]}
            placeholder={placeholder}
            onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
            onBlur={() => apply(draft)}
          />
        </label>
      ))}
      {(['since', 'until'] as const).map((name) => (
        <label key={name}>
          {name === 'since' ? 'From' : 'Before'}
          <input
            type="datetime-local"
            step={1}
            value={draft[name]}
            onChange={(e) => {
              setDraft({ ...draft, [name]: e.target.value });
              apply({ ...draft, [name]: e.target.value });
            }}
          />
        </label>
      ))}
      <button type="submit" className="secondary">
        Filter
      </button>
    </form>
  );
}

const FORMATS = [
  ['jsonl', 'JSON Lines', 'application/x-ndjson'],
  ['csv', 'CSV', 'text/csv'],
] as const;

/** Export buttons: the whole filtered trail, saved as `audit-<date>.<jsonl|csv>`. */
export function AuditExport({ filters }: { filters: Filters }) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const save = async (ext: string, accept: string) => {
    setBusy(ext);
    setError(null);
    try {
      const blob = await apiBlob(`/audit_events?${auditQuery(filters)}`, { accept });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `audit-${new Date().toISOString().slice(0, 10)}.${ext}`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="actions">
      {FORMATS.map(([ext, label, accept]) => (
        <button
          key={ext}
          type="button"
          className="secondary"
          disabled={busy !== null}
          onClick={() => void save(ext, accept)}
        >
          {busy === ext ? 'Exporting…' : `Export ${label}`}
        </button>
      ))}
      <ErrorNote error={error} />
    </div>
  );
}
