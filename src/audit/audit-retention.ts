/**
 * The audit trail's retention (docs/api.md §D27): each account keeps its entries
 * `accounts.retain_audit_days` days (null: DEFAULT_AUDIT_DAYS; the `service` chain always the
 * default). The daily sweep removes a chain's oldest sealed entries, in seq order, while they are
 * older than that, in units of at most RETENTION_LIMIT, and moves the chain's anchor to the last one
 * removed in the same unit: `audit verify` then checks the chain from there. Entries not sealed yet
 * are never removed.
 */
import type { Store } from '../db/store.js';
import type { Clock } from '../lib/clock.js';
import { iso } from '../lib/clock.js';
import { SERVICE_CHAIN } from './audit-trail.js';
import * as repo from './audit.repository.js';

/** Days entries are kept when the account sets none: a year, as the issue asks. */
export const DEFAULT_AUDIT_DAYS = 365;
/** The shortest and longest retention an account may set, days. */
export const MIN_AUDIT_DAYS = 30;
export const MAX_AUDIT_DAYS = 3650;
/** Entries removed per unit at most. */
export const RETENTION_LIMIT = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export class AuditRetention {
  readonly #o: { store: Store; clock: Clock; removed?: (n: number) => void };

  constructor(options: { store: Store; clock: Clock; removed?: (n: number) => void }) {
    this.#o = options;
  }

  /**
   * Sets an account's retention: whole days from MIN_AUDIT_DAYS to MAX_AUDIT_DAYS, or null (the default).
   * @throws RangeError out of range; Error for an unknown account.
   */
  async setDays(accountId: string, days: number | null): Promise<void> {
    if (days !== null && (!Number.isInteger(days) || days < MIN_AUDIT_DAYS || days > MAX_AUDIT_DAYS))
      throw new RangeError(
        `audit days must be a whole number from ${MIN_AUDIT_DAYS} to ${MAX_AUDIT_DAYS}; got ${days}.`,
      );
    const found = await this.#o.store.write((tx) => repo.setAuditRetention(tx, accountId, days));
    if (!found) throw new Error(`No account ${accountId}.`);
  }

  /** Removes what every chain keeps no longer. @returns how many entries were removed. */
  async sweep(signal?: AbortSignal): Promise<number> {
    const now = this.#o.clock.now();
    const chains = (await repo.auditRetentions(this.#o.store.read)).map((a) => ({
      chain: a.id,
      days: a.retain_audit_days ?? DEFAULT_AUDIT_DAYS,
    }));
    chains.push({ chain: SERVICE_CHAIN, days: DEFAULT_AUDIT_DAYS });
    let removed = 0;
    for (const { chain, days } of chains) {
      if (signal?.aborted) break;
      removed += await this.#sweepChain(chain, iso(now - days * DAY_MS), signal);
    }
    return removed;
  }

  async #sweepChain(chain: string, before: string, signal?: AbortSignal): Promise<number> {
    let removed = 0;
    for (;;) {
      const n = await this.#o.store.write(async (tx) => {
        const head = await repo.findChain(tx, chain);
        if (!head) return 0;
        const rows = await repo.sealedAfter(tx, chain, Number(head.anchor_seq), RETENTION_LIMIT);
        // The leading run older than the cut: the chain stays whole from its new anchor.
        let last: repo.AuditRow | undefined;
        for (const r of rows) {
          if (r.created_at >= before) break;
          last = r;
        }
        if (!last) return 0;
        return repo.cutChain(tx, chain, Number(last.seq), last.chain_hash!);
      });
      removed += n;
      if (n > 0) this.#o.removed?.(n);
      if (n < RETENTION_LIMIT || signal?.aborted) return removed;
    }
  }
}
