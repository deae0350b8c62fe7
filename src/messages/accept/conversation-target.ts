/**
 * The message a send quotes (`replyTo`) or reacts to (`reaction.messageId`): it must belong to the
 * conversation the send is part of, the same business number and the same customer, since the
 * platform shows a quote only inside its own chat, and a send waiting for the wamid of a message
 * still queued for another customer would wait on that customer's queue.
 */
import type { ResolvedRecipient } from '../../contacts/contact.service.js';
import type { Reader } from '../../db/store.js';
import { TidingsError } from '../../errors.js';
import type { AuthContext } from '../../http/access.js';
import * as repo from '../record/message.repository.js';

/**
 * Finds a customer's message (`in_` id or wamid) or ours (`msg_` id or wamid) of the key's account,
 * mode and number, in the conversation with `to`. Ours may not have its wamid yet.
 * @param param the request field that named it, for errors (`replyTo`, `reaction.messageId`)
 * @param verb what the send does with it, for messages ("reply to", "react to")
 * @returns its wamid (null while ours is queued) and its id
 * @throws TidingsError reply_target_not_found (no such message), parameter_invalid (a message of
 *   another conversation: another customer, or another business number)
 */
export async function conversationTarget(
  db: Reader,
  auth: AuthContext,
  id: string,
  to: ResolvedRecipient,
  param: string,
  verb: string,
): Promise<{ wamid: string | null; messageId: string }> {
  // The same customer: the same address, or the same contact however either was addressed.
  const same = (phoneNumberId: string, address: string, contactId: string | null) =>
    phoneNumberId === auth.phoneNumberId &&
    (address === to.address || (contactId !== null && contactId === to.contact?.id));
  const notFound = () => new TidingsError('reply_target_not_found', `No message ${id} to ${verb}.`, { param });
  const elsewhere = () =>
    new TidingsError(
      'parameter_invalid',
      `The message ${id} is not part of the conversation with ${to.address} on this number; a send can only ${verb} a message of its own conversation.`,
      { param },
    );
  const inbound = id.startsWith('in_')
    ? await repo.findInbound(db, auth.accountId, auth.mode, id)
    : id.startsWith('msg_')
      ? undefined
      : await repo.findInboundByWamid(db, auth.accountId, id);
  if (inbound && inbound.mode === auth.mode) {
    if (!same(inbound.phone_number_id, inbound.sender, inbound.contact_id)) throw elsewhere();
    return { wamid: inbound.platform_message_id, messageId: inbound.id };
  }
  if (id.startsWith('in_')) throw notFound();
  const outbound = await repo.findMessage(db, auth.accountId, auth.mode, id);
  if (!outbound) throw notFound();
  if (!same(outbound.phone_number_id, outbound.recipient, outbound.contact_id)) throw elsewhere();
  return { wamid: outbound.platform_message_id, messageId: outbound.id };
}
