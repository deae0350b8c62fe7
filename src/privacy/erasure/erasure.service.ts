/**
 * Erasing a customer (docs/api.md §D28). A request stores an erasure (the contacts it erases, by
 * `ct_` id only) and its job in one unit, and answers 202; the job (ERASE_JOB) removes the
 * customer's data in bounded units of work, at most UNIT_ROWS rows of a table each, so the send
 * path never waits behind it long. Every unit finds what is left by the indexes that name the
 * contact, so a unit run twice, or a job run again after a crash (kill -9), does nothing twice and
 * goes on from where the erasure stood. A job runs for SLICE_MS at most, then queues its sequel,
 * so that its lease is never outlived and a crashed run resumes within one lease.
 *
 * Per contact, in this order: its waiting messages canceled (never sent after); files only its
 * messages name deleted with the platform's copies; its outbound and inbound messages emptied
 * into husks (counts stay), their status reports, client references and audit changes removed;
 * events about it with their deliveries and attempts, raw platform webhooks naming it, idempotent
 * answers, jobs and batch refusals naming it; then, in the last unit, its suppressions (an active
 * one becomes a tombstone of keyed hashes), blocks, marketing consents and the contact itself with
 * its search words, its `contact.erased` event and audit entry. When every contact is done the
 * erasure completes; on SQLite the WAL is then checkpointed and truncated (`secure_delete` is on
 * for the connection, db/connect.ts), so removed content is gone from the file and the WAL.
 */
