/**
 * Secrets at rest (docs/api.md §D2): API keys are stored as SHA-256 hashes; platform access tokens and
 * app secrets are encrypted with AES-256-GCM.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Hex SHA-256 of a UTF-8 string. */
export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * Checks Meta's `X-Hub-Signature-256` header: `sha256=` + hex HMAC-SHA256 of the raw body bytes
 * keyed by the app secret (docs/platform.md §4.2).
 */
export function verifyHubSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (header === undefined || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest('hex');
  return safeEqual(header.slice('sha256='.length).toLowerCase(), expected);
}

/** The `X-Hub-Signature-256` header value for a body, as the platform (and the simulator) sends it. */
export function hubSignature(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * AES-256-GCM with a random 96-bit nonce. Ciphertext format: `v1.<nonce b64>.<tag b64>.<data b64>`.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.#key = key;
  }

  encrypt(plaintext: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', nonce.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.');
  }

  /** @throws Error when the ciphertext was tampered with or encrypted under another key. */
  decrypt(ciphertext: string): string {
    const [version, nonce, tag, data] = ciphertext.split('.');
    if (version !== 'v1' || nonce === undefined || tag === undefined || data === undefined) {
      throw new Error('Unknown ciphertext format');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(nonce, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}

/**
 * JSON with object keys sorted at every level, so two bodies that mean the same thing give the
 * same string (used for idempotency fingerprints, docs/api.md §D4).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
