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
import { TidingsError } from '../../errors.js';
import type { AuthContext } from '../../http/access.js';
import { paginate, type Page } from '../../http/paging.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { currentActing, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import * as repo from './erasure.repository.js';
import { eraseContact, requestedByOf, ZERO, type EraseContactOptions, type RequestedBy } from './erase-contact.js';
export { UNIT_ROWS, type RequestedBy } from './erase-contact.js';
import type { Erasure, ErasureProgress, ListErasuresQuery } from './erasure.schemas.js';

/** The job that runs (a slice of) an erasure; its payload is `{ erasureId }`. */
export const ERASE_JOB = 'privacy.erase';

/** How long one run of the job works before it queues its sequel, ms (well inside its lease). */
export const SLICE_MS = 5_000;

/** The job's lease, ms: a run that died is run again this long after it was claimed. */
export const ERASE_LEASE_MS = 15_000;

/** The tables an erasure removes from, whose index samples (SQLite's `sqlite_stat4`) it drops. */
const PERSONAL_TABLES = [
  'contacts',
  'contact_former_addresses',
  'messages',
  'inbound_messages',
  'status_reports',
  'dispatches',
  'scheduled_sends',
  'client_references',
  'events',
  'event_deliveries',
  'delivery_attempts',
  'idempotency_keys',
  'jobs',
  'batches',
  'audit_events',
  'suppressions',
  'blocked_users',
  'marketing_consents',
  'media',
];

export interface ErasureServiceOptions extends EraseContactOptions {
  jobs: JobQueue;
  logger: Logger;
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
        scrubbed_at: null,
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
      const done = await eraseContact(this.#o, erasure, contactId, deadline);
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

  /**
   * SQLite: the samples ANALYZE keeps of the indexes of the tables that held the customer
   * (`sqlite_stat4`, present once an operator or a benchmark ran ANALYZE) removed, as they may
   * hold their number or name (the planner keeps `sqlite_stat1`'s counts); then the WAL's frames
   * written into the file and the WAL truncated, so removed rows live in neither.
   */
  async #checkpoint(): Promise<void> {
    try {
      await this.#o.store.write(async (tx) => {
        const stat4 = await sql<{ name: string }>`select name from sqlite_master where name = 'sqlite_stat4'`.execute(
          tx,
        );
        if (stat4.rows.length > 0)
          await sql`delete from sqlite_stat4 where tbl in (${sql.join(PERSONAL_TABLES.map((t) => sql`${t}`))})`.execute(
            tx,
          );
      });
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(this.#o.store.read);
    } catch (err) {
      this.#o.logger.warn({ err }, 'the checkpoint after an erasure failed; the next one writes it');
    }
  }
}
