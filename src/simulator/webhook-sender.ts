/**
 * Delivers the simulator's webhooks as the platform does (docs/platform.md §4): serialised with every
 * non-ASCII character escaped and signed with `X-Hub-Signature-256` over those bytes, batched per
 * business number, retried with backoff until answered 200 for up to `webhookRetryMs` (Meta: 7 days,
 * docs/platform.md §4.8) and, when configured, duplicated or shuffled. Each webhook is owed in the
 * state's outbox until answered 200 (or given up on), so one cut short by a restart is sent again.
 */
import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import { hubSignature } from '../lib/crypto.js';
import { metaJson } from '../lib/meta-json.js';
import { newOwedId, type Owed, type OwedDelivery, type OwedPayload, type WebhookItem } from './outbox.js';
import { messagesWebhook } from './payloads.js';
import type { SimulatorState } from './state.js';

export type { WebhookItem } from './outbox.js';

/**
 * How the delivery of an item went, for a caller waiting on it: the receiver answered 200, or the
 * first attempts failed (it is still retried), or there was no webhook URL.
 */
export type DeliveryOutcome = 'delivered' | 'failed' | 'not_configured';
/** How a delivery ended: answered 200, no URL, given up after `webhookRetryMs`, or cut short by close. */
type Ended = 'delivered' | 'not_configured' | 'dropped' | 'closed';

/**
 * Waits between attempts, ms: quickly at first, then less and less often ("with decreasing
 * frequency", docs/platform.md §4.8; Meta publishes no schedule), then every 5 minutes.
 */
const RETRY_DELAYS_MS = [100, 300, 1000, 3000, 10_000, 30_000, 60_000];
const LATER_RETRY_MS = 5 * 60_000;
/** Failed attempts after which a waiting caller hears `failed` (about 14 s; the retries go on). */
const ATTEMPTS_BEFORE_FAILED = 6;

/** An item waiting for its batch, and the outbox entry it settles. */
interface Queued {
  item: WebhookItem;
  owed: Owed;
}

export class WebhookSender {
  #queue: Queued[] = [];
  /** Who waits for the delivery of a queued item (the control API's inbound call). */
  readonly #waiters = new Map<Queued, (outcome: DeliveryOutcome) => void>();
  #timer: NodeJS.Timeout | null = null;
  #inFlight = new Set<Promise<void>>();
  #closed = false;
  readonly #sleepers = new Set<() => void>();
  #cutShort = 0;
  readonly #agent = new Agent({ connections: 64, keepAliveTimeout: 30_000 });

  constructor(
    private readonly state: SimulatorState,
    private readonly options: { appSecret: string; webhookUrl: () => string | null; logger: Logger },
  ) {}

