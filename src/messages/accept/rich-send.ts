/**
 * Accepting rich free-form sends (docs/api.md §D15): interactive, location, contacts and reaction
 * messages become their platform content and the content kept on the message, once their limits
 * are checked (`rich.rules.ts`); a reaction's target is found in the conversation.
 */
import type { ResolvedRecipient as Recipient } from '../../contacts/contact.service.js';
import type { Reader } from '../../db/store.js';
import { TidingsError } from '../../errors.js';
import type { AuthContext } from '../../http/access.js';
import type { OutboundContent } from '../../platform/outbound-message.js';
import { conversationTarget } from './conversation-target.js';
import type { SendMessageBody } from '../schemas/send.schemas.js';
import { checkContacts, checkInteractive, checkLocation, checkReaction } from './rich.rules.js';

export type RichBody = Extract<SendMessageBody, { type: 'interactive' | 'location' | 'contacts' | 'reaction' }>;

export const isRich = (body: SendMessageBody): body is RichBody =>
  body.type === 'interactive' || body.type === 'location' || body.type === 'contacts' || body.type === 'reaction';

export interface PreparedRich {
  content: OutboundContent;
  /** Kept on the message (`messages.content`), JSON: `{ interactive }`, `{ location }`, `{ contacts }` or `{ reaction }`. */
  stored: string;
  /** A reaction on a message of ours not yet sent: its `msg_` id, resolved to its wamid at dispatch. */
  reactTo: string | null;
}

/**
 * Checks a rich send and builds what is sent and kept.
 * @param to the recipient as resolved (its address, E.164 or BSUID, and its contact): a reaction's
 *   target must be a message of the conversation with them.
 * @throws TidingsError parameter_invalid (with `issues`, one per breached limit up to 100, `param`
 *   the first issue's field), reply_target_not_found (a reaction's `messageId` names no message of
 *   this account and mode).
 */
export async function prepareRich(db: Reader, auth: AuthContext, body: RichBody, to: Recipient): Promise<PreparedRich> {
  const { issues, more } =
    body.type === 'interactive'
      ? checkInteractive(body.interactive)
      : body.type === 'location'
        ? checkLocation(body.location)
        : body.type === 'contacts'
          ? checkContacts(body.contacts)
          : checkReaction(body.reaction);
  if (issues.length > 0) {
    const count = more
      ? `more than ${issues.length} limits; see issues (the first ${issues.length})`
      : `${issues.length === 1 ? 'a limit' : `${issues.length} limits`}; see issues`;
    throw new TidingsError('parameter_invalid', `The ${body.type} message breaks ${count}.`, {
      param: issues[0]!.field,
      issues,
    });
  }
  switch (body.type) {
    case 'interactive': {
      const i = body.interactive;
      const action: Extract<OutboundContent, { type: 'interactive' }>['action'] =
        i.kind === 'buttons'
          ? { kind: 'buttons', buttons: i.buttons.map((b) => ({ id: b.id, title: b.title })) }
          : i.kind === 'list'
            ? {
                kind: 'list',
                button: i.button,
                sections: i.sections.map((s) => ({
                  title: s.title ?? null,
                  rows: s.rows.map((r) => ({ id: r.id, title: r.title, description: r.description ?? null })),
                })),
              }
            : { kind: 'cta_url', displayText: i.displayText, url: i.url };
      return {
        content: { type: 'interactive', header: i.header ?? null, body: i.body, footer: i.footer ?? null, action },
        stored: JSON.stringify({ interactive: i }),
        reactTo: null,
      };
    }
    case 'location': {
      const l = body.location;
      return {
        content: {
          type: 'location',
          latitude: l.latitude,
          longitude: l.longitude,
          name: l.name ?? null,
          address: l.address ?? null,
        },
        stored: JSON.stringify({ location: l }),
        reactTo: null,
      };
    }
    case 'contacts':
      return {
        content: { type: 'contacts', contacts: body.contacts },
        stored: JSON.stringify({ contacts: body.contacts }),
        reactTo: null,
      };
    case 'reaction': {
      const target = await conversationTarget(db, auth, body.reaction.messageId, to, 'reaction.messageId', 'react to');
      return {
        content: { type: 'reaction', targetWamid: target.wamid ?? '', emoji: body.reaction.emoji },
        stored: JSON.stringify({ reaction: body.reaction }),
        reactTo: target.wamid ? null : target.messageId,
      };
    }
  }
}
