/**
 * A small Graph API client: JSON over HTTP with keep-alive connections, a timeout per call, and
 * Graph error envelopes (docs/platform.md §6.1) turned into PlatformError. Media downloads follow
 * the URL the platform answered only where media-url-policy.ts allows (docs/platform.md §3.1).
 */
import { Readable } from 'node:stream';
import { Agent, request, type FormData } from 'undici';
import { addressRefusal, guardedLookup, systemResolver, type Resolver } from '../../lib/address-guard.js';
import { PlatformError } from '../platform.js';
import { platformErrorOf } from '../errors.js';
import { checkMediaUrl, DEFAULT_MEDIA_HOSTS, type MediaUrlPolicy } from './media-url-policy.js';

export interface GraphClientOptions {
  /** e.g. `https://graph.facebook.com/v23.0` (no trailing slash). */
  baseUrl: string;
  /** Per call, in milliseconds. */
  timeoutMs: number;
  /**
   * Requests in flight at once (one per keep-alive connection). A send takes the platform 50 to
   * 200 ms, plus the network (simulator/config.ts `latencyMs`), so this bounds the sends per
   * second: at 150 ms, 256 connections carry at most about 1,700/s, fewer than two numbers at the
   * 1,000/s tier. Default 1,024.
   */
  connections?: number;
  /** Where media downloads may go besides the base's own origin (default: Meta's host, https only). */
  media?: { hosts: readonly string[]; allowHttp: boolean };
  /** Host name resolution for the address guard of media hosts (default: the system resolver). */
  resolver?: Resolver;
}

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

/** Connection errors that happen before a request is written: the platform cannot have acted on it. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether a failed call surely never reached the platform (undici's error code, or its cause's). */
function neverSent(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code !== undefined && NOT_SENT_CODES.has(code);
}

export class GraphClient {
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #agent: Agent;
  readonly #mediaPolicy: MediaUrlPolicy;
  /** Connections to media hosts: only to public addresses, checked on the addresses connected to. */
  readonly #mediaAgent: Agent;

