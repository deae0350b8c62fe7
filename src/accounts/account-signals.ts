/**
 * The platform's signals about an account and its numbers (docs/api.md §D24;
 * docs/platform.md §4.12–§4.14): restrictions, bans and violations (`account_update`), alerts (`account_alerts`),
 * the review decision (`account_review_update`), the messaging limit
 * (`business_capability_update`), and every webhook field Tidings does not handle, passed on raw as
 * `platform.webhook`. The intake hands them here in its unit of work; each typed signal is stored
 * per account (the latest of each kind) and evented only when it changed what was stored, so a
 * repeated webhook emits nothing. `GET /v1/account/signals` shows the standing. The platform names
 * a WABA, so every account on that WABA keeps the signal. All events are live.
 */
import type { Logger } from 'pino';
import type { Store, Tx } from '../db/store.js';
import type { EventService, NewEvent } from '../events/event.service.js';
import type { AuthContext } from '../http/access.js';
import { iso, type Clock } from '../lib/clock.js';
import type { GraphApi } from '../lib/graph-versions.js';
import type { PlatformSignal } from '../platform/signal-updates.js';
import type { Owned } from '../platform/updates.js';
import * as repo from './account-signal.repository.js';
import { listPhoneNumbers } from './account.repository.js';
import type { AccountSignals as Standing, MessagingLimit } from './account-signal.schemas.js';

/** Ban states after which the account cannot send (Meta's account_update reference). */
const DISABLED_STATES = new Set(['DISABLE', 'SCHEDULE_FOR_DISABLE']);

/** A number's messaging limit as the API shows it, from its row's columns; null until told. */
export function messagingLimitOf(row: {
  messaging_limit_tier: string | null;
  messaging_limit_users: number | null;
  messaging_limit_updated_at: string | null;
}): MessagingLimit | null {
  if (row.messaging_limit_tier === null || row.messaging_limit_updated_at === null) return null;
  return {
    tier: row.messaging_limit_tier,
    dailyUsers: row.messaging_limit_users,
    unlimited: row.messaging_limit_tier === 'TIER_UNLIMITED' || row.messaging_limit_tier === '-1',
    updatedAt: row.messaging_limit_updated_at,
  };
}

export interface AccountSignalsOptions {
  store: Store;
  events: EventService;
  clock: Clock;
  logger: Logger;
  /** The Graph API version the service speaks, shown with the standing (docs/api.md §D33). */
  graphApi: GraphApi;
}

export class AccountSignals {
  readonly #o: AccountSignalsOptions;

  constructor(options: AccountSignalsOptions) {
    this.#o = options;
  }

  /**
   * Stores signals inside the intake's unit of work (`tx`), `now` (ISO) being when they arrived,
   * and records their events in it: `platform.webhook` for each unknown change; for a typed one,
   * its event only when it changed the stored standing (`account.restricted`,
   * `account.restriction_lifted`, `account.disabled`, `account.reinstated`, `account.violation`,
   * `account.alert`, `account.review_updated`, `phone_number.messaging_limit_updated`).
   * @returns how many signals changed something (or were passed on).
   */
  async apply(tx: Tx, signals: Owned<PlatformSignal>[], now: string): Promise<number> {
    const events: NewEvent[] = [];
    let changed = 0;
    const live = (accountId: string, type: NewEvent['type'], object: unknown) =>
      events.push({ accountId, mode: 'live', type, object });
    for (const s of signals) {
      if (s.kind === 'unknown') {
        live(s.accountId, 'platform.webhook', {
          field: s.field,
          value: s.value,
          wabaId: s.wabaId,
          phoneNumberId: s.phoneNumberId,
          platformAt: s.at,
          receivedAt: now,
        });
        changed++;
        continue;
      }
      if (s.kind === 'messaging_limit') {
        const rows = await repo.setMessagingLimit(tx, [s.accountId], { tier: s.tier, users: s.dailyUsers, at: now });
        for (const r of rows) {
          live(r.account_id, 'phone_number.messaging_limit_updated', {
            phoneNumberId: r.phone_number_id,
            displayPhoneNumber: r.display_phone_number,
            messagingLimit: { tier: s.tier, dailyUsers: s.dailyUsers, unlimited: s.unlimited, updatedAt: now },
          });
        }
        changed += rows.length > 0 ? 1 : 0;
        continue;
      }
      const { kind, key, value } = stored(s);
      const row: repo.AccountSignalRow = {
        account_id: s.accountId,
        kind,
        key,
        value: JSON.stringify(value),
        platform_at: s.at,
        received_at: now,
      };
      const seen = await repo.findSignal(tx, row);
      if (seen?.value === row.value || !(await repo.putSignal(tx, row, seen))) continue;
      changed++;
      const object = { kind, ...value, platformAt: s.at, receivedAt: now };
      if (s.kind === 'restriction') {
        const before = seen ? (JSON.parse(seen.value) as { restrictions: unknown[] }).restrictions.length : 0;
        if (s.restrictions.length > 0) live(s.accountId, 'account.restricted', object);
        else if (before > 0) live(s.accountId, 'account.restriction_lifted', object);
      } else if (s.kind === 'ban')
        live(s.accountId, DISABLED_STATES.has(s.state) ? 'account.disabled' : 'account.reinstated', object);
      else if (s.kind === 'violation') live(s.accountId, 'account.violation', object);
      else if (s.kind === 'alert') live(s.accountId, 'account.alert', object);
      else live(s.accountId, 'account.review_updated', object);
    }
    await this.#o.events.record(tx, events);
    return changed;
  }

