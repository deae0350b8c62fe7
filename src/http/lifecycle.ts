/**
 * The HTTP side of the service's life: health endpoints, refusing new work while draining, and
 * knowing when the requests in flight have all been answered (graceful shutdown, `shutdown.ts`).
 *
 * - `GET /health` and `GET /health/live`: liveness, 200 `{"status":"ok"}` while the process serves
 *   HTTP at all (draining included: a draining process is alive and must not be restarted).
 * - `GET /health/ready`: readiness, 200 when every check passes, else 503; the body lists each
 *   check: `{"status":"ready"|"not_ready","checks":{"database":{"ok":true,"ms":1},…,"draining":{"ok":true}}}`.
 *   It turns 503 the moment a shutdown begins, while the listener is still open.
 * All three are outside `/v1`: no API key, no rate limit, not in the OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import { TidingsError } from '../errors.js';

/** One readiness check's outcome. */
export interface HealthCheckResult {
  ok: boolean;
  error?: string;
  [detail: string]: unknown;
}

/** The service's state as the HTTP layer sees it: set `draining` when a shutdown begins. */
export interface Lifecycle {
  draining: boolean;
}

export interface LifecycleOptions {
  lifecycle: Lifecycle;
  /** Readiness checks by name (`database`, `migrations`); each resolves, never rejects. */
  checks: Record<string, () => Promise<HealthCheckResult>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves true once no request is in flight, or false if some still are after `timeoutMs`
     * (milliseconds). Requests keep being answered meanwhile; new ones get 503 while draining.
     */
    drainRequests(timeoutMs: number): Promise<boolean>;
  }
  interface FastifyContextConfig {
    /** Answered while draining (health endpoints); every other route answers 503 service_unavailable. */
    whileDraining?: boolean;
  }
}

/** Registers the health routes, the draining refusal and the in-flight count. Call before other routes' hooks. */
export function registerLifecycle(app: FastifyInstance, options: LifecycleOptions): void {
  const { lifecycle, checks } = options;
  let inFlight = 0;
  const idle = new Set<() => void>();

  app.addHook('onRequest', async (request, reply) => {
    inFlight++;
    // `close` fires once the answer is sent or the client went away, whichever comes first.
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) for (const wake of [...idle]) wake();
    });
    if (lifecycle.draining && request.routeOptions.config.whileDraining !== true) {
      throw new TidingsError('service_unavailable', 'The service is shutting down; retry on another instance.', {
        retryAfterSeconds: 1,
      });
    }
  });

  app.decorate('drainRequests', (timeoutMs: number) => {
    if (inFlight === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const done = (drained: boolean) => {
        clearTimeout(timer);
        idle.delete(wake);
        resolve(drained);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      idle.add(wake);
    });
  });

  const live = { schema: { hide: true }, config: { whileDraining: true, auth: false } };
  app.get('/health', live, async () => ({ status: 'ok' }));
  app.get('/health/live', live, async () => ({ status: 'ok' }));
  app.get('/health/ready', live, async (_request, reply) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => checks[name]!()));
    const all: Record<string, HealthCheckResult> = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    all.draining = lifecycle.draining ? { ok: false, error: 'shutting down' } : { ok: true };
    const ready = Object.values(all).every((c) => c.ok);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not_ready', checks: all });
  });
}
