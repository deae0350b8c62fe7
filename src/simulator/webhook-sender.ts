/**
 * Delivers the simulator's webhooks as the platform does (CLOUD_API.md §4): signed with
 * `X-Hub-Signature-256` over the raw body, batched per business number, retried with backoff when
 * the receiver does not answer 200, and, when configured, duplicated or shuffled.
 */
import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import { hubSignature } from '../lib/crypto.js';
import type { SimulatorState } from './state.js';

/** One status or inbound message, waiting to be delivered. */
export type WebhookItem =
  | { kind: 'status'; phoneNumberId: string; status: Record<string, unknown> }
  | { kind: 'message'; phoneNumberId: string; contact: Record<string, unknown>; message: Record<string, unknown> };

const RETRY_DELAYS_MS = [100, 300, 1000, 3000, 10_000];

export class WebhookSender {
  #queue: WebhookItem[] = [];
  #timer: NodeJS.Timeout | null = null;
  #inFlight = new Set<Promise<void>>();
  #closed = false;
  readonly #sleepers = new Set<() => void>();
  readonly #agent = new Agent({ connections: 64, keepAliveTimeout: 30_000 });

  constructor(
    private readonly state: SimulatorState,
    private readonly options: { appSecret: string; webhookUrl: () => string | null; logger: Logger },
  ) {}

  enqueue(item: WebhookItem): void {
    if (this.#closed) return;
    this.#queue.push(item);
    const { webhookBatchMs, shuffleWebhooks } = this.state.config;
    const delay = shuffleWebhooks ? Math.max(webhookBatchMs, 50) : webhookBatchMs;
    if (!this.#timer) {
      this.#timer = setTimeout(() => this.flush(), delay);
      this.#timer.unref();
    }
  }

  /** Delivers one whole webhook payload now (template events), with the usual retries. */
  sendPayload(payload: unknown): void {
    if (this.#closed) return;
    this.#track(this.#deliver(payload, 0));
    if (Math.random() < this.state.config.duplicateWebhookRate) this.#track(this.#deliver(payload, 0));
  }

  /** Sends everything queued now. */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    let items = this.#queue;
    this.#queue = [];
    const { shuffleWebhooks, webhookBatchSize, duplicateWebhookRate } = this.state.config;
    if (shuffleWebhooks) items = shuffle(items);
    const byNumber = new Map<string, WebhookItem[]>();
    for (const item of items) {
      const list = byNumber.get(item.phoneNumberId) ?? [];
      list.push(item);
      byNumber.set(item.phoneNumberId, list);
    }
    for (const [phoneNumberId, list] of byNumber) {
      for (let i = 0; i < list.length; i += Math.max(1, webhookBatchSize)) {
        const payload = this.#envelope(phoneNumberId, list.slice(i, i + Math.max(1, webhookBatchSize)));
        this.#track(this.#deliver(payload, 0));
        if (Math.random() < duplicateWebhookRate) this.#track(this.#deliver(payload, 0));
      }
    }
  }

  #envelope(phoneNumberId: string, items: WebhookItem[]) {
    const number = this.state.number(phoneNumberId);
    const value: Record<string, unknown> = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: phoneNumberId },
    };
    const statuses = items.flatMap((i) => (i.kind === 'status' ? [i.status] : []));
    const messages = items.flatMap((i) => (i.kind === 'message' ? [i] : []));
    if (messages.length > 0) {
      value.contacts = messages.map((m) => m.contact);
      value.messages = messages.map((m) => m.message);
    }
    if (statuses.length > 0) value.statuses = statuses;
    return { object: 'whatsapp_business_account', entry: [{ id: number.wabaId, changes: [{ value, field: 'messages' }] }] };
  }

  #track(p: Promise<void>): void {
    this.#inFlight.add(p);
    void p.finally(() => this.#inFlight.delete(p));
  }

  async #deliver(payload: unknown, attempt: number): Promise<void> {
    const url = this.options.webhookUrl();
    if (!url) return;
    const body = JSON.stringify(payload);
    let ok = false;
    try {
      const res = await request(url, {
        method: 'POST',
        dispatcher: this.#agent,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, this.options.appSecret) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.body.dump();
      ok = res.statusCode === 200;
    } catch (err) {
      this.options.logger.debug({ err: String(err) }, 'simulator webhook delivery failed');
    }
    if (ok || this.#closed) return;
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) {
      this.options.logger.warn({ url }, 'simulator webhook dropped after retries');
      return;
    }
    await this.#sleep(delay);
    if (!this.#closed) await this.#deliver(payload, attempt + 1);
  }

  /** Waits before a retry without keeping the process alive; `close` cuts every wait short. */
  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.#sleepers.add(wake);
    });
  }

  /** Waits until nothing is queued or in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#queue.length > 0 || this.#inFlight.size > 0) {
      if (this.#queue.length > 0) this.flush();
      await Promise.allSettled([...this.#inFlight]);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    // A delivery waiting to retry would otherwise hold close() on an unref'd timer, and a process
    // with nothing else to do would exit with close() still pending.
    for (const wake of [...this.#sleepers]) wake();
    await Promise.allSettled([...this.#inFlight]);
    await this.#agent.close();
  }
}

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
