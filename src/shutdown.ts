/**
 * Graceful shutdown, the one sequence the service runs on SIGTERM or SIGINT (main.ts):
 *
 * 1. Draining: `/health/ready` answers 503 at once, and every new request gets 503
 *    `service_unavailable` with `Retry-After: 1` (the listener stays open, so a load balancer sees
 *    the readiness change and clients are told to go elsewhere).
 * 2. Waiting, together and for at most `timeoutMs` (SHUTDOWN_TIMEOUT_MS): for the requests in flight
 *    to be answered, and for the background workers to stop (`deps.stopBackground()`: no new job is
 *    claimed, running ones finish).
 * 3. Closing: the listener (and, past the bound, the connections of requests still running), the
 *    metrics listener (METRICS_PORT: scrapes are answered until here), the embedded simulator, then the database, Redis and HTTP clients (`deps.close()`), given at most
 *    `CLOSE_GRACE_MS` more.
 *
 * Work cut off by the bound is not lost: a message or event is stored before it is answered or
 * worked on, and a job that did not finish runs again in a later process (at least once).
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/** How long closing connections may take after the drain, ms. */
export const CLOSE_GRACE_MS = 2000;

export interface ShutdownParts {
  /** The service's HTTP app, listening (its `drainRequests` comes from http/lifecycle.ts). */
  app: FastifyInstance;
  deps: { lifecycle: { draining: boolean }; stopBackground(): Promise<void>; close(): Promise<void> };
  /** The listener of METRICS_PORT, if any: closed after the service's own. */
  metricsApp?: FastifyInstance | null;
  /** The embedded simulator, closed after the service's listener: requests in flight may await it. */
  simulator?: { close(): Promise<void> } | null;
  logger: Logger;
  /** The bound on step 2, ms. */
  timeoutMs: number;
}

/**
 * Runs the sequence above. Resolves (never rejects) with `clean: true` when everything finished
 * within its bound, `false` when the bound cut something off (the caller exits non-zero then).
 * Takes at most `timeoutMs + CLOSE_GRACE_MS`.
 */
export async function shutdown(parts: ShutdownParts): Promise<{ clean: boolean }> {
  const { app, deps, metricsApp, simulator, logger, timeoutMs } = parts;
  const started = Date.now();
  deps.lifecycle.draining = true;
  logger.info({ timeoutMs }, 'shutting down: draining requests and background work');

  const [requestsDone, backgroundDone] = await Promise.all([
    app.drainRequests(timeoutMs),
    within(deps.stopBackground(), timeoutMs).catch((err) => {
      logger.error({ err }, 'stopping the background workers failed');
      return true;
    }),
  ]);
  if (!requestsDone) {
    logger.warn({ timeoutMs }, 'requests still in flight at the shutdown bound: closing their connections');
    app.server.closeAllConnections();
  }
  if (!backgroundDone)
    logger.warn(
      { timeoutMs },
      'background work still running at the shutdown bound: its jobs will run again in another process',
    );

  const closed = await within(
    (async () => {
      await app.close();
      await metricsApp?.close();
      await simulator?.close();
      await deps.close();
    })(),
    CLOSE_GRACE_MS,
  ).catch((err) => {
    logger.error({ err }, 'closing connections failed');
    return false;
  });
  const clean = requestsDone && backgroundDone && closed;
  logger.info({ ms: Date.now() - started, clean }, 'shut down');
  return { clean };
}

/** True if `promise` settles within `ms`, false if not (it keeps running); rejects if it rejects. */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([promise.then(() => true), late]).finally(() => clearTimeout(timer));
}
