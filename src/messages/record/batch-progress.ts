/**
 * A batch's progress (docs/api.md §D18): the Batch resource from its row and its messages' counts,
 * and its completion, told once as `batch.completed` in the unit of work that settled its last
 * message. Called by whatever moves a message of a batch to a final status (status-reports.ts,
 * cancel.service.ts).
 */
import type { Tx, Reader } from '../../db/store.js';
import type { EventService } from '../../events/event.service.js';
import type { Batch } from '../schemas/batch.schemas.js';
import * as batches from './batch.repository.js';
import { FINAL_STATUSES, type MessageStatus } from './status-machine.js';

/** The Batch resource of a stored batch and its counts (`batches.countsByStatus`). */
export function toBatch(row: batches.BatchRow, counts: Map<MessageStatus, number> | undefined): Batch {
  const n = (s: MessageStatus) => counts?.get(s) ?? 0;
  return {
    id: row.id,
    status: row.completed_at === null ? 'processing' : 'completed',
    items: row.items,
    accepted: row.accepted,
    refused: row.items - row.accepted,
    sendAt: row.send_at,
    counts: {
      scheduled: n('scheduled'),
      accepted: n('accepted'),
      sent: n('sent'),
      delivered: n('delivered'),
      read: n('read'),
      failed: n('failed'),
      canceled: n('canceled'),
    },
    source: row.source,
    template: row.template_id === null ? null : { id: row.template_id, name: row.template_name ?? '' },
    createdAt: row.created_at,
    completedAt: row.completed_at,
    ...(row.mode === 'test' ? { testMode: true as const } : {}),
  };
}

/** Batches as resources, their counts read in one statement. */
export async function batchesOf(db: Reader, rows: batches.BatchRow[]): Promise<Batch[]> {
  const counts = await batches.countsByStatus(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toBatch(r, counts.get(r.id)));
}

export class BatchProgress {
  readonly #events: Pick<EventService, 'record'>;

  constructor(options: { events: Pick<EventService, 'record'> }) {
    this.#events = options.events;
  }

  /**
   * After messages changed status in `tx`: completes the batches of those now final whose every
   * message is final, each once, with a `batch.completed` event carrying the batch.
   * @param messages the changed messages as they now are.
   */
  async settled(
    tx: Tx,
    messages: readonly { batch_id: string | null; status: MessageStatus }[],
    now: string,
  ): Promise<void> {
    const ids = messages
      .filter((m) => m.batch_id !== null && FINAL_STATUSES.includes(m.status))
      .map((m) => m.batch_id!);
    if (ids.length === 0) return;
    const done = await batches.completeBatches(tx, ids, now);
    if (done.length === 0) return;
    const rows = await batches.batchesById(tx, done);
    const completed = await batchesOf(tx, rows);
    await this.#events.record(
      tx,
      completed.map((batch, i) => ({
        accountId: rows[i]!.account_id,
        mode: rows[i]!.mode,
        type: 'batch.completed' as const,
        object: batch,
      })),
    );
  }
}
