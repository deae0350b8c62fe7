/**
 * Secrets the service generates when they are not configured (docs/api.md §D2): the encryption key for
 * platform credentials, and, for the embedded simulator, the app secret and verify token it shares
 * with the service. Kept in `DATA_DIR/secrets.json` (mode 0600) so a restart keeps them; a new key
 * is written only once the database is known to hold no credentials encrypted with another one.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { ConfigError } from './lib/env-values.js';

export interface Secrets {
  encryptionKey: Buffer;
  appSecret: string;
  verifyToken: string;
}

interface StoredSecrets {
  encryptionKey?: string;
  appSecret?: string;
  verifyToken?: string;
}

/** The secrets as `DATA_DIR/secrets.json` and the settings give them, before anything is written. */
export interface PendingSecrets {
  secrets: Secrets;
  /** `DATA_DIR/secrets.json`. */
  file: string;
  /** Where the encryption key comes from: `ENCRYPTION_KEY`, the file, or made just now (neither has one). */
  keySource: 'setting' | 'file' | 'generated';
  /** Writes what was generated to the file (mode 0600, by rename); nothing when nothing was. */
  save(): void;
}

/**
 * Reads `DATA_DIR/secrets.json` and generates what neither it nor the settings hold, without writing:
 * the caller checks the key against the database first (a missing file beside a database whose
 * credentials another key encrypted must not be replaced by a new one), then calls `save()`.
 * @throws ConfigError when the file is not JSON.
 */
export function readSecrets(config: Config): PendingSecrets {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: StoredSecrets = {};
  if (fs.existsSync(file)) {
    try {
      stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
    } catch {
      throw new ConfigError(
        `${file} is not valid JSON. Put back a good copy (a backup has it beside the database, as FILE.secrets.json), or set ENCRYPTION_KEY.`,
      );
    }
  }
  const keySource = config.encryptionKey ? 'setting' : stored.encryptionKey ? 'file' : 'generated';
  const before = JSON.stringify(stored);
  if (!config.encryptionKey && !stored.encryptionKey) stored.encryptionKey = randomBytes(32).toString('base64');
  if (!config.appSecret && !stored.appSecret) stored.appSecret = randomBytes(24).toString('hex');
  if (!config.verifyToken && !stored.verifyToken) stored.verifyToken = randomBytes(16).toString('hex');
  return {
    file,
    keySource,
    secrets: {
      encryptionKey: config.encryptionKey ?? Buffer.from(stored.encryptionKey!, 'base64'),
      appSecret: config.appSecret ?? stored.appSecret!,
      verifyToken: config.verifyToken ?? stored.verifyToken!,
    },
    save() {
      if (JSON.stringify(stored) === before) return;
      fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(stored, null, 2), { mode: 0o600 });
      fs.renameSync(tmp, file);
    },
  };
}

/** `readSecrets` and `save()` at once, for callers with no database to check against (tests, tools). */
export function loadSecrets(config: Config): Secrets {
  const pending = readSecrets(config);
  pending.save();
  return pending.secrets;
}

/**
 * What to tell an operator whose encryption key does not decrypt the platform credentials stored in
 * the database, by where the key came from. Nothing has been written when this is said.
 */
export function keyMismatchMessage(pending: Pick<PendingSecrets, 'file' | 'keySource'>): string {
  const restore = 'a backup has it beside the database, as FILE.secrets.json';
  switch (pending.keySource) {
    case 'generated':
      return `${pending.file} is missing, and the database holds platform credentials encrypted with the key it kept. Put it back (${restore}), or set ENCRYPTION_KEY to that key. Nothing was written.`;
    case 'file':
      return `The encryption key in ${pending.file} does not decrypt the platform credentials in the database: they were encrypted with another key. Put back the secrets.json that belongs with this database (${restore}), or set ENCRYPTION_KEY to that key.`;
    case 'setting':
      return `ENCRYPTION_KEY does not decrypt the platform credentials in the database: they were encrypted with another key. Set ENCRYPTION_KEY to that key, or unset it to use the one in ${pending.file}.`;
  }
}
