/**
 * What the simulator holds, and its state file (read by state-file.ts, written by state-writer.ts).
 * A restart forgets nothing of consequence: numbers, tokens, users, customer service windows, recent
 * messages, templates, media (bytes in a directory beside the file), upload sessions, the config,
 * and the webhooks it owes (outbox.ts). The file is rewritten at most every 500 ms, off the event
 * loop (temporary file, fsync, rename), and at once for a caller waiting on `durable()`; owed
 * webhooks are journaled before the call that caused them is answered, so a killed process loses
 * none of them (docs/simulator.md "State file").
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CONFIG, type SimulatorConfig } from './config.js';
import { simulatedDisplayNumber } from '../lib/simulated-identity.js';
import { Outbox } from './outbox.js';
import { readStateFile, type Persisted } from './state-file.js';
import { StateWriter } from './state-writer.js';
import { bsuidFor, parentBsuidFor } from './users.js';

export { DEFAULT_CONFIG, type SimulatorConfig } from './config.js';
export { StateFileError } from './state-file.js';

export type { SimNumber, SimUser, SimMessage, SimTemplate, SimMedia, SimUpload, SimRead, SimToken } from './model.js';
import type { SimNumber, SimUser, SimMessage, SimTemplate, SimMedia, SimUpload, SimRead, SimToken } from './model.js';

/** Messages (and inbound messages) kept for `GET /_simulator/state`, reports and mark-as-read. */
const MAX_MESSAGES = 10_000;
/** Messages written to the state file (the most recent ones; those with owed reports besides). */
const PERSISTED_MESSAGES = 1000;

export class SimulatorState {
  config: SimulatorConfig = structuredClone(DEFAULT_CONFIG);
  readonly numbers = new Map<string, SimNumber>();
  /** `${phoneNumberId}:${userId}` → ms of the customer's last message (window per user, docs/platform.md §5). */
  readonly windows = new Map<string, number>();
  readonly messages = new Map<string, SimMessage>();
  readonly templates = new Map<string, SimTemplate>();
  readonly media = new Map<string, SimMedia>();
  readonly tokens = new Map<string, SimToken>();
  /** By BSUID; `phoneIndex` maps digits → BSUID for users given explicitly. */
  readonly users = new Map<string, SimUser>();
  readonly phoneIndex = new Map<string, string>();
  /** Customer messages by wamid (what mark-as-read and reactions may point at). */
  readonly inbound = new Map<string, { phoneNumberId: string; userId: string; at: number }>();
  readonly reads: SimRead[] = [];
  /** Resumable upload sessions and the handles they produced (docs/platform.md §2.6). */
  readonly uploads = new Map<string, SimUpload>();
  readonly handles = new Set<string>();
  /** `${wabaId}:${name}` → ms until which a deleted name stays reserved. */
  readonly reservedNames = new Map<string, number>();
  /**
   * Since the simulator started (not persisted): sends taken, and sends refused by Graph error
   * code, so a test or benchmark can say "the platform never answered 130429".
   */
  readonly sendStats = { taken: 0, refused: new Map<number, number>() };
  /** Where media bytes are kept (`<state file>.media/`), or null to keep them in memory only. */
  readonly mediaDir: string | null;
  /** The webhooks owed: scheduled status reports, and deliveries until they are answered 200. */
  readonly outbox: Outbox;
  /** What loading found worth a log line (a torn last journal line, dropped). */
  readonly notes: string[] = [];
  readonly #bytes = new Map<string, Buffer>();
  readonly #writer: StateWriter | null;

  /**
   * @param file the state file (created on the first change), or null to keep everything in memory.
   * @param options.onSaveError told when a background write of the state file fails (it is retried with the next change).
   * @throws StateFileError when the file or its journal is damaged: the file is left as it is.
   */
  constructor(
    readonly file: string | null,
    options: { onSaveError?: (err: unknown) => void } = {},
  ) {
    this.mediaDir = file ? `${file}.media` : null;
    const stored = file ? readStateFile(file) : null;
    // Without a handler a failed write is an unhandled rejection, as a failed synchronous write was.
    const onError =
      options.onSaveError ??
      ((err: unknown) => {
        throw err;
      });
    this.#writer =
      file && stored ? new StateWriter(file, stored, (journalFrom) => this.#persisted(journalFrom), onError) : null;
    this.outbox = new Outbox(this.#writer, (m) => this.#adopt(m));
    if (!stored) return;
    if (stored.data) this.#load(stored.data);
    if (stored.data?.owed) this.outbox.restore(stored.data.owed, (wamid) => this.messages.get(wamid));
    for (const op of stored.ops) this.outbox.apply(op);
    this.notes.push(...stored.notes);
  }

  /** The state's copy of a message an owed report is about (a message restored from the journal joins the state). */
  #adopt(message: SimMessage): SimMessage {
    const known = this.messages.get(message.wamid);
    if (known) return known;
    this.addMessage(message);
    return message;
  }

  #load(data: Partial<Persisted>): void {
    this.config = { ...structuredClone(DEFAULT_CONFIG), ...data.config };
    for (const n of data.numbers ?? []) this.numbers.set(n.phoneNumberId, n);
    for (const u of data.users ?? []) this.addUser(u);
    // Files from before BSUIDs keyed windows by phone digits: move them to the user's BSUID.
    for (const [k, v] of Object.entries(data.windows ?? {})) {
      const [pnid, user] = k.split(':') as [string, string];
      this.windows.set(/^\d+$/.test(user) ? `${pnid}:${this.userIdForPhone(user)}` : k, v);
    }
    for (const m of data.messages ?? [])
      this.messages.set(m.wamid, {
        ...m,
        userId: m.userId ?? this.userIdForPhone(m.to ?? ''),
        recipient: m.recipient ?? null,
      });
    for (const t of data.templates ?? []) this.templates.set(t.id, t);
    for (const m of data.media ?? []) this.media.set(m.id, m);
    for (const [k, v] of Object.entries(data.reservedNames ?? {})) this.reservedNames.set(k, v);
    for (const [k, v] of Object.entries(data.tokens ?? {})) this.tokens.set(k, v);
    for (const [k, v] of Object.entries(data.inbound ?? {})) this.inbound.set(k, v);
    this.reads.push(...(data.reads ?? []));
    for (const [k, v] of Object.entries(data.uploads ?? {})) this.uploads.set(k, v);
    for (const h of data.handles ?? []) this.handles.add(h);
  }

