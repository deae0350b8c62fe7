/**
 * Exporting what is held on a customer (docs/api.md §D29, issue 40): a ZIP streamed as it is made,
 * never built in memory. It holds `contact.json` (contact-document.ts: the contact, both directions
 * of messages with their statuses, consent history, events about the customer, the list of files)
 * and then each file's bytes under `files/<med_id>/<filename>`, read from storage one at a time.
 *
 * The ZIP is yazl's: a small, long-kept streaming writer (ZIP64 when an archive passes 4 GB) that
 * takes each entry as a stream opened only when its turn comes (`addReadStreamLazy`), pipes it
 * through with backpressure, and writes sizes and CRCs in data descriptors, so nothing needs to be
 * known or held ahead. The document is a pull stream over a generator: the next page of rows is
 * read only when the ZIP's consumer (the HTTP response, a file) has taken the last.
 *
 * `abort()` (the client went away) stops the work: the generator throws at its next step, the open
 * file stream is destroyed, the output ends. At most EXPORTS_PER_ACCOUNT exports of one account run
 * at once in a process; another is refused with 429 `rate_limited`.
 */
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { AuditTrail } from '../../audit/audit-trail.js';
import type { Store } from '../../db/store.js';
import { TidingsError } from '../../errors.js';
import type { Mode } from '../../http/access.js';
import type { ContactService } from '../../contacts/contact.service.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { MediaFile } from '../../media/media-file.js';
import type { MediaStorage } from '../../media/storage.js';
import { contactDocument, type ExportedFile } from './contact-document.js';
import { contactHome } from './export.repository.js';

/** Exports of one account running at once in one process: each holds a database reader and a file open for minutes. */
export const EXPORTS_PER_ACCOUNT = 2;

/** Whose customer is exported: an account's number in a mode (a key's, or the contact's own for the CLI). */
export interface ExportScope {
  accountId: string;
  mode: Mode;
  phoneNumberId: string;
}

/** An export under way: the ZIP's bytes as they are made, and how to stop it. */
export interface ContactArchive {
  contactId: string;
  /** `contact-<id>.zip`. */
  filename: string;
  /** The ZIP. Ends when the last file is in; errors (and ends) on a read that failed. */
  stream: Readable;
  /** Stops the work (the reader went away): nothing more is read. Harmless once finished. */
  abort(): void;
  /** Resolves once the export ended, whole or stopped: what it held. */
  done: Promise<{ completed: boolean; files: number }>;
}

export interface ContactExportOptions {
  store: Store;
  clock: Clock;
  contacts: Pick<ContactService, 'get'>;
  storage: Pick<MediaStorage, 'openBlob'>;
  audit: Pick<AuditTrail, 'record'>;
}

export class ContactExport {
  readonly #o: ContactExportOptions;
  /** Exports running, per account. */
  readonly #running = new Map<string, number>();
  /** Exports ended since the process started: whole, or stopped before the end (the reader went away, a read failed). */
  readonly ended = { completed: 0, stopped: 0 };

  constructor(options: ContactExportOptions) {
    this.#o = options;
  }

