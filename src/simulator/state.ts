/**
 * What the simulator holds, and its state file. Writes are debounced and atomic (write then rename),
 * so a restart of the simulator forgets nothing of consequence: numbers, customer service windows,
 * recent messages and the config. Templates and media join in later issues.
 */
import fs from 'node:fs';
import path from 'node:path';
import { simulatedDisplayNumber } from './identity.js';

export interface SimulatorConfig {
  /** Template review (templates land in a later issue). */
  review: 'auto' | 'manual';
  /** `auto`: sent, delivered and read are reported by themselves; `manual`: only via the control API. */
  delivery: 'auto' | 'manual';
  reviewDelayMs: number;
  deliveryDelaysMs: { sent: number; delivered: number; read: number };
  /** Added to every Graph API answer. */
  latencyMs: number;
  /** Fraction (0..1) of sends answered with the error `errorCode`. */
  errorRate: number;
  /** The platform error code `errorRate` injects (default 131000, "something went wrong", HTTP 500). */
  errorCode: number;
  /** Fraction (0..1) of sends never answered (the caller times out). */
  timeoutRate: number;
  /** Fraction (0..1) of webhooks delivered twice. */
  duplicateWebhookRate: number;
  /** Deliver queued webhook items in random order. */
  shuffleWebhooks: boolean;
  /** Most status/message items in one webhook POST (the platform batches up to 1,000). */
  webhookBatchSize: number;
  /** How long items wait to be batched, ms (0 = send at once). */
  webhookBatchMs: number;
  /** Messages per second per business number (CLOUD_API.md §7: 80 default, up to 1,000). */
  throughput: number;
  /** Per phone number id overrides of `throughput`. */
  throughputByNumber: Record<string, number>;
  /** How long an uploaded media id lives (CLOUD_API.md §3: 30 days); shortened in tests. */
  mediaExpiryMs: number;
  /** Pair rate limit: at most `burst` messages to one user per `windowSeconds` (131056). */
  pairLimit: { burst: number; windowSeconds: number };
}

export const DEFAULT_CONFIG: SimulatorConfig = {
  review: 'auto',
  delivery: 'auto',
  reviewDelayMs: 1000,
  deliveryDelaysMs: { sent: 200, delivered: 700, read: 1500 },
  latencyMs: 0,
  errorRate: 0,
  errorCode: 131000,
  timeoutRate: 0,
  duplicateWebhookRate: 0,
  shuffleWebhooks: false,
  webhookBatchSize: 1,
  webhookBatchMs: 0,
  throughput: 80,
  throughputByNumber: {},
  pairLimit: { burst: 45, windowSeconds: 6 },
  mediaExpiryMs: 30 * 24 * 60 * 60 * 1000,
};

export interface SimNumber {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
}

export interface SimMessage {
  wamid: string;
  phoneNumberId: string;
  /** Digits. */
  to: string;
  type: string;
  body: unknown;
  callbackData: string | null;
  /** Statuses reported so far, in order. */
  statuses: string[];
  createdAt: number;
}

export interface SimTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components: Record<string, unknown>[];
  rejectedReason: string | null;
  /** ms of each edit, for the approved-template edit limits (CLOUD_API.md §2.4). */
  edits: number[];
  createdAt: number;
}

export interface SimMedia {
  id: string;
  phoneNumberId: string;
  mimeType: string;
  size: number;
  sha256: string;
  filename: string;
  expiresAt: number;
}

interface Persisted {
  config: SimulatorConfig;
  numbers: SimNumber[];
  windows: Record<string, number>;
  messages: SimMessage[];
  templates?: SimTemplate[];
  media?: SimMedia[];
  reservedNames?: Record<string, number>;
}

/** Messages kept for `GET /_simulator/state` and manual status reports. */
const MAX_MESSAGES = 10_000;

export class SimulatorState {
  config: SimulatorConfig = structuredClone(DEFAULT_CONFIG);
  readonly numbers = new Map<string, SimNumber>();
  /** `${phoneNumberId}:${waId}` → ms of the customer's last message. */
  readonly windows = new Map<string, number>();
  readonly messages = new Map<string, SimMessage>();
  readonly templates = new Map<string, SimTemplate>();
  readonly media = new Map<string, SimMedia>();
  /** Resumable upload sessions and the handles they produced (CLOUD_API.md §2.6). */
  readonly uploads = new Map<string, { fileType: string; fileLength: number; offset: number; handle: string | null }>();
  readonly handles = new Set<string>();
  /** `${wabaId}:${name}` → ms until which a deleted name stays reserved. */
  readonly reservedNames = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;

  constructor(readonly file: string | null) {
    if (file && fs.existsSync(file)) {
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Persisted>;
      this.config = { ...structuredClone(DEFAULT_CONFIG), ...data.config };
      for (const n of data.numbers ?? []) this.numbers.set(n.phoneNumberId, n);
      for (const [k, v] of Object.entries(data.windows ?? {})) this.windows.set(k, v);
      for (const m of data.messages ?? []) this.messages.set(m.wamid, m);
      for (const t of data.templates ?? []) this.templates.set(t.id, t);
      for (const m of data.media ?? []) this.media.set(m.id, m);
      for (const [k, v] of Object.entries(data.reservedNames ?? {})) this.reservedNames.set(k, v);
    }
  }

  /** The number with this id, created on first use (DECISIONS §12). */
  number(phoneNumberId: string): SimNumber {
    let n = this.numbers.get(phoneNumberId);
    if (!n) {
      n = { phoneNumberId, wabaId: `1${phoneNumberId.slice(-14).padStart(14, '0')}`, displayPhoneNumber: simulatedDisplayNumber(phoneNumberId) };
      this.numbers.set(phoneNumberId, n);
      this.changed();
    }
    return n;
  }

  addMessage(message: SimMessage): void {
    this.messages.set(message.wamid, message);
    if (this.messages.size > MAX_MESSAGES) this.messages.delete(this.messages.keys().next().value!);
    this.changed();
  }

  /** Schedules a write of the state file (at most one per 500 ms). */
  changed(): void {
    if (!this.file || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.flush();
    }, 500);
    this.#timer.unref();
  }

  flush(): void {
    if (!this.file) return;
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    const data: Persisted = {
      config: this.config,
      numbers: [...this.numbers.values()],
      windows: Object.fromEntries(this.windows),
      messages: [...this.messages.values()],
      templates: [...this.templates.values()],
      media: [...this.media.values()],
      reservedNames: Object.fromEntries(this.reservedNames),
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(data));
    fs.renameSync(tmp, this.file);
  }

  snapshot() {
    return {
      config: this.config,
      numbers: [...this.numbers.values()],
      windows: Object.fromEntries(this.windows),
      messages: [...this.messages.values()],
      templates: [...this.templates.values()],
      media: [...this.media.values()],
    };
  }
}
