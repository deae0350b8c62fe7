/**
 * Routes of erasing customers (docs/api.md §D28, §4.52–§4.54). Erasing needs the `contacts:erase`
 * permission (owners and admins) and a key with `messages:send`; reading erasures `messages:read`.
 * A key erases and sees its own mode's customers and erasures only.
 */
import { Type } from '@sinclair/typebox';
import { ContactIdParams } from '../../contacts/contact.schemas.js';
import { defineRoute } from '../../http/route.js';
import { CreateErasuresBody, Erasure, ErasureIdParams, ErasureList, ListErasuresQuery } from './erasure.schemas.js';
import type { ErasureService } from './erasure.service.js';

const erase = { scope: 'messages:send', permission: 'contacts:erase', modes: 'any' } as const;
const read = { scope: 'messages:read', permission: 'contacts:erase', modes: 'any' } as const;

const WHAT =
  " An erasure removes the customer's personal data from every table and file Tidings keeps (docs/api.md §D28): the contact and its search words, what their messages both ways said (each message stays as a husk, for the counts), their files (and the platform's copies of files sent to them alone), status reports, events and their delivery logs, raw platform webhooks naming them, waiting messages (canceled), blocks and consents. An active suppression stays as a tombstone of keyed hashes: a customer who opted out stays suppressed. It runs as a durable job; follow it with `GET /v1/erasures/{id}`. A later message from or to the same address starts a new contact.";

export function erasureRoutes({ erasures }: { erasures: ErasureService }) {
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/contacts/:id/erase',
        operationId: 'eraseContact',
        summary: 'Erase a customer',
        description:
          'Queues the erasure of the contact (202) and records `contact.erased` and an audit entry once done. A contact being erased already answers that erasure; an erased or unknown one is 404.' +
          WHAT,
        tags: ['Contacts'],
        access: erase,
        idempotency: 'optional',
        errors: ['contact_not_found'],
        params: ContactIdParams,
        response: { status: 202, schema: Type.Ref(Erasure) },
      },
      async ({ auth, params, reply }) => reply.code(202).send(await erasures.eraseContact(auth, params.id)),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/erasures',
        operationId: 'createErasure',
        summary: 'Erase customers',
        description:
          "Queues the erasure (202) of every contact of the key's mode holding each of `customers` (a `ct_` id, an E.164 number or a BSUID), on any number of the account. An address no contact holds is counted in `customers` and erases nothing." +
          WHAT,
        tags: ['Contacts'],
        access: erase,
        idempotency: 'optional',
        errors: [],
        body: CreateErasuresBody,
        response: { status: 202, schema: Type.Ref(Erasure) },
      },
      async ({ auth, body, reply }) => reply.code(202).send(await erasures.eraseCustomers(auth, body.customers)),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/erasures',
        operationId: 'listErasures',
        summary: 'List erasures',
        description: "The account's erasures in the key's mode, newest first.",
        tags: ['Contacts'],
        access: read,
        idempotency: 'none',
        errors: [],
        querystring: ListErasuresQuery,
        response: { status: 200, schema: ErasureList },
      },
      ({ auth, query }) => erasures.list(auth, query),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/erasures/:id',
        operationId: 'getErasure',
        summary: 'Get an erasure',
        description: 'The erasure with its status and what it removed so far.',
        tags: ['Contacts'],
        access: read,
        idempotency: 'none',
        errors: ['erasure_not_found'],
        params: ErasureIdParams,
        response: { status: 200, schema: Type.Ref(Erasure) },
      },
      ({ auth, params }) => erasures.get(auth, params.id),
    ),
  ];
}
