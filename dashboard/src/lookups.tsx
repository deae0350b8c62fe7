/**
 * What a page looks up to show messages (a template's name and text, an upload's name and size, the
 * message a reaction is to, a file's bytes), fetched once per page however many rows or refreshes
 * ask for it: a page wraps its content in `LookupScope`, and the cache goes (its object URLs
 * revoked) when the page does.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { api, apiBlob } from './api';

/** A lookup's outcome: `data` once it answered, `error` (an ApiError) once it failed, else both null. */
export interface Lookup<T> {
  data: T | null;
  error: unknown;
}

const NOTHING: Lookup<never> = { data: null, error: null };

class Lookups {
  readonly #pending = new Map<string, Promise<unknown>>();
  readonly #settled = new Map<string, Lookup<unknown>>();
  readonly #urls = new Set<string>();

  /** The answer to `load`, started once per key; a failure is kept too, so it is not retried every refresh. */
  get(key: string, load: () => Promise<unknown>): Promise<unknown> {
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = load();
      this.#pending.set(key, pending);
      pending.then(
        (data) => this.#settled.set(key, { data, error: null }),
        (error: unknown) => this.#settled.set(key, { data: null, error }),
      );
    }
    return pending;
  }

  settled(key: string): Lookup<unknown> | undefined {
    return this.#settled.get(key);
  }

  /** An object URL of a stored file's bytes (`GET /v1/media/{id}/content`), revoked with the scope. */
  fileUrl(mediaId: string): Promise<unknown> {
    return this.get(`file:${mediaId}`, async () => {
      const url = URL.createObjectURL(await apiBlob(`/media/${encodeURIComponent(mediaId)}/content`));
      this.#urls.add(url);
      return url;
    });
  }

  close(): void {
    for (const url of this.#urls) URL.revokeObjectURL(url);
    this.#urls.clear();
    this.#pending.clear();
    this.#settled.clear();
  }
}

// Outside a scope, lookups are kept for the tab's life.
const Scope = createContext(new Lookups());

/** One cache for everything under it; a page's content goes inside. */
export function LookupScope({ children }: { children: ReactNode }) {
  const [lookups] = useState(() => new Lookups());
  useEffect(() => () => lookups.close(), [lookups]);
  return <Scope.Provider value={lookups}>{children}</Scope.Provider>;
}

/** The settled value of `key` (loaded by `start` on first use in the scope); null key: nothing. */
function useCached<T>(key: string | null, start: (lookups: Lookups, key: string) => Promise<unknown>): Lookup<T> {
  const lookups = useContext(Scope);
  const [state, setState] = useState<{ key: string; result: Lookup<unknown> } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let gone = false;
    const show = (result: Lookup<unknown>) => !gone && setState({ key, result });
    start(lookups, key).then(
      (data) => show({ data, error: null }),
      (error: unknown) => show({ data: null, error }),
    );
    return () => {
      gone = true;
    };
    // `start` is fixed per hook (and `load` per key): the key says what is loaded.
  }, [lookups, key]);
  if (key === null) return NOTHING;
  const result = state?.key === key ? state.result : lookups.settled(key);
  return (result ?? NOTHING) as Lookup<T>;
}

/** The words after a thing's name when its lookup failed: "could not be loaded (not_found)". */
export const failedLookup = (error: unknown) =>
  `could not be loaded${error && typeof error === 'object' && 'code' in error ? ` (${String(error.code)})` : ''}`;

/** `GET /v1{path}` once per page: `useLookup<Template>('/templates/tpl_…')`. */
export function useLookup<T>(path: string | null): Lookup<T> {
  return useCached<T>(path, (lookups, key) => lookups.get(key, () => api<T>('GET', key)));
}

/** What `load` answers, once per page for `key` (null: nothing), for lookups that are not one GET. */
export function useLoaded<T>(key: string | null, load: () => Promise<T>): Lookup<T> {
  return useCached<T>(key, (lookups, k) => lookups.get(k, load));
}

/** An object URL of a stored file's content, for an `<img src>` (which cannot send the key). */
export function useFileUrl(mediaId: string | null): Lookup<string> {
  return useCached<string>(mediaId === null ? null : `file:${mediaId}`, (lookups, key) =>
    lookups.fileUrl(key.slice('file:'.length)),
  );
}

/** Saves a stored file under `filename`, fetched with the key (a plain link cannot send it). */
export async function downloadFile(mediaId: string, filename: string): Promise<void> {
  const url = URL.createObjectURL(await apiBlob(`/media/${encodeURIComponent(mediaId)}/content`));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
