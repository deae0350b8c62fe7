/**
 * A template's history on its page (`GET /v1/templates/{id}/history`): a timeline, newest first,
 * each entry's type in words, what it changed (from → to), who made it known and what the platform
 * said beside it; older entries a page at a time ("Load more", `starting_after`).
 */
import { useEffect, useRef, useState } from 'react';
import { api, type Page, type TemplateChange } from './api';
import { changeLines, pauseTitleWords } from './template-facts';
import { day, ErrorNote, time } from './ui';

/** Entries read at a time. */
const PAGE = 10;

const TYPE_WORDS: Readonly<Record<string, string>> = {
  created: 'Created',
  imported: 'Imported from WhatsApp Manager',
  edited: 'Edited',
  submitted: 'Submitted for review',
  approved: 'Approved',
  rejected: 'Rejected',
  paused: 'Paused',
  unpaused: 'Unpaused',
  disabled: 'Disabled',
  flagged: 'Flagged for disabling',
  reinstated: 'Reinstated',
  quality_updated: 'Quality changed',
  category_update_scheduled: 'Category change announced',
  category_updated: 'Category changed',
  ttl_updated: 'Time to live changed',
  deleted: 'Deleted',
};

const SOURCE_WORDS: Readonly<Record<string, string>> = {
  api: 'By a call to the API (or the dashboard, or the CLI)',
  webhook: 'Told by the platform (webhook)',
  reconciliation: 'Found by a sync with WhatsApp',
  send: 'From the platform’s answer to a send',
};

/** What the platform said beside a change, a line each. A reason of `NONE` says nothing. */
function detailLines(detail: TemplateChange['detail']): string[] {
  if (!detail) return [];
  const lines: string[] = [];
  if (detail.reason && detail.reason !== 'NONE') lines.push(`Reason: ${detail.reason}`);
  if (detail.title) lines.push(`Platform’s note: ${pauseTitleWords(detail.title)}`);
  if (detail.description) lines.push(`“${detail.description}”`);
  if (detail.disableDate) lines.push(`To be disabled on ${day(detail.disableDate)}`);
  if (detail.effectiveAt) lines.push(`Takes effect ${time(detail.effectiveAt)}`);
  return lines;
}

/** `fresh` (the newest page) and the entries already shown, newest first, each once. Ids sort by time. */
function merge(fresh: TemplateChange[], shown: TemplateChange[]): TemplateChange[] {
  const byId = new Map([...shown, ...fresh].map((e) => [e.id, e]));
  return [...byId.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/**
 * The timeline of template `id`. Its newest page is read again whenever `version` (the template's
 * `updatedAt`) moves, so a pause or a quality change shows without reloading; older pages stay.
 */
export function TemplateHistory({ id, version }: { id: string; version: string }) {
  const [entries, setEntries] = useState<TemplateChange[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const read = useRef(false);
  const path = `/templates/${encodeURIComponent(id)}/history?limit=${PAGE}`;

  useEffect(() => {
    let current = true;
    api<Page<TemplateChange>>('GET', path).then(
      (page) => {
        if (!current) return;
        // The first read says whether older entries exist; later ones only add newer entries.
        if (!read.current) setHasMore(page.has_more);
        read.current = true;
        setEntries((shown) => merge(page.data, shown ?? []));
        setError(null);
      },
      (err) => current && setError(err),
    );
    return () => {
      current = false;
    };
  }, [path, version]);

  const loadMore = async () => {
    const last = entries?.at(-1);
    if (!last) return;
    setBusy(true);
    try {
      const page = await api<Page<TemplateChange>>('GET', `${path}&starting_after=${encodeURIComponent(last.id)}`);
      setEntries((shown) => merge(page.data, shown ?? []));
      setHasMore(page.has_more);
      setError(null);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="history-section" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <ErrorNote error={error} />
      {entries === null ? (
        error ? null : (
          <p>Loading…</p>
        )
      ) : entries.length === 0 ? (
        <p className="empty">No history yet.</p>
      ) : (
        <ol className="history" data-testid="history">
          {entries.map((e) => (
            <li key={e.id} data-type={e.type}>
              <div className="history-head">
                <strong>{TYPE_WORDS[e.type] ?? e.type}</strong>
                <time dateTime={e.at}>{time(e.at)}</time>
              </div>
              {changeLines(e.changes).map((line) => (
                <p key={line} className="history-change">
                  {line}
                </p>
              ))}
              {detailLines(e.detail).map((line) => (
                <p key={line} className="history-detail">
                  {line}
                </p>
              ))}
              <p className="muted history-source">{SOURCE_WORDS[e.source] ?? e.source}</p>
            </li>
          ))}
        </ol>
      )}
      {hasMore && (
        <button type="button" className="secondary" onClick={loadMore} disabled={busy}>
          {busy ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
