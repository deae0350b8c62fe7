/**
 * The Block Users API over the Graph client (docs/platform.md §4.17; Meta, "Block users",
 * developers.facebook.com/documentation/business-messaging/whatsapp/block-users/, updated 2026-05-21):
 *
 * - `POST /{phone-number-id}/block_users` and `DELETE` (unblock) with
 *   `{"messaging_product": "whatsapp", "block_users": [{"user": "<phone or wa_id>"}]}`;
 * - answered `{"messaging_product", "block_users": {"added_users" | "removed_users": [{input, wa_id}],
 *   "failed_users": [{input, wa_id?, errors: [{message, code, error_data: {details}}]}]}}`; a partial
 *   failure comes with HTTP 400 and the Graph error 139100 beside that list (Meta's page, mirrored by
 *   Gupshup's partner docs; the HTTP status itself UNCONFIRMED on Meta's page);
 * - `GET /{phone-number-id}/block_users?limit=&after=` answers `{data: [{messaging_product, wa_id}],
 *   paging: {cursors: {before, after}}}` (a page of at most 100 is UNCONFIRMED: Gupshup's limit).
 */
import type { BlockedUsersPage, BlockUserOutcome, SenderCredentials } from '../platform.js';
import { PlatformError } from '../platform.js';
import type { GraphClient } from './graph-client.js';

/** What a block or unblock answers (both lists, whichever the method fills). */
interface BlockAnswer {
  block_users?: {
    added_users?: { input?: string; wa_id?: string }[];
    removed_users?: { input?: string; wa_id?: string }[];
    failed_users?: {
      input?: string;
      wa_id?: string;
      errors?: { message?: string; code?: number | string; error_data?: { details?: string } }[];
    }[];
  };
}

interface BlocklistAnswer {
  data?: { wa_id?: string }[];
  paging?: { cursors?: { after?: string }; next?: string };
}

/** Whether an error answer carries per-user results (a partial failure), rather than failing the whole request. */
const hasUserResults = (answer: unknown): boolean => {
  const users = (answer as BlockAnswer | null)?.block_users;
  return typeof users === 'object' && users !== null && Array.isArray(users.failed_users);
};

/**
 * Blocks (`POST`) or unblocks (`DELETE`) `users` of the sender's number in one request.
 * @returns one outcome per user given, in that order; a user the answer does not mention at all is
 *   reported failed without a code (the platform said nothing of it).
 * @throws PlatformError when the whole request was refused or not answered
 */
export async function changeBlocklist(
  graph: GraphClient,
  sender: SenderCredentials,
  method: 'POST' | 'DELETE',
  users: string[],
): Promise<BlockUserOutcome[]> {
  const body = { messaging_product: 'whatsapp', block_users: users.map((user) => ({ user })) };
  const answer = await graph.sendJsonAllowingPartial<BlockAnswer>(
    method,
    `/${sender.phoneNumberId}/block_users`,
    sender.accessToken,
    body,
    hasUserResults,
  );
  const lists = answer.block_users ?? {};
  const done = new Map<string, string | null>();
  for (const u of [...(lists.added_users ?? []), ...(lists.removed_users ?? [])])
    if (u.input !== undefined) done.set(String(u.input), u.wa_id ?? null);
  const failed = new Map<string, BlockUserOutcome>();
  for (const f of lists.failed_users ?? []) {
    if (f.input === undefined) continue;
    const first = f.errors?.[0];
    const code = first?.code === undefined ? null : Number(first.code);
    failed.set(String(f.input), {
      input: String(f.input),
      waId: f.wa_id ?? null,
      error: {
        code: Number.isFinite(code) ? code : null,
        message: first?.error_data?.details ?? first?.message ?? 'The platform did not say why.',
      },
    });
  }
  return users.map((user) => {
    const f = failed.get(user);
    if (f) return f;
    if (done.has(user)) return { input: user, waId: done.get(user) ?? null, error: null };
    return {
      input: user,
      waId: null,
      error: { code: null, message: 'The platform answered without a result for this user.' },
    };
  });
}

/**
 * One page of the blocklist.
 * @throws PlatformError
 */
export async function blocklistPage(
  graph: GraphClient,
  sender: SenderCredentials,
  page: { after?: string | null; limit?: number },
): Promise<BlockedUsersPage> {
  const query = new URLSearchParams({ limit: String(page.limit ?? 100) });
  if (page.after) query.set('after', page.after);
  const answer = await graph.getJson<BlocklistAnswer>(
    `/${sender.phoneNumberId}/block_users?${query}`,
    sender.accessToken,
  );
  if (!Array.isArray(answer.data))
    throw new PlatformError('unavailable', 'The platform answered the blocklist without `data`.');
  const waIds = answer.data.map((u) => u.wa_id).filter((w): w is string => typeof w === 'string' && w !== '');
  // Graph paging: a `next` link is present only when there is a next page; a cursor alone is not proof.
  const after = answer.paging?.next && answer.paging.cursors?.after ? answer.paging.cursors.after : null;
  return { waIds, after };
}
