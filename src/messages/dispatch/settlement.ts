/**
 * What an attempt leaves behind. A send the platform took: its wamid recorded and its entry removed,
 * with the other sends that ended meanwhile (one unit of work and a few statements for all of them,
 * db/batch-writer.ts); a test-mode send likewise marked sent. An attempt that did not end in a send
 * (outcomes.ts says which): the message failed, or its entry put back for a retry, a hold of its
 * number, or a wait for a status (`unknown`); and entries past their validity period failed with
 * `validity_period_expired`, each in its own unit of work. The dispatcher (dispatcher.ts) calls it.
 */
import type { Logger } from 'pino';
import type { HoldReason } from '../../accounts/phone-number.schemas.js';
import type { Store, Tx } from '../../db/store.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { DispatchOutcome, DispatchRecorder } from '../../metrics/recorders.js';
import { BatchWriter } from '../../db/batch-writer.js';
import type { StatusReports } from '../reports/status-reports.js';
import type { TestModeService } from '../reports/test-mode.service.js';
import * as repo from '../record/send-queue.repository.js';
import { claimExpired } from '../record/send-queue-claim.repository.js';
import * as messages from '../record/routing.repository.js';
import type { LaneState } from './lane.js';
import type { Routing } from './route.js';
import { pairLimitDelayMs, retryDelayMs, type AttemptError, type AttemptOutcome } from './outcomes.js';
import type { Pacer } from './pacer.js';
import type { DispatchPolicy } from './policy.js';

export interface SettlementOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  statuses: Pick<StatusReports, 'applyToMessage' | 'attachWamids'>;
  /** Marks a test-mode message sent at its turn (it never reaches the platform). */
  testMode: Pick<TestModeService, 'dispatched'>;
  pacer: Pick<Pacer, 'slowDown'>;
  policy: Pick<DispatchPolicy, 'retry' | 'reconciliationWindowMs' | 'ttlGraceMs'>;
  /** Counts an outcome for the lane (the dispatcher's stats and metrics). */
  count(lane: repo.Lane, outcome: DispatchOutcome): void;
  /** Counts a routed send of the lane by how it went out (metrics). */
  metrics: Pick<DispatchRecorder, 'routed'>;
}

/** What settling an attempt reads and sets of its lane (lane.ts): a number-wide refusal holds it. */
export type SettledLane = Pick<LaneState, 'lane' | 'key' | 'hold' | 'heldAt'>;

/** A send that ended in the platform's hands (`wamid`), or a test-mode send at its turn (`wamid` null). */
interface Sent {
  row: repo.DispatchRow;
  wamid: string | null;
  /** When its turn came (clock ms). */
  at: number;
  /** How it went out (route.ts): recorded for routed sends, and a time to live Tidings knows. */
  routing: Routing;
}

export class Settlement {
  readonly #o: SettlementOptions;
  readonly #sent: BatchWriter<Sent, void>;

  constructor(options: SettlementOptions) {
    this.#o = options;
    this.#sent = new BatchWriter({ store: options.store, write: (tx, sent) => this.#recordSent(tx, sent) });
  }

  /**
   * Records a send the platform took (its wamid) or a test-mode send at its turn (`wamid` null):
   * resolves once committed with the others of its batch.
   */
  async sent(s: SettledLane, row: repo.DispatchRow, wamid: string | null, at: number, routing: Routing): Promise<void> {
    await this.#sent.submit({ row, wamid, at, routing });
    this.#o.count(s.lane, 'sent');
    if (routing.routed) this.#o.metrics.routed(s.lane, routing.deliveredAs);
  }

