/**
 * The dashboard talks to the public /v1 API only: as a person, with the session cookie the service
 * set at sign-in (HttpOnly: the page never reads it; the browser sends it by itself), or with a key
 * the user pasted. The key lives in this tab's session storage: never in a URL, a cookie or local
 * storage; while one is stored it is sent and the cookie is not relied on.
 */

const KEY_STORAGE = 'tidings.apiKey';

export type Mode = 'live' | 'test';

export function storedKey(): string | null {
  return sessionStorage.getItem(KEY_STORAGE);
}

export function storeKey(key: string | null): void {
  if (key === null) sessionStorage.removeItem(KEY_STORAGE);
  else sessionStorage.setItem(KEY_STORAGE, key);
}

/** Fired on `window` when the API answers 401 `session_expired`: the shell goes back to sign-in. */
export const SESSION_ENDED = 'tidings:session-ended';

/** An answer's error: a session over sends the page back to sign-in (a key's refusals do not). */
function noticeEnded(status: number, code: string | undefined): void {
  if (status === 401 && code === 'session_expired' && !storedKey()) window.dispatchEvent(new Event(SESSION_ENDED));
}

export function modeOf(key: string): Mode | null {
  if (key.startsWith('sk_live_')) return 'live';
  if (key.startsWith('sk_test_')) return 'test';
  return null;
}

/** An error answered by the API (its envelope), or a network failure (`code: network_error`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly issues?: Issue[],
    readonly platformError?: { code: string; message: string } | null,
    /** A 429's `Retry-After`, seconds. */
    readonly retryAfterSeconds?: number,
    /** `batch_rejected`: each item's refusal, in order. */
    readonly items?: ItemError[],
  ) {
    super(message);
  }
}

export type { Issue } from '@tidings/client';
import type { Issue, ItemError } from '@tidings/client';

interface RequestOptions {
  body?: unknown;
  /** `true`: a fresh Idempotency-Key; a string: that key (one derived from what the action sends). */
  idempotent?: boolean | string;
  headers?: Record<string, string>;
}

/** A fresh Idempotency-Key for one user action, so a retried click never acts twice. */
export function idempotencyKey(): string {
  return `dash-${crypto.randomUUID()}`;
}

export async function api<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiWithHeaders<T>(method, path, options)).body;
}

/**
 * `api`, also answering the response's headers (`ratelimit-limit`, `idempotent-replayed`).
 * @throws ApiError as `api` does, with `retryAfterSeconds` on a 429 and `items` on `batch_rejected`.
 */
export async function apiWithHeaders<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const key = storedKey();
  const headers: Record<string, string> = { ...options.headers };
  if (key) headers['x-api-key'] = key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotent)
    headers['idempotency-key'] = typeof options.idempotent === 'string' ? options.idempotent : idempotencyKey();
  let res: Response;
  try {
    res = await fetch(`/v1${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The service could not be reached. Check your connection and try again.');
  }
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const e = body?.error;
    noticeEnded(res.status, e?.code);
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new ApiError(
      res.status,
      e?.code ?? 'unexpected_answer',
      e?.message ?? `The service answered ${res.status}.`,
      e?.param,
      e?.issues,
      e?.platformError,
      retryAfter > 0 ? retryAfter : undefined,
      e?.items,
    );
  }
  return { body: body as T, headers: res.headers };
}

/**
 * Fetches a file's bytes (`GET /v1/media/{id}/content` and the like) with the key, for an object
 * URL: an `<img src>` cannot send the key's header. `headers` (e.g. `accept: text/csv`) go with
 * it. Fails with an ApiError as `api` does.
 */
export async function apiBlob(path: string, headers: Record<string, string> = {}): Promise<Blob> {
  const key = storedKey();
  let res: Response;
  try {
    res = await fetch(`/v1${path}`, {
      headers: key ? { ...headers, 'x-api-key': key } : headers,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The service could not be reached. Check your connection and try again.');
  }
  if (!res.ok) {
    const e = ((await res.json().catch(() => undefined)) as any)?.error;
    noticeEnded(res.status, e?.code);
    throw new ApiError(res.status, e?.code ?? 'unexpected_answer', e?.message ?? `The service answered ${res.status}.`);
  }
  return res.blob();
}

/**
 * Uploads a file with `POST /v1/media/`, reporting progress (0–1). XMLHttpRequest, because fetch
 * cannot report upload progress.
 */
export function uploadMedia(file: File, onProgress: (fraction: number) => void): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/v1/media/');
    const key = storedKey();
    if (key) xhr.setRequestHeader('x-api-key', key);
    xhr.setRequestHeader('idempotency-key', idempotencyKey());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'network_error', 'The upload was interrupted. Check your connection and try again.'));
    xhr.onload = () => {
      let body: any;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as MediaItem);
      } else {
        const e = body?.error;
        reject(
          new ApiError(
            xhr.status,
            e?.code ?? 'unexpected_answer',
            e?.message ?? `The service answered ${xhr.status}.`,
            e?.param,
          ),
        );
      }
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

// The API's own types, from the typed client generated from the OpenAPI document
// (clients/typescript): what the API answers is what the dashboard expects, and the dashboard
// shares nothing with the service but HTTP.
export type {
  Account,
  AccountSignals,
  Batch,
  Contact,
  DryRunResult,
  ItemError,
  SendBatchResult,
  Delivery,
  Event as EventItem,
  InboundMessage,
  Media as MediaItem,
  MediaUsage,
  Message,
  Page,
  PhoneNumber,
  Template,
  TemplateChange,
  TemplateSyncResult,
  TimelineEntry,
  WebhookEndpoint as Endpoint,
} from '@tidings/client';
import type { Media as MediaItem, Template } from '@tidings/client';
export type TemplateVariable = Template['variables'][number];
export type TemplateHeader = NonNullable<Template['header']>;
export type TemplateQuality = Template['quality'];

export { EVENT_TYPES } from '@tidings/client';
