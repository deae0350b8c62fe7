/** Reading batches (docs/api.md §4.25, §D18). */
import type { Store } from '../../db/store.js';
import type { AuthContext } from '../../http/access.js';
import { paginate, type Page } from '../../http/paging.js';
import { TidingsError } from '../../errors.js';
import { batchesOf } from '../record/batch-progress.js';
import * as repo from '../record/batch.repository.js';
import type { Batch, BatchRefusals, ListBatchesQuery } from '../schemas/batch.schemas.js';

export class BatchService {
  readonly #store: Store;

  constructor(options: { store: Store }) {
    this.#store = options.store;
  }

  /**
   * A batch of the key's account and mode, its counts as of now.
   * @throws TidingsError message_not_found
   */
  async get(auth: AuthContext, id: string): Promise<Batch> {
    const row = await repo.findBatch(this.#store.read, auth.accountId, auth.mode, id);
    if (!row) throw new TidingsError('message_not_found', `No batch ${id}.`, { param: 'id' });
    return (await batchesOf(this.#store.read, [row]))[0]!;
  }

  /**
   * A batch's refused items, in the request's order, as its answer gave them (none kept for a batch
   * stored before 0024).
   * @throws TidingsError message_not_found
   */
  async refusals(auth: AuthContext, id: string): Promise<BatchRefusals> {
    const row = await repo.findBatch(this.#store.read, auth.accountId, auth.mode, id);
    if (!row) throw new TidingsError('message_not_found', `No batch ${id}.`, { param: 'id' });
    return { data: row.refusals === null ? [] : (JSON.parse(row.refusals) as BatchRefusals['data']) };
  }

  /** A page of batches, newest first. @throws TidingsError parameter_invalid for an unknown `starting_after`. */
  async list(auth: AuthContext, query: ListBatchesQuery): Promise<Page<Batch>> {
    const db = this.#store.read;
    const page = await paginate(query, {
      cursor: (id) => repo.findBatch(db, auth.accountId, auth.mode, id),
      page: (limit, after) =>
        repo.listBatches(db, { accountId: auth.accountId, mode: auth.mode, limit, ...(after ? { after } : {}) }),
      map: (row) => row,
      noun: 'batch',
    });
    return { data: await batchesOf(db, page.data), has_more: page.has_more };
  }
}