  /** Exports running now in this process (all accounts). */
  get running(): number {
    let n = 0;
    for (const v of this.#running.values()) n += v;
    return n;
  }

  /**
   * Starts exporting a contact of `scope`: checks it is there, records `contact.exported` (the
   * work's actor: the key, the person, or the operator at the CLI), and returns the archive
   * streaming. Nothing is read past the contact until the stream is read.
   * @throws TidingsError contact_not_found (no such contact of this number and mode);
   *   rate_limited (EXPORTS_PER_ACCOUNT of the account run already; retry after a few seconds)
   */
  async start(scope: ExportScope, contactId: string): Promise<ContactArchive> {
    const contact = await this.#o.contacts.get(scope, contactId);
    const running = this.#running.get(scope.accountId) ?? 0;
    if (running >= EXPORTS_PER_ACCOUNT)
      throw new TidingsError(
        'rate_limited',
        `${EXPORTS_PER_ACCOUNT} exports of this account are running; retry once one has finished.`,
        { retryAfterSeconds: 5 },
      );
    const exportedAt = iso(this.#o.clock.now());
    await this.#o.store.write((tx) =>
      this.#o.audit.record(tx, {
        action: 'contact.exported',
        accountId: scope.accountId,
        mode: scope.mode,
        object: { type: 'contact', id: contact.id },
        after: { phoneNumberId: scope.phoneNumberId, exportedAt },
      }),
    );
    this.#running.set(scope.accountId, running + 1);
    const release = once(() => {
      const n = (this.#running.get(scope.accountId) ?? 1) - 1;
      if (n > 0) this.#running.set(scope.accountId, n);
      else this.#running.delete(scope.accountId);
    });

    const abort = new AbortController();
    const zip = new yazl.ZipFile();
    const output = zip.outputStream as unknown as Readable;
    const mtime = new Date(exportedAt);
    let current: Readable | null = null;
    let files = 0;
    let finish!: (result: { completed: boolean; files: number }) => void;
    const done = new Promise<{ completed: boolean; files: number }>((r) => (finish = r));
    const end = once((completed: boolean, err?: unknown) => {
      release();
      if (!completed) {
        abort.abort(err ?? new Error('export stopped'));
        current?.destroy();
        if (!output.destroyed) output.destroy(err instanceof Error ? err : undefined);
      }
      this.ended[completed ? 'completed' : 'stopped']++;
      finish({ completed, files });
    });
    output.once('end', () => end(true));
    output.once('close', () => end(output.readableEnded));
    zip.on('error', (err: unknown) => end(false, err));

    /** Hands yazl an entry's stream, failing the export (not the process) when it breaks. */
    const entry = (make: () => Promise<Readable>) => (cb: (err: unknown, stream: NodeJS.ReadableStream) => void) => {
      if (abort.signal.aborted) return;
      make().then(
        (stream) => {
          current = stream;
          stream.once('error', (err) => end(false, err));
          cb(null, stream);
        },
        (err: unknown) => end(false, err),
      );
    };

    let listed!: (files: ExportedFile[]) => void;
    const filesListed = new Promise<ExportedFile[]>((r) => (listed = r));
    const document = contactDocument(
      {
        db: this.#o.store.read,
        ...scope,
        contact,
        exportedAt,
        readable: (file) => this.#readable(file),
        signal: abort.signal,
      },
      { resolve: listed },
    );
    zip.addReadStreamLazy(
      'contact.json',
      { mtime, compress: true },
      entry(async () => Readable.from(document, { objectMode: false })),
    );
    void filesListed.then((list) => {
      for (const file of list) {
        if (file.path === null) continue;
        // Files are already compressed (images, audio, video, PDFs): stored as they are, which is fast.
        zip.addReadStreamLazy(
          file.path,
          { mtime, compress: false, size: file.sizeBytes },
          entry(async () => {
            files++;
            const blob = await this.#o.storage.openBlob(file.id, file.mimeType);
            return Readable.fromWeb(blob.stream() as never);
          }),
        );
      }
      zip.end();
    });
    return {
      contactId: contact.id,
      filename: `contact-${contact.id}.zip`,
      stream: output,
      abort: () => end(false),
      done,
    };
  }

  /**
   * The scope a contact lives in, found by its id alone (the CLI names a contact and an account,
   * not a key): its number and mode, when the number is the account's.
   * @throws TidingsError contact_not_found (no such contact, or one of another account's number)
   */
  async scopeOf(
    accountId: string,
    contactId: string,
    ownerOf: (phoneNumberId: string) => Promise<string | undefined>,
  ): Promise<ExportScope> {
    const home = await contactHome(this.#o.store.read, contactId);
    if (!home || (await ownerOf(home.phone_number_id)) !== accountId)
      throw new TidingsError('contact_not_found', `No contact ${contactId} in account ${accountId}.`, { param: 'id' });
    return { accountId, mode: home.mode, phoneNumberId: home.phone_number_id };
  }

  /** Whether a file's bytes are in storage (a file removed under its row is listed, not packed). */
  async #readable(file: MediaFile): Promise<boolean> {
    try {
      await this.#o.storage.openBlob(file.id, file.mimeType);
      return true;
    } catch {
      return false;
    }
  }
}

/** `fn`, run the first time only. */
function once<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  let ran = false;
  return (...args) => {
    if (ran) return;
    ran = true;
    fn(...args);
  };
}