  /** Each number's messaging limit (null until told), by phone number id, for the account: one read. */
  async messagingLimits(accountId: string): Promise<Map<string, MessagingLimit | null>> {
    const numbers = await listPhoneNumbers(this.#o.store.read, [accountId]);
    return new Map(numbers.map((n) => [n.phone_number_id, messagingLimitOf(n)]));
  }

  /**
   * The standing of the key's account (any mode: it is the WhatsApp Business Account's), and the
   * Graph API version the service speaks with its end of life (the same for every account). Two reads.
   */
  async standing(auth: AuthContext): Promise<Standing> {
    const db = this.#o.store.read;
    const [rows, numbers] = await Promise.all([
      repo.signalsOf(db, auth.accountId),
      listPhoneNumbers(db, [auth.accountId]),
    ]);
    const one = (kind: repo.AccountSignalRow['kind']) => {
      const row = rows.find((r) => r.kind === kind);
      return row ? { ...JSON.parse(row.value), platformAt: row.platform_at, receivedAt: row.received_at } : null;
    };
    const restriction = one('restriction');
    const ban = one('ban');
    const now = iso(this.#o.clock.now());
    const inForce = (restriction?.restrictions ?? []).filter(
      (r: { expiresAt: string | null }) => r.expiresAt === null || r.expiresAt > now,
    );
    return {
      restricted: inForce.length > 0,
      disabled: ban !== null && DISABLED_STATES.has(ban.state),
      restriction,
      ban,
      violation: one('violation'),
      alerts: rows
        .filter((r) => r.kind === 'alert')
        .sort((a, b) => (a.received_at < b.received_at ? 1 : a.received_at > b.received_at ? -1 : 0))
        .map((r) => ({ ...JSON.parse(r.value), platformAt: r.platform_at, receivedAt: r.received_at })),
      review: one('review'),
      phoneNumbers: numbers.map((n) => ({
        phoneNumberId: n.phone_number_id,
        displayPhoneNumber: n.display_phone_number,
        messagingLimit: messagingLimitOf(n),
      })),
      graphApi: this.#o.graphApi.status(),
    };
  }
}

/** What a typed signal stores: its kind, its key (the alert type for alerts) and its value. */
function stored(s: Exclude<PlatformSignal, { kind: 'unknown' | 'messaging_limit' }>): {
  kind: repo.AccountSignalRow['kind'];
  key: string;
  value: Record<string, unknown>;
} {
  switch (s.kind) {
    case 'restriction':
      return { kind: s.kind, key: '', value: { restrictions: s.restrictions } };
    case 'ban':
      return { kind: s.kind, key: '', value: { state: s.state, date: s.date } };
    case 'violation':
      return { kind: s.kind, key: '', value: { violationType: s.violationType } };
    case 'alert':
      return {
        kind: s.kind,
        key: s.type,
        value: {
          type: s.type,
          severity: s.severity,
          status: s.status,
          description: s.description,
          entityType: s.entityType,
          entityId: s.entityId,
        },
      };
    case 'review':
      return { kind: s.kind, key: '', value: { decision: s.decision } };
  }
}
