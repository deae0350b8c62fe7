/**
 * The mail settings (docs/guides/operations.md): `SMTP_URL` and `MAIL_FROM`, read by config.ts.
 * Without `SMTP_URL` the service sends no mail and answers links to the person who asked for them.
 */
import { ConfigError, type Env, nonEmpty, parseUrl } from '../lib/env-values.js';

/** Where mail goes out. */
export interface MailConfig {
  /** `SMTP_URL`: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from the start). */
  readonly smtpUrl: string;
  /** `MAIL_FROM`: the sender, `Tidings <tidings@example.com>` or `tidings@example.com`. */
  readonly from: string;
}

/** `Name <a@b>` or `a@b`, one address, no line breaks (a header value). */
const ADDRESS = /^(?:[^<>\r\n]*<[^@\s<>]+@[^@\s<>]+>|[^@\s<>]+@[^@\s<>]+)$/;

/**
 * Reads `SMTP_URL` and `MAIL_FROM`.
 * @param publicUrl `PUBLIC_URL` as config.ts parsed it: mail needs it, since a link in a mail must never be
 *   built from a request's `Host` header (anyone can send a reset request with `Host: evil.example`).
 * @returns null when `SMTP_URL` is unset.
 * @throws ConfigError when `SMTP_URL` is not smtp: or smtps:, when `MAIL_FROM` is missing or not one
 *   address, or when `PUBLIC_URL` is unset.
 */
export function mailConfigOf(env: Env, publicUrl: string | null): MailConfig | null {
  const smtpUrl = nonEmpty(env, 'SMTP_URL');
  if (smtpUrl === null) return null;
  const url = parseUrl('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);
  if (!url.hostname) throw new ConfigError('SMTP_URL names no host: smtp://user:pass@host:587.');
  const from = nonEmpty(env, 'MAIL_FROM');
  if (from === null) throw new ConfigError('MAIL_FROM is required with SMTP_URL: Tidings <tidings@example.com>.');
  if (!ADDRESS.test(from))
    throw new ConfigError(`MAIL_FROM must be one address, "Name <a@example.com>" or "a@example.com", got "${from}".`);
  if (publicUrl === null)
    throw new ConfigError('PUBLIC_URL is required with SMTP_URL: the links in mails are built on it.');
  return Object.freeze({ smtpUrl, from });
}
