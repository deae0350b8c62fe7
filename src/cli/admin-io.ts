/**
 * What the admin commands share (account-commands.ts, key-commands.ts, backup-commands.ts,
 * main.ts): the CLI's input and output, opening the service's own services for one command, and
 * printing JSON and tables.
 */
import { InvalidArgumentError } from 'commander';
import pino from 'pino';
import { loadConfig, type DatabaseConfig } from '../config.js';
import { buildDeps, type Deps } from '../deps.js';

/** Where the commands write, and what they know of the command line and the terminal. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Set when the command line asks for --json. */
  json?: boolean;
  /** Whether stderr is a terminal (send-batch draws a progress bar there). */
  errIsTTY?: boolean;
  /** Whether stdout is a terminal (templates plan and apply colour their output there). */
  outIsTTY?: boolean;
  /** The command line as given. */
  argv?: string[];
  /** Where the commands that talk to a service read TIDINGS_URL and TIDINGS_API_KEY (default: the process's environment). */
  env?: Record<string, string | undefined>;
  /** Set by a command that ends without failing but not with 0 (send-batch: 2, some rows refused). */
  exitCode?: number;
}

/** commander's parser of a whole-number option. @throws InvalidArgumentError otherwise */
export const wholeNumber = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number.');
  return Number(value);
};

/** Where the CLI's data lives, for its first line: a PostgreSQL URL without its password. */
function describeDatabase(database: DatabaseConfig): string {
  if (database.dialect === 'sqlite') return `SQLite at ${database.file}`;
  const url = new URL(database.url);
  url.password = '';
  return `PostgreSQL at ${url.toString()}`;
}

/**
 * Runs `fn` with the service's own services (the composition root, in its `admin` role: no job
 * workers, no sweeping of the service's temporary files), then closes them.
 */
export async function withDeps<T>(io: CliIo, fn: (deps: Deps) => Promise<T>): Promise<T> {
  const config = loadConfig();
  // For people (on stderr; a command's JSON is on stdout); scripts that ask for --json get JSON only.
  if (!io.json) io.err(`Database: ${describeDatabase(config.database)}\n`);
  const deps = await buildDeps(config, { role: 'admin', logger: pino({ level: 'silent' }) });
  try {
    return await fn(deps);
  } finally {
    await deps.close();
  }
}

/** Rows as a plain-text table: a header line, then a line per row, columns padded. */
export function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((r) => columns.map((c) => String(r[c] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}

/** Prints `value` as indented JSON on stdout. */
export function printJson(io: CliIo, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`);
}
