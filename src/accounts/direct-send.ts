/**
 * What Direct Send (Meta's 2026 beta, docs/platform.md §5.1) does for each business number, learned
 * from the platform's answers (docs/api.md §D19): `unknown` until a routed send tried it, `enabled`
 * once one was taken, `not_enabled` (100 "Direct Send isn't enabled for this account") or `blocked`
 * (139200) after a refusal; or as an operator set it (`tidings numbers direct-send`). Stored on the
 * number (`phone_numbers.direct_send`), shown on `GET /v1/phone_numbers`.
 *
 * Learned once: while a **probe** is due (the capability `unknown`, or a refusal older than
 * DIRECT_SEND_RECHECK_MS), one routed send holds the number's probe lease and tries Direct Send;
 * the others that would try it wait (`turn` → `wait`) until its answer is learned, then take the
 * learned route. The lease is taken in one conditional UPDATE, so one send probes however many
 * processes dispatch; it ends when the answer is learned (or the attempt ended without one), and
 * one whose holder died expires after PROBE_LEASE_MS, when another send takes it over.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store } from '../db/store.js';
import { iso } from '../lib/clock.js';
import * as repo from './direct-send.repository.js';

/** A number's Direct Send capability: `unknown` until the platform answered a Direct Send from it. */
export type DirectSendState = 'unknown' | 'enabled' | 'not_enabled' | 'blocked';

/** Whether a routed send that qualifies tries Direct Send now, goes on to its fallback, or waits for a probe's answer. */
export type DirectSendTurn = { turn: 'try' } | { turn: 'skip' } | { turn: 'wait'; waitMs: number };

/** How long this process trusts its copy of a number's capability, ms (another process may learn it meanwhile). */
const CACHE_MS = 5000;

/** How long a refusal of Direct Send is trusted before the number tries it again (the beta's access can change), ms: a day. */
export const DIRECT_SEND_RECHECK_MS = 24 * 60 * 60 * 1000;

/**
 * How long a probe's lease lasts, ms: more than its attempt can take from the routing decision to
 * the platform's answer (a claim's slot wait and the platform timeout, 5 + 10 s by default), so only
 * a holder that died loses it.
 */
export const PROBE_LEASE_MS = 30_000;

/** How often a send waiting for a probe looks again, ms (a probe's answer takes the platform's latency: 50–200 ms, docs/platform.md §7). */
export const PROBE_RECHECK_MS = 1000;

interface Known {
  state: DirectSendState;
  /** When the state was learned (clock ms), 0 when never. */
  checkedAt: number;
  /** A probe seen under way: the send holding it, until when (clock ms), and when this process saw it (Date.now() ms). */
  probe: { id: string; until: number; seenAt: number } | null;
  /** When this process read the row (Date.now() ms). */
  readAt: number;
}

export class DirectSendCapability {
  readonly #store: Store;
  readonly #audit: Pick<AuditTrail, 'record'>;
  /** Each number's capability as this process last read or learned it. */
  readonly #known = new Map<string, Known>();

  /** `audit` records an operator's `set` (learning from the platform is not an actor's change). */
  constructor(store: Store, audit: Pick<AuditTrail, 'record'>) {
    this.#store = store;
    this.#audit = audit;
  }

  /**
   * Whether a send from the number may try Direct Send at `now` (clock ms): unless the platform
   * refused it (`not_enabled`, `blocked`) within the last DIRECT_SEND_RECHECK_MS. Read at most every
   * few seconds per number (`learn` refreshes this process's copy at once). Accepting a send asks it.
   */
  async mayTry(phoneNumberId: string, now: number): Promise<boolean> {
    const known = await this.#read(phoneNumberId, false);
    return known.state === 'enabled' || probeDue(known, now);
  }

