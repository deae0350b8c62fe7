/**
 * Retention (docs/api.md §D17): what each account keeps, and for how long. Run with the service's
 * hourly housekeeping (and by `tidings retention sweep`), on every account with a setting:
 *
 * - **Customers' files** older than `customerFilesDays` are deleted (media-deletion.ts: the row
 *   and its usage in one unit of work, then the bytes; the customer message shows its file
 *   `deleted`).
 * - **Message bodies** older than `messageBodiesDays` are removed from messages of both
 *   directions and from the events that carry them (content-removal.ts); their metadata stays.
 *   A batch at a time, each in its own unit of work, in the order of the lists' indexes, from the
 *   account's watermark to the cut-off; the watermark moves once every batch is done, so a sweep
 *   reads only what came of age since the last one, and a crash midway repeats batches (removing
 *   twice changes nothing) rather than skips them.
 * - **Events, the platform's raw payloads and inactive contacts** are swept last, by the feature
 *   that fills `further` (privacy/retention/retention-kinds.service.ts), on every account.
 *
 * `tidings_retention_sweep_duration_seconds` times each whole sweep.
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { RetentionPolicy, RetentionSettings } from '../../accounts/retention-settings.js';
import type { Store, Tx } from '../../db/store.js';
import type { EventService } from '../../events/event.service.js';
import type { Slot } from '../../feature.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { MediaDeletion } from '../../media/media-deletion.js';
import type { RetentionRecorder } from '../../metrics/recorders.js';
import { removedEventObject } from './content-removal.js';
import {
  removeInboundBodies,
  removeMessageBodies,
  type BodyBatch,
  type RetentionCursor,
} from './retention.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows (files, messages, events) per unit of work. */
const BATCH = 500;

/** What the kinds swept after files and bodies did (privacy/retention/retention-kinds.service.ts), in rows. */
export interface FurtherSweepResult {
  events: number;
  platformPayloads: number;
  platformWebhookEvents: number;
  inactiveContacts: number;
  /** Kinds set but not applied (inactive contacts while no erasure is wired). */
  skipped: string[];
}

/** The sweep of the other kinds (events, platform payloads, inactive contacts), run at the end of each sweep. */
export interface FurtherRetention {
  sweep(signal?: AbortSignal): Promise<FurtherSweepResult>;
}

/** What one sweep did. */
export interface SweepResult extends FurtherSweepResult {
  customerFiles: number;
  /** Accounts whose message bodies were brought up to their cut-off. */
  bodyAccounts: number;
}

export interface RetentionServiceOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  settings: RetentionSettings;
  deletion: MediaDeletion;
  events: EventService;
  /** Filled by the privacy feature (privacy/retention/retention.module.ts). */
  further: Slot<FurtherRetention>;
  metrics: RetentionRecorder;
}

export class RetentionService {
  readonly #o: RetentionServiceOptions;
  #running: Promise<SweepResult> | null = null;

  constructor(options: RetentionServiceOptions) {
    this.#o = options;
  }

  /**
   * One sweep over every account; a sweep asked for while one runs joins it. `signal` (the
   * service stopping) stops the later kinds between two units.
   */
  sweep(signal?: AbortSignal): Promise<SweepResult> {
    this.#running ??= this.#sweep(signal).finally(() => (this.#running = null));
    return this.#running;
  }

  async #sweep(signal?: AbortSignal): Promise<SweepResult> {
    const started = performance.now();
    const filesAndBodies = { customerFiles: 0, bodyAccounts: 0 };
    for (const policy of await this.#o.settings.policies()) {
      if (policy.customerFilesDays !== null)
        filesAndBodies.customerFiles += await this.#customerFiles(policy.accountId, policy.customerFilesDays);
      if (policy.messageBodiesDays !== null && (await this.#bodies(policy, policy.messageBodiesDays)))
        filesAndBodies.bodyAccounts++;
    }
    if (filesAndBodies.customerFiles > 0) this.#o.metrics.removed('customer_files', filesAndBodies.customerFiles);
    const result: SweepResult = { ...filesAndBodies, ...(await this.#o.further.get().sweep(signal)) };
    this.#o.metrics.swept((performance.now() - started) / 1000);
    const { customerFiles, bodyAccounts, events, platformPayloads, platformWebhookEvents, inactiveContacts } = result;
    if (customerFiles + bodyAccounts + events + platformPayloads + platformWebhookEvents + inactiveContacts > 0)
      this.#o.logger.info(result, 'retention sweep');
    return result;
  }

  async #customerFiles(accountId: string, days: number): Promise<number> {
    const before = iso(this.#o.clock.now() - days * DAY_MS);
    let total = 0;
    for (;;) {
      const deleted = await this.#o.deletion.deleteCustomerFilesBefore(accountId, before, BATCH);
      total += deleted;
      if (deleted < BATCH) return total;
      await yieldToOthers();
    }
  }

  /** @returns whether anything was due (the watermark moved). */
  async #bodies(policy: RetentionPolicy, days: number): Promise<boolean> {
    const { store, clock, events, settings } = this.#o;
    const before = iso(clock.now() - days * DAY_MS);
    const from = policy.bodiesRemovedBefore;
    if (from !== null && from >= before) return false;
    const removedAt = iso(clock.now());
    const steps: ((tx: Tx, b: BodyBatch) => Promise<RetentionCursor | null>)[] = [
      (tx, b) => removeMessageBodies(tx, b, removedAt),
      (tx, b) => removeInboundBodies(tx, b, removedAt),
      (tx, b) => events.rewriteObjects(tx, b, (type, object) => removedEventObject(type, object, removedAt)),
    ];
    for (const mode of ['live', 'test'] as const) {
      for (const step of steps) {
        let after: RetentionCursor | null = null;
        do {
          const batch: BodyBatch = { accountId: policy.accountId, mode, from, before, after, limit: BATCH };
          after = await store.write((tx) => step(tx, batch));
          await yieldToOthers();
        } while (after !== null);
      }
    }
    await store.write((tx) => settings.markBodiesRemoved(tx, policy.accountId, before));
    return true;
  }
}
