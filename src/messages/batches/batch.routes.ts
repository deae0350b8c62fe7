/** Routes of batch sends, batches and cancelling (docs/api.md §4.24–4.27, §D18). */
import { Type } from '@sinclair/typebox';
import type { AuthContext } from '../../http/access.js';
import { defineRoute } from '../../http/route.js';
import { TidingsError } from '../../errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { BatchService } from './batch.service.js';
import type { BatchSender } from './batch-send.service.js';
import {
  Batch,
  BATCH_MAX_ITEMS,
  BatchIdParams,
  BatchRefusals,
  BatchList,
  CancelMessagesBody,
  CancelMessagesResult,
  DryRunResult,
  ListBatchesQuery,
  SendBatchBody,
  SendBatchHeaders,
  SendBatchQuery,
  SendBatchResult,
} from '../schemas/batch.schemas.js';
import type { CancelService } from './cancel.service.js';
import { Message, MessageIdParams } from '../schemas/message.schemas.js';

/**
 * The batch send's body limit, bytes: 1,000 template sends with their variables and buttons at a
 * generous 4 KB each (a typical one is 200–600 bytes). A single send's limit is 640 KB
 * (message.routes.ts): an item as large as that is for a send of its own.
 */
export const BATCH_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/** The most JSON values a batch body may hold (http/body-budget.ts): 100 an item. */
export const BATCH_BODY_VALUES = BATCH_MAX_ITEMS * 100;

export interface BatchRoutesOptions {
  batchSender: BatchSender;
  batchService: BatchService;
  cancels: CancelService;
  keyRateLimiter: RateLimiter;
}

/**
 * The key's rate limit counts a batch's items (docs/api.md §D5): the request took one token, its
 * other items take one each. Past the request's own token, its items take at most a second's worth
 * of the key's rate (the burst allowance refills the bucket for the next request, it does not widen
 * one), so a batch of more than the key's rate and one never fits: it is refused as too large, not
 * rate limited, since no retry would ever admit it.
 * @throws TidingsError request_too_large (`param` `messages`: more items than the key admits in one request);
 *   rate_limited (the key's tokens are spent for now; `retryAfterSeconds` says when they refill)
 */
async function chargeItems(limiter: RateLimiter, auth: AuthContext, items: number): Promise<void> {
  if (items <= 1) return;
  const most = auth.rateLimit + 1;
  if (items > most)
    throw new TidingsError(
      'request_too_large',
      `The batch holds ${items.toLocaleString('en-US')} messages and this key is limited to ${auth.rateLimit.toLocaleString('en-US')} messages per second: a batch of more than ${most.toLocaleString('en-US')} (the key's rate, and one) never fits. Send batches of at most ${most.toLocaleString('en-US')} (tidings messages send-batch --batch-size ${most}), or use a key with a higher limit (tidings keys create --rate-limit).`,
      { param: 'messages' },
    );
  const limit = await limiter.consume(`key:${auth.keyId}`, auth.rateLimit, items - 1);
  if (limit.allowed) return;
  throw new TidingsError(
    'rate_limited',
    `This key is limited to ${auth.rateLimit} messages per second and the batch holds ${items.toLocaleString('en-US')}; retry after ${limit.resetSeconds} s.`,
    { retryAfterSeconds: limit.resetSeconds },
  );
}

