/**
 * Deleting stored files (docs/api.md §D17): `DELETE /v1/media/{id}`, the retention of customers'
 * files, and the sweep of files no row names.
 *
 * A deletion is one unit of work: the row, its platform registrations and its count in the usage
 * go, what names the file is told (a customer's message shows its file `deleted`), and a job is
 * queued per copy the platform still holds. The bytes are removed once that has committed. A crash
 * in between leaves bytes no row names, which the orphan sweep removes (ORPHAN_AFTER_MS after they
 * were written, so an upload between its bytes and its row is never taken): nothing is ever half
 * deleted where a client can see it.
 */
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import type { AuthContext } from '../http/access.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Clock } from '../lib/clock.js';
import { PlatformError, type Platform } from '../platform/platform.js';
import type { MediaFile } from './media-file.js';
import * as repo from './media.repository.js';
import { toMedia } from './media.service.js';
import type { MediaStorage } from './storage.js';

/** The job that deletes one copy of a file at the platform; its payload is `PlatformCopy`. */
export const DELETE_PLATFORM_COPY_JOB = 'media.delete_platform_copy';

/** A file's copy at the platform, registered for one business number (docs/platform.md §3). */
export interface PlatformCopy {
  phoneNumberId: string;
  platformMediaId: string;
}

/**
 * Stored bytes no row names are removed once this old (ms): an upload's bytes are stored before its
 * row, with a platform registration between the two (bounded by the platform call's timeout).
 */
export const ORPHAN_AFTER_MS = 60 * 60 * 1000;

export interface MediaDeletionOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  platform: Platform;
  accounts: AccountService;
  storage: MediaStorage;
  jobs: JobQueue;
  /** Records a deletion asked for (`media.deleted`, docs/api.md §D27) in its unit; retention's are counted, not recorded. */
  audit: Pick<AuditTrail, 'record'>;
  /** Why the file may not be deleted now (a template's header, a message queued to send it), or null. */
  inUse(file: MediaFile): Promise<string | null>;
  /** Tells what names the file that it is gone (a customer's message: `media.status` `deleted`), in the deleting unit of work. */
  onDeleted(tx: Tx, file: MediaFile): Promise<void>;
}

export class MediaDeletion {
  readonly #o: MediaDeletionOptions;

  constructor(options: MediaDeletionOptions) {
    this.#o = options;
  }

  /**
   * Deletes a file of the key's account and mode (`DELETE /v1/media/{id}`), with its copies at the platform.
   * @throws TidingsError media_not_found (also for one already deleted), media_in_use (a live
   *   template's header, or a message queued to send it: the message names it).
   */
  async delete(auth: AuthContext, id: string): Promise<{ id: string; deleted: true }> {
    const file = await repo.findMedia(this.#o.store.read, auth.accountId, auth.mode, id);
    if (!file) throw new TidingsError('media_not_found', `No media ${id} in this account.`, { param: 'id' });
    const use = await this.#o.inUse(file);
    if (use) throw new TidingsError('media_in_use', `${id} cannot be deleted now: ${use}`, { param: 'id' });
    if (!(await this.#remove(file, true)))
      throw new TidingsError('media_not_found', `No media ${id} in this account.`, { param: 'id' });
    return { id, deleted: true };
  }

  /**
   * Deletes an account's customers' files stored before `before` (ISO), oldest first, at most
   * `limit` (the retention sweep; a file still in use is deleted too: the retention says so).
   * @returns how many were deleted.
   */
  async deleteCustomerFilesBefore(accountId: string, before: string, limit: number): Promise<number> {
    let deleted = 0;
    for (const file of await repo.inboundMediaBefore(this.#o.store.read, accountId, before, limit))
      if (await this.#remove(file)) deleted++;
    return deleted;
  }

  /**
   * Deletes these files of the account's mode with their copies at the platform, whatever uses them
   * (the erasure of a customer, docs/api.md §D28: files only that customer's messages name), each
   * in its own unit. A file gone already is skipped. @returns how many were deleted.
   */
  async erase(accountId: string, mode: 'live' | 'test', ids: string[]): Promise<number> {
    let deleted = 0;
    for (const id of ids) {
      const file = await repo.findMedia(this.#o.store.read, accountId, mode, id);
      if (file && (await this.#remove(file))) deleted++;
    }
    return deleted;
  }

  /**
   * Removes stored bytes no row names, written more than ORPHAN_AFTER_MS ago (a crash between a
   * deletion's commit and the bytes' removal, or between an upload's bytes and its row).
   * @returns the keys removed.
   */
  async sweepOrphans(): Promise<string[]> {
    const { store, storage, clock, logger } = this.#o;
    const removed: string[] = [];
    let batch: string[] = [];
    const settle = async () => {
      const named = await repo.existingMediaIds(store.read, batch);
      for (const key of batch) {
        if (named.has(key)) continue;
        await storage.remove(key);
        removed.push(key);
      }
      batch = [];
    };
    for await (const { key, modifiedMs } of storage.list()) {
      if (clock.now() - modifiedMs < ORPHAN_AFTER_MS) continue;
      batch.push(key);
      if (batch.length >= 500) await settle();
    }
    await settle();
    if (removed.length > 0) logger.info({ removed: removed.length }, 'stored files no row named were removed');
    return removed;
  }

  /** The DELETE_PLATFORM_COPY_JOB handler: a copy the platform no longer knows is done; any other failure is retried. */
  async deletePlatformCopy(copy: PlatformCopy): Promise<void> {
    let sender;
    try {
      sender = await this.#o.accounts.senderCredentials(copy.phoneNumberId);
    } catch {
      return; // The number is gone: so is its access to the copy.
    }
    try {
      await this.#o.platform.deleteMedia(sender, copy.platformMediaId);
    } catch (err) {
      if (err instanceof PlatformError && err.kind === 'refused') {
        this.#o.logger.info({ ...copy, code: err.code }, 'the platform no longer holds the copy of a deleted file');
        return;
      }
      throw err;
    }
  }

  /**
   * The unit of work of one deletion (with its audit entry when `asked`: a person's or key's
   * request), then its bytes. @returns false when the row was already gone.
   */
  async #remove(file: MediaFile, asked = false): Promise<boolean> {
    const { store, jobs, clock, storage } = this.#o;
    const now = clock.now();
    const gone = await store.write(async (tx) => {
      const registrations = await repo.deleteMedia(tx, file);
      if (registrations === null) return false;
      await this.#o.onDeleted(tx, file);
      if (asked)
        await this.#o.audit.record(tx, {
          action: 'media.deleted',
          accountId: file.accountId,
          mode: file.mode,
          object: { type: 'media', id: file.id },
          before: toMedia(file),
        });
      // A registration past its expiry is one the platform has already forgotten (30 days).
      const copies = registrations
        .filter((r) => Date.parse(r.expiresAt) > now)
        .map((r): PlatformCopy => ({ phoneNumberId: r.phoneNumberId, platformMediaId: r.platformMediaId }));
      if (copies.length > 0) {
        await jobs.enqueue(
          tx,
          copies.map((payload) => ({ type: DELETE_PLATFORM_COPY_JOB, payload, runAt: now })),
        );
        tx.afterCommit(() => jobs.wake(DELETE_PLATFORM_COPY_JOB));
      }
      return true;
    });
    // Gone or not, no row names the bytes now: remove them (a crash here leaves them to the orphan sweep).
    await storage.remove(file.id);
    return gone;
  }
}
