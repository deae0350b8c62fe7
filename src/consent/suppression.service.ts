/**
 * The suppression list (docs/api.md §D23): customers no message may be sent to, per account, mode
 * and number (a live key's and the platform's suppressions cover live sends, a test key's test
 * sends: docs/api.md §5.3); the account's consent settings (consent-settings.ts); the read the send checks make (the
 * messages feature's `accept/suppression-gate.ts` and `dispatch/suppression-check.ts`, which both
 * decide through `suppression-decision.ts`); what GET /v1/contacts shows (contact-consent.ts); and
 * the port the Block Users API's feature calls (`forBlocks`, block-suppressions.ts). Customers' keywords and the
 * platform's reports are applied by `consent-intake.ts` through `suppress` and `liftWhere`.
 */
import type { BlockSuppressions } from '../contacts/block.service.js';
import type { ContactService } from '../contacts/contact.service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import { recordSettings, recordSuppression } from './suppression-audit.js';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import type { EventService } from '../events/event.service.js';
import type { AuthContext } from '../http/access.js';
import { paginate, type Page } from '../http/paging.js';
import { iso, type Clock } from '../lib/clock.js';
import type { SuppressionSource } from '../db/schema.js';
import type {
  ConsentSettings,
  CreateSuppressionBody,
  ListSuppressionsQuery,
  Suppression,
  UpdateConsentSettingsBody,
} from './consent.schemas.js';
import { changedSettings, effectiveSettings, toSettings, type EffectiveSettings } from './consent-settings.js';
import { readContactConsents, type ContactConsent } from './contact-consent.js';
import { unblockCall, type ActiveSuppression, type CustomerIds } from './suppression-decision.js';
import { suppressionRow, toSuppression, type NewSuppression } from './suppression.mapper.js';
import * as repo from './suppression.repository.js';
import { blockSuppressions } from './block-suppressions.js';
import { mergeById, type SuppressionTombstones } from './suppression-tombstones.js';

export type { CustomerIds } from './suppression.repository.js';

export interface SuppressionServiceOptions {
  store: Store;
  /** The audit trail: each suppression made or lifted and each settings change is recorded in its unit. */
  audit: Pick<AuditTrail, 'record'>;
  clock: Clock;
  events: Pick<EventService, 'record'>;
  /** Who `to` names (contacts feature). */
  contacts: Pick<ContactService, 'resolveRecipient'>;
  /** The account that owns a business number (accounts feature). */
  numberOwner(phoneNumberId: string): Promise<string | undefined>;
  /** An erased customer's suppressions, by keyed hash (docs/api.md §D28): the send checks obey them too. */
  tombstones?: SuppressionTombstones;
}

export class SuppressionService {
  readonly #o: SuppressionServiceOptions;

  constructor(options: SuppressionServiceOptions) {
    this.#o = options;
  }

  /** The account's suppressions in the key's mode, newest first, filtered (docs/api.md §4.34). @throws TidingsError parameter_invalid (a `starting_after` of no suppression). */
  list(auth: AuthContext, query: ListSuppressionsQuery): Promise<Page<Suppression>> {
    const db = this.#o.store.read;
    const filter = {
      accountId: auth.accountId,
      mode: auth.mode,
      phoneNumberId: query.phone_number_id,
      reason: query.reason,
      active: query.active,
    };
    return paginate(query, {
      cursor: (id) => repo.findById(db, auth.accountId, auth.mode, id),
      page: (limit, after) => repo.page(db, filter, limit, after),
      map: toSuppression,
      noun: 'suppression',
    });
  }