export function batchRoutes({ batchSender, batchService, cancels, keyRateLimiter }: BatchRoutesOptions) {
  const read = { scope: 'messages:read', permission: 'messages:read', modes: 'any' } as const;
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/messages/batch',
        operationId: 'sendMessageBatch',
        summary: 'Send messages in a batch',
        description: `Up to ${BATCH_MAX_ITEMS.toLocaleString('en-US')} sends in one request, each a body of POST /v1/messages checked on its own. The valid ones are stored in one unit of work with their batch (\`bat_\`) and queued (or scheduled, with \`sendAt\`); the answer lists, in order, each item's message or its refusal with its \`index\`: 201 when at least one was accepted, else 400 \`batch_rejected\` with every item's reason in \`error.items\`. Honours \`Idempotency-Key\` for the whole batch: a retry replays the first answer and never queues twice. The key's rate limit counts items. With \`?dryRun=true\` every item is checked and the answer (200) says which are valid, whose window is open and how each would be priced; nothing is stored or sent.`,
        tags: ['Messages'],
        access: { scope: 'messages:send', permission: 'messages:send', modes: 'any' },
        idempotency: 'optional',
        errors: ['batch_rejected', 'client_reference_in_use'],
        headers: SendBatchHeaders,
        querystring: SendBatchQuery,
        body: SendBatchBody,
        bodyLimit: BATCH_BODY_LIMIT_BYTES,
        bodyValues: BATCH_BODY_VALUES,
        response: { status: 201, schema: SendBatchResult },
        alsoAnswers: {
          status: 200,
          schema: DryRunResult,
          description: 'The dry run (`?dryRun=true`): what the batch would do; nothing stored or sent.',
        },
      },
      async ({ auth, body, query, headers, request, reply }) => {
        await chargeItems(keyRateLimiter, auth, body.messages.length);
        const source = headers['x-tidings-source'] ?? 'api';
        if (query.dryRun === true) {
          // Nothing changed: an Idempotency-Key given with it stays free for the send itself.
          request.changedNothing = true;
          return reply.code(200).send(await batchSender.dryRun(auth, body, source));
        }
        return batchSender.send(auth, body, source);
      },
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/batches/:id',
        operationId: 'getBatch',
        summary: 'Get a batch',
        description:
          'A batch with its messages counted by their status now; `completed` once every message is delivered, read, failed or canceled.',
        tags: ['Messages'],
        access: read,
        idempotency: 'none',
        errors: ['message_not_found'],
        params: BatchIdParams,
        response: { status: 200, schema: Type.Ref(Batch) },
      },
      ({ auth, params }) => batchService.get(auth, params.id),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/batches/:id/refusals',
        operationId: 'listBatchRefusals',
        summary: "List a batch's refused items",
        description:
          "Every item the batch send refused, in the request's order, as its answer gave them: `index`, and the refusal's `code`, `message`, `param` and `issues`. At most 1,000, on one page. A batch's accepted messages: GET /v1/messages?batch=bat_….",
        tags: ['Messages'],
        access: read,
        idempotency: 'none',
        errors: ['message_not_found'],
        params: BatchIdParams,
        response: { status: 200, schema: BatchRefusals },
      },
      ({ auth, params }) => batchService.refusals(auth, params.id),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/batches',
        operationId: 'listBatches',
        summary: 'List batches',
        description:
          "Newest first. Page with `starting_after` set to the last id of the previous page while `has_more` is true. A batch's messages: GET /v1/messages?batch=bat_….",
        tags: ['Messages'],
        access: read,
        idempotency: 'none',
        errors: [],
        querystring: ListBatchesQuery,
        response: { status: 200, schema: BatchList },
      },
      ({ auth, query }) => batchService.list(auth, query),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/messages/:id/cancel',
        operationId: 'cancelMessage',
        summary: 'Cancel a message',
        description:
          "A scheduled message, or one still waiting in its number's queue, becomes `canceled` (final) with a `message.canceled` event; it is never sent. Refused with 409 `message_not_cancelable` once the dispatcher has taken it or it reached the platform. Canceling a canceled message answers it as it is.",
        tags: ['Messages'],
        access: { scope: 'messages:send', permission: 'messages:send', modes: 'any' },
        idempotency: 'optional',
        errors: ['message_not_found', 'message_not_cancelable'],
        params: MessageIdParams,
        response: { status: 200, schema: Type.Ref(Message) },
      },
      ({ auth, params }) => cancels.cancel(auth, params.id),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/messages/cancel',
        operationId: 'cancelMessages',
        summary: 'Cancel messages in bulk',
        description:
          "Cancels the key's number's scheduled and queued messages whose `clientReference` starts with `clientReferencePrefix`, or its messages scheduled for before `scheduledBefore`; says how many were canceled, and how many matched but were already being sent.",
        tags: ['Messages'],
        access: { scope: 'messages:send', permission: 'messages:send', modes: 'any' },
        idempotency: 'optional',
        errors: [],
        body: CancelMessagesBody,
        response: { status: 200, schema: CancelMessagesResult },
      },
      ({ auth, body }) => cancels.cancelMany(auth, body),
    ),
  ];
}