  constructor(options: GraphClientOptions) {
    this.#baseUrl = options.baseUrl;
    this.#timeoutMs = options.timeoutMs;
    this.#agent = new Agent({ connections: options.connections ?? 1024, keepAliveTimeout: 30_000, pipelining: 1 });
    this.#mediaPolicy = {
      graphUrl: options.baseUrl,
      hosts: options.media?.hosts ?? DEFAULT_MEDIA_HOSTS,
      allowHttp: options.media?.allowHttp ?? false,
    };
    this.#mediaAgent = new Agent({
      connections: 64,
      keepAliveTimeout: 30_000,
      pipelining: 1,
      connect: { lookup: guardedLookup(options.resolver ?? systemResolver) },
    });
  }

  /**
   * POSTs JSON to `path` (joined to the base URL) with a bearer token.
   * @returns the parsed JSON answer of a 2xx.
   * @throws PlatformError: `unavailable` on network errors, timeouts and 5xx without a Graph error;
   *   otherwise classified by the Graph error code.
   */
  async postJson<T>(path: string, accessToken: string, body: unknown): Promise<T> {
    return this.#call<T>('POST', path, accessToken, JSON.stringify(body));
  }

  /** POSTs multipart/form-data (a file upload); the body is streamed from the Blob. */
  postForm<T>(path: string, accessToken: string, form: FormData): Promise<T> {
    return this.#call<T>('POST', path, accessToken, form);
  }

  /** POSTs raw bytes with extra headers (the Resumable Upload API's file data). */
  postBytes<T>(path: string, accessToken: string, headers: Record<string, string>, body: Blob): Promise<T> {
    return this.#call<T>('POST', path, accessToken, body, headers);
  }

  getJson<T>(path: string, accessToken: string): Promise<T> {
    return this.#call<T>('GET', path, accessToken);
  }

  deleteJson<T>(path: string, accessToken: string): Promise<T> {
    return this.#call<T>('DELETE', path, accessToken);
  }

  /**
   * Sends JSON with `method` and resolves with the answer of a 2xx, or of an error answer that
   * `partial` accepts: the Block Users API answers a partial failure with a Graph error (139100)
   * beside the per-user results the caller needs (docs/platform.md §4.17).
   * @throws PlatformError as `postJson` for any other error answer
   */
  sendJsonAllowingPartial<T>(
    method: 'POST' | 'DELETE',
    path: string,
    accessToken: string,
    body: unknown,
    partial: (answer: unknown) => boolean,
  ): Promise<T> {
    return this.#call<T>(method, path, accessToken, JSON.stringify(body), {}, partial);
  }

  async #call<T>(
    method: 'POST' | 'GET' | 'DELETE',
    path: string,
    accessToken: string,
    body?: string | FormData | Blob,
    extraHeaders: Record<string, string> = {},
    partial?: (answer: unknown) => boolean,
  ): Promise<T> {
    let statusCode: number;
    let text: string;
    try {
      const response = await request(`${this.#baseUrl}${path}`, {
        method,
        dispatcher: this.#agent,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
          ...extraHeaders,
        },
        body: body instanceof Blob ? Readable.fromWeb(body.stream() as never) : body,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      statusCode = response.statusCode;
      text = await response.body.text();
    } catch (err) {
      const reason =
        err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
          ? `timed out after ${this.#timeoutMs} ms`
          : String((err as Error).message ?? err);
      throw new PlatformError('unavailable', `Graph API ${method} ${path} failed: ${reason}`, {
        maybeTaken: !neverSent(err),
      });
    }
    let parsed: unknown;
    try {
      parsed = text === '' ? {} : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (statusCode >= 200 && statusCode < 300 && parsed !== undefined) return parsed as T;
    if (partial && parsed !== undefined && partial(parsed)) return parsed as T;

    const graphError = (parsed as GraphErrorBody | undefined)?.error;
    if (graphError && typeof graphError.code === 'number') {
      return Promise.reject(platformErrorOf({ ...graphError, code: graphError.code }));
    }
    // A gateway's 5xx may come after the platform acted on the request; a 429 or 4xx did not.
    const kind = statusCode >= 500 || statusCode === 429 ? 'unavailable' : 'refused';
    throw new PlatformError(kind, `Graph API ${method} ${path} answered HTTP ${statusCode} without a Graph error`, {
      maybeTaken: statusCode >= 500,
    });
  }

  /**
   * GETs a media URL the platform answered (docs/platform.md §3) with the bearer token and hands
   * back the body as a stream. The token goes only where media-url-policy.ts allows: the Graph
   * base's own origin, or a media host over https through the address guard (public addresses
   * only); redirects are not followed. The time limit applies to the headers and to each pause
   * between chunks; the caller bounds the whole transfer (it destroys the body at its deadline).
   * @throws PlatformError `refused` for a URL or address the token may not go to, and for a
   *   redirect; `unavailable` for no answer or any other non-2xx (whose body is dropped).
   */
  async download(
    url: string,
    accessToken: string,
  ): Promise<{ body: Readable; headers: Record<string, string | string[] | undefined> }> {
    const target = checkMediaUrl(url, this.#mediaPolicy);
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(target.url, {
        method: 'GET',
        dispatcher: target.graphOrigin ? this.#agent : this.#mediaAgent,
        headers: { authorization: `Bearer ${accessToken}` },
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
    } catch (err) {
      const refusal = addressRefusal(err);
      if (refusal)
        throw new PlatformError(
          'refused',
          `Media download refused, the access token was not sent: ${refusal.message}.`,
        );
      throw new PlatformError('unavailable', `Media download failed: ${String((err as Error).message ?? err)}`);
    }
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump({ limit: 64 * 1024 }).catch(() => {});
      if (response.statusCode >= 300 && response.statusCode < 400) {
        throw new PlatformError(
          'refused',
          `Media download answered a redirect (HTTP ${response.statusCode}), which is not followed: the token goes only to the URL the platform gave.`,
        );
      }
      throw new PlatformError('unavailable', `Media download answered HTTP ${response.statusCode}`);
    }
    return { body: response.body, headers: response.headers };
  }

  async close(): Promise<void> {
    await this.#mediaAgent.close();
    return this.#agent.close();
  }
}
