/** Routes of the contact resource (README "Customers and conversations"). */
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/route.js';
import { Contact, ContactIdParams, ContactList, ListContactsQuery } from './contact.schemas.js';
import type { ContactService } from './contact.service.js';

/** Reading contacts takes the scope that reading messages takes. */
const read = { scope: 'messages:read', permission: 'messages:read', modes: 'any' } as const;

export function contactRoutes({ contacts }: { contacts: ContactService }) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/contacts',
        operationId: 'listContacts',
        summary: 'List contacts',
        description:
          'Most recent activity (a message either way) first. `windowOpen` keeps only contacts whose customer service window is open (or closed); `q` searches words of profile names and usernames by their beginning, and phone numbers by their digits (see `q`). Page with `starting_after` set to the last id of the previous page while `has_more` is true.',
        tags: ['Contacts'],
        access: read,
        idempotency: 'none',
        errors: [],
        querystring: ListContactsQuery,
        response: { status: 200, schema: ContactList },
      },
      ({ auth, query }) => contacts.list(auth, query),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/contacts/:id',
        operationId: 'getContact',
        summary: 'Get a contact',
        description: 'With its customer service window as of now.',
        tags: ['Contacts'],
        access: read,
        idempotency: 'none',
        errors: ['contact_not_found'],
        params: ContactIdParams,
        response: { status: 200, schema: Type.Ref(Contact) },
      },
      ({ auth, params }) => contacts.get(auth, params.id),
    ),
  ];
}