  async #recordSent(tx: Tx, sent: Sent[]): Promise<void[]> {
    // Before the statuses it may replay and the test-mode `sent`: their events carry `deliveredAs`.
    const routed = sent.filter((x) => x.routing.routed || x.routing.ttlSeconds !== null);
    await messages.setDispatchRouting(
      tx,
      routed.map((x) => ({
        id: x.row.message_id,
        deliveredAs: x.routing.routed ? x.routing.deliveredAs : null,
        ttlEndsAt: x.routing.ttlSeconds === null ? null : iso(x.at + x.routing.ttlSeconds * 1000),
      })),
    );
    const live = sent.filter((x) => x.wamid !== null);
    const outcomes = await this.#o.statuses.attachWamids(
      tx,
      live.map((x) => ({ messageId: x.row.message_id, wamid: x.wamid! })),
    );
    outcomes.forEach((outcome, i) => {
      if (outcome === 'duplicate')
        this.#o.logger.warn(
          { messageId: live[i]!.row.message_id, wamid: live[i]!.wamid },
          'the platform took a message a second time: a status for the first send came after the reconciliation window',
        );
    });
    for (const x of sent)
      if (x.wamid === null)
        await this.#o.testMode.dispatched(tx, x.row.message_id, x.row.recipient, x.at, x.routing.deliveredAs);
    await repo.removeDispatches(
      tx,
      sent.map((x) => x.row.message_id),
    );
    return sent.map(() => undefined);
  }

  /** Records a failed attempt as its outcome says. */
  async settle(s: SettledLane, row: repo.DispatchRow, outcome: AttemptOutcome): Promise<void> {
    const { clock, logger, policy, store, statuses } = this.#o;
    const now = clock.now();
    const attempt = row.attempts + 1;
    const log = { messageId: row.message_id, lane: s.key, code: outcome.error.code, attempt };
    switch (outcome.kind) {
      case 'fail':
        logger.info(log, 'the platform refused a message');
        this.#o.count(s.lane, 'failed');
        return store.write(async (tx) => {
          await statuses.applyToMessage(tx, row.message_id, { status: 'failed', at: iso(now), error: outcome.error });
          await repo.removeDispatches(tx, [row.message_id]);
        });
      case 'retry':
        return this.release(
          row,
          'queued',
          now + retryDelayMs(attempt, policy.retry),
          { ...outcome.error, reason: 'platform_unavailable' },
          true,
        );
      case 'slow_down':
        logger.warn(log, 'the platform answered 130429: slowing the number down');
        await this.#o.pacer.slowDown(s.key, Date.now());
        return this.release(
          row,
          'queued',
          now + retryDelayMs(1, policy.retry),
          { ...outcome.error, reason: 'throughput_exceeded' },
          true,
        );
      case 'pair_limited':
        return this.release(row, 'queued', now + pairLimitDelayMs(attempt), outcome.error, true);
      case 'hold_lane': {
        if (!s.heldAt(now))
          logger.warn({ ...log, reason: outcome.reason, holdMs: outcome.holdMs }, "holding back a number's queue");
        const until = s.hold(now + outcome.holdMs, outcome.reason, outcome.error);
        return this.release(row, 'queued', until, { ...outcome.error, reason: outcome.reason }, true);
      }
      case 'unknown':
        logger.warn(log, 'a send got no answer: waiting for a status before sending it again');
        return this.release(
          row,
          'unknown',
          now + policy.reconciliationWindowMs,
          { ...outcome.error, reason: 'platform_unavailable' },
          true,
        );
    }
  }

  /**
   * Puts an entry back in its queue, due at `notBefore` (clock ms), with the attempt's error. A
   * queued entry is due at the end of its validity period at the latest, so one whose retry or
   * hold runs past it fails on time rather than when that wait ends. (An `unknown` one waits out
   * its reconciliation window: the platform may have taken it.)
   */
  release(
    row: repo.DispatchRow,
    state: 'queued' | 'unknown',
    notBefore: number,
    error: (AttemptError & { reason?: HoldReason }) | null,
    attempted: boolean,
  ): Promise<void> {
    if (attempted) this.#o.count({ phoneNumberId: row.phone_number_id, mode: row.mode }, 'retried');
    const due = state === 'queued' ? Math.min(notBefore, Date.parse(row.expires_at)) : notBefore;
    return this.#o.store.write((tx) =>
      repo.release(tx, row.message_id, { state, notBefore: iso(due), error, attempted }),
    );
  }

  /** Fails entries whose validity period ended, with `validity_period_expired`. */
  expire(rows: repo.DispatchRow[], now: number): Promise<void> {
    return this.#o.store.write((tx) => this.expireIn(tx, rows, now));
  }

  /** Fails `rows` with `validity_period_expired`, in `tx`. */
  async expireIn(tx: Tx, rows: repo.DispatchRow[], now: number): Promise<void> {
    tx.afterCommit(() => {
      for (const row of rows) this.#o.count({ phoneNumberId: row.phone_number_id, mode: row.mode }, 'expired');
    });
    for (const row of rows) {
      const seconds = Math.round((Date.parse(row.expires_at) - Date.parse(row.created_at)) / 1000);
      const last = row.last_error ? (JSON.parse(row.last_error) as AttemptError) : null;
      const message = `Not sent within its validity period of ${seconds} s${last ? `; the last attempt failed with ${last.code}: ${last.message}` : ''}.`;
      await this.#o.statuses.applyToMessage(tx, row.message_id, {
        status: 'failed',
        at: iso(now),
        error: { code: 'validity_period_expired', message },
      });
    }
    await repo.removeDispatches(
      tx,
      rows.map((r) => r.message_id),
    );
  }

  /**
   * Fails the messages the platform dropped: sent with a time to live Tidings knows (Direct Send's,
   * a template's own), never delivered, `ttlGraceMs` after it ended (docs/platform.md §1: the platform
   * drops a message it could not deliver within its time to live, and sends no `delivered`). Units of 500.
   */
  async failTtlExpired(): Promise<void> {
    const { store, clock, policy, statuses } = this.#o;
    for (;;) {
      const now = clock.now();
      const count = await store.write(async (tx) => {
        const ids = await messages.claimTtlExpired(tx, iso(now - policy.ttlGraceMs), 500);
        for (const id of ids) {
          const message =
            'The platform stopped trying to deliver it when its time to live ended, and never reported it delivered (the platform drops a message it cannot deliver within its time to live).';
          await statuses.applyToMessage(tx, id, {
            status: 'failed',
            at: iso(now),
            error: { code: 'ttl_expired', message },
          });
        }
        return ids.length;
      });
      if (count < 500) return;
    }
  }

  /** Fails every expired entry, in units of 500 (two processes never fail one twice). */
  async failExpired(): Promise<void> {
    const { store, clock } = this.#o;
    for (;;) {
      const now = clock.now();
      // Claimed and failed in one unit, so two processes never fail the same entry twice.
      const count = await store.write(async (tx) => {
        const rows = await claimExpired(tx, iso(now), 500);
        if (rows.length > 0) await this.expireIn(tx, rows, now);
        return rows.length;
      });
      if (count < 500) return;
    }
  }
}