  /** Whether a probe of the number is due at `now` (clock ms), as this process last read it: nothing is learned yet, or the refusal expired. */
  async probeDue(phoneNumberId: string, now: number): Promise<boolean> {
    return probeDue(await this.#read(phoneNumberId, false), now);
  }

  /**
   * Whether the routed send `messageId` from the number tries Direct Send at `now` (clock ms): `try`
   * when the number has it, or when a probe is due and this send took (or holds) the probe's lease;
   * `skip` when the platform refused it within the last day; `wait` (for `waitMs`) while another
   * send's probe is out. A probe seen under way is trusted for PROBE_RECHECK_MS without a read.
   */
  async turn(phoneNumberId: string, messageId: string, now: number): Promise<DirectSendTurn> {
    let known = await this.#read(phoneNumberId, false);
    if (known.state === 'enabled') return { turn: 'try' };
    if (!probeDue(known, now)) return { turn: 'skip' };
    const seen = known.probe;
    if (seen && seen.id !== messageId && seen.until > now && Date.now() - seen.seenAt < PROBE_RECHECK_MS)
      return { turn: 'wait', waitMs: waitFor(seen.until, now) };
    const until = now + PROBE_LEASE_MS;
    const times = { now: iso(now), until: iso(until), refusedBefore: iso(now - DIRECT_SEND_RECHECK_MS) };
    if (await this.#store.write((tx) => repo.takeProbe(tx, phoneNumberId, messageId, times))) {
      known.probe = { id: messageId, until, seenAt: Date.now() };
      return { turn: 'try' };
    }
    // Another send holds the lease, or the answer was learned meanwhile (by another process).
    known = await this.#read(phoneNumberId, true);
    if (known.state === 'enabled') return { turn: 'try' };
    if (!probeDue(known, now)) return { turn: 'skip' };
    return { turn: 'wait', waitMs: waitFor(known.probe?.until ?? now + PROBE_RECHECK_MS, now) };
  }

  /** Records what the platform's answer to a Direct Send said of the number, and ends its probe (nothing when this process knows it already). */
  async learn(phoneNumberId: string, state: Exclude<DirectSendState, 'unknown'>, now: number): Promise<void> {
    const known = this.#known.get(phoneNumberId);
    if (known?.state === state && !known.probe && now - known.checkedAt < DIRECT_SEND_RECHECK_MS / 2) return;
    await this.#store.write((tx) => repo.setCapability(tx, phoneNumberId, state, iso(now)));
    this.#known.set(phoneNumberId, { state, checkedAt: now, probe: null, readAt: Date.now() });
  }

  /**
   * Sets the number of account `accountId` to `state` as an operator says (`tidings numbers
   * direct-send`): `enabled` when Meta enabled the account, a refusal (trusted a day from `now`,
   * clock ms), or `unknown` (the next routed send probes it); any probe's lease ends. Audited as
   * `phone_number.direct_send_set` in the same unit. Other processes see it within their cache's 5 s.
   * @returns the state before, or null for a number the service does not have (nothing changed).
   */
  async set(
    accountId: string,
    phoneNumberId: string,
    state: DirectSendState,
    now: number,
  ): Promise<DirectSendState | null> {
    const checkedAt = state === 'unknown' ? null : iso(now);
    const before = await this.#store.write(async (tx) => {
      const row = await repo.capabilityOf(tx, phoneNumberId);
      if (!row) return null;
      await repo.setCapability(tx, phoneNumberId, state, checkedAt);
      await this.#audit.record(tx, {
        action: 'phone_number.direct_send_set',
        accountId,
        object: { type: 'phone_number', id: phoneNumberId },
        before: { directSend: row.direct_send },
        after: { directSend: state },
      });
      return row.direct_send;
    });
    this.#known.delete(phoneNumberId);
    return before;
  }

  /** Ends `messageId`'s probe of the number: its attempt ended without an answer on Direct Send (a timeout, a platform fault). */
  async endProbe(phoneNumberId: string, messageId: string): Promise<void> {
    await this.#store.write((tx) => repo.endProbe(tx, phoneNumberId, messageId));
    const known = this.#known.get(phoneNumberId);
    if (known?.probe?.id === messageId) known.probe = null;
  }

  async #read(phoneNumberId: string, fresh: boolean): Promise<Known> {
    const known = this.#known.get(phoneNumberId);
    if (known && !fresh && Date.now() - known.readAt <= CACHE_MS) return known;
    const row = await repo.capabilityOf(this.#store.read, phoneNumberId);
    const until = row?.direct_send_probe_until ? Date.parse(row.direct_send_probe_until) : 0;
    const read: Known = {
      state: row?.direct_send ?? 'unknown',
      checkedAt: row?.direct_send_checked_at ? Date.parse(row.direct_send_checked_at) : 0,
      probe: row?.direct_send_probe_id ? { id: row.direct_send_probe_id, until, seenAt: Date.now() } : null,
      readAt: Date.now(),
    };
    this.#known.set(phoneNumberId, read);
    return read;
  }
}

/** Whether a probe is due: nothing learned yet, or a refusal older than DIRECT_SEND_RECHECK_MS at `now`. */
function probeDue(known: Known, now: number): boolean {
  if (known.state === 'unknown') return true;
  return known.state !== 'enabled' && now - known.checkedAt >= DIRECT_SEND_RECHECK_MS;
}

/** How long a send waits for a probe whose lease ends at `until`: until it ends, looking again every PROBE_RECHECK_MS. */
function waitFor(until: number, now: number): number {
  return Math.max(1, Math.min(PROBE_RECHECK_MS, until - now));
}
