/**
 * Stored files: kept once an upload is received (receive.ts), registered with the platform, and
 * registered again when a send needs them after the platform's id expired or from another number
 * (docs/api.md §2.3, §4.8, §D9). Other features get `MediaFile`s, never rows.
 */
import type { AccountService } from '../accounts/account.service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { AuthContext } from '../http/access.js';
import type { Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { paginate, type Page } from '../http/paging.js';
import type { Platform } from '../platform/platform.js';
import type { MediaFile } from './media-file.js';
import * as repo from './media.repository.js';
import type { Media, MediaUsage } from './media.schemas.js';
import type { ReceivedFile } from './receive.js';
import { receiveUpload } from './receive.js';
import type { MediaStorage } from './storage.js';
import { Readable } from 'node:stream';

/** Platform media ids live 30 days (docs/platform.md §3); re-register an hour before that. */
export const PLATFORM_MEDIA_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const REREGISTER_MARGIN_MS = 60 * 60 * 1000;

export interface MediaServiceOptions {
  store: Store;
  clock: Clock;
  platform: Platform;
  accounts: AccountService;
  storage: MediaStorage;
  /** Records each upload (`media.uploaded`, docs/api.md §D27) in its unit of work. */
  audit: Pick<AuditTrail, 'record'>;
}

export class MediaService {
  readonly #o: MediaServiceOptions;

  constructor(options: MediaServiceOptions) {
    this.#o = options;
  }

  /**
   * Streams one uploaded file into temporary storage (receive.ts).
   * @throws TidingsError media_empty, media_type_unsupported, media_too_large; nothing is left in
   *   storage when it throws.
   */
  receive(stream: Readable & { truncated?: boolean }, rawFilename: string | undefined): Promise<ReceivedFile> {
    return receiveUpload(this.#o.storage, stream, rawFilename);
  }

  /** Drops a received file (a replayed or refused upload). */
  discard(file: ReceivedFile): Promise<void> {
    return this.#o.storage.discard(file.tempKey);
  }

  /**
   * Keeps a received file and, for live keys, registers it with the platform for the key's number
   * in the same call, so the id is usable at once. Test-key media is stored only.
   * @throws platform errors (429/502/503 through the error mapping); the file is then not kept.
   */
  async store(auth: AuthContext, received: ReceivedFile): Promise<Media> {
    const { storage, store, clock } = this.#o;
    const file: MediaFile = {
      id: newId('med'),
      accountId: auth.accountId,
      mode: auth.mode,
      filename: received.filename,
      mimeType: received.mimeType,
      kind: received.kind,
      sizeBytes: received.sizeBytes,
      sha256: received.sha256,
      source: 'upload',
      createdAt: iso(clock.now()),
    };
    await storage.commit(received.tempKey, file.id);
    let registration: repo.Registration | null = null;
    if (auth.mode === 'live') {
      try {
        registration = await this.#upload(file, auth.phoneNumberId);
      } catch (err) {
        await storage.remove(file.id);
        throw err;
      }
    }
    const media = toMedia(file);
    await store.write(async (tx) => {
      await repo.insertMedia(tx, file);
      if (registration) await repo.saveRegistration(tx, registration);
      await this.#o.audit.record(tx, {
        action: 'media.uploaded',
        accountId: file.accountId,
        mode: file.mode,
        object: { type: 'media', id: file.id },
        after: media,
      });
    });
    return media;
  }

  /**
   * A file of the key's account and mode (test media is usable only by test sends), for a send.
   * @throws TidingsError media_not_found (param `mediaId`)
   */
  async find(auth: AuthContext, mediaId: string): Promise<MediaFile> {
    const file = await repo.findMedia(this.#o.store.read, auth.accountId, auth.mode, mediaId);
    if (!file) throw new TidingsError('media_not_found', `No media ${mediaId} in this account.`, { param: 'mediaId' });
    return file;
  }

  /** The Media resource of a file of the key's account and mode. @throws TidingsError media_not_found */
  async get(auth: AuthContext, mediaId: string): Promise<Media> {
    const file = await repo.findMedia(this.#o.store.read, auth.accountId, auth.mode, mediaId);
    if (!file) throw new TidingsError('media_not_found', `No media ${mediaId} in this account.`, { param: 'id' });
    return toMedia(file);
  }

  /**
   * A page of the key's uploads, newest first.
   * @throws TidingsError parameter_invalid for an unknown `starting_after`.
   */
  list(auth: AuthContext, query: { limit?: number; starting_after?: string }): Promise<Page<Media>> {
    const db = this.#o.store.read;
    return paginate(query, {
      cursor: (id) => repo.findMedia(db, auth.accountId, auth.mode, id),
      page: (limit, after) =>
        repo.listMedia(db, { accountId: auth.accountId, mode: auth.mode, limit, ...(after ? { after } : {}) }),
      map: toMedia,
      noun: 'media',
    });
  }

  /** The files stored for the key's account and mode, by source (a row read per source: kept with every insert and delete). */
  async usage(auth: AuthContext): Promise<MediaUsage> {
    const rows = await repo.mediaUsage(this.#o.store.read, { accountId: auth.accountId, mode: auth.mode });
    const of = (source: 'upload' | 'inbound') => {
      const row = rows.find((r) => r.source === source);
      return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
    };
    const upload = of('upload');
    const inbound = of('inbound');
    return { upload, inbound, total: { files: upload.files + inbound.files, bytes: upload.bytes + inbound.bytes } };
  }

  /** Every account's usage rows (the metrics scrape: one row per account, mode and source). */
  allUsage(): Promise<repo.MediaUsage[]> {
    return repo.mediaUsage(this.#o.store.read);
  }

  /** A file of the account in `mode`, or undefined (a template's header file). */
  lookup(accountId: string, mode: 'live' | 'test', mediaId: string): Promise<MediaFile | undefined> {
    return repo.findMedia(this.#o.store.read, accountId, mode, mediaId);
  }

  /**
   * A file of the key's account and mode, uploaded or received, to stream: `open` reads all of it,
   * or bytes `start` to `end` (included), lazily from storage.
   * @throws TidingsError media_not_found
   */
  async content(
    auth: AuthContext,
    mediaId: string,
  ): Promise<{ file: MediaFile; open(range?: { start: number; end: number }): Promise<Readable> }> {
    const file = await repo.findMedia(this.#o.store.read, auth.accountId, auth.mode, mediaId);
    if (!file) throw new TidingsError('media_not_found', `No media ${mediaId} in this account.`, { param: 'id' });
    return {
      file,
      open: async (range) => {
        const blob = await this.#o.storage.openBlob(file.id, file.mimeType);
        return Readable.fromWeb((range ? blob.slice(range.start, range.end + 1) : blob).stream() as never);
      },
    };
  }

  /** The stored bytes, read lazily. */
  openBlob(file: MediaFile): Promise<Blob> {
    return this.#o.storage.openBlob(file.id, file.mimeType);
  }

  /**
   * The platform's id of a stored file for `phoneNumberId`, registering it again first if the
   * platform's id expired (or is about to) or was made for another number.
   * @throws platform errors.
   */
  async platformIdFor(file: MediaFile, phoneNumberId: string): Promise<string> {
    const existing = await repo.findRegistration(this.#o.store.read, file.id, phoneNumberId);
    if (existing && Date.parse(existing.expiresAt) > this.#o.clock.now() + REREGISTER_MARGIN_MS)
      return existing.platformMediaId;
    const registration = await this.#upload(file, phoneNumberId);
    await this.#o.store.write((tx) => repo.saveRegistration(tx, registration));
    return registration.platformMediaId;
  }

  /** Uploads the stored file to the platform for one number; returns the registration to keep. */
  async #upload(file: MediaFile, phoneNumberId: string): Promise<repo.Registration> {
    const { platform, accounts, storage, clock } = this.#o;
    const sender = await accounts.senderCredentials(phoneNumberId);
    const blob = await storage.openBlob(file.id, file.mimeType);
    const { id } = await platform.uploadMedia(sender, { blob, filename: file.filename, mimeType: file.mimeType });
    const now = clock.now();
    return {
      mediaId: file.id,
      phoneNumberId,
      platformMediaId: id,
      expiresAt: iso(now + PLATFORM_MEDIA_TTL_MS),
      createdAt: iso(now),
    };
  }
}

/** The Media resource (docs/api.md §2.3) of a stored file. */
export function toMedia(file: MediaFile): Media {
  return {
    id: file.id,
    filename: file.filename,
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
    source: file.source,
    createdAt: file.createdAt,
    ...(file.mode === 'test' ? { testMode: true as const } : {}),
  };
}
