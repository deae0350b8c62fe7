/**
 * The HTTP client the `templates` commands use: a running Tidings service's template routes
 * (docs/api.md §4.1–4.5, and docs/api.md §D20: the `category=any` list and `from_library` create), with the
 * caller's API key, never its database. Like send-batch's poster (../batch-poster.ts) it rides out
 * what is worth riding out (the key's rate limit, a 5xx, a network failure, an earlier attempt with
 * the same Idempotency-Key still running) and stops with `TemplatesStopped` on anything else.
 */
import { callService, retryAfter } from '../service-call.js';

/** A template as the service answers it: the fields these commands read (src/templates/template.schemas.ts). */
export interface RemoteTemplate {
  id: string;
  name: string;
  language: string;
  /** pending, processing, approved, rejected; docs/api.md §D20 adds paused and disabled. */
  status: string;
  category: string;
  body: string;
  variables: { example: string; name?: string }[];
  header: Record<string, unknown> | null;
  footer: string | null;
  buttons: Record<string, unknown>[];
  timeToLive: number | null;
  /** tidings | generated (a Direct Send's, read-only) | platform (made in WhatsApp Manager, docs/api.md §D20). */
  source: string;
  rejectionReason: string | null;
  updatedAt: string;
  /** Issue 26: set when the template was created from Meta's Template Library (absent on older services). */
  libraryTemplateName?: string | null;
  libraryInputs?: Record<string, unknown> | null;
}

/** A content problem as `POST /v1/templates/validate` reports it. */
export interface Issue {
  code: string;
  field: string;
  message: string;
}

/** A command cannot go on (or, for `template_file_invalid`, cannot start). `code` is the service's, or one of the CLI's own. */
export class TemplatesStopped extends Error {
  override name = 'TemplatesStopped';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The service refused one request; the caller decides whether the run goes on. */
export class RequestRefused extends Error {
  override name = 'RequestRefused';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: Issue[] = [],
  ) {
    super(message);
  }
}

export const DEFAULT_URL = 'http://localhost:3000';
/** Retries of a 5xx or a network failure, waiting 1, 2, 4, 8 s: about 15 s of outage is ridden out. */
const TRANSIENT_RETRIES = 4;
/** The longest the key's rate limit is waited out, in all, for one request. */
const MAX_RATE_WAIT_S = 120;
const REQUEST_TIMEOUT_MS = 60_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The service and key, from TIDINGS_URL (default http://localhost:3000) and TIDINGS_API_KEY.
 * @throws TemplatesStopped api_key_missing, parameter_invalid (a URL that is not http(s)).
 */
export function serviceSettings(env: Record<string, string | undefined>): { baseUrl: string; apiKey: string } {
  const apiKey = env.TIDINGS_API_KEY?.trim();
  if (!apiKey)
    throw new TemplatesStopped(
      'api_key_missing',
      'Set TIDINGS_API_KEY to a live API key of the account (sk_live_…, with the templates:read scope, and templates:write to apply); npx tidings keys create makes one.',
    );
  const baseUrl = (env.TIDINGS_URL?.trim() || DEFAULT_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(baseUrl))
    throw new TemplatesStopped(
      'parameter_invalid',
      `TIDINGS_URL must be the service's http(s) URL, e.g. ${DEFAULT_URL}; got "${baseUrl}".`,
    );
  return { baseUrl, apiKey };
}

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Waits `ms` milliseconds (a test may replace it). */
  sleep?: (ms: number) => Promise<void>;
}

/** The template routes of one service, as one account (the key's). */
export class TemplatesClient {
  readonly #o: ClientOptions;

  constructor(options: ClientOptions) {
    this.#o = options;
  }

