/**
 * The retention of events, the platform's raw payloads and inactive contacts (docs/api.md §D17),
 * run at the end of each retention sweep (messages/retention/retention.service.ts: hourly, and
 * `tidings retention sweep`), on every account, with each kind's days (privacy/retention/kinds.ts):
 *
 * - **Events** older than their days are deleted with their deliveries and attempts.
 * - **Platform payloads** older than their days: each customer message's stored platform object is
 *   cut to what its InboundMessage shows (platform-payloads.ts), from the account's watermark
 *   (`payloads_removed_before`) to the cut-off, and `platform.webhook` events (a raw webhook and
 *   nothing else) are deleted with their deliveries.
 * - **Inactive contacts** (no activity for their days) are handed, a unit at a time, to the
 *   erasure of customers (the `contactEraser` slot; while no feature fills it the kind is skipped).
 *
 * Every unit is at most `unit` rows in its own short unit of work (never one long transaction: the
 * send path's units go between two of ours), and each kind does at most `accountCap` rows of one
 * account per sweep, so an account with a backlog does not hold the others back: the next sweep
 * goes on from there.
 */
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Store } from '../../db/store.js';
import { Slot } from '../../feature.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { RetentionRecorder } from '../../metrics/recorders.js';
import { eventsDaysOf, INACTIVE_CONTACTS, PLATFORM_PAYLOADS } from './kinds.js';
import * as repo from './retention-kinds.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per unit of work. */
export const UNIT = 300;
/** Rows of one kind of one account per sweep, at most (100 units). */
export const ACCOUNT_CAP = 30_000;

/** Who erases an inactive contact: the retention, as the audit trail and the erasure record it. */
export const RETENTION_ACTOR = { type: 'system', id: 'retention' } as const;

/**
 * The erasure of customers as the retention needs it (a port of the erasure feature, which fills
 * the `contactEraser` slot). `eraseInactive` erases these contacts of the account and mode (ids
 * `ct_…`, at most UNIT) the way `POST /v1/erasures` does, naming `actor`; it resolves once the
 * erasure is recorded (it may run after). It must accept a contact already being erased, or gone,
 * without a second erasure or an error: a later sweep may name it again.
 */
export interface ContactEraser {
  eraseInactive(
    accountId: string,
    mode: 'live' | 'test',
    contactIds: string[],
    actor: { type: 'system'; id: 'retention' },
  ): Promise<void>;
}

/** What one sweep of these kinds did, in rows. */
export interface KindsSweepResult {
  /** Events deleted past their days (with their deliveries and attempts). */
  events: number;
  /** Customer messages whose platform object was cut. */
  platformPayloads: number;
  /** `platform.webhook` events deleted past the payloads' days. */
  platformWebhookEvents: number;
  /** Inactive contacts handed to erasure. */
  inactiveContacts: number;
  /** Kinds set on some account but not applied: `inactive_contacts` while no erasure is wired. */
  skipped: 'inactive_contacts'[];
}

export interface RetentionKindsOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  metrics: Pick<RetentionRecorder, 'removed'>;
  /** Rows per unit (UNIT); tests make it small. */
  unit?: number;
  /** Rows per kind and account per sweep (ACCOUNT_CAP). */
  accountCap?: number;
}

export class RetentionKinds {
  /** The erasure of customers, filled by the erasure feature (the coordinator wires it). */
  readonly contactEraser = new Slot<ContactEraser>('contactEraser');
  readonly #o: RetentionKindsOptions;
  readonly #unit: number;
  readonly #cap: number;

  constructor(options: RetentionKindsOptions) {
    this.#o = options;
    this.#unit = options.unit ?? UNIT;
    this.#cap = options.accountCap ?? ACCOUNT_CAP;
  }

