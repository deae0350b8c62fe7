/**
 * Delivers the simulator's webhooks as the platform does (docs/platform.md §4): serialised with every
 * non-ASCII character escaped and signed with `X-Hub-Signature-256` over those bytes, batched per
 * business number, retried with backoff when the receiver does not answer 200, and, when
 * configured, duplicated or shuffled.
 */
import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import { hubSignature } from '../lib/crypto.js';
import type { SimulatorState } from './state.js';

/** One status or inbound message, waiting to be delivered. */
export type WebhookItem =
  | { kind: 'status'; phoneNumberId: string; status: Record<string, unknown>; contact?: Record<string, unknown> }
  | { kind: 'message'; phoneNumberId: string; contact: Record<string, unknown>; message: Record<string, unknown>; errors?: Record<string, unknown>[] };

/** How the delivery of an item ended: the receiver answered 200, or every retry failed, or there was no webhook URL. */
export type DeliveryOutcome = 'delivered' | 'failed' | 'not_configured';

const RETRY_DELAYS_MS = [100, 300, 1000, 3000, 10_000];

/**
 * JSON as the platform sends it: every character outside printable ASCII escaped as `\\uXXXX` with
 * lowercase hex (astral characters as their two UTF-16 halves), so the body is pure ASCII and the
 * signature is over the escaped bytes. Meta: "we generate the signature using an escaped unicode
 * version of the payload, with lowercase hex digits" (developers.facebook.com/docs/messenger-platform/
 * webhooks#validate-payloads, quoted in Secreto31126/whatsapp-api-js#290, whose verifier escapes
 * `[^\\0-~]` the same way). Whether `/` is escaped too is UNCONFIRMED; it is not.
 */
export function metaJson(payload: unknown): string {
  return JSON.stringify(payload).replace(/[^\0-~]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export class WebhookSender {
  #queue: WebhookItem[] = [];
  /** Who waits for the delivery of a queued item (the control API's inbound call). */
  readonly #waiters = new Map<WebhookItem, (outcome: DeliveryOutcome) => void>();
  #timer: NodeJS.Timeout | null = null;
  #inFlight = new Set<Promise<void>>();
  #closed = false;
  readonly #sleepers = new Set<() => void>();
  readonly #agent = new Agent({ connections: 64, keepAliveTimeout: 30_000 });

  constructor(
    private readonly state: SimulatorState,
    private readonly options: { appSecret: string; webhookUrl: () => string | null; logger: Logger },
  ) {}

  /**
   * Queues an item for the next webhook POST of its number. The promise settles once the POST that
   * carries it has been answered 200 (or given up on after every retry): the control API's inbound
   * call waits on it, so a customer message is stored by the receiver before the call answers.
   */
  enqueue(item: WebhookItem): Promise<DeliveryOutcome> {
    if (this.#closed) return Promise.resolve('failed');
    const outcome = new Promise<DeliveryOutcome>((resolve) => this.#waiters.set(item, resolve));
    this.#queue.push(item);
    const { webhookBatchMs, shuffleWebhooks } = this.state.config;
    const delay = shuffleWebhooks ? Math.max(webhookBatchMs, 50) : webhookBatchMs;
    if (!this.#timer) {
      this.#timer = setTimeout(() => this.flush(), delay);
      this.#timer.unref();
    }
    return outcome;
  }

  /** Delivers one whole webhook payload now (template events), with the usual retries. */
  sendPayload(payload: unknown): void {
    if (this.#closed) return;
    this.#track(this.#deliver(payload, 0).then(() => {}));
    if (Math.random() < this.state.config.duplicateWebhookRate) this.#track(this.#deliver(payload, 0).then(() => {}));
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
        const batch = list.slice(i, i + Math.max(1, webhookBatchSize));
        const payload = this.#envelope(phoneNumberId, batch);
        const waiters = batch.flatMap((item) => {
          const resolve = this.#waiters.get(item);
          this.#waiters.delete(item);
          return resolve ? [resolve] : [];
        });
        this.#track(this.#deliver(payload, 0).then((outcome) => waiters.forEach((resolve) => resolve(outcome))));
        if (Math.random() < duplicateWebhookRate) this.#track(this.#deliver(payload, 0).then(() => {}));
      }
    }
  }

  #envelope(phoneNumberId: string, items: WebhookItem[]) {
    const number = this.state.number(phoneNumberId);
    const value: Record<string, unknown> = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: phoneNumberId },
    };
    const statuses = items.flatMap((i) => (i.kind === 'status' ? [i] : []));
    const messages = items.flatMap((i) => (i.kind === 'message' ? [i] : []));
    if (messages.length > 0) {
      value.contacts = messages.map((m) => m.contact);
      value.messages = messages.map((m) => m.message);
      const errors = messages.flatMap((m) => m.errors ?? []);
      if (errors.length > 0) value.errors = errors;
    }
    if (statuses.length > 0) {
      // Current status webhooks name the recipient in `contacts[]` (failed ones may not: docs/platform.md §4.9).
      const contacts = statuses.flatMap((s) => (s.contact ? [s.contact] : []));
      if (contacts.length > 0 && messages.length === 0) value.contacts = dedupe(contacts);
      value.statuses = statuses.map((s) => s.status);
    }
    return { object: 'whatsapp_business_account', entry: [{ id: number.wabaId, changes: [{ value, field: 'messages' }] }] };
  }

  #track(p: Promise<void>): void {
    this.#inFlight.add(p);
    void p.finally(() => this.#inFlight.delete(p));
  }

  async #deliver(payload: unknown, attempt: number): Promise<DeliveryOutcome> {
    const url = this.options.webhookUrl();
    if (!url) return 'not_configured';
    const body = metaJson(payload);
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
    if (ok) return 'delivered';
    if (this.#closed) return 'failed';
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) {
      this.options.logger.warn({ url }, 'simulator webhook dropped after retries');
      return 'failed';
    }
    await this.#sleep(delay);
    return this.#closed ? 'failed' : this.#deliver(payload, attempt + 1);
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
    for (const resolve of this.#waiters.values()) resolve('failed');
    this.#waiters.clear();
    // A delivery waiting to retry would otherwise hold close() on an unref'd timer, and a process
    // with nothing else to do would exit with close() still pending.
    for (const wake of [...this.#sleepers]) wake();
    await Promise.allSettled([...this.#inFlight]);
    await this.#agent.close();
  }
}

function dedupe(contacts: Record<string, unknown>[]): Record<string, unknown>[] {
  const seen = new Set<string>();
  return contacts.filter((c) => {
    const key = JSON.stringify(c);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
