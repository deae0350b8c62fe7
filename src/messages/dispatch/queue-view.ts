/**
 * The send queues as GET /v1/phone_numbers and the metrics show them: depth, oldest entry's age,
 * pace, and why a number's dispatch is held back (this process's holds, or the retry of its next
 * entry, or a lowered pace after 130429), or why a queue with messages is not moving (claims of a
 * process that stopped, sends waiting for a status, retries).
 */
import type { HoldReason, PhoneNumberQueue } from '../../accounts/phone-number.schemas.js';
import type { Store } from '../../db/store.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { LaneSample } from '../../metrics/metrics.js';
import * as stats from '../record/send-queue-stats.repository.js';
import type * as repo from '../record/send-queue.repository.js';
import type { AttemptError } from './outcomes.js';
import type { Pacer } from './pacer.js';
import type { DispatchPolicy } from './policy.js';
import type { LaneState } from './lane.js';

/** A lane's key, shared by the pacer and the dispatcher: `live:<phone number id>`, `test:<…>`. */
export const laneKey = (lane: repo.Lane) => `${lane.mode}:${lane.phoneNumberId}`;

export interface QueueViewOptions {
  store: Store;
  clock: Clock;
  pacer: Pick<Pacer, 'share' | 'shares'>;
  policy: Pick<DispatchPolicy, 'tierShare' | 'reconciliationWindowMs'>;
  /** This process's state of a lane (its hold, if it holds the lane back), if it drove the lane. */
  laneOf(key: string): Pick<LaneState, 'heldAt'> | undefined;
}

export class QueueView {
  readonly #o: QueueViewOptions;

  constructor(options: QueueViewOptions) {
    this.#o = options;
  }

  /** The queues of some of an account's numbers, in one mode: pace, depth, oldest age, and why dispatch is held back. */
  async queues(
    numbers: { phoneNumberId: string; throughput: number }[],
    mode: 'live' | 'test',
  ): Promise<Map<string, PhoneNumberQueue>> {
    const now = this.#o.clock.now();
    // A claim's lease (dispatcher.ts) is the slot wait, the platform call, then the reconciliation
    // window and a second: one that ends sooner than that tail from now outlived its process's work.
    const staleLeaseBefore = iso(now + this.#o.policy.reconciliationWindowMs + 1000);
    const all = await stats.queueStats(
      this.#o.store.read,
      numbers.map((n) => n.phoneNumberId),
      mode,
      iso(now),
      staleLeaseBefore,
    );
    const out = new Map<string, PhoneNumberQueue>();
    for (const n of numbers) {
      const lane = { phoneNumberId: n.phoneNumberId, mode };
      const s = all.get(n.phoneNumberId);
      const share = await this.#o.pacer.share(laneKey(lane), Date.now());
      const local = this.#o.laneOf(laneKey(lane))?.heldAt(now);
      let heldBack: PhoneNumberQueue['heldBack'] = null;
      const retryError = s?.retrying?.lastError
        ? (JSON.parse(s.retrying.lastError) as AttemptError & { reason?: HoldReason })
        : null;
      if (local) heldBack = { reason: local.reason, message: local.error.message, until: iso(local.until) };
      else if (s?.retrying && retryError?.reason)
        heldBack = {
          reason: retryError.reason,
          message: `${retryError.code}: ${retryError.message}`,
          until: s.retrying.notBefore,
        };
      else if (s?.staleLeases)
        heldBack = {
          reason: 'lease',
          message: `${count(s.staleLeases.count)} claimed by a process that stopped or stalled before sending them; any process takes them again when the claim ends.`,
          until: s.staleLeases.until,
        };
      else if (s && s.due === 0 && s.reconciling)
        heldBack = {
          reason: 'reconciling',
          message: `${count(s.reconciling.count)} got no answer from the platform; each waits for a status report before it is sent again.`,
          until: s.reconciling.until,
        };
      else if (s && s.due === 0 && s.retrying?.heldFor)
        heldBack = {
          reason: 'template_paused',
          message: `The next message waits for template ${s.retrying.heldFor}, which the platform paused: it goes out once the template is approved again, or fails when its validity period ends.`,
          until: s.retrying.notBefore,
        };
      else if (s && s.due === 0 && s.retrying)
        heldBack = {
          reason: 'retrying',
          message: `The next message waits for its retry after attempt ${s.retrying.attempts} failed${retryError ? ` (${retryError.code}: ${retryError.message})` : ''}.`,
          until: s.retrying.notBefore,
        };
      if (!heldBack && share < 1)
        heldBack = {
          reason: 'throughput_exceeded',
          message:
            'The platform answered 130429 (throughput exceeded): the pace was lowered and is rising back to the tier.',
          until: null,
        };
      out.set(n.phoneNumberId, {
        pace: Math.round(n.throughput * this.#o.policy.tierShare * share * 10) / 10,
        queued: s?.queued ?? 0,
        oldestQueuedAgeSeconds: s?.oldestCreatedAt
          ? Math.max(0, Math.floor((now - Date.parse(s.oldestCreatedAt)) / 1000))
          : null,
        heldBack,
      });
    }
    return out;
  }

  /**
   * Every business number's live and test lanes for the metrics scrape: queue depth, the oldest
   * entry's age (seconds) and the pace (messages/s, as `queues` computes it). One grouped query,
   * and on PostgreSQL one read of the shared paces, however many numbers there are.
   */
  async lanes(): Promise<LaneSample[]> {
    const now = this.#o.clock.now();
    const depths = await stats.laneDepths(this.#o.store.read);
    const numbers = new Map(depths.map((d) => [d.phoneNumberId, d.throughput]));
    const queued = new Map(
      depths.flatMap((d) => (d.mode ? [[laneKey({ phoneNumberId: d.phoneNumberId, mode: d.mode }), d] as const] : [])),
    );
    const keys = [...numbers.keys()].flatMap((phoneNumberId) =>
      (['live', 'test'] as const).map((mode) => ({ phoneNumberId, mode })),
    );
    const shares = await this.#o.pacer.shares(keys.map(laneKey), Date.now());
    return keys.map((lane) => {
      const d = queued.get(laneKey(lane));
      return {
        ...lane,
        queued: d?.queued ?? 0,
        oldestAgeSeconds: d?.oldestCreatedAt ? Math.max(0, (now - Date.parse(d.oldestCreatedAt)) / 1000) : 0,
        pace: numbers.get(lane.phoneNumberId)! * this.#o.policy.tierShare * (shares.get(laneKey(lane)) ?? 1),
      };
    });
  }
}

/** `1 message`, `250 messages`. */
const count = (n: number) => `${n.toLocaleString('en-US')} message${n === 1 ? '' : 's'}`;
