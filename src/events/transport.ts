/**
 * Outbound delivery of events, as the event feature sees it: one signed POST to a customer's
 * endpoint, with a bounded answer. The implementation here speaks HTTP with undici, connecting only
 * to addresses the URL policy allows (url-policy.ts), through the address guard media downloads
 * share (lib/address-guard.ts).
 */
import { Agent, request } from 'undici';
import { addressRefusal, guardedLookup, systemResolver, type Resolver } from '../lib/address-guard.js';

/** How one POST ended. */
export interface PostOutcome {
  /** The HTTP status, or null when there was no answer. */
  statusCode: number | null;
  durationMs: number;
  /** The first bytes of the answer (at most `bodyLimit`), or null. */
  responseBody: string | null;
  /** Why there was no answer: `timeout`, `connection_failed: …`, `address_refused: …`; null otherwise. */
  error: string | null;
}

export interface WebhookTransport {
  /**
   * POSTs `body` to `url` with `headers`. Never throws: a failure is an outcome.
   * @param timeoutMs limit on connecting, sending, and reading the status and the first `bodyLimit` bytes.
   */
  post(
    url: string,
    headers: Record<string, string>,
    body: string,
    limits: { timeoutMs: number; bodyLimit: number },
  ): Promise<PostOutcome>;
  /** GETs `url` (a verification handshake, docs/api.md §D35), with the same limits. Never throws. */
  get(
    url: string,
    headers: Record<string, string>,
    limits: { timeoutMs: number; bodyLimit: number },
  ): Promise<PostOutcome>;
  close(): Promise<void>;
}

export interface HttpTransportOptions {
  /** Connection limit per attempt, ms. */
  connectTimeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: no address check when connecting. */
  allowPrivateUrls: boolean;
  /** Host name resolution for the address check (default: the system resolver). */
  resolver?: Resolver;
}

/** At most 16 connections are open to one endpoint's host; redirects are not followed. */
export class HttpWebhookTransport implements WebhookTransport {
  readonly #agent: Agent;

  constructor(options: HttpTransportOptions) {
    const connect = {
      timeout: options.connectTimeoutMs,
      ...(options.allowPrivateUrls ? {} : { lookup: guardedLookup(options.resolver ?? systemResolver) }),
    };
    this.#agent = new Agent({ connect, keepAliveTimeout: 4000, connections: 16 });
  }

  post(
    url: string,
    headers: Record<string, string>,
    body: string,
    limits: { timeoutMs: number; bodyLimit: number },
  ): Promise<PostOutcome> {
    return this.#send('POST', url, headers, body, limits);
  }

  get(url: string, headers: Record<string, string>, limits: { timeoutMs: number; bodyLimit: number }) {
    return this.#send('GET', url, headers, undefined, limits);
  }

  async #send(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    limits: { timeoutMs: number; bodyLimit: number },
  ): Promise<PostOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const res = await request(url, {
        method,
        dispatcher: this.#agent,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(limits.timeoutMs),
        headersTimeout: limits.timeoutMs,
        bodyTimeout: limits.timeoutMs,
      });
      const responseBody = await readPrefix(res.body, limits.bodyLimit);
      return { statusCode: res.statusCode, durationMs: elapsed(), responseBody, error: null };
    } catch (err) {
      return { statusCode: null, durationMs: elapsed(), responseBody: null, error: describeFailure(err) };
    }
  }

  close(): Promise<void> {
    return this.#agent.close();
  }
}

/** Reads at most `limit` bytes of an answer, then drops the rest (and, if there was more, the connection). */
async function readPrefix(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  if (size === 0) return null;
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit));
}

function describeFailure(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: unknown };
  if (
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e.code === 'UND_ERR_BODY_TIMEOUT' ||
    e.code === 'UND_ERR_CONNECT_TIMEOUT'
  )
    return 'timeout';
  const refused = addressRefusal(err);
  if (refused) return `address_refused: ${refused.message}`;
  const root = e.cause instanceof Error ? e.cause : err;
  const r = root as { code?: string; message?: string };
  return `connection_failed: ${r.code ?? r.message ?? String(root)}`;
}
