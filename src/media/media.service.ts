/**
 * Uploaded files: streamed to storage while hashing and counting, typed by content, registered with
 * the platform, and re-registered when a send needs them after the platform's id expired or from
 * another number (service-interface §2.3, §4.8; DECISIONS §9).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service.js';
import type { AuthContext } from '../accounts/scopes.js';
import type { Db } from '../db/connect.js';
import type { GroupCommit } from '../db/group-commit.js';
import { TidingsError } from '../errors.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { Platform } from '../platform/platform.js';
import { SNIFF_BYTES, detectMediaType } from './detect.js';
import { MAX_MEDIA_BYTES, MEDIA_TYPES, type MediaKind } from './media-types.js';
import * as repo from './media.repository.js';
import type { Media } from './media.schemas.js';
import type { MediaStorage } from './storage.js';

/** Platform media ids live 30 days (CLOUD_API.md §3); re-register an hour before that. */
export const PLATFORM_MEDIA_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const REREGISTER_MARGIN_MS = 60 * 60 * 1000;

/** A file received and typed, waiting in temporary storage. */
export interface ReceivedFile {
  tempKey: string;
  filename: string;
  mimeType: string;
  kind: MediaKind;
  sizeBytes: number;
  sha256: string;
}

export interface MediaServiceOptions {
  db: Db;
  writes: GroupCommit;
  clock: Clock;
  platform: Platform;
  accounts: AccountService;
  storage: MediaStorage;
  logger: Logger;
}

/** A name safe to show: the last path segment, no control characters, at most 255 characters. */
export function displayName(raw: string | undefined): string {
  const base = path.posix.basename(path.win32.basename(raw ?? '')).replace(/[\x00-\x1f\x7f]/g, '').trim();
  return (base === '' || base === '.' || base === '..' ? 'file' : base).slice(0, 255);
}

export class MediaService {
  readonly #o: MediaServiceOptions;

  constructor(options: MediaServiceOptions) {
    this.#o = options;
  }

