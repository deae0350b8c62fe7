/**
 * Cancelling messages before they reach the platform (docs/api.md §4.26–4.27, §D18): a scheduled
 * message, or one still waiting in its number's queue, becomes `canceled` (final) with a
 * `message.canceled` event; one the dispatcher has taken, or that reached the platform, is not
 * cancelable. Each cancel is one unit of work, which removes the queue entry only while it is
 * `queued`: on PostgreSQL a claim holding the entry makes the cancel wait, then find it taken.
 */
import type { AuditTrail } from '../../audit/audit-trail.js';
import type { Store, Tx } from '../../db/store.js';
import type { EventService } from '../../events/event.service.js';
import type { AuthContext } from '../../http/access.js';
import { TidingsError } from '../../errors.js';
import { currentActing } from '../../lib/actor.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { BatchProgress } from '../record/batch-progress.js';
import type { CancelMessagesBody } from '../schemas/batch.schemas.js';
import { toMessage } from '../record/message.mapper.js';
import type { Message } from '../schemas/message.schemas.js';
import * as repo from '../record/message.repository.js';
import * as scheduled from '../record/scheduled.repository.js';
import * as dispatches from '../record/send-queue.repository.js';

/** Messages cancelled per unit of work in a bulk cancel. */
const CHUNK = 500;

export interface CancelServiceOptions {
  store: Store;
  clock: Clock;
  events: Pick<EventService, 'record'>;
  batches: Pick<BatchProgress, 'settled'>;
  /** Records each cancel (`message.canceled`, docs/api.md §D27) in its unit of work. */
  audit: Pick<AuditTrail, 'recordAll'>;
}

export class CancelService {
  readonly #o: CancelServiceOptions;

  constructor(options: CancelServiceOptions) {
    this.#o = options;
  }

  /**
   * Cancels one message of the key's account and mode, by `msg_` id. Cancelling a canceled
   * message answers it as it is.
   * @throws TidingsError message_not_found; message_not_cancelable (being sent, or reached the platform).
   */
  async cancel(auth: AuthContext, id: string): Promise<Message> {
    const now = iso(this.#o.clock.now());
    return this.#o.store.write(async (tx) => {
      const found = id.startsWith('msg_') ? await repo.findMessage(tx, auth.accountId, auth.mode, id) : undefined;
      const row = found && (await repo.findMessageForUpdate(tx, { id: found.id }));
      if (!row) throw new TidingsError('message_not_found', `No message ${id}.`, { param: 'id' });
      if (row.status === 'canceled') return toMessage(row);
      const [canceled] = await this.#cancelIn(tx, [row], now);
      if (!canceled) {
        const why = row.status === 'accepted' ? 'is being sent' : `is ${row.status}`;
        throw new TidingsError(
          'message_not_cancelable',
          `${row.id} ${why}: only a scheduled message, or one still waiting in its number's queue, can be canceled.`,
          { param: 'id' },
        );
      }
      return toMessage(canceled);
    });
  }

  /**
   * Cancels the key's number's messages that match, in units of 500: scheduled and queued
   * messages whose `clientReference` starts with a prefix, or scheduled messages due before a time.
   * @returns how many this call canceled, and how many matched but were already being sent (a
   *   message another request canceled meanwhile is in neither count).
   * @throws TidingsError parameter_invalid (a `scheduledBefore` that is not a time; a prefix with a lone surrogate).
   */
  async cancelMany(auth: AuthContext, body: CancelMessagesBody): Promise<{ canceled: number; notCancelable: number }> {
    const { store, clock } = this.#o;
    const lane = { accountId: auth.accountId, mode: auth.mode, phoneNumberId: auth.phoneNumberId };
    let canceled = 0;
    let notCancelable = 0;
    if (body.scheduledBefore !== undefined) {
      const before = Date.parse(body.scheduledBefore);
      if (Number.isNaN(before))
        throw new TidingsError(
          'parameter_invalid',
          `scheduledBefore must be a time, such as 2026-12-01T09:00:00Z; got "${body.scheduledBefore}".`,
          { param: 'scheduledBefore' },
        );
      for (;;) {
        const ids = await scheduled.scheduledBefore(store.read, lane, iso(before), CHUNK);
        if (ids.length === 0) break;
        const done = await store.write(async (tx) =>
          this.#cancelIn(tx, await repo.findMessagesForUpdate(tx, 'id', ids), iso(clock.now())),
        );
        canceled += done.length;
        if (done.length === 0) break; // all moved into the queue meanwhile
      }
      return { canceled, notCancelable };
    }
    const prefix = body.clientReferencePrefix!;
    // A lone surrogate (`"\ud83d"` in JSON) is no character: no stored reference starts with one.
    if (/\p{Cs}/u.test(prefix))
      throw new TidingsError(
        'parameter_invalid',
        'clientReferencePrefix holds half of a surrogate pair (a lone \\uD800–\\uDFFF escape); give whole characters.',
        { param: 'clientReferencePrefix' },
      );
    let after: { reference: string; id: string } | null = null;
    for (;;) {
      const rows = await repo.byReferencePrefix(store.read, lane, prefix, after, CHUNK);
      if (rows.length === 0) break;
      after = { reference: rows.at(-1)!.client_reference!, id: rows.at(-1)!.id };
      const pending = rows.filter((r) => r.status === 'scheduled' || r.status === 'accepted').map((r) => r.id);
      const { done, stillPending } = await store.write(async (tx) => {
        // A message another request canceled meanwhile is neither canceled here nor "not cancelable".
        const locked = (await repo.findMessagesForUpdate(tx, 'id', pending)).filter((r) => r.status !== 'canceled');
        return { done: await this.#cancelIn(tx, locked, iso(clock.now())), stillPending: locked.length };
      });
      canceled += done.length;
      notCancelable += stillPending - done.length;
      if (rows.length < CHUNK) break;
    }
    return { canceled, notCancelable };
  }

  /**
   * Cancels those of `rows` (locked) still scheduled or queued, in `tx`: their scheduled send or
   * queue entry removed, status `canceled`, a `message.canceled` event and audit entry each, their
   * batches completed when this was their last pending message.
   * @returns the canceled messages as they now are.
   */
  async #cancelIn(tx: Tx, rows: repo.MessageRow[], now: string): Promise<repo.MessageRow[]> {
    const removed = new Set([
      ...(await scheduled.removeScheduled(
        tx,
        rows.filter((r) => r.status === 'scheduled').map((r) => r.id),
      )),
      ...(await dispatches.removeQueued(
        tx,
        rows.filter((r) => r.status === 'accepted').map((r) => r.id),
      )),
    ]);
    const canceled = rows
      .filter((r) => removed.has(r.id))
      .map((r) => ({ ...r, status: 'canceled' as const, canceled_at: now, updated_at: now }));
    if (canceled.length === 0) return [];
    await repo.markCanceled(
      tx,
      canceled.map((r) => r.id),
      now,
    );
    await this.#o.events.record(
      tx,
      canceled.map((r) => ({
        accountId: r.account_id,
        mode: r.mode,
        type: 'message.canceled' as const,
        object: toMessage(r),
      })),
    );
    const acting = currentActing();
    const before = new Map(rows.map((r) => [r.id, r.status]));
    await this.#o.audit.recordAll(
      tx,
      canceled.map((r) => ({
        change: {
          action: 'message.canceled',
          accountId: r.account_id,
          mode: r.mode,
          object: { type: 'message', id: r.id },
          before: { status: before.get(r.id) },
          after: { status: 'canceled' },
        },
        acting,
      })),
    );
    await this.#o.batches.settled(tx, canceled, now);
    return canceled;
  }
}