import type { Logger } from 'pino';
import { sql } from 'kysely';
import type { AuditTrail } from '../../audit/audit-trail.js';
import { insertTombstones, type SuppressionTombstones } from '../../consent/suppression-tombstones.js';
import { CONSENT_REPLY_JOB } from '../../consent/consent-intake.js';
import type { Store } from '../../db/store.js';
import { TidingsError } from '../../errors.js';
import type { EventService } from '../../events/event.service.js';
import type { AuthContext } from '../../http/access.js';
import { paginate, type Page } from '../../http/paging.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { currentActing, type Actor } from '../../lib/actor.js';
import { iso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import * as repo from './erasure.repository.js';
import type { Erasure, ErasureProgress, ListErasuresQuery } from './erasure.schemas.js';

/** The job that runs (a slice of) an erasure; its payload is `{ erasureId }`. */
export const ERASE_JOB = 'privacy.erase';

/** Rows of one table a unit of work takes at most. */
export const UNIT_ROWS = 500;

/** How long one run of the job works before it queues its sequel, ms (well inside its lease). */
export const SLICE_MS = 10_000;

/** The job's lease, ms: a run that died is run again this long after it was claimed. */
export const ERASE_LEASE_MS = 30_000;

const ZERO: ErasureProgress = {
  messages: 0,
  inboundMessages: 0,
  canceled: 0,
  statusReports: 0,
  files: 0,
  events: 0,
  suppressions: 0,
  other: 0,
};

/** Who asked, as an erasure keeps it: the audit trail's actor with a name for people. */
export interface RequestedBy {
  type: string;
  id: string;
  name: string | null;
}

export interface ErasureServiceOptions {
  store: Store;
  clock: Clock;
  jobs: JobQueue;
  logger: Logger;
  events: Pick<EventService, 'record'>;
  audit: Pick<AuditTrail, 'record'>;
  tombstones: SuppressionTombstones;
  /** Deletes files (and the platform's copies) whatever uses them (media/media-deletion.ts `erase`). */
  files: { erase(accountId: string, mode: 'live' | 'test', ids: string[]): Promise<number> };
  /** Pauses between looks at a message being sent (its dispatcher's call under way), ms. */
  sendingPollMs?: number;
}

function requestedByOf(actor: Actor): RequestedBy {
  return { type: actor.type, id: actor.id, name: actor.type === 'user' ? actor.email : null };
}

function actorOf(r: RequestedBy): Actor {
  switch (r.type) {
    case 'user':
      return { type: 'user', id: r.id, email: r.name ?? '', sessionId: '' };
    case 'key':
      return { type: 'key', id: r.id, userId: null };
    case 'cli':
      return { type: 'cli', id: r.id };
    case 'platform':
      return { type: 'platform', id: r.id };
    default:
      return { type: 'system', id: r.id };
  }
}

export function toErasure(r: repo.ErasureRow): Erasure {
  return {
    id: r.id,
    object: 'erasure',
    status: r.status,
    customers: Number(r.customers),
    erased: Number(r.erased),
    progress: { ...ZERO, ...(JSON.parse(r.progress) as Partial<ErasureProgress>) },
    requestedBy: JSON.parse(r.requested_by) as RequestedBy,
    createdAt: r.created_at,
    completedAt: r.completed_at,
  };
}

/** The digits of an E.164 number (how raw platform payloads write it: `wa_id`, `from`). */
const digitsOf = (phone: string) => phone.replace(/^\+/, '');

export class ErasureService {
  readonly #o: ErasureServiceOptions;

  constructor(options: ErasureServiceOptions) {
    this.#o = options;
  }

  /**
   * Erases one contact of the key's account and mode (`POST /v1/contacts/{id}/erase`). A contact an
   * erasure is erasing already answers that erasure.
   * @throws TidingsError contact_not_found (unknown, another mode's, or erased already).
   */
  async eraseContact(auth: AuthContext, contactId: string): Promise<Erasure> {
    const contact = await repo.contactById(this.#o.store.read, auth.accountId, auth.mode, contactId);
    if (!contact)
      throw new TidingsError('contact_not_found', `No contact ${contactId} in this account.`, { param: 'id' });
    return this.#create(auth.accountId, auth.mode, [contactId], 1, requestedByOf(currentActing().actor), true);
  }

  /**
   * Erases customers named by `ct_` id, E.164 number or BSUID (`POST /v1/erasures`): every contact
   * of the key's mode holding each address, on any number of the account. An address no contact
   * holds is counted in `customers` and erases nothing.
   */
  async eraseCustomers(auth: AuthContext, customers: string[]): Promise<Erasure> {
    const asked = [...new Set(customers.map((c) => c.trim()))];
    const ids = asked.filter((c) => c.startsWith('ct_'));
    const phones = asked.filter((c) => c.startsWith('+'));
    const bsuids = asked.filter((c) => !c.startsWith('ct_') && !c.startsWith('+'));
    const found = await repo.contactsByAddress(this.#o.store.read, auth.accountId, auth.mode, { ids, phones, bsuids });
    return this.#create(
      auth.accountId,
      auth.mode,
      found.map((c) => c.id),
      asked.length,
      requestedByOf(currentActing().actor),
      false,
    );
  }

  /**
   * Queues the erasure of these contacts of an account's mode for another feature (the retention of
   * inactive contacts), as `actor`. Contacts an erasure is erasing already are left to it; none
   * left: nothing is queued. @returns the erasure, or null when there was nothing to queue.
   */
  async eraseInactive(
    accountId: string,
    mode: 'live' | 'test',
    contactIds: string[],
    actor: Actor,
  ): Promise<Erasure | null> {
    const ids = [...new Set(contactIds)];
    const pending = await repo.pendingContacts(this.#o.store.read, ids);
    const todo = ids.filter((id) => !pending.has(id));
    if (todo.length === 0) return null;
    return this.#create(accountId, mode, todo, todo.length, requestedByOf(actor), false);
  }

  /** @throws TidingsError erasure_not_found */
  async get(auth: AuthContext, id: string): Promise<Erasure> {
    const row = await repo.findErasure(this.#o.store.read, auth.accountId, auth.mode, id);
    if (!row) throw new TidingsError('erasure_not_found', `No erasure ${id} in this account.`, { param: 'id' });
    return toErasure(row);
  }

  /** The key's account's erasures in its mode, newest first. */
  list(auth: AuthContext, query: ListErasuresQuery): Promise<Page<Erasure>> {
    const db = this.#o.store.read;
    return paginate(query, {
      cursor: (id) => repo.findErasure(db, auth.accountId, auth.mode, id),
      page: (limit, after) => repo.listErasures(db, auth.accountId, auth.mode, limit, after),
      map: toErasure,
      noun: 'erasure',
    });
  }

  async #create(
    accountId: string,
    mode: 'live' | 'test',
    contactIds: string[],
    customers: number,
    requestedBy: RequestedBy,
    reuse: boolean,
  ): Promise<Erasure> {
    const { store, clock, jobs } = this.#o;
    const now = clock.now();
    const row = await store.write(async (tx) => {
      const pending = await repo.pendingContacts(tx, contactIds);
      if (reuse && contactIds.length === 1 && pending.has(contactIds[0]!)) {
        const existing = await repo.erasureById(tx, pending.get(contactIds[0]!)!);
        if (existing) return existing;
      }
      const row: repo.ErasureRow = {
        id: newId('era', now),
        account_id: accountId,
        mode,
        requested_by: JSON.stringify(requestedBy),
        request_id: currentActing().origin?.requestId ?? null,
        status: 'pending',
        customers,
        erased: 0,
        progress: JSON.stringify(ZERO),
        created_at: iso(now),
        started_at: null,
        completed_at: null,
      };
      // A contact another erasure is erasing is erased by both: whichever reaches it first.
      await repo.insertErasure(tx, row, [...new Set(contactIds)]);
      await jobs.enqueue(tx, [{ type: ERASE_JOB, payload: { erasureId: row.id }, runAt: now }]);
      tx.afterCommit(() => jobs.wake(ERASE_JOB));
      return row;
    });
    return toErasure(row);
  }

  /**
   * The ERASE_JOB handler: works on the erasure for SLICE_MS at most, then queues its sequel (or
   * completes it). Run twice, or again after a crash, it goes on from where it stood.
   */
  async run(payload: { erasureId: string }): Promise<void> {
    const { store, clock, jobs } = this.#o;
    const deadline = clock.now() + SLICE_MS;
    const erasure = await repo.erasureById(store.read, payload.erasureId);
    if (!erasure || erasure.status === 'completed') return;
    if (erasure.status === 'pending')
      await store.write((tx) =>
        tx
          .updateTable('erasures')
          .set({ status: 'running', started_at: iso(clock.now()) })
          .where('id', '=', erasure.id)
          .where('status', '=', 'pending')
          .execute(),
      );
    for (const contactId of await repo.contactsToErase(store.read, erasure.id)) {
      const done = await this.#eraseContact(erasure, contactId, deadline);
      if (!done) {
        await store.write(async (tx) => {
          await jobs.enqueue(tx, [{ type: ERASE_JOB, payload, runAt: clock.now() }]);
          tx.afterCommit(() => jobs.wake(ERASE_JOB));
        });
        return;
      }
    }
    await store.write((tx) =>
      tx
        .updateTable('erasures')
        .set({ status: 'completed', completed_at: iso(clock.now()) })
        .where('id', '=', erasure.id)
        .where('status', '<>', 'completed')
        .execute(),
    );
    if (store.dialect === 'sqlite') await this.#checkpoint();
  }

  /** SQLite: the WAL's frames written into the file and the WAL truncated, so removed rows live in neither. */
  async #checkpoint(): Promise<void> {
    try {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(this.#o.store.read);
    } catch (err) {
      this.#o.logger.warn({ err }, 'the checkpoint after an erasure failed; the next one writes it');
    }
  }

  /** One contact's units, until it is erased (true) or the slice's time is up (false). */
  async #eraseContact(erasure: repo.ErasureRow, contactId: string, deadline: number): Promise<boolean> {
    const { store, clock } = this.#o;
    const accountId = erasure.account_id;
    const mode = erasure.mode;
    const contact = await repo.contactById(store.read, accountId, mode, contactId);
    const phones = contact?.phone ? [contact.phone] : [];
    const bsuids = [contact?.user_id, contact?.parent_user_id].filter((a): a is string => !!a);
    // What names the customer in text: the raw platform payloads write the number as digits.
    const texts = [contactId, ...phones.map(digitsOf), ...bsuids];
    const at = () => iso(clock.now());
    const late = () => clock.now() > deadline;
    const unit = (work: (tx: Parameters<Parameters<Store['write']>[0]>[0]) => Promise<Partial<ErasureProgress>>) =>
      store.write(async (tx) => {
        const delta = await work(tx);
        await repo.addProgress(tx, erasure.id, delta as Record<string, number>);
        return delta;
      });

    for (;;) {
      // 1. Waiting messages canceled; one being sent is waited for (its call is under way).
      for (;;) {
        let sending = 0;
        const d = await unit(async (tx) => {
          const r = await repo.cancelQueued(tx, contactId, UNIT_ROWS, at());
          sending = r.sending;
          return { canceled: r.canceled };
        });
        if (late()) return false;
        if ((d.canceled ?? 0) > 0) continue;
        if (sending === 0) break;
        await new Promise((r) => setTimeout(r, this.#o.sendingPollMs ?? 100));
      }
      // 2. Files only this customer's messages name, with the platform's copies.
      for (;;) {
        const ids = await repo.filesOfContactOnly(store.read, accountId, contactId, UNIT_ROWS);
        if (ids.length === 0) break;
        const n = await this.#o.files.erase(accountId, mode, ids);
        await unit(async () => ({ files: n }));
        if (late()) return false;
        if (n === 0) break; // named, but gone already
      }
      // 3. Messages both ways emptied into husks.
      for (;;) {
        const d = await unit(async (tx) => repo.huskMessages(tx, accountId, contactId, UNIT_ROWS, at()));
        if (late()) return false;
        if ((d.messages ?? 0) === 0) break;
      }
      for (;;) {
        const d = await unit(async (tx) => ({
          inboundMessages: await repo.huskInbound(tx, contactId, UNIT_ROWS, at()),
        }));
        if (late()) return false;
        if ((d.inboundMessages ?? 0) === 0) break;
      }
      // 4. Events about them, with deliveries and attempts; raw webhooks naming them.
      for (;;) {
        const d = await unit(async (tx) => ({
          events:
            (await repo.deleteContactEvents(tx, accountId, contactId, UNIT_ROWS)) +
            (await repo.deleteEventsNaming(tx, accountId, mode, texts.slice(1), UNIT_ROWS)),
        }));
        if (late()) return false;
        if ((d.events ?? 0) === 0) break;
      }
      // 5. What names them by text: idempotent answers, jobs, batch refusals.
      await unit(async (tx) => ({
        other:
          (await repo.deleteIdempotencyNaming(tx, accountId, texts)) +
          (await repo.deleteJobsNaming(tx, store.dialect, [CONSENT_REPLY_JOB], texts)) +
          (await repo.scrubBatches(tx, accountId, [...phones, ...bsuids])),
      }));
      // 6. The contact itself, unless something came in meanwhile (then round again).
      const finished = await store.write(async (tx) => {
        await repo.addProgress(tx, erasure.id, {});
        if (await repo.stillNamed(tx, accountId, contactId)) return false;
        const now = at();
        const suppressions = await repo.suppressionsOf(tx, accountId, mode, contactId, phones, bsuids);
        const tombstones = suppressions
          .filter((s) => s.lifted_at === null)
          .flatMap((s) => {
            const addresses = new Set([s.phone, s.bsuid, ...phones, ...bsuids].filter((a): a is string => a !== null));
            return [...addresses].map((a) => ({
              suppression_id: s.id,
              account_id: accountId,
              mode,
              phone_number_id: s.phone_number_id,
              address_hash: this.#o.tombstones.hash(a),
              reason: s.reason,
              scope: s.scope,
              since: s.created_at,
              erasure_id: erasure.id,
              created_at: now,
            }));
          });
        await insertTombstones(tx, tombstones);
        const removed = await repo.deleteSuppressions(
          tx,
          accountId,
          suppressions.map((s) => s.id),
        );
        const redacted = await repo.redactAudit(tx, accountId, [contactId, ...suppressions.map((s) => s.id)], now);
        const blocks = await repo.deleteBlocksAndConsents(tx, accountId, contactId, phones, bsuids);
        await repo.deleteContact(tx, contactId);
        const marked = await repo.markErased(tx, erasure.id, contactId, now);
        await repo.settleOthers(tx, erasure.id, contactId, now);
        await repo.addProgress(tx, erasure.id, { suppressions: removed, other: redacted + blocks });
        if (marked && contact) {
          await this.#o.events.record(tx, [
            {
              accountId,
              mode,
              type: 'contact.erased',
              object: { id: contactId, erasureId: erasure.id, erasedAt: now },
              contactId: null,
            },
          ]);
          const requestedBy = JSON.parse(erasure.requested_by) as RequestedBy;
          await this.#o.audit.record(tx, {
            action: 'contact.erased',
            accountId,
            mode,
            object: { type: 'contact', id: contactId },
            after: { erasureId: erasure.id, erasedAt: now },
            actor: actorOf(requestedBy),
            actorName: requestedBy.name,
          });
        }
        return true;
      });
      if (finished) return true;
      if (late()) return false;
    }
  }
}