  /** One sweep over every account; stops between units once `signal` is aborted. */
  async sweep(signal?: AbortSignal): Promise<KindsSweepResult> {
    const result: KindsSweepResult = {
      events: 0,
      platformPayloads: 0,
      platformWebhookEvents: 0,
      inactiveContacts: 0,
      skipped: [],
    };
    const now = this.#o.clock.now();
    for (const account of await repo.accountRetentions(this.#o.store.read)) {
      if (signal?.aborted) break;
      const eventsDays = eventsDaysOf(account.retain_events_days);
      if (eventsDays !== null) result.events += await this.#events(account.id, iso(now - eventsDays * DAY_MS), signal);
      const payloadsBefore = iso(now - (account.retain_platform_payloads_days ?? PLATFORM_PAYLOADS.default!) * DAY_MS);
      result.platformWebhookEvents += await this.#events(account.id, payloadsBefore, signal, 'platform.webhook');
      result.platformPayloads += await this.#payloads(
        account.id,
        account.payloads_removed_before,
        payloadsBefore,
        signal,
      );
      const inactiveDays = account.retain_inactive_contacts_days ?? INACTIVE_CONTACTS.default;
      if (inactiveDays !== null) {
        if (!this.contactEraser.filled) {
          if (!result.skipped.includes('inactive_contacts')) result.skipped.push('inactive_contacts');
        } else
          result.inactiveContacts += await this.#inactive(
            account.id,
            iso(now - inactiveDays * DAY_MS),
            this.contactEraser.get(),
            signal,
          );
      }
    }
    if (result.skipped.length > 0)
      this.#o.logger.debug({ skipped: result.skipped }, 'retention: no erasure wired, inactive contacts kept');
    return result;
  }

  /** Deletes the account's events (of `type`, when given) created before `before`, both modes, up to the cap. */
  async #events(accountId: string, before: string, signal?: AbortSignal, type?: string): Promise<number> {
    let done = 0;
    for (const mode of ['live', 'test'] as const) {
      for (;;) {
        const limit = Math.min(this.#unit, this.#cap - done);
        if (limit <= 0 || signal?.aborted) break;
        const n = await this.#o.store.write((tx) =>
          repo.deleteEvents(tx, { accountId, mode, before, limit, ...(type ? { type } : {}) }),
        );
        done += n;
        if (n > 0) this.#o.metrics.removed(type ? 'platform_webhook_events' : 'events', n);
        if (n < limit) break;
        await yieldToOthers();
      }
    }
    return done;
  }

  /**
   * Cuts the platform objects of the account's customer messages created in [from, before), each
   * mode up to half the cap, and moves the watermark to where both modes got: a sweep stopped by
   * the cap goes on from there next time, and a crash repeats units (cutting twice changes nothing).
   */
  async #payloads(accountId: string, from: string | null, before: string, signal?: AbortSignal): Promise<number> {
    if (from !== null && from >= before) return 0;
    let total = 0;
    let reached = before;
    for (const mode of ['live', 'test'] as const) {
      let after: repo.Cursor | null = null;
      let read = 0;
      for (;;) {
        const limit = Math.min(this.#unit, Math.ceil(this.#cap / 2) - read);
        if (limit <= 0 || signal?.aborted) break;
        const unit: { changed: number; next: repo.Cursor | null } = await this.#o.store.write((tx) =>
          repo.cutInboundPayloads(tx, { accountId, mode, from, before, after, limit }),
        );
        total += unit.changed;
        if (unit.changed > 0) this.#o.metrics.removed('platform_payloads', unit.changed);
        read += limit;
        after = unit.next;
        if (after === null) break;
        await yieldToOthers();
      }
      // Stopped short: every row of this mode before the last one cut's time is done.
      if (after !== null && after.at < reached) reached = after.at;
    }
    if (from === null || reached > from)
      await this.#o.store.write((tx) => repo.setPayloadsRemovedBefore(tx, accountId, reached));
    return total;
  }

  /** Hands the account's contacts inactive since before `before` to erasure, a unit at a time. */
  async #inactive(accountId: string, before: string, eraser: ContactEraser, signal?: AbortSignal): Promise<number> {
    let total = 0;
    for (const phoneNumberId of await repo.numbersOf(this.#o.store.read, accountId)) {
      for (const mode of ['live', 'test'] as const) {
        let after: repo.Cursor | null = null;
        for (;;) {
          const limit = Math.min(this.#unit, this.#cap - total);
          if (limit <= 0 || signal?.aborted) return total;
          const rows = await repo.inactiveContacts(this.#o.store.read, { phoneNumberId, mode, before, after, limit });
          if (rows.length > 0) {
            await eraser.eraseInactive(
              accountId,
              mode,
              rows.map((r) => r.id),
              RETENTION_ACTOR,
            );
            total += rows.length;
            this.#o.metrics.removed('inactive_contacts', rows.length);
          }
          if (rows.length < limit) break;
          const last = rows[rows.length - 1]!;
          after = { at: last.last_activity_at, id: last.id };
          await yieldToOthers();
        }
      }
    }
    return total;
  }
}
