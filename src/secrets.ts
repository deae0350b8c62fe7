/**
 * Secrets the service generates when they are not configured (docs/api.md §D2): the encryption key for
 * platform credentials, and, for the embedded simulator, the app secret and verify token it shares
 * with the service. Kept in `DATA_DIR/secrets.json` (mode 0600) so a restart keeps them.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

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

export function loadSecrets(config: Config): Secrets {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: StoredSecrets = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
  const before = JSON.stringify(stored);
  if (!config.encryptionKey && !stored.encryptionKey) stored.encryptionKey = randomBytes(32).toString('base64');
  if (!config.appSecret && !stored.appSecret) stored.appSecret = randomBytes(24).toString('hex');
  if (!config.verifyToken && !stored.verifyToken) stored.verifyToken = randomBytes(16).toString('hex');
  if (JSON.stringify(stored) !== before) {
    fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(stored, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  return {
    encryptionKey: config.encryptionKey ?? Buffer.from(stored.encryptionKey!, 'base64'),
    appSecret: config.appSecret ?? stored.appSecret!,
    verifyToken: config.verifyToken ?? stored.verifyToken!,
  };
}