  /**
   * Suppresses a customer (reason `api`) for the sends of the key's mode, on every number of the
   * account unless `phoneNumberId` names one (docs/api.md §4.35). Idempotent: a customer already
   * actively suppressed in that mode with that scope on that number (or every number) is answered
   * with that suppression.
   * @returns the suppression, and whether it is new (201) or was there (200).
   * @throws TidingsError phone_number_invalid, contact_not_found (`to`), parameter_invalid (a
   *   `phoneNumberId` not of the account).
   */
  async create(
    auth: AuthContext,
    body: CreateSuppressionBody,
    source: SuppressionSource = 'api',
  ): Promise<{ suppression: Suppression; created: boolean }> {
    if (
      body.phoneNumberId !== undefined &&
      body.phoneNumberId !== auth.phoneNumberId &&
      (await this.#o.numberOwner(body.phoneNumberId)) !== auth.accountId
    ) {
      throw new TidingsError(
        'parameter_invalid',
        `phoneNumberId ${body.phoneNumberId} is not a number of this account.`,
        { param: 'phoneNumberId' },
      );
    }
    const recipient = await this.#o.contacts.resolveRecipient(auth, body.to, { lookUp: true });
    const ids: repo.CustomerIds = {
      phone: recipient.kind === 'phone' ? recipient.address : null,
      bsuid: recipient.kind === 'phone' ? null : recipient.address,
      contactId: recipient.contact?.id ?? null,
    };
    const scope = body.scope ?? 'all';
    const phoneNumberId = body.phoneNumberId ?? null;
    return this.#o.store.write(async (tx) => {
      const existing = (
        await repo.activeFor(tx, auth.accountId, auth.mode, phoneNumberId ?? auth.phoneNumberId, [ids])
      ).find((r) => r.scope === scope && (r.phone_number_id === phoneNumberId || r.phone_number_id === null));
      if (existing) return { suppression: toSuppression(existing), created: false };
      const rows = await this.suppress(tx, [
        {
          ...ids,
          accountId: auth.accountId,
          mode: auth.mode,
          phoneNumberId,
          reason: 'api',
          scope,
          source,
          at: iso(this.#o.clock.now()),
        },
      ]);
      if (rows.length > 0) {
        const suppression = toSuppression(rows[0]!);
        await recordSuppression(this.#o.audit, tx, auth, { after: suppression });
        return { suppression, created: true };
      }
      // A concurrent request stored the same one first.
      const same = (
        await repo.activeFor(tx, auth.accountId, auth.mode, phoneNumberId ?? auth.phoneNumberId, [ids])
      ).find((r) => r.scope === scope && r.reason === 'api');
      return { suppression: toSuppression(same!), created: false };
    });
  }

  /**
   * Lifts a suppression of the key's mode (docs/api.md §4.36): the row is kept, with `liftedAt` and
   * `liftedBy`. Lifting a lifted one answers it as it is.
   * @throws TidingsError suppression_not_found (none in the account, or one of the other mode);
   *   suppression_is_block for an active block's suppression (reason `blocked`): the platform goes on
   *   refusing a blocked customer, so only the unblock call (which lifts it) lets a message through
   *   (docs/api.md §D23, §D25).
   */
  async lift(auth: AuthContext, id: string, by: SuppressionSource = 'api'): Promise<Suppression> {
    return this.#o.store.write(async (tx) => {
      const row = await repo.findById(tx, auth.accountId, auth.mode, id);
      if (!row)
        throw new TidingsError('suppression_not_found', `No suppression ${id} in this account.`, { param: 'id' });
      if (row.lifted_at !== null) return toSuppression(row);
      if (row.reason === 'blocked')
        throw new TidingsError(
          'suppression_is_block',
          `${row.id} is the block of ${row.contact_id ?? 'this customer'} (since ${row.created_at}): the platform blocks this customer until they are unblocked, so lifting the suppression alone would not let a message through. Unblock them with ${unblockCall({ contactId: row.contact_id })}, which lifts it.`,
          { param: 'id' },
        );
      const [lifted] = await this.#lift(tx, [row], by);
      const after = toSuppression(lifted ?? row);
      await recordSuppression(this.#o.audit, tx, auth, { before: toSuppression(row), after });
      return after;
    });
  }

