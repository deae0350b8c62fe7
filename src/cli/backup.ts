/**
 * `tidings backup FILE` and `tidings restore FILE` for a SQLite deployment (PostgreSQL is backed up
 * with pg_dump; see README "Backups").
 *
 * A backup is three things side by side:
 * - `FILE`: the database, copied with SQLite's online backup API (better-sqlite3 `db.backup()`) while
 *   the service keeps writing. Each backup step reads a consistent snapshot (WAL readers do not block
 *   the writer); a write by the service between steps restarts the copy, so after the first step
 *   the rest is copied in one. The copy is then switched out of WAL mode: one self-contained file,
 *   readable by `sqlite3 FILE`.
 * - `FILE.media/`: the stored files, copied after the database, so every file the copied database
 *   names is there (a file is written before the row that names it).
 * - `FILE.secrets.json`, when the data directory has one: the generated encryption key of the
 *   platform credentials in the database (and the embedded simulator's secrets). Without it, or
 *   ENCRYPTION_KEY when that is set, the credentials in the backup cannot be read.
 * Files are created readable by their owner only (0600, directories 0700).
 *
 * A restore puts the three back into the configured data directory. It refuses while any process
 * has the database open (a running service), and moves what it replaces aside
 * (`….before-restore-<time>`) rather than deleting it.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';

/** A refusal of the backup or restore commands, with a code for `--json`. */
export class AdminRefusal extends Error {
  override name = 'AdminRefusal';
  constructor(
    readonly code:
      | 'postgres_not_supported'
      | 'database_missing'
      | 'backup_exists'
      | 'backup_invalid'
      | 'database_in_use'
      | 'account_not_found'
      | 'output_exists'
      | 'phone_number_not_found',
    message: string,
  ) {
    super(message);
  }
}

export interface BackupReport {
  /** The database copy (absolute path), its size in bytes, and the messages it holds. */
  database: { file: string; bytes: number; messages: number };
  media: { dir: string; files: number; bytes: number };
  /** The copy of `DATA_DIR/secrets.json`, or null when there is none. */
  secrets: string | null;
  /** ENCRYPTION_KEY is set in the environment: it is not in the backup and must be kept with it. */
  encryptionKeyFromEnvironment: boolean;
}

export interface RestoreReport {
  database: { file: string; messages: number };
  media: { dir: string; files: number };
  secrets: string | null;
  /** What was there before, moved aside (delete it once the restored service is checked). */
  movedAside: string[];
}

const sidecars = (file: string) => ({ media: `${file}.media`, secrets: `${file}.secrets.json` });

function sqliteFile(config: Config, action: 'backup' | 'restore'): string {
  if (config.database.dialect === 'postgres') {
    const how =
      action === 'backup'
        ? 'pg_dump --format=custom --file=tidings.dump "$DATABASE_URL"'
        : 'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" tidings.dump';
    throw new AdminRefusal(
      'postgres_not_supported',
      `tidings ${action} works on SQLite; this service uses PostgreSQL. Use PostgreSQL's own tools (${how}), and keep ENCRYPTION_KEY and the media directory with the dump (README, "Backups").`,
    );
  }
  return config.database.file;
}

/**
 * Copies the running service's SQLite database, media directory and generated secrets to `file`,
 * `file.media/` and `file.secrets.json`.
 * @throws AdminRefusal on PostgreSQL, when there is no database, or when `file` (or its media
 *   directory) already exists; an Error when the copy fails (nothing is left under `file`).
 */
export async function backupSqlite(config: Config, file: string): Promise<BackupReport> {
  const source = sqliteFile(config, 'backup');
  const target = path.resolve(file);
  const { media, secrets } = sidecars(target);
  if (!fs.existsSync(source))
    throw new AdminRefusal('database_missing', `No database at ${source} (check DATA_DIR or DATABASE_URL).`);
  for (const existing of [target, media, secrets]) {
    if (fs.existsSync(existing))
      throw new AdminRefusal(
        'backup_exists',
        `${existing} already exists; a backup never overwrites. Choose another name.`,
      );
  }
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });

  const partial = freshPartial(target);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // After the first (default) step, copy everything left in one step: steps interleaved with
    // the service's writes would restart without end under a steady write load.
    await db.backup(partial, { progress: () => 1 << 30 });
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    db.close();
  }
  fs.chmodSync(partial, 0o600);
  const messages = checkCopy(partial, true);
  fs.renameSync(partial, target);

  const copied = copyMediaFiles(path.join(config.dataDir, 'media'), media);
  const secretsFile = path.join(config.dataDir, 'secrets.json');
  let secretsCopy: string | null = null;
  if (fs.existsSync(secretsFile)) {
    fs.copyFileSync(secretsFile, secrets, fs.constants.COPYFILE_EXCL);
    fs.chmodSync(secrets, 0o600);
    secretsCopy = secrets;
  }
  return {
    database: { file: target, bytes: fs.statSync(target).size, messages },
    media: { dir: media, ...copied },
    secrets: secretsCopy,
    encryptionKeyFromEnvironment: config.encryptionKey !== null,
  };
}

