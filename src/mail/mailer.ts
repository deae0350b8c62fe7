/**
 * Outbound mail (docs/api.md §D26): the one port the service sends mail through, and its SMTP
 * implementation over nodemailer. There is no mailer when `SMTP_URL` is unset (`createMailer`
 * answers null): callers then hand links to the person who asked for them.
 */
import nodemailer from 'nodemailer';
import type { MailConfig } from './mail.config.js';

/** One message: plain text, and HTML when given. */
export interface Mail {
  /** One address. */
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail. */
export interface Mailer {
  /**
   * Hands a message to the SMTP server.
   * @throws Error when the server cannot be reached (10 s to connect), refuses the sender or the
   *   recipient, or does not answer (20 s): the message was not accepted.
   */
  send(mail: Mail): Promise<void>;
  /** Closes the connections it holds. */
  close(): Promise<void>;
}

/** How long the SMTP server has to answer, ms: a person waits on an invitation's answer. */
const CONNECT_MS = 10_000;
const SOCKET_MS = 20_000;

/** The SMTP mailer of `config`, or null when there is none (no `SMTP_URL`). */
export function createMailer(config: MailConfig | null): Mailer | null {
  if (config === null) return null;
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: CONNECT_MS,
    greetingTimeout: CONNECT_MS,
    socketTimeout: SOCKET_MS,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail });
    },
    async close() {
      transport.close();
    },
  };
}