  /** An account's consent settings (docs/api.md §4.37; the admin CLI's `accounts consent`). */
  async settings(accountId: string): Promise<ConsentSettings> {
    return toSettings(effectiveSettings(await repo.settingsOf(this.#o.store.read, accountId)));
  }

  /**
   * Changes the account's consent settings (a key's PATCH; `by` `operator`: the admin CLI's, the
   * only one that may change `allowSuppressionOverride`). Keywords are stored folded.
   * @throws TidingsError parameter_invalid (a blank keyword), operator_only (consent-settings.ts).
   */
  async updateSettings(
    accountId: string,
    body: UpdateConsentSettingsBody,
    by: 'key' | 'operator' = 'key',
  ): Promise<ConsentSettings> {
    return this.#o.store.write(async (tx) => {
      const row = await repo.settingsOf(tx, accountId);
      const next = changedSettings(accountId, row, body, iso(this.#o.clock.now()), by);
      await repo.saveSettings(tx, next);
      const after = toSettings(effectiveSettings(next));
      await recordSettings(this.#o.audit, tx, accountId, toSettings(effectiveSettings(row)), after);
      return after;
    });
  }

  /** The settings of several accounts (in a webhook's unit of work). */
  async settingsOf(tx: Tx, accountIds: string[]): Promise<Map<string, EffectiveSettings>> {
    const rows = new Map((await repo.settingsOfAccounts(tx, accountIds)).map((r) => [r.account_id, r]));
    return new Map(accountIds.map((id) => [id, effectiveSettings(rows.get(id))]));
  }

  /**
   * The active suppressions of a mode covering any of these customers on a number (one indexed
   * statement, whatever the list's size): the send checks' read.
   */
  async activeFor(
    accountId: string,
    mode: repo.Mode,
    phoneNumberId: string,
    customers: CustomerIds[],
  ): Promise<ActiveSuppression[]> {
    const active = (await repo.activeFor(this.#o.store.read, accountId, mode, phoneNumberId, customers)).map(
      repo.toActive,
    );
    const erased = this.#o.tombstones
      ? await this.#o.tombstones.covering(accountId, mode, phoneNumberId, customers)
      : [];
    return mergeById(active, erased);
  }

  /**
   * What GET /v1/contacts shows of consent (contacts feature's `ContactConsentPort`): each contact's
   * active suppression in the mode on the number, made by any of its addresses (scope `all` before
   * `marketing`, then the oldest), and its marketing consent (the platform's, so a live contact's
   * only). Two statements for the whole page.
   */
  async contactConsent(
    accountId: string,
    mode: repo.Mode,
    phoneNumberId: string,
    contacts: { id: string; phone: string | null; userId: string | null; parentUserId?: string | null }[],
  ): Promise<Map<string, ContactConsent>> {
    return readContactConsents(this.#o.store.read, accountId, mode, phoneNumberId, contacts);
  }

  /** Whether the account lets a send say `"suppression": "ignore"`. */
  async overrideAllowed(accountId: string): Promise<boolean> {
    return effectiveSettings(await repo.settingsOf(this.#o.store.read, accountId)).allowOverride;
  }

  /** Stores suppressions (skipping any already active) and records `contact.suppressed` for each new one. @returns the new rows. */
  async suppress(tx: Tx, entries: NewSuppression[]): Promise<repo.SuppressionRow[]> {
    const rows = entries.map(suppressionRow);
    const stored = await repo.insertSuppressions(tx, rows);
    const added = rows.filter((r) => stored.has(r.id));
    await this.#o.events.record(
      tx,
      added.map((r) => ({
        accountId: r.account_id,
        mode: r.mode,
        type: 'contact.suppressed' as const,
        object: toSuppression(r),
      })),
    );
    return added;
  }

  /**
   * Lifts the active suppressions of a mode of these customers on a number that `which` selects,
   * recording `contact.unsuppressed` (in that mode) for each. @returns the rows lifted.
   */
  async liftWhere(
    tx: Tx,
    accountId: string,
    mode: repo.Mode,
    phoneNumberId: string,
    customers: repo.CustomerIds[],
    which: (row: repo.SuppressionRow) => boolean,
    by: SuppressionSource,
    at?: string,
  ): Promise<repo.SuppressionRow[]> {
    const rows = (await repo.activeFor(tx, accountId, mode, phoneNumberId, customers)).filter(which);
    return this.#lift(tx, rows, by, at);
  }

  /** When these customers' keyword suppressions on the number were last lifted by a keyword (ISO), or null. */
  lastKeywordLift(
    tx: Tx,
    accountId: string,
    phoneNumberId: string,
    customer: repo.CustomerIds,
  ): Promise<string | null> {
    return repo.lastLift(tx, accountId, phoneNumberId, customer, 'keyword');
  }

  /** Lifts rows at `at` (default now), recording `contact.unsuppressed` for each, in the row's mode. */
  async #lift(tx: Tx, rows: repo.SuppressionRow[], by: SuppressionSource, at?: string): Promise<repo.SuppressionRow[]> {
    const lifted = await repo.lift(
      tx,
      rows.map((r) => r.id),
      at ?? iso(this.#o.clock.now()),
      by,
    );
    await this.#o.events.record(
      tx,
      lifted.map((r) => ({
        accountId: r.account_id,
        mode: r.mode,
        type: 'contact.unsuppressed' as const,
        object: toSuppression(r),
      })),
    );
    return lifted;
  }

  /** The port the Block Users API's feature calls in a block's unit of work (docs/api.md §D23): block-suppressions.ts. */
  forBlocks(): BlockSuppressions {
    return blockSuppressions(this);
  }
}