  /**
   * Streams one uploaded file into temporary storage. Memory use does not grow with the file: the
   * first 64 KB are kept to read its type, the rest only passes through the hash.
   * @throws TidingsError media_empty, media_type_unsupported, media_too_large; nothing is left in
   *   storage when it throws.
   */
  async receive(stream: Readable & { truncated?: boolean }, rawFilename: string | undefined): Promise<ReceivedFile> {
    const { storage } = this.#o;
    const filename = displayName(rawFilename);
    const temp = storage.createTemp();
    const hash = createHash('sha256');
    let size = 0;
    let head: Buffer[] = [];
    let headBytes = 0;
    let mimeType: string | null = null;
    let limit = MAX_MEDIA_BYTES;
    // A refusal found mid-stream is held until the end: the rest of the upload is read (and
    // dropped), because abandoning a part's stream stalls the rest of the request.
    let refusal: TidingsError | null = null;
    const settle = async (sample: Buffer, complete: boolean) => {
      const detected = await detectMediaType(sample, complete, filename);
      if (!detected.mimeType) {
        refusal = new TidingsError(
          'media_type_unsupported',
          `The platform does not accept this file (its content is ${detected.seen}). Accepted: JPEG, PNG, MP4, 3GPP, AAC, AMR, MP3, M4A, Ogg Opus, WebP, PDF, TXT, Word, Excel, PowerPoint.`,
          { param: 'file' },
        );
        return;
      }
      mimeType = detected.mimeType;
      limit = MEDIA_TYPES[mimeType]!.maxBytes;
    };
    const tooLarge = () => new TidingsError('media_too_large', `The file is larger than the platform's ${Math.round(limit / 1024)} KB limit for ${mimeType ?? 'this kind of file'}.`, { param: 'file' });
    try {
      await pipeline(
        stream,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (refusal) continue;
            hash.update(chunk);
            if (mimeType === null) {
              head.push(chunk);
              headBytes += chunk.length;
              if (headBytes >= SNIFF_BYTES) {
                await settle(Buffer.concat(head), false);
                head = [];
              }
            }
            if (size > limit) refusal ??= tooLarge();
            if (!refusal) yield chunk;
          }
        },
        temp.stream,
      );
      if (refusal) throw refusal;
      if (stream.truncated) throw tooLarge();
      if (size === 0) throw new TidingsError('media_empty', 'The file is empty.', { param: 'file' });
      if (mimeType === null) await settle(Buffer.concat(head), true);
      if (refusal) throw refusal;
      if (size > limit) throw tooLarge();
    } catch (err) {
      await storage.discard(temp.tempKey);
      throw err;
    }
    return { tempKey: temp.tempKey, filename, mimeType: mimeType!, kind: MEDIA_TYPES[mimeType!]!.kind, sizeBytes: size, sha256: hash.digest('hex') };
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
  async store(auth: AuthContext, file: ReceivedFile): Promise<Media> {
    const { storage, writes, clock } = this.#o;
    const id = newId('med');
    await storage.commit(file.tempKey, id);
    const row: repo.MediaRow = {
      id,
      account_id: auth.accountId,
      mode: auth.mode,
      filename: file.filename,
      mime_type: file.mimeType,
      kind: file.kind,
      size_bytes: file.sizeBytes,
      sha256: file.sha256,
      created_at: iso(clock.now()),
    };
    let registration: repo.RegistrationRow | null = null;
    if (auth.mode === 'live') {
      try {
        registration = await this.#upload(row, auth.phoneNumberId);
      } catch (err) {
        await storage.remove(id);
        throw err;
      }
    }
    await writes.run(async (trx) => {
      await repo.insertMedia(trx, row);
      if (registration) await repo.saveRegistration(trx, registration);
    });
    return toMedia(row);
  }

  /**
   * A file of the key's account and mode (test media is usable only by test sends).
   * @throws TidingsError media_not_found
   */
  async find(auth: AuthContext, mediaId: string): Promise<repo.MediaRow> {
    const media = await repo.findMedia(this.#o.db, auth.accountId, auth.mode, mediaId);
    if (!media) throw new TidingsError('media_not_found', `No media ${mediaId} in this account.`, { param: 'mediaId' });
    return media;
  }

  /** The Media resource of a file of the key's account and mode. @throws TidingsError media_not_found */
  async get(auth: AuthContext, mediaId: string): Promise<Media> {
    const media = await repo.findMedia(this.#o.db, auth.accountId, auth.mode, mediaId);
    if (!media) throw new TidingsError('media_not_found', `No media ${mediaId} in this account.`, { param: 'id' });
    return toMedia(media);
  }

  /**
   * A page of the key's uploads, newest first.
   * @throws TidingsError parameter_invalid for an unknown `starting_after`.
   */
  async list(auth: AuthContext, query: { limit?: number; starting_after?: string }): Promise<{ data: Media[]; has_more: boolean }> {
    const limit = query.limit ?? 10;
    let after: repo.MediaRow | undefined;
    if (query.starting_after !== undefined) {
      after = await repo.findMedia(this.#o.db, auth.accountId, auth.mode, query.starting_after);
      if (!after) throw new TidingsError('parameter_invalid', `starting_after names no media of this account: ${query.starting_after}.`, { param: 'starting_after' });
    }
    const rows = await repo.listMedia(this.#o.db, { accountId: auth.accountId, mode: auth.mode, limit, ...(after ? { after } : {}) });
    return { data: rows.slice(0, limit).map(toMedia), has_more: rows.length > limit };
  }

  /** A file of the account in `mode`, or undefined. */
  lookup(accountId: string, mode: 'live' | 'test', mediaId: string): Promise<repo.MediaRow | undefined> {
    return repo.findMedia(this.#o.db, accountId, mode, mediaId);
  }

  /** The stored bytes, read lazily. */
  openBlob(media: repo.MediaRow): Promise<Blob> {
    return this.#o.storage.openBlob(media.id, media.mime_type);
  }

  /**
   * The platform's id of a stored file for `phoneNumberId`, registering it again first if the
   * platform's id expired (or is about to) or was made for another number.
   * @throws platform errors.
   */
  async platformIdFor(media: repo.MediaRow, phoneNumberId: string): Promise<string> {
    const existing = await repo.findRegistration(this.#o.db, media.id, phoneNumberId);
    if (existing && Date.parse(existing.expires_at) > this.#o.clock.now() + REREGISTER_MARGIN_MS) return existing.platform_media_id;
    const registration = await this.#upload(media, phoneNumberId);
    await this.#o.writes.run((trx) => repo.saveRegistration(trx, registration));
    return registration.platform_media_id;
  }

  /** Uploads the stored file to the platform for one number; returns the registration to keep. */
  async #upload(media: repo.MediaRow, phoneNumberId: string): Promise<repo.RegistrationRow> {
    const { platform, accounts, storage, clock } = this.#o;
    const sender = await accounts.senderCredentials(phoneNumberId);
    const blob = await storage.openBlob(media.id, media.mime_type);
    const { id } = await platform.uploadMedia(sender, { blob, filename: media.filename, mimeType: media.mime_type });
    const now = clock.now();
    return { media_id: media.id, phone_number_id: phoneNumberId, platform_media_id: id, expires_at: iso(now + PLATFORM_MEDIA_TTL_MS), created_at: iso(now) };
  }
}

export function toMedia(row: repo.MediaRow): Media {
  return {
    id: row.id,
    filename: row.filename,
    mimeType: row.mime_type,
    sizeBytes: row.size_bytes,
    createdAt: row.created_at,
    ...(row.mode === 'test' ? { testMode: true as const } : {}),
  };
}
