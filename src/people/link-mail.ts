/**
 * Handing a one-time link to its person (docs/api.md §D26): mailed when the service has a mailer
 * (`SMTP_URL`), else answered to whoever asked for it to pass on. The link row is always stored
 * before any mail is tried, so a mail that fails loses nothing: the answer then carries the link,
 * `mail: "failed"`, and the failure is logged (without the link).
 */
import type { Logger } from 'pino';
import type { Mailer } from '../mail/mailer.js';
import { joinLink } from './one-time-links.js';

/** What became of a link's mail: `sent`; `failed` (the link is answered instead); `off` (not mailed: no mailer, or the link was asked for). */
export type MailOutcome = 'sent' | 'failed' | 'off';

/** The answer's part about the link: the link itself unless it was mailed. */
export interface Delivery {
  mail: MailOutcome;
  /** `…/dashboard/#/join/<token>`; null when it was mailed (it is then in the person's mailbox only). */
  link: string | null;
}

/** A mail's subject and text, given its link. */
export type LinkMessage = (link: string) => { subject: string; text: string };

export class LinkMail {
  readonly #o: { mailer: Mailer | null; publicUrl: string | null; logger: Logger };

  constructor(options: { mailer: Mailer | null; publicUrl: string | null; logger: Logger }) {
    this.#o = options;
  }

  /** Whether links are mailed (a mailer is configured). */
  get mails(): boolean {
    return this.#o.mailer !== null;
  }

  /**
   * Mails `token`'s link to `to`, or answers it.
   * @param fallbackBase the base of an answered link when `PUBLIC_URL` is unset (the request's origin,
   *   or the service's own address for the CLI). A mailed link is always on `PUBLIC_URL` (mail.config.ts).
   * @returns the delivery; never throws for a mail that failed.
   */
  async deliver(o: { to: string; token: string; fallbackBase: string; message: LinkMessage; linkId: string }) {
    const { mailer, publicUrl, logger } = this.#o;
    const link = joinLink(publicUrl ?? o.fallbackBase, o.token);
    if (!mailer) return { mail: 'off', link } satisfies Delivery;
    try {
      await mailer.send({ to: o.to, ...o.message(link) });
      return { mail: 'sent', link: null } satisfies Delivery;
    } catch (err) {
      logger.warn({ err, linkId: o.linkId }, 'a link could not be mailed: it was answered instead');
      return { mail: 'failed', link } satisfies Delivery;
    }
  }
}

/** The invitation's mail. */
export function invitationMessage(accountName: string, role: string, invitedBy: string | null): LinkMessage {
  return (link) => ({
    subject: `You are invited to ${accountName} on Tidings`,
    text: [
      `${invitedBy ?? 'An administrator'} invited you to the account "${accountName}" on Tidings, as ${role}.`,
      '',
      `Open this link to join (it works once, for 7 days):`,
      link,
      '',
      'If you did not expect this, ignore this mail.',
    ].join('\n'),
  });
}

/** The password reset's mail. */
export function resetMessage(): LinkMessage {
  return (link) => ({
    subject: 'Choose a new Tidings password',
    text: [
      'Someone asked to reset the password of your Tidings sign-in.',
      '',
      'Open this link to choose a new one (it works once, for 1 hour; every session you have is then signed out):',
      link,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  });
}
