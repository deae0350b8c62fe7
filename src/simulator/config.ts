/**
 * The simulator's settings (`PUT /_simulator/config`): behaviour modes, delays and faults. A key the
 * simulator does not know is refused with 400 naming it, so a misspelt fault is never silently off.
 */

export interface SimulatorConfig {
  /** Template review: `auto` after `reviewDelayMs`, or `manual` through the control API. */
  review: 'auto' | 'manual';
  /** `auto`: sent, delivered and read are reported by themselves; `manual`: only via the control API. */
  delivery: 'auto' | 'manual';
  reviewDelayMs: number;
  deliveryDelaysMs: { sent: number; delivered: number; read: number };
  /**
   * Added to every Graph API answer, ms (default 150; 0 allowed), so tests and benchmarks meet a
   * platform that takes time. Meta's processing of a send takes about 50–200 ms, plus the network
   * to its regional endpoint (up to 100–150 ms across an ocean): wa-guides.com, "WhatsApp message
   * template delivery latency: global API benchmarks".
   */
  latencyMs: number;
  /** Fraction (0..1) of sends and template creations answered with the error `errorCode`. */
  errorRate: number;
  /** The platform error code `errorRate` injects (default 131000, "something went wrong", HTTP 500). */
  errorCode: number;
  /** Fraction (0..1) of sends never answered before anything is recorded (the caller times out). */
  timeoutRate: number;
  /**
   * Fraction (0..1) of sends taken in full (recorded, statuses reported) whose answer is lost: the
   * connection is held until the caller gives up (or the simulator closes).
   */
  lostAnswerRate: number;
  /** Fraction (0..1) of webhooks delivered twice. */
  duplicateWebhookRate: number;
  /** Deliver queued webhook items in random order. */
  shuffleWebhooks: boolean;
  /** Most status/message items in one webhook POST (the platform batches up to 1,000). */
  webhookBatchSize: number;
  /** How long items wait to be batched, ms (0 = send at once). */
  webhookBatchMs: number;
  /**
   * How long a webhook not answered 200 is retried, ms, counted from when it was due; then it is
   * dropped with a log line. Meta: "for up to 7 days" (docs/platform.md §4.8); shortened in tests.
   */
  webhookRetryMs: number;
  /**
   * Messages per second of a STANDARD-tier number (docs/platform.md §7: 80). A HIGH-tier number gets
   * 1,000; `throughputByNumber` overrides both for one number.
   */
  throughput: number;
  /** Per phone number id overrides of the tier's throughput. */
  throughputByNumber: Record<string, number>;
  /** How long an uploaded media id lives (docs/platform.md §3: 30 days); shortened in tests. */
  mediaExpiryMs: number;
  /** How long a media URL from `GET /{media-id}` works (docs/platform.md §3: 5 minutes). */
  mediaUrlTtlMs: number;
  /**
   * A fault: the next this many media downloads (`GET <media url>`) answer HTTP 500 with a Graph
   * error 131000; each failed download counts one down.
   */
  mediaDownloadFailures: number;
  /** Pair rate limit: at most `burst` messages to one user per `windowSeconds` (131056). */
  pairLimit: { burst: number; windowSeconds: number };
  /**
   * The Graph version of the app's webhooks (docs/platform.md §4.4): before v24.0 status webhooks carry
   * `conversation`; from v24.0 it is left out unless the message is in a free entry point window.
   * Before v25.0 an unsupported customer message is `unknown`, from it `unsupported` (versions.ts, docs/platform.md §0.2).
   */
  webhookVersion: string;
  /** `PMP` (per-message pricing, since 1 Jul 2025) or `CBP` (the older conversation-based shape). */
  pricingModel: 'PMP' | 'CBP';
  /** Carry BSUIDs in webhooks (`user_id`, `recipient_user_id`, `contacts[]` on statuses; docs/platform.md §4.9). */
  bsuid: boolean;
  /** Users also have a parent BSUID (`parent_user_id`; for linked portfolios, docs/platform.md §4.9). */
  parentUserIds: boolean;
}

