/**
 * One HTTP call of a CLI command to a running Tidings (send-batch, templates), as their retry
 * loops need it: the answer parsed as JSON with its error envelope, or why the service could not be
 * reached; and the wait a `Retry-After` asks.
 */

/** What the service answered: the response, its text, its JSON (undefined when it is not JSON) and its `error`, if any. */
export type ServiceAnswer<E> =
  | { res: Response; text: string; answer: unknown; error: E | undefined }
  | { unreachable: string };

/** Calls `url`, giving up after `timeoutMs`; never throws. */
export async function callService<E = { code?: string; message?: string }>(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<ServiceAnswer<E>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    return {
      unreachable: `${url} could not be reached (${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message})`,
    };
  }
  const text = await res.text().catch(() => '');
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = undefined;
  }
  return { res, text, answer, error: (answer as { error?: E } | undefined)?.error };
}

/** The whole seconds a response's `Retry-After` asks, or `fallback` when it asks none. */
export function retryAfter(res: Response, fallback: number): number {
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : fallback;
}