  /** The number with this id, created on first use (docs/api.md §D12) under `wabaId` when given. */
  number(phoneNumberId: string, wabaId?: string): SimNumber {
    let n = this.numbers.get(phoneNumberId);
    if (!n) {
      n = {
        phoneNumberId,
        wabaId: wabaId ?? `1${phoneNumberId.slice(-14).padStart(14, '0')}`,
        displayPhoneNumber: simulatedDisplayNumber(phoneNumberId),
        ...(wabaId ? {} : { provisional: true }),
      };
      this.numbers.set(phoneNumberId, n);
      this.changed();
    }
    return n;
  }

  addUser(user: SimUser): void {
    this.users.set(user.userId, user);
    if (user.phone) this.phoneIndex.set(user.phone, user.userId);
    this.changed();
  }

  /** The BSUID of the user with this phone number (given through the control API, else derived). */
  userIdForPhone(phone: string): string {
    return this.phoneIndex.get(phone) ?? bsuidFor(phone);
  }

  /** The user behind a phone number or a (parent) BSUID; a phone user is made up on first use. */
  user(by: { phone?: string | null; userId?: string | null }): SimUser | null {
    if (by.phone) {
      const id = this.userIdForPhone(by.phone);
      return (
        this.users.get(id) ?? {
          userId: id,
          parentUserId: null,
          phone: by.phone,
          username: null,
          name: 'Simulated Customer',
        }
      );
    }
    if (by.userId)
      return (
        this.users.get(by.userId) ??
        // A parent BSUID: given to the user, or derived from their BSUID when the config derives them.
        [...this.users.values()].find(
          (u) => (u.parentUserId ?? (this.config.parentUserIds ? parentBsuidFor(u.userId) : null)) === by.userId,
        ) ??
        null
      );
    return null;
  }

  addMessage(message: SimMessage): void {
    this.messages.set(message.wamid, message);
    if (this.messages.size > MAX_MESSAGES) this.messages.delete(this.messages.keys().next().value!);
    this.changed();
  }

  addInbound(wamid: string, entry: { phoneNumberId: string; userId: string; at: number }): void {
    this.inbound.set(wamid, entry);
    if (this.inbound.size > MAX_MESSAGES) this.inbound.delete(this.inbound.keys().next().value!);
    this.changed();
  }

  addRead(read: SimRead): void {
    this.reads.push(read);
    if (this.reads.length > MAX_MESSAGES) this.reads.shift();
    this.changed();
  }

  /** Keeps a media file's bytes (on disk beside the state file when there is one). */
  putBytes(mediaId: string, bytes: Buffer): void {
    if (this.mediaDir) {
      fs.mkdirSync(this.mediaDir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(this.mediaDir, mediaId), bytes, { mode: 0o600 });
    } else this.#bytes.set(mediaId, bytes);
  }

  bytes(mediaId: string): Buffer | null {
    if (!this.mediaDir) return this.#bytes.get(mediaId) ?? null;
    const file = path.join(this.mediaDir, mediaId);
    return fs.existsSync(file) ? fs.readFileSync(file) : null;
  }

  deleteMedia(mediaId: string): void {
    this.media.delete(mediaId);
    this.#bytes.delete(mediaId);
    if (this.mediaDir) fs.rmSync(path.join(this.mediaDir, mediaId), { force: true });
    this.changed();
  }

  /** Schedules a write of the state file (at most one per 500 ms, less often when the state is large: state-writer.ts). */
  changed(): void {
    this.#writer?.changed();
  }

  /** Writes the state file now, synchronously (on close, and in tests). */
  flush(): void {
    this.#writer?.flush();
  }

  /** Resolves once every change so far is in the state file on disk (at once without a file). */
  durable(): Promise<void> {
    return this.#writer?.durable() ?? Promise.resolve();
  }

  /** What the state file holds; `journalFrom` is the first journal segment it does not cover. */
  #persisted(journalFrom: number): Persisted {
    const snapshot = this.snapshot();
    // The last messages only: writing ten thousand every half second would stall the process
    // under load; status reports and replies concern recent messages (owed reports keep theirs).
    const messages = snapshot.messages.slice(-PERSISTED_MESSAGES);
    return {
      ...snapshot,
      messages,
      reservedNames: Object.fromEntries(this.reservedNames),
      tokens: Object.fromEntries(this.tokens),
      inbound: Object.fromEntries(this.inbound),
      uploads: Object.fromEntries(this.uploads),
      handles: [...this.handles],
      owed: this.outbox.persisted(new Set(messages.map((m) => m.wamid))),
      journalFrom,
    };
  }

  /** What `GET /_simulator/state` shows (tokens are left out: they are credentials). */
  snapshot() {
    return {
      config: this.config,
      numbers: [...this.numbers.values()],
      users: [...this.users.values()],
      windows: Object.fromEntries(this.windows),
      messages: [...this.messages.values()],
      reads: this.reads,
      templates: [...this.templates.values()],
      media: [...this.media.values()],
    };
  }
}
