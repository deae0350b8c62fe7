/**
 * Reading the simulator's files: the state file (a JSON snapshot) and its journal
 * (`<state file>.wal.<n>`, JSON lines appended between snapshots; state-writer.ts writes both). A
 * snapshot records the first segment it does not cover (`journalFrom`); loading replays the
 * segments from there on, and a replayed change does no harm when applied again, so a kill at any
 * point loses nothing the journal holds. A damaged file is never replaced: the start is refused
 * with a `StateFileError` naming it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { OwedOp, PersistedOwed } from './outbox.js';
import type { SimulatorConfig } from './config.js';
import type { SimMedia, SimMessage, SimNumber, SimRead, SimTemplate, SimToken, SimUpload, SimUser } from './model.js';

/** The state file's JSON. */
export interface Persisted {
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
  /** Webhooks owed (absent in files from before they were kept). */
  owed?: PersistedOwed;
  /** The first journal segment this snapshot does not cover. */
  journalFrom?: number;
}

/** The state file (or a journal segment) cannot be used: the message names it and says what to do, on one line. */
export class StateFileError extends Error {
  /**
   * @param file the damaged file.
   * @param why what is wrong with it (`it is not valid JSON: …`).
   * @param journal whether `file` is a journal segment rather than the state file.
   */
  constructor(
    readonly file: string,
    why: string,
    journal = false,
  ) {
    super(
      journal
        ? `the simulator's journal ${file} is damaged (${why}). Restore it from a backup, or delete it, losing the pending webhooks it records.`
        : `the simulator's state file ${file} is damaged (${why}). Restore it from a backup, or delete it (and its .wal.* files) to start with an empty simulator, losing its numbers, templates, media and pending webhooks.`,
    );
    this.name = 'StateFileError';
  }
}

/** What is on disk for a state file. */
export interface Stored {
  /** The snapshot, or null when there is no state file (a fresh start). */
  data: Persisted | null;
  /** Journal changes made after the snapshot, in order. */
  ops: OwedOp[];
  /** The journal segments present (numbers), covered or not. */
  segments: number[];
  /** Things worth a log line (a torn last journal line, dropped). */
  notes: string[];
}

/** Lists kept in the file, with the string key each element must have. */
const LISTS: Record<string, string | null> = {
  numbers: 'phoneNumberId',
  messages: 'wamid',
  templates: 'id',
  media: 'id',
  users: 'userId',
  reads: 'wamid',
  handles: null,
};
const RECORDS = ['windows', 'reservedNames', 'tokens', 'inbound', 'uploads'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads the state file at `file` and the journal beside it.
 * @throws StateFileError when the file or a journal segment cannot be read or is not what the simulator writes.
 */
export function readStateFile(file: string): Stored {
  const data = readSnapshot(file);
  const segments = journalSegments(file);
  const from = data?.journalFrom ?? 0;
  const ops: OwedOp[] = [];
  const notes: string[] = [];
  for (const n of segments.filter((s) => s >= from)) {
    const segment = segmentPath(file, n);
    const text = readOrRefuse(segment, true);
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (line === '') return;
      let op: unknown;
      try {
        op = JSON.parse(line);
      } catch {
        // A kill or a power cut in the middle of the last append leaves a torn line with no newline.
        if (i === lines.length - 1) return void notes.push(`${segment}: a torn last line was dropped`);
        throw new StateFileError(segment, `line ${i + 1} is not valid JSON`, true);
      }
      if (
        !isObject(op) ||
        !((op.op === 'owe' && Array.isArray(op.entries)) || (op.op === 'done' && Array.isArray(op.ids)))
      )
        throw new StateFileError(segment, `line ${i + 1} is not a journal entry`, true);
      ops.push(op as OwedOp);
    });
  }
  return { data, ops, segments, notes };
}

function readSnapshot(file: string): Persisted | null {
  if (!fs.existsSync(file)) return null;
  const text = readOrRefuse(file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new StateFileError(
      file,
      text.trim() === '' ? 'it is empty' : `it is not valid JSON: ${(err as Error).message}`,
    );
  }
  const wrong = shapeProblem(data);
  if (wrong) throw new StateFileError(file, wrong);
  return data as Persisted;
}

/** Why `data` is not a state file the simulator wrote, or null. Checks the top level and each list's elements. */
function shapeProblem(data: unknown): string | null {
  if (!isObject(data)) return 'it is not a JSON object';
  if (!isObject(data.config)) return 'it has no "config" object';
  for (const [key, id] of Object.entries(LISTS)) {
    const list = data[key];
    if (list === undefined) continue;
    if (
      !Array.isArray(list) ||
      !list.every((e) => (id === null ? typeof e === 'string' : isObject(e) && typeof e[id] === 'string'))
    )
      return `"${key}" is not a list of ${id === null ? 'strings' : `objects with "${id}"`}`;
  }
  for (const key of RECORDS) if (data[key] !== undefined && !isObject(data[key])) return `"${key}" is not an object`;
  const owed = data.owed;
  if (owed !== undefined) {
    if (!isObject(owed) || !Array.isArray(owed.messages) || !Array.isArray(owed.entries))
      return '"owed" is not {messages, entries}';
    if (
      !owed.entries.every(
        (e) =>
          isObject(e) &&
          typeof e.id === 'string' &&
          typeof e.at === 'number' &&
          ['report', 'item', 'payload'].includes(e.kind as string),
      )
    )
      return '"owed.entries" holds something that is not an owed webhook';
    if (!owed.messages.every((m) => isObject(m) && typeof m.wamid === 'string'))
      return '"owed.messages" holds something that is not a message';
  }
  if (data.journalFrom !== undefined && !Number.isInteger(data.journalFrom))
    return '"journalFrom" is not a whole number';
  return null;
}

function readOrRefuse(file: string, journal = false): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new StateFileError(file, `it cannot be read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`, journal);
  }
}

/** The path of journal segment `n` of `file`. */
export function segmentPath(file: string, n: number): string {
  return `${file}.wal.${n}`;
}

function journalSegments(file: string): number[] {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.wal.`;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => Number(name.slice(prefix.length)))
    .sort((a, b) => a - b);
}
