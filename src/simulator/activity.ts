/**
 * What the simulator still has to do, for `GET /_simulator/idle` (idle.routes.ts): Graph requests
 * in progress (a held one included, until its client gives up), timers pending (delivery statuses,
 * template reviews, scheduled webhooks such as a throughput upgrade's: everything `later` runs), and
 * webhooks queued, being delivered or waiting to be retried (webhook-sender.ts). A test waits for
 * idle and then counts what happened, instead of sleeping to prove that nothing more comes.
 *
 * Not counted: control calls (`/_simulator/…`, the idle call among them) and the state file's
 * batched writes (state-writer.ts), which change nothing a client can see.
 */
import type { FastifyInstance } from 'fastify';
import type { WebhookSender } from './webhook-sender.js';

/** How often `whenIdle` looks again, ms. */
const POLL_MS = 10;

/** What is still to do; all zeros when idle. */
export interface Pending {
  graphRequests: number;
  timers: number;
  webhooks: ReturnType<WebhookSender['pending']>;
}

export class Activity {
  readonly #webhooks: Pick<WebhookSender, 'pending'>;
  readonly #timers = new Set<NodeJS.Timeout>();
  #graphRequests = 0;
  // Set by close(): a request still in its latency when the simulator closes schedules nothing (a
  // timer set then, for a 10-minute delivery delay, kept a test process alive after its last test).
  #closed = false;

  constructor(webhooks: Pick<WebhookSender, 'pending'>) {
    this.#webhooks = webhooks;
  }

  /** Runs `fn` after `ms` unless the simulator closes first (SimContext `later`). */
  readonly later = (ms: number, fn: () => void): void => {
    if (this.#closed) return;
    const t = setTimeout(() => {
      this.#timers.delete(t);
      fn();
    }, ms);
    this.#timers.add(t);
  };

  /**
   * Counts `app`'s Graph requests from their arrival until their answer is sent or their
   * connection closes (a held request's, when its client gives up or the simulator closes).
   */
  track(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/_simulator/')) return;
      this.#graphRequests++;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        this.#graphRequests--;
      };
      reply.raw.once('finish', end);
      reply.raw.once('close', end);
    });
  }

  pending(): Pending {
    return { graphRequests: this.#graphRequests, timers: this.#timers.size, webhooks: this.#webhooks.pending() };
  }

  /** Whether nothing is in progress or pending. */
  idle(): boolean {
    const { graphRequests, timers, webhooks } = this.pending();
    return graphRequests === 0 && timers === 0 && webhooks.queued === 0 && webhooks.delivering === 0;
  }

  /** Resolves true once idle, or false if the simulator is still busy after `timeoutMs`. */
  async whenIdle(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.idle()) {
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return true;
  }

  /** Cancels every pending timer; `later` schedules nothing from now on. */
  close(): void {
    this.#closed = true;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }
}
