/**
 * How one environment variable's text becomes a checked value: a whole number or a decimal in a
 * range, a boolean, a list of host names, a URL of given schemes, the encryption key. Each is read
 * from the `env` given (config.ts, the one reader of `process.env`, passes it in) and throws a
 * ConfigError naming the variable when the value is malformed. Neutral ground: the service's and
 * the simulator's settings are read with these.
 */

/** A malformed or out-of-range setting; its message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The environment's variables (normally `process.env`, which only config.ts passes in). */
export type Env = Record<string, string | undefined>;

/** A whole number in [min, max]; `fallback` when unset or empty. */
export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}".`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}.`);
  return value;
}

/** A decimal number such as `0.96`, in [min, max]. */
export function decimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new ConfigError(`${name} must be a number such as ${fallback}, got "${raw}".`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}.`);
  return value;
}

/** `true`/`1` or `false`/`0` (any case); false when unset or empty. */
export function boolean(env: Env, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ConfigError(`${name} must be "true" or "false", got "${env[name]}".`);
}

/** A comma-separated list of host names (`a.example, b.example`), lower case, without trailing dots. */
export function hostList(env: Env, name: string, fallback: readonly string[]): readonly string[] {
  const raw = nonEmpty(env, name);
  if (raw === null) return Object.freeze([...fallback]);
  const hosts = raw
    .split(',')
    .map((h) => h.trim().toLowerCase().replace(/\.+$/, ''))
    .filter((h) => h !== '');
  const bad = hosts.find((h) => !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(h));
  if (hosts.length === 0 || bad !== undefined)
    throw new ConfigError(
      `${name} must be host names separated by commas (no scheme, port or path), such as "lookaside.fbsbx.com"; got "${bad ?? raw}".`,
    );
  return Object.freeze(hosts);
}

/** The value, trimmed; null when unset or blank. */
export function nonEmpty(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

/** `raw` as a URL of one of `protocols` (`'https:'`…); `name` names the variable in the error. */
export function parseUrl(name: string, raw: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw}".`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${url.protocol}".`);
  }
  return url;
}

/** ENCRYPTION_KEY: 32 bytes, as 64 hex characters or base64; null when not given. */
export function parseEncryptionKey(raw: string | null): Buffer | null {
  if (raw === null) return null;
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    throw new ConfigError('ENCRYPTION_KEY must be 32 bytes, written as 64 hex characters or base64.');
  }
  return key;
}
