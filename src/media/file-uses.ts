/**
 * What holds a stored file, told by the features that use files: a template's header (templates),
 * a message queued to send it and a customer's message that names it (messages). The media feature
 * asks before it deletes a file and tells after (media-deletion.ts), without knowing who uses files:
 * each feature registers its use when it is built, in the composition's order.
 */
import type { Tx } from '../db/store.js';
import type { MediaFile } from './media-file.js';

/** One feature's use of stored files. */
export interface FileUse {
  /** Why the file may not be deleted now (a sentence naming what holds it), or null. */
  inUse?(file: MediaFile): Promise<string | null>;
  /** Marks what names the file as gone, in the deleting unit of work. */
  onDeleted?(tx: Tx, file: MediaFile): Promise<void>;
}

export class FileUses {
  readonly #uses: FileUse[] = [];

  /** Adds a feature's use; uses are asked in the order they were registered. */
  register(use: FileUse): void {
    this.#uses.push(use);
  }

  /** The first use that holds the file (in registration order), or null when none does. */
  async inUse(file: MediaFile): Promise<string | null> {
    for (const use of this.#uses) {
      const why = (await use.inUse?.(file)) ?? null;
      if (why) return why;
    }
    return null;
  }

  /** Tells every use that the file is gone, in `tx`. */
  async onDeleted(tx: Tx, file: MediaFile): Promise<void> {
    for (const use of this.#uses) await use.onDeleted?.(tx, file);
  }
}