  /**
   * Every template of the account, of every category (`GET /v1/templates?category=any`, docs/api.md §D20),
   * page by page (`starting_after`), in the service's order.
   * @throws TemplatesStopped (a refusal, e.g. a key without templates:read, or a service older than these routes).
   */
  async listAll(): Promise<RemoteTemplate[]> {
    const all: RemoteTemplate[] = [];
    for (let after: string | undefined; ; ) {
      const query = `?category=any&limit=100${after ? `&starting_after=${encodeURIComponent(after)}` : ''}`;
      const page = await this.#stopOnRefusal(
        () => this.#request<{ data: RemoteTemplate[]; has_more: boolean }>('GET', `/v1/templates/${query}`),
        'list the templates',
      );
      all.push(...page.data);
      if (!page.has_more || page.data.length === 0) return all;
      after = page.data.at(-1)!.id;
    }
  }

  /**
   * `POST /v1/templates/validate`: the content's issues (none: valid). Nothing is stored.
   * @throws RequestRefused 409 template_name_taken / template_name_reserved, 400 for a body the schema refuses.
   */
  validate(content: Record<string, unknown>): Promise<{ valid: boolean; issues: Issue[] }> {
    return this.#request('POST', '/v1/templates/validate', content);
  }

  /**
   * `POST /v1/templates`, with `idempotencyKey`: a second call with the same key (a re-run after a
   * crash) is answered with the first's template, never a second one.
   * @returns the template and whether the answer was replayed. @throws RequestRefused
   */
  create(
    content: Record<string, unknown>,
    idempotencyKey: string,
  ): Promise<{ template: RemoteTemplate; replayed: boolean }> {
    return this.#request('POST', '/v1/templates/', content, idempotencyKey, true);
  }

  /** `POST /v1/templates/from_library` (docs/api.md §D20), with `idempotencyKey`. @throws RequestRefused */
  createFromLibrary(
    input: Record<string, unknown>,
    idempotencyKey: string,
  ): Promise<{ template: RemoteTemplate; replayed: boolean }> {
    return this.#request('POST', '/v1/templates/from_library', input, idempotencyKey, true);
  }

  /** `PATCH /v1/templates/{id}` with the changed fields. @throws RequestRefused (409 template_not_editable…) */
  async update(id: string, changes: Record<string, unknown>, idempotencyKey: string): Promise<RemoteTemplate> {
    return (
      await this.#request<{ template: RemoteTemplate }>(
        'PATCH',
        `/v1/templates/${encodeURIComponent(id)}`,
        changes,
        idempotencyKey,
        true,
      )
    ).template;
  }

  async #stopOnRefusal<T>(call: () => Promise<T>, what: string): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof RequestRefused)) throw err;
      const older =
        err.status === 400 && /category/.test(err.message) ? ' (this service predates `category=any`: upgrade it)' : '';
      throw new TemplatesStopped(err.code, `Could not ${what}: ${err.status} ${err.code}: ${err.message}${older}`);
    }
  }

  /**
   * One request, retried while retrying is safe: a GET, validate, or a write with an Idempotency-Key.
   * @param wrap answer `{ template, replayed }` rather than the body.
   * @throws RequestRefused for a 4xx the service explains; TemplatesStopped when the service cannot
   *   be reached or its answer is not its API's.
   */
  async #request<T>(method: string, path: string, body?: unknown, idempotencyKey?: string, wrap = false): Promise<T> {
    const sleep = this.#o.sleep ?? wait;
    const url = `${this.#o.baseUrl}${path}`;
    const headers: Record<string, string> = { 'x-api-key': this.#o.apiKey, 'user-agent': 'tidings-cli templates' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let transient = 0;
    let rateWaited = 0;
    const backoff = async (why: string, seconds?: number) => {
      if (++transient > TRANSIENT_RETRIES)
        throw new TemplatesStopped('service_unreachable', `${why}; gave up after ${TRANSIENT_RETRIES} retries.`);
      await sleep((seconds ?? 2 ** (transient - 1)) * 1000);
    };
    for (;;) {
      const call = await callService<{ code?: string; message?: string; issues?: Issue[] }>(
        url,
        { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
        REQUEST_TIMEOUT_MS,
      );
      if ('unreachable' in call) {
        await backoff(call.unreachable);
        continue;
      }
      const { res, text, answer, error } = call;
      if (res.ok && answer !== undefined && !error)
        return (wrap ? { template: answer, replayed: res.headers.get('idempotent-replayed') === 'true' } : answer) as T;
      const wait = retryAfter(res, 1);
      if (res.status === 429 && rateWaited + wait <= MAX_RATE_WAIT_S) {
        rateWaited += wait;
        await sleep(wait * 1000);
        continue;
      }
      if (res.status === 409 && error?.code === 'idempotency_request_in_progress') {
        await backoff('an earlier attempt at this request is still running', wait);
        continue;
      }
      if (res.status >= 500) {
        await backoff(
          `${method} ${path} answered ${res.status}${error?.message ? ` (${error.message})` : ''}`,
          res.headers.has('retry-after') ? wait : undefined,
        );
        continue;
      }
      if (error?.code) throw new RequestRefused(res.status, error.code, error.message ?? '', error.issues ?? []);
      throw new TemplatesStopped(
        'answer_invalid',
        `Unexpected answer from ${method} ${url}: HTTP ${res.status} ${text.slice(0, 200)}`,
      );
    }
  }
}
