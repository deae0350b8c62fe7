/**
 * What the simulator holds, and its state file. Writes are debounced and atomic (write then rename),
 * so a restart of the simulator forgets nothing of consequence: numbers, tokens, users, customer
 * service windows, recent messages, templates, media (bytes in a directory beside the file), upload
 * sessions and the config.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CONFIG, type SimulatorConfig } from './config.js';
import { simulatedDisplayNumber } from '../lib/simulated-identity.js';
import { bsuidFor } from './users.js';

export { DEFAULT_CONFIG, type SimulatorConfig } from './config.js';

export type { SimNumber, SimUser, SimMessage, SimTemplate, SimMedia, SimUpload, SimRead, SimToken } from './model.js';
import type { SimNumber, SimUser, SimMessage, SimTemplate, SimMedia, SimUpload, SimRead, SimToken } from './model.js';

interface Persisted {
  config: SimulatorConfig;
  numbers: SimNumber[];
  windows: Record<string, number>;
  messages: SimMessage[];
  templates?: SimTemplate[];
  media?: SimMedia[];
  reservedNames?: Record<string, number>;
  tokens?: Record<string, SimToken>;
  users?: SimUser[];
  inbound?: Record<string, { phoneNumberId: string; userId: string; at: number }>;
  reads?: SimRead[];
  uploads?: Record<string, SimUpload>;
  handles?: string[];
}

/** A token registered through the control API: the WABAs it may act for, and when it expires. */
/** Messages (and inbound messages) kept for `GET /_simulator/state`, reports and mark-as-read. */
const MAX_MESSAGES = 10_000;
/** Messages written to the state file (the most recent ones). */
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
  readonly #bytes = new Map<string, Buffer>();
  #timer: NodeJS.Timeout | null = null;

  constructor(readonly file: string | null) {
    this.mediaDir = file ? `${file}.media` : null;
    if (file && fs.existsSync(file)) this.#load(JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Persisted>);
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
    for (const m of data.messages ?? []) this.messages.set(m.wamid, { ...m, userId: m.userId ?? this.userIdForPhone(m.to ?? ''), recipient: m.recipient ?? null });
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
      return this.users.get(id) ?? { userId: id, parentUserId: null, phone: by.phone, username: null, name: 'Simulated Customer' };
    }
    if (by.userId) return this.users.get(by.userId) ?? [...this.users.values()].find((u) => u.parentUserId === by.userId) ?? null;
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

  /** Schedules a write of the state file (at most one per 500 ms). */
  changed(): void {
    if (!this.file || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.flush();
    }, 500);
    this.#timer.unref();
  }

  flush(): void {
    if (!this.file) return;
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    const snapshot = this.snapshot();
    const data: Persisted = {
      ...snapshot,
      // The last messages only: writing ten thousand every half second would stall the process
      // under load; status reports and replies concern recent messages.
      messages: snapshot.messages.slice(-PERSISTED_MESSAGES),
      reservedNames: Object.fromEntries(this.reservedNames),
      tokens: Object.fromEntries(this.tokens),
      inbound: Object.fromEntries(this.inbound),
      uploads: Object.fromEntries(this.uploads),
      handles: [...this.handles],
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
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