export const DEFAULT_CONFIG: SimulatorConfig = {
  review: 'auto',
  delivery: 'auto',
  reviewDelayMs: 1000,
  deliveryDelaysMs: { sent: 200, delivered: 700, read: 1500 },
  latencyMs: 150,
  errorRate: 0,
  errorCode: 131000,
  timeoutRate: 0,
  lostAnswerRate: 0,
  duplicateWebhookRate: 0,
  shuffleWebhooks: false,
  webhookBatchSize: 1,
  webhookBatchMs: 0,
  webhookRetryMs: 7 * 24 * 60 * 60 * 1000,
  throughput: 80,
  throughputByNumber: {},
  pairLimit: { burst: 45, windowSeconds: 6 },
  mediaExpiryMs: 30 * 24 * 60 * 60 * 1000,
  mediaUrlTtlMs: 5 * 60 * 1000,
  mediaDownloadFailures: 0,
  webhookVersion: 'v23.0',
  pricingModel: 'PMP',
  bsuid: true,
  parentUserIds: false,
};

const ENUMS: Partial<Record<keyof SimulatorConfig, readonly string[]>> = {
  review: ['auto', 'manual'],
  delivery: ['auto', 'manual'],
  pricingModel: ['PMP', 'CBP'],
};
const RATES = new Set(['errorRate', 'timeoutRate', 'lostAnswerRate', 'duplicateWebhookRate']);

/**
 * Applies a `PUT /_simulator/config` body to `current` (or to the defaults with `reset: true`).
 * `webhookUrl` and `reset` are handled by the caller and ignored here.
 * @returns the new config, or the reasons it was refused (unknown keys named, wrong types).
 */
export function applyConfig(
  current: SimulatorConfig,
  body: Record<string, unknown>,
): { config: SimulatorConfig } | { errors: string[] } {
  const next = structuredClone(body.reset === true ? DEFAULT_CONFIG : current) as unknown as Record<string, unknown>;
  const defaults = DEFAULT_CONFIG as unknown as Record<string, unknown>;
  const unknown: string[] = [];
  const errors: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'webhookUrl' || key === 'reset') continue;
    if (!(key in defaults)) {
      unknown.push(key);
      continue;
    }
    const def = defaults[key];
    if (typeof value !== typeof def || value === null || Array.isArray(value)) {
      errors.push(`${key} must be a${typeof def === 'object' ? 'n object' : ` ${typeof def}`}.`);
      continue;
    }
    if (typeof def === 'object' && key !== 'throughputByNumber') {
      for (const [k, v] of Object.entries(value as object)) {
        if (!(k in (def as object))) unknown.push(`${key}.${k}`);
        else if (typeof v !== 'number' || v < 0) errors.push(`${key}.${k} must be a number ≥ 0.`);
      }
      next[key] = { ...(next[key] as object), ...(value as object) };
      continue;
    }
    if (key === 'throughputByNumber') {
      for (const [k, v] of Object.entries(value as object))
        if (typeof v !== 'number' || v < 1) errors.push(`throughputByNumber.${k} must be a number ≥ 1.`);
    }
    const allowed = ENUMS[key as keyof SimulatorConfig];
    if (allowed && !allowed.includes(value as string)) errors.push(`${key} must be one of ${allowed.join(', ')}.`);
    if (RATES.has(key) && ((value as number) < 0 || (value as number) > 1)) errors.push(`${key} must be from 0 to 1.`);
    if (key === 'webhookVersion' && !/^v\d+\.\d+$/.test(value as string))
      errors.push('webhookVersion must look like v23.0.');
    if (key === 'webhookRetryMs' && (value as number) < 0) errors.push('webhookRetryMs must be a number ≥ 0.');
    if (key === 'mediaDownloadFailures' && (!Number.isInteger(value) || (value as number) < 0))
      errors.push('mediaDownloadFailures must be a whole number ≥ 0.');
    next[key] = value;
  }
  if (unknown.length > 0) errors.unshift(`Unknown config key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
  return errors.length > 0 ? { errors } : { config: next as unknown as SimulatorConfig };
}

/** The major Graph version of `webhookVersion` (`v24.0` → 24). */
export function webhookMajor(config: SimulatorConfig): number {
  return Number(/^v(\d+)/.exec(config.webhookVersion)?.[1] ?? 23);
}
