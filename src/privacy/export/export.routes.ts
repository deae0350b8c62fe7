/** The export of a customer (docs/api.md §D29): one route, answering a ZIP as it is made. */
import { Type } from '@sinclair/typebox';
import { ContactIdParams } from '../../contacts/contact.schemas.js';
import { defineRoute } from '../../http/route.js';
import type { ContactExport } from './contact-export.js';

/** A key needs the scope that reading contacts takes; a person (and a key's maker) the owner's or an admin's `contacts:export`. */
const exporting = { scope: 'messages:read', permission: 'contacts:export', modes: 'any' } as const;

export function exportRoutes({ contactExport }: { contactExport: ContactExport }) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/contacts/:id/export',
        operationId: 'exportContact',
        summary: 'Export what is held on a customer',
        description:
          "A ZIP, streamed as it is made: `contact.json` (the contact as GET returns it, every message of both directions with its statuses, the consent history, the events about the customer, the list of files) and each file's bytes under `files/<med_id>/<filename>`. For a customer's request under GDPR Art. 15 and 20, LGPD or the DPDP Act. Owners and admins (`contacts:export`); recorded in the audit trail as `contact.exported`. At most two exports of an account run at once (429 `rate_limited` with `Retry-After`).",
        tags: ['Contacts'],
        access: exporting,
        idempotency: 'none',
        errors: ['contact_not_found'],
        params: ContactIdParams,
        response: { status: 200, schema: Type.String({ format: 'binary' }), contentType: 'application/zip' },
      },
      async ({ auth, params, reply }) => {
        const archive = await contactExport.start(auth, params.id);
        // A client that goes away stops the work (after a whole answer this changes nothing).
        reply.raw.once('close', () => archive.abort());
        return reply
          .code(200)
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${archive.filename}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(archive.stream);
      },
    ),
  ];
}
