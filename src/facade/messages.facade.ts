/**
 * `POST /{phone-number-id}/messages` on the facade (docs/api.md §D34): a Cloud API send, read as
 * Tidings' own (send-mapping.ts), checked by the native send's schema and accepted by
 * `MessageSender.send`, so it is queued and paced, its consent and window checked, its routing and
 * validity honoured; or a mark as read, through the native read receipt. Answered at once, 200, in
 * Meta's shape (docs/platform.md §1.3) with Tidings' `msg_` id: the platform is called later.
 */
import type { ErrorObject } from 'ajv';
import { TidingsError } from '../errors.js';
import type { AjvError } from '../http/ajv.js';
import { fromValidation } from '../http/validation.js';
import type { MediaService } from '../media/media.service.js';
import type { MessageSender } from '../messages/accept/send.service.js';
import { compileSendValidator } from '../messages/batches/batch-send.service.js';
import type { MessageService } from '../messages/message.service.js';
import type { SendMessageBody } from '../messages/schemas/send.schemas.js';
import { defineFacadeRoute, type FacadeContext, type FacadeRoute } from './facade-route.js';
import { readFacadeRequest } from './send-mapping.js';
import { refuse, type FacadeSend } from './send-rules.js';

export interface MessagesFacadeNeeds {
  sender: Pick<MessageSender, 'send'>;
  messages: Pick<MessageService, 'markRead'>;
  media: Pick<MediaService, 'find'>;
}

/** The answer to a send, as the platform shapes it (send-message-response.json; a BSUID's as the simulator's). */
export interface FacadeSendAnswer {
  messaging_product: 'whatsapp';
  contacts: ({ input: string; wa_id: string } | { input: string; user_id: string })[];
  messages: { id: string }[];
}

/**
 * The facade's `POST /{phone-number-id}/messages`: a send answers 200 `FacadeSendAnswer` at once, a
 * mark as read `{ success: true }`.
 * @throws (answered in Meta's envelope) what `readFacadeRequest` refuses; the native schema's
 *   refusals as 100; 131053 for a file sent as another kind; what `MessageSender.send` and
 *   `MessageService.markRead` throw, mapped by graph-error.ts (131009 for an unknown message to mark read).
 */
export function messagesFacadeRoutes(needs: MessagesFacadeNeeds): FacadeRoute[] {
  // Compiled at the first send, not at start (a send body's schema takes ~50 ms to compile).
  let validator: ReturnType<typeof compileSendValidator> | undefined;
  const validate = (body: Record<string, unknown>): SendMessageBody => {
    validator ??= compileSendValidator();
    if (!validator(body)) throw fromValidation((validator.errors ?? []) as ErrorObject[] as AjvError[], 'body', body);
    return body as SendMessageBody;
  };

  const send = async ({ auth }: FacadeContext, read: FacadeSend): Promise<FacadeSendAnswer> => {
    const body = validate(read.body);
    // A file sent as a type it is not would fail at the platform (131053): refused at once instead.
    if (body.type === 'media' && read.mediaKind !== undefined) {
      const file = await needs.media.find(auth, body.mediaId);
      if (file.kind !== read.mediaKind)
        refuse(
          131053,
          'media_type_unsupported',
          `${body.mediaId} is ${/^[aeiou]/.test(file.kind) ? 'an' : 'a'} ${file.kind} (${file.mimeType}): send it as type ${file.kind}.`,
        );
    }
    const message = await needs.sender.send(auth, body, 'api');
    return {
      messaging_product: 'whatsapp',
      contacts: [
        read.bsuid
          ? { input: read.input, user_id: message.to }
          : { input: read.input, wa_id: message.to.replace(/^\+/, '') },
      ],
      messages: [{ id: message.id }],
    };
  };

  return [
    defineFacadeRoute({
      method: 'POST',
      url: '/:phoneNumberId/messages',
      owner: 'phone_number',
      scope: 'messages:send',
      permission: 'messages:send',
      idempotency: 'optional',
      handler: async (ctx) => {
        const request = readFacadeRequest(ctx.input, ctx.version);
        if (request.kind === 'send') return send(ctx, request.send);
        try {
          await needs.messages.markRead(ctx.auth, request.read.messageId, {
            typingIndicator: request.read.typingIndicator,
          });
        } catch (err) {
          // Meta's "Mark messages as read": an invalid message id is 131009 (docs/platform.md §1.1).
          if (err instanceof TidingsError && err.code === 'message_not_found')
            refuse(131009, 'message_not_found', `${request.read.messageId} is not a message this number received.`);
          throw err;
        }
        return { success: true };
      },
    }),
  ];
}