  /**
   * Queues an item for the next webhook POST of its number. `owed` is the outbox entry the item
   * settles (a status report's); without one the item is owed as itself, journaled before this
   * returns. The promise settles once the POST that carries it has been answered 200, or its first
   * six attempts (about 14 s) failed: the control API's inbound call waits on it, so a customer
   * message is stored by the receiver before the call answers.
   */
  enqueue(item: WebhookItem, owed?: Owed): Promise<DeliveryOutcome> {
    if (this.#closed) return Promise.resolve('failed');
    const queued: Queued = { item, owed: owed ?? this.#owe({ id: newOwedId(), kind: 'item', item, at: Date.now() }) };
    const outcome = new Promise<DeliveryOutcome>((resolve) => this.#waiters.set(queued, resolve));
    this.#queue.push(queued);
    const { webhookBatchMs, shuffleWebhooks } = this.state.config;
    const delay = shuffleWebhooks ? Math.max(webhookBatchMs, 50) : webhookBatchMs;
    if (!this.#timer) {
      this.#timer = setTimeout(() => this.flush(), delay);
      this.#timer.unref();
    }
    return outcome;
  }

  /** Delivers one whole webhook payload now (template events), owed until answered 200, with the usual retries. */
  sendPayload(payload: unknown, owed?: OwedPayload): void {
    if (this.#closed) return;
    this.#send(payload, [owed ?? this.#owe({ id: newOwedId(), kind: 'payload', payload, at: Date.now() })]);
    if (Math.random() < this.state.config.duplicateWebhookRate)
      this.#track(this.#deliver(payload, Date.now()).then(() => {}));
  }

  /** Sends again a delivery owed from before a restart (it may have reached the receiver: at least once, as Meta). */
  resend(entry: OwedDelivery): void {
    if (entry.kind === 'item') void this.enqueue(entry.item, entry);
    else this.sendPayload(entry.payload, entry);
  }

  /** Sends everything queued now. */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    let queued = this.#queue;
    this.#queue = [];
    const { shuffleWebhooks, webhookBatchSize, duplicateWebhookRate } = this.state.config;
    if (shuffleWebhooks) queued = shuffle(queued);
    const byNumber = new Map<string, Queued[]>();
    for (const q of queued) {
      const list = byNumber.get(q.item.phoneNumberId) ?? [];
      list.push(q);
      byNumber.set(q.item.phoneNumberId, list);
    }
    for (const [phoneNumberId, list] of byNumber) {
      // The platform puts at most 1,000 updates in one POST (docs/platform.md §4.3), as Tidings enforces.
      const size = Math.min(1000, Math.max(1, webhookBatchSize));
      for (let i = 0; i < list.length; i += size) {
        const batch = list.slice(i, i + size);
        const payload = messagesWebhook(
          this.state.number(phoneNumberId),
          batch.map((q) => q.item),
        );
        const waiters = batch.flatMap((q) => {
          const resolve = this.#waiters.get(q);
          this.#waiters.delete(q);
          return resolve ? [resolve] : [];
        });
        this.#send(
          payload,
          batch.map((q) => q.owed),
          waiters,
        );
        if (Math.random() < duplicateWebhookRate) this.#track(this.#deliver(payload, Date.now()).then(() => {}));
      }
    }
  }

  #owe<T extends Owed>(entry: T): T {
    this.state.outbox.owe(null, [entry]);
    return entry;
  }

  /** Delivers `payload`, then settles the outbox entries it carries (unless cut short by close) and tells the waiters. */
  #send(payload: unknown, owed: Owed[], waiters: ((outcome: DeliveryOutcome) => void)[] = []): void {
    const since = Math.min(...owed.map((o) => o.at));
    let told = false;
    const tell = (outcome: DeliveryOutcome) => {
      if (told) return;
      told = true;
      for (const resolve of waiters) resolve(outcome);
    };
    const delivery = this.#deliver(payload, since, () => tell('failed')).then((ended) => {
      if (ended !== 'closed') this.state.outbox.done(owed.map((o) => o.id));
      if (ended === 'dropped') {
        this.options.logger.warn(
          {
            url: this.options.webhookUrl(),
            items: owed.length,
            dueSince: new Date(since).toISOString(),
            webhookRetryMs: this.state.config.webhookRetryMs,
          },
          'simulator webhook dropped: not answered 200 within webhookRetryMs',
        );
      }
      tell(ended === 'delivered' || ended === 'not_configured' ? ended : 'failed');
    });
    this.#track(delivery);
  }

  #track(p: Promise<void>): void {
    this.#inFlight.add(p);
    void p.finally(() => this.#inFlight.delete(p));
  }

  /**
   * POSTs `payload` until the receiver answers 200, waiting longer between attempts, for as long as
   * `webhookRetryMs` after `since` (ms) allows; `failing` is called once the first attempts failed.
   */
  async #deliver(payload: unknown, since: number, failing?: () => void): Promise<Ended> {
    const body = metaJson(payload);
    for (let attempt = 0; ; attempt++) {
      const url = this.options.webhookUrl();
      if (!url) return 'not_configured';
      if (await this.#post(url, body)) return 'delivered';
      if (this.#closed) return 'closed';
      if (attempt + 1 === ATTEMPTS_BEFORE_FAILED) failing?.();
      const delay = RETRY_DELAYS_MS[attempt] ?? LATER_RETRY_MS;
      if (Date.now() + delay > since + this.state.config.webhookRetryMs) return 'dropped';
      await this.#sleep(delay);
      if (this.#closed) return 'closed';
    }
  }

  /** One attempt: whether the receiver answered 200. */
  async #post(url: string, body: string): Promise<boolean> {
    try {
      const res = await request(url, {
        method: 'POST',
        dispatcher: this.#agent,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': hubSignature(body, this.options.appSecret),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.body.dump();
      return res.statusCode === 200;
    } catch (err) {
      this.options.logger.debug({ err: String(err) }, 'simulator webhook delivery failed');
      return false;
    }
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

  /**
   * What is still to do: items waiting for their batch's POST, deliveries under way (a POST, or a
   * wait before the next attempt), and of those the ones waiting to be retried.
   */
  pending(): { queued: number; delivering: number; retrying: number } {
    return { queued: this.#queue.length, delivering: this.#inFlight.size, retrying: this.#sleepers.size };
  }

  /** Waits before a retry that `close` cut short (each ended at once, its webhook still owed). */
  get retriesCutShort(): number {
    return this.#cutShort;
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
    this.#cutShort += this.#sleepers.size;
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