/**
 * Restores a backup made by {@link backupSqlite} into the configured database and data directory.
 * @throws AdminRefusal on PostgreSQL, when `file` is not a Tidings backup (or its media directory is
 *   missing), or when the database is open in another process (stop the service first).
 */
export async function restoreSqlite(config: Config, file: string): Promise<RestoreReport> {
  const target = sqliteFile(config, 'restore');
  const backup = path.resolve(file);
  const { media, secrets } = sidecars(backup);
  if (!fs.existsSync(backup)) throw new AdminRefusal('backup_invalid', `No backup at ${backup}.`);
  try {
    checkCopy(backup, false);
  } catch (err) {
    throw new AdminRefusal('backup_invalid', `${backup} is not a Tidings backup: ${(err as Error).message}`);
  }
  if (!fs.existsSync(media))
    throw new AdminRefusal(
      'backup_invalid',
      `${media} is missing: a restore needs the media directory taken with the database.`,
    );

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const movedAside: string[] = [];
  const moveAside = (p: string) => {
    const aside = `${p}.before-restore-${stamp}`;
    fs.renameSync(p, aside);
    movedAside.push(aside);
  };
  if (fs.existsSync(target)) {
    assertNotInUse(target);
    moveAside(target);
    for (const suffix of ['-wal', '-shm']) if (fs.existsSync(target + suffix)) moveAside(target + suffix);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const mediaDir = path.join(config.dataDir, 'media');
  if (fs.existsSync(mediaDir)) moveAside(mediaDir);
  const copied = copyMediaFiles(media, mediaDir);

  let secretsRestored: string | null = null;
  if (fs.existsSync(secrets)) {
    const current = path.join(config.dataDir, 'secrets.json');
    const same = fs.existsSync(current) && fs.readFileSync(current).equals(fs.readFileSync(secrets));
    if (!same) {
      if (fs.existsSync(current)) moveAside(current);
      fs.copyFileSync(secrets, current);
      fs.chmodSync(current, 0o600);
    }
    secretsRestored = current;
  }

  const partial = freshPartial(target);
  fs.copyFileSync(backup, partial);
  fs.renameSync(partial, target);
  return {
    database: { file: target, messages: checkCopy(target, false) },
    media: { dir: mediaDir, files: copied.files },
    secrets: secretsRestored,
    movedAside,
  };
}

/**
 * Checks a copy is a sound Tidings database and returns how many messages it holds. `detach`:
 * switch it out of WAL mode first (a backup is one self-contained file).
 * @throws Error when it is not a SQLite database, fails SQLite's quick check, or has no Tidings tables.
 */
function checkCopy(file: string, detach: boolean): number {
  const db = new SQLite(file, { fileMustExist: true, readonly: !detach });
  try {
    if (detach) db.pragma('journal_mode = DELETE');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`SQLite's quick check says: ${String(check)}`);
    const tables = new Set(
      (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (t) => t.name,
      ),
    );
    if (!tables.has('kysely_migration') || !tables.has('messages')) throw new Error('it has no Tidings tables');
    return (db.prepare('select count(*) as n from messages').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * Refuses when another connection has the database open: leaving WAL mode needs the only
 * connection, so it fails at once (SQLITE_BUSY) while a service (or a backup) has it open.
 */
function assertNotInUse(file: string): void {
  let mode: unknown;
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    mode = db.pragma('journal_mode = DELETE', { simple: true });
  } catch (err) {
    if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
  } finally {
    db.close();
  }
  if (mode !== 'delete')
    throw new AdminRefusal(
      'database_in_use',
      `${file} is open in another process (is Tidings running on it?). Stop the service, then restore.`,
    );
}

/**
 * `<target>.partial`, made empty and readable by this user only before anything is copied into it,
 * so the copy is never readable by others, not even while it is written. A leftover plain file (a
 * crashed run) is replaced; anything else there (a symbolic link placed to redirect the copy) is
 * refused, never followed.
 * @throws AdminRefusal backup_exists
 */
function freshPartial(target: string): string {
  const partial = `${target}.partial`;
  const existing = fs.lstatSync(partial, { throwIfNoEntry: false });
  if (existing && !existing.isFile())
    throw new AdminRefusal(
      'backup_exists',
      `${partial} exists and is not a plain file (a symbolic link?); remove it, then try again.`,
    );
  if (existing) fs.rmSync(partial);
  fs.closeSync(fs.openSync(partial, 'wx', 0o600));
  return partial;
}

/** Copies the files of a media directory (not its `tmp/` uploads in progress) into a new directory. */
function copyMediaFiles(from: string, to: string): { files: number; bytes: number } {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  fs.mkdirSync(path.join(to, 'tmp'), { recursive: true, mode: 0o700 });
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(from)) return { files, bytes };
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const dest = path.join(to, entry.name);
    fs.copyFileSync(path.join(from, entry.name), dest, fs.constants.COPYFILE_EXCL);
    fs.chmodSync(dest, 0o600);
    files++;
    bytes += fs.statSync(dest).size;
  }
  return { files, bytes };
}
