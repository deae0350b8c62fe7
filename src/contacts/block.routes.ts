/** Routes of blocking customers (docs/api.md §D25, §4.40–§4.44; README "Blocking a customer"). */
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/route.js';
import type { BlockSync } from './block-sync.js';
import {
  BlockBody,
  BlockedContactList,
  BlockResultList,
  BlockSyncResult,
  BulkBlockBody,
  ListBlockedQuery,
} from './block.schemas.js';
import type { BlockService } from './block.service.js';
import { Contact, ContactIdParams } from './contact.schemas.js';
import type { ContactService } from './contact.service.js';

/** Blocking is acting on the number, as sending is. */
const act = { scope: 'messages:send', permission: 'contacts:write', modes: 'any' } as const;
const PLATFORM = ['platform_error', 'platform_rate_limited', 'platform_unavailable'] as const;
const TEST_KEYS =
  ' On a test key nothing reaches the platform: the same checks apply and the block is recorded for test keys only.';

export function blockRoutes({
  blocks,
  blockSync,
  contacts,
}: {
  blocks: BlockService;
  blockSync: BlockSync;
  contacts: ContactService;
}) {
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/contacts/:id/block',
        operationId: 'blockContact',
        summary: 'Block a customer',
        description:
          "Blocks the customer on the key's number through the platform's Block Users API: they can no longer message the number, and messages to them fail. The platform blocks only customers who wrote in the last 24 hours (409 `block_window_closed`, checked before asking it); a contact with neither a phone number nor a BSUID is 422 `contact_not_blockable`. Blocking a blocked contact changes nothing. Answers the contact with `blocked` set; records `contact.blocked`." +
          TEST_KEYS,
        tags: ['Contacts'],
        access: act,
        idempotency: 'optional',
        errors: ['contact_not_found', 'contact_not_blockable', 'block_window_closed', ...PLATFORM],
        params: ContactIdParams,
        body: BlockBody,
        bodyOptional: true,
        response: { status: 200, schema: Type.Ref(Contact) },
      },
      async ({ auth, params, body }) => {
        await blocks.blockOne(auth, params.id, body?.source ?? 'api');
        return contacts.get(auth, params.id);
      },
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/contacts/:id/unblock',
        operationId: 'unblockContact',
        summary: 'Unblock a customer',
        description:
          'Lifts the block (no 24-hour rule). Unblocking a contact that is not blocked changes nothing. Answers the contact; records `contact.unblocked`.' +
          TEST_KEYS,
        tags: ['Contacts'],
        access: act,
        idempotency: 'optional',
        errors: ['contact_not_found', 'contact_not_blockable', ...PLATFORM],
        params: ContactIdParams,
        body: BlockBody,
        bodyOptional: true,
        response: { status: 200, schema: Type.Ref(Contact) },
      },
      async ({ auth, params }) => {
        await blocks.unblockOne(auth, params.id);
        return contacts.get(auth, params.id);
      },
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/contacts/block',
        operationId: 'blockContacts',
        summary: 'Block customers',
        description:
          "Up to 1,000 contacts in one platform request. Each gets a result: `blocked`, or `failed` with the code the single endpoint would answer (`contact_not_found`, `contact_not_blockable`, `block_window_closed`) or the platform's own refusal of that customer (`platformError`). Contacts refused up front are not sent to the platform. The request fails as a whole only when the platform refused or did not answer it all." +
          TEST_KEYS,
        tags: ['Contacts'],
        access: act,
        idempotency: 'optional',
        errors: [...PLATFORM],
        body: BulkBlockBody,
        response: { status: 200, schema: BlockResultList },
      },
      async ({ auth, body }) => ({ data: await blocks.change(auth, 'block', body.contactIds, body.source ?? 'api') }),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/contacts/unblock',
        operationId: 'unblockContacts',
        summary: 'Unblock customers',
        description:
          'Up to 1,000 contacts in one platform request, a result each (`unblocked` or `failed`).' + TEST_KEYS,
        tags: ['Contacts'],
        access: act,
        idempotency: 'optional',
        errors: [...PLATFORM],
        body: BulkBlockBody,
        response: { status: 200, schema: BlockResultList },
      },
      async ({ auth, body }) => ({ data: await blocks.change(auth, 'unblock', body.contactIds, body.source ?? 'api') }),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/contacts/blocked',
        operationId: 'listBlockedContacts',
        summary: 'List blocked customers',
        description:
          "The number's blocked contacts as Tidings knows them, newest block first (`POST /v1/contacts/blocks/sync` brings in blocks made elsewhere). Page with `starting_after` set to the last `contactId` while `has_more` is true.",
        tags: ['Contacts'],
        access: { scope: 'messages:read', permission: 'messages:read', modes: 'any' },
        idempotency: 'none',
        errors: [],
        querystring: ListBlockedQuery,
        response: { status: 200, schema: BlockedContactList },
      },
      ({ auth, query }) => blocks.list(auth, query),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/contacts/blocks/sync',
        operationId: 'syncBlockedContacts',
        summary: "Sync with the platform's blocklist",
        description:
          "Reads the number's whole blocklist from the platform and makes Tidings agree: contacts it lists become blocked (source `sync`, `contact.blocked`), contacts it no longer lists are unblocked (`contact.unblocked`). Users matching no contact are counted in `unknown`. On a test key nothing is read or changed.",
        tags: ['Contacts'],
        access: act,
        idempotency: 'optional',
        errors: [...PLATFORM],
        response: { status: 200, schema: BlockSyncResult },
      },
      ({ auth }) => blockSync.sync(auth),
    ),
  ];
}
