/**
 * "Sync with WhatsApp" on the templates list: `POST /v1/templates/sync` compares the account's
 * templates with the platform's listing (live keys only) and repairs what lost webhooks left
 * behind; the report says what it changed, by name: templates imported from WhatsApp Manager,
 * templates updated (status, quality, category, from → to) and templates gone from the platform.
 */
import { useState } from 'react';
import { api, type Mode, type Template, type TemplateSyncResult } from './api';
import { changeLines } from './template-facts';
import { ErrorNote, Link, time } from './ui';

/** How many templates of a sync's answer are read for their names (the rest show by id). */
const NAMED = 20;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The button (for the page's title row) and what it answered (an error, or the report, for under
 * it). `known`: templates the page shows, to name those the sync deleted (they can no longer be
 * read); `onSynced`: reloads the list.
 */
export function useTemplateSync({
  mode,
  known,
  onSynced,
}: {
  mode: Mode;
  known: readonly Template[];
  onSynced: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [report, setReport] = useState<{ result: TemplateSyncResult; names: Map<string, Template> } | null>(null);

  const sync = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await api<TemplateSyncResult>('POST', '/templates/sync', { idempotent: true });
      const ids = [...result.imported, ...result.updated.map((u) => u.id)].slice(0, NAMED);
      const read = await Promise.allSettled(
        ids.map((id) => api<Template>('GET', `/templates/${encodeURIComponent(id)}`)),
      );
      const names = new Map(known.map((t) => [t.id, t]));
      for (const r of read) if (r.status === 'fulfilled') names.set(r.value.id, r.value);
      setReport({ result, names });
      onSynced();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return {
    button: (
      <button
        type="button"
        className="secondary"
        onClick={sync}
        disabled={busy || mode === 'test'}
        title={mode === 'test' ? 'Sync needs a live key: test keys cannot change templates.' : undefined}
      >
        {busy ? 'Syncing…' : 'Sync with WhatsApp'}
      </button>
    ),
    answer: (
      <>
        {mode === 'test' && (
          <p className="hint">Sync with WhatsApp needs a live key: test keys cannot change templates.</p>
        )}
        <ErrorNote error={error} />
        {report && <SyncReport {...report} onDismiss={() => setReport(null)} />}
      </>
    ),
  };
}

function SyncReport({
  result,
  names,
  onDismiss,
}: {
  result: TemplateSyncResult;
  names: Map<string, Template>;
  onDismiss: () => void;
}) {
  const name = (id: string, link = true) => {
    const t = names.get(id);
    if (!t) return <code>{id}</code>;
    const words = `${t.name} (${t.language})`;
    return link ? <Link to={`/templates/${t.id}`}>{words}</Link> : <span>{words}</span>;
  };
  const changed = result.imported.length + result.updated.length + result.deleted.length;
  return (
    <div className="card sync-report" role="status" data-testid="sync-report">
      <p>
        <strong>Synced with WhatsApp</strong> at {time(result.syncedAt)}:{' '}
        {changed === 0
          ? `nothing changed; ${plural(result.unchanged, 'template')} already matched.`
          : `${result.imported.length} imported, ${result.updated.length} updated, ${result.deleted.length} deleted, ${result.unchanged} unchanged.`}
      </p>
      {result.imported.length > 0 && (
        <>
          <h3>Imported from WhatsApp Manager</h3>
          <ul data-testid="sync-imported">
            {result.imported.map((id) => (
              <li key={id}>{name(id)}</li>
            ))}
          </ul>
        </>
      )}
      {result.updated.length > 0 && (
        <>
          <h3>Updated</h3>
          <ul data-testid="sync-updated">
            {result.updated.map((u) => (
              <li key={u.id}>
                {name(u.id)}: {changeLines(u.changes).join('; ')}
              </li>
            ))}
          </ul>
        </>
      )}
      {result.deleted.length > 0 && (
        <>
          <h3>Deleted (gone from WhatsApp)</h3>
          <ul data-testid="sync-deleted">
            {result.deleted.map((id) => (
              <li key={id}>{name(id, false)}</li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className="link" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
