/**
 * The webhooks the simulator owes its receiver, kept until the receiver answers 200: status reports
 * scheduled for later and webhooks built and being delivered or retried. The platform delivers a
 * webhook at least once and keeps retrying one that is not answered 200 for up to 7 days
 * (docs/platform.md §4.8), so what is owed must outlive the process: every entry is recorded in the
 * state's journal before the call that caused it is answered (`OwedLog.now`), and its end
 * (`done`) lazily, since losing an end only sends the webhook once more, as Meta may.
 */
import { randomBytes } from 'node:crypto';
import type { SimMessage } from './model.js';

/** One status or inbound message, waiting to be delivered (one item of a `messages` webhook). */
export type WebhookItem =
  | { kind: 'status'; phoneNumberId: string; status: Record<string, unknown>; contact?: Record<string, unknown> }
  | {
      kind: 'message';
      phoneNumberId: string;
      contact: Record<string, unknown>;
      message: Record<string, unknown>;
      errors?: Record<string, unknown>[];
    };

/**
 * A status of a sent message that happens at `at` (ms since the epoch): reported then, and owed
 * until the webhook that carries it is answered 200.
 */
export interface OwedReport {
  id: string;
  kind: 'report';
  wamid: string;
  status: string;
  /** The Graph error code of a `failed` status. */
  errorCode?: number;
  at: number;
}
/** A webhook item built already (a customer's message), owed since `at`. */
export interface OwedItem {
  id: string;
  kind: 'item';
  item: WebhookItem;
  at: number;
}
/** A whole webhook payload (template and phone number events), owed since `at`. */
export interface OwedPayload {
  id: string;
  kind: 'payload';
  payload: unknown;
  at: number;
}
export type Owed = OwedReport | OwedItem | OwedPayload;
/** A delivery that has not been reported through a status: what the webhook sender resends. */
export type OwedDelivery = OwedItem | OwedPayload;

/** A change of what is owed, as the journal records it (one JSON line each). */
export type OwedOp = { op: 'owe'; message?: SimMessage; entries: Owed[] } | { op: 'done'; ids: string[] };

/** Where changes are recorded: `now` before the call returns (a send is answered after), `soon` with a later write. */
export interface OwedLog {
  now(op: OwedOp): void;
  soon(op: OwedOp): void;
}

/** How owed entries are persisted in the state file. */
export interface PersistedOwed {
  /** The messages owed reports are about (those not among the state file's recent messages). */
  messages: SimMessage[];
  entries: Owed[];
}

const ID_PREFIX = randomBytes(4).toString('hex');
let sequence = 0;
/** An id unique across restarts: a random prefix per process and a counter. */
export function newOwedId(): string {
  return `${ID_PREFIX}${(sequence++).toString(36)}`;
}

/** The owed entries, by id, and the messages their reports are about. */
export class Outbox {
  readonly #entries = new Map<string, Owed>();
  /** The messages owed reports are about, with how many reports each: eviction from the state's recent messages cannot lose them. */
  readonly #messages = new Map<string, { message: SimMessage; reports: number }>();

  /**
   * @param log where changes are recorded, or null for a simulator without a state file.
   * @param canonical the state's own copy of a message (a restored message joins the state's).
   */
  constructor(
    private readonly log: OwedLog | null,
    private readonly canonical: (message: SimMessage) => SimMessage,
  ) {}

  /** Entries owed from now on; recorded before this returns. Report entries are about `message`. */
  owe(message: SimMessage | null, entries: Owed[]): void {
    this.apply({ op: 'owe', ...(message ? { message } : {}), entries });
    this.log?.now({ op: 'owe', ...(message ? { message } : {}), entries });
  }

  /** The entries with these ids are no longer owed (delivered, or given up). */
  done(ids: string[]): void {
    const known = ids.filter((id) => this.#entries.has(id));
    if (known.length === 0) return;
    this.apply({ op: 'done', ids: known });
    this.log?.soon({ op: 'done', ids: known });
  }

  /** Applies a change, live or replayed from the journal (replaying one twice changes nothing). */
  apply(op: OwedOp): void {
    if (op.op === 'done') {
      for (const id of op.ids) this.#forget(id);
      return;
    }
    // An entry owed again (a replay over a state that has it) replaces itself.
    for (const entry of op.entries) this.#forget(entry.id);
    if (op.message) this.#hold(op.message);
    for (const entry of op.entries) {
      const held = entry.kind === 'report' ? this.#messages.get(entry.wamid) : null;
      if (entry.kind === 'report' && !held) continue; // no message to report on
      this.#entries.set(entry.id, entry);
      if (held) held.reports++;
    }
  }

  /** Restores what a state file holds. */
  restore(persisted: PersistedOwed, recent: (wamid: string) => SimMessage | undefined): void {
    const byWamid = new Map(persisted.messages.map((m) => [m.wamid, m]));
    for (const entry of persisted.entries) {
      const message =
        entry.kind === 'report'
          ? (this.#messages.get(entry.wamid)?.message ?? recent(entry.wamid) ?? byWamid.get(entry.wamid))
          : undefined;
      this.apply({ op: 'owe', ...(message ? { message } : {}), entries: [entry] });
    }
  }

  /** Whether `entry` (this very object) is still owed: a timer set for it may find it done or replaced. */
  holds(entry: Owed): boolean {
    return this.#entries.get(entry.id) === entry;
  }

  /** The message an owed report is about. */
  message(wamid: string): SimMessage | undefined {
    return this.#messages.get(wamid)?.message;
  }

  /** Every entry, earliest `at` first. */
  list(): Owed[] {
    return [...this.#entries.values()].sort((a, b) => a.at - b.at);
  }

  /** How many entries are owed. */
  get size(): number {
    return this.#entries.size;
  }

  /** What the state file keeps (messages among `recent` are left out: the file has them). */
  persisted(recent: Set<string>): PersistedOwed {
    const messages = [...this.#messages.values()].map((m) => m.message).filter((m) => !recent.has(m.wamid));
    return { messages, entries: [...this.#entries.values()] };
  }

  #hold(message: SimMessage): SimMessage {
    const held = this.#messages.get(message.wamid);
    if (held) return held.message;
    const own = this.canonical(message);
    this.#messages.set(own.wamid, { message: own, reports: 0 });
    return own;
  }

  #forget(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    if (entry.kind !== 'report') return;
    const held = this.#messages.get(entry.wamid);
    if (held && --held.reports <= 0) this.#messages.delete(entry.wamid);
  }
}
