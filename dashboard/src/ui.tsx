/** Small shared pieces: hash routing, error display, status badges, polling. */
import { useCallback, useEffect, useRef, useState, type ReactNode, type SetStateAction } from 'react';
import { ApiError, type MediaItem } from './api';

/** The route is the part of the URL after `#` (`#/messages/msg_…`), so the server serves one page. */
export function useRoute(): string[] {
  const read = () =>
    (window.location.hash.replace(/^#\/?/, '').split('?')[0] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onChange = () => setRoute(read());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

export function navigate(path: string): void {
  window.location.hash = `#${path}`;
}

export function Link({
  to,
  children,
  className,
  title,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  /** Shown on hover: the whole text of a link cut short. */
  title?: string;
}) {
  return (
    <a href={`#${to}`} className={className} title={title}>
      {children}
    </a>
  );
}

/** Every API error in words, with its code (and the platform's own error when there is one). */
export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const e =
    error instanceof ApiError
      ? error
      : new ApiError(0, 'unexpected_error', error instanceof Error ? error.message : String(error));
  return (
    <div className="error" role="alert">
      <strong>{e.message}</strong> <code>{e.code}</code>
      {e.param ? <span> (field: {e.param})</span> : null}
      {e.issues && e.issues.length > 0 ? (
        <ul className="issues">
          {e.issues.map((i, n) => (
            <li key={n}>
              <code>{i.field}</code>: {i.message}
            </li>
          ))}
        </ul>
      ) : null}
      {e.platformError ? (
        <div>
          Platform: {e.platformError.message} <code>{e.platformError.code}</code>
        </div>
      ) : null}
    </div>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{status}</span>;
}

/** An instant in the browser's zone, the one date-and-time format of every page ("Dec 2, 2026, 06:42:20"). */
export function time(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return d.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/**
 * A calendar date (`2026-12-10`, as the platform gives a day) in the words `time` writes a date
 * with ("Dec 10, 2026"), so a page shows one date format; anything else as it is.
 */
export function day(date: string | null | undefined): string {
  if (!date) return '—';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** `url` when it is a web address (http or https) a page may link to, else null (a `javascript:` URL is never a link). */
export const webUrl = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Loads with `load` now and every `intervalMs` while the component is shown (0: once), keeping the
 * last good value when a refresh fails. `reload` loads again at once. `setData` is the screen's own
 * change (a row canceled in place): an answer to a load that started before it, or before a newer
 * load, is dropped, so a refresh in flight never puts back what the person just changed.
 */
export function usePolling<T>(load: () => Promise<T>, deps: unknown[], intervalMs = 0) {
  const [data, setLoaded] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const loadRef = useRef(load);
  loadRef.current = load;
  // Loads and the screen's changes in the order they started; an answer counts only when it began
  // after the last change and after the load whose answer is shown (a slow load still lands).
  const order = useRef({ next: 0, changed: 0, shown: 0 });
  const setData = useCallback((value: SetStateAction<T | null>) => {
    order.current.changed = ++order.current.next;
    setLoaded(value);
  }, []);
  const reload = useCallback(async () => {
    const mine = ++order.current.next;
    const current = () => mine > order.current.changed && mine > order.current.shown;
    try {
      const value = await loadRef.current();
      if (!current()) return;
      order.current.shown = mine;
      setLoaded(value);
      setError(null);
    } catch (err) {
      if (current()) setError(err);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    setLoading(true);
    void reload();
    if (intervalMs <= 0) return;
    const timer = setInterval(() => void reload(), intervalMs);
    return () => clearInterval(timer);
    // Re-run only when the caller's deps change; `load` is read through a ref.
  }, deps);
  return { data, error, loading, reload, setData };
}

/** Keyset paging: the cursor stack lets "Previous" go back. */
export function usePager() {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  return {
    cursor,
    page: cursors.length + 1,
    /** A list's query string: 20 per page, the filters that are set, and this page's cursor. */
    query: (filters: Record<string, string> = {}) => {
      const q = new URLSearchParams({ limit: '20' });
      for (const [name, value] of Object.entries(filters)) if (value) q.set(name, value);
      if (cursor) q.set('starting_after', cursor);
      return q.toString();
    },
    next: (lastId: string) => setCursors((c) => [...c, lastId]),
    previous: () => setCursors((c) => c.slice(0, -1)),
    reset: () => setCursors([]),
  };
}

export function Pager({
  page,
  hasMore,
  onNext,
  onPrevious,
}: {
  page: number;
  hasMore: boolean;
  onNext: () => void;
  onPrevious: () => void;
}) {
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" onClick={onPrevious} disabled={page === 1}>
        ← Newer
      </button>
      <span>Page {page}</span>
      <button type="button" onClick={onNext} disabled={!hasMore}>
        Older →
      </button>
    </nav>
  );
}

/** The options of a select that picks one of the key's uploads. */
export function UploadOptions({ uploads }: { uploads: MediaItem[] | undefined }) {
  return (
    <>
      <option value="">Choose an upload…</option>
      {uploads?.map((m) => (
        <option key={m.id} value={m.id}>
          {m.filename} ({m.mimeType})
        </option>
      ))}
    </>
  );
}

/** A list filter: one value of `options` (shown as its `labels` entry, else as it is), or "any" (the empty string). */
export function FilterSelect({
  label,
  value,
  options,
  labels,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  labels?: Readonly<Record<string, string>>;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">any</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels?.[o] ?? o}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The time now (ms since the epoch), re-read every `intervalMs`: for countdowns shown live. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
