/**
 * Taking a conversation back from Meta's agent (docs/api.md §D30): a free-form message from the
 * business takes it over (Meta: "if your app sends a service message while observing a
 * conversation, it will take over as the active handler", webhooks/reference/standby). The route
 * is a send of `text` to the contact, like POST /v1/messages; the contact's holder becomes
 * `business` when the platform reports the message `sent` (the platform's word, not the request's).
 */
import { Type } from '@sinclair/typebox';
import { ContactIdParams } from '../contacts/contact.schemas.js';
import type { ContactService } from '../contacts/contact.service.js';
import { defineRoute } from '../http/route.js';
import type { MessageSender } from './accept/send.service.js';
import { Message } from './schemas/message.schemas.js';
import { TEXT_MAX_LENGTH } from './schemas/inbound.schemas.js';
import { SendMessageHeaders } from './schemas/send.schemas.js';

export const TakeBackBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: TEXT_MAX_LENGTH,
      description:
        'What the business says to the customer as it takes the conversation back (a free-form text, at most 4,096 characters): Meta hands the conversation over on a service message, so taking it back is saying something.',
    }),
  },
  { additionalProperties: false, examples: [{ text: 'Hi Maria, this is Sam from the store: I can help with that.' }] },
);

export function conversationRoutes({
  sender,
  contacts,
}: {
  sender: Pick<MessageSender, 'send'>;
  contacts: Pick<ContactService, 'get'>;
}) {
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/contacts/:id/conversation/take_back',
        operationId: 'takeBackConversation',
        summary: "Take a conversation back from Meta's agent",
        description:
          "Sends `text` to the contact as a free-form message, which takes the conversation back from Meta Business Agent (docs/api.md §D30). Answers 201 with the message, `accepted`; the contact's `conversation.holder` becomes `business` (and `conversation.handover` is recorded) once the platform reports the message sent. Only inside the contact's 24-hour customer service window (a customer who wrote under `standby` opened it). Sending any free-form message through POST /v1/messages does the same; this call names the intent. On a conversation the business holds it is an ordinary send.",
        tags: ['Contacts'],
        access: { scope: 'messages:send', permission: 'messages:send', modes: 'any' },
        idempotency: 'optional',
        errors: ['contact_not_found', 'outside_customer_window', 'recipient_not_supported'],
        params: ContactIdParams,
        headers: SendMessageHeaders,
        body: TakeBackBody,
        response: { status: 201, schema: Type.Ref(Message) },
      },
      async ({ auth, params, body, headers }) => {
        const contact = await contacts.get(auth, params.id);
        const source = headers['x-tidings-source'] === 'dashboard' ? 'dashboard' : 'api';
        return sender.send(auth, { to: contact.id, type: 'text', text: body.text }, source);
      },
    ),
  ];
}
