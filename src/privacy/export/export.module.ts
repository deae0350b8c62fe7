/**
 * The export of a customer as a module (src/feature.ts; docs/api.md §D29): `GET
 * /v1/contacts/{id}/export` and the service the CLI's `contacts export` calls. It reads what the
 * contacts, messages, consent, events and media features keep, through their mappers, and writes
 * nothing but its audit entry.
 */
import type { AuditTrail } from '../../audit/audit-trail.js';
import type { ContactService } from '../../contacts/contact.service.js';
import type { Store } from '../../db/store.js';
import type { Feature } from '../../feature.js';
import type { Clock } from '../../lib/clock.js';
import type { MediaStorage } from '../../media/storage.js';
import { ContactExport } from './contact-export.js';
import { exportRoutes } from './export.routes.js';

export interface ExportNeeds {
  store: Store;
  clock: Clock;
  audit: AuditTrail;
  contacts: ContactService;
  storage: MediaStorage;
}

export interface ExportProvides {
  /** Streams a customer's export (docs/api.md §D29). */
  contactExport: ContactExport;
}

export function exportModule({ store, clock, audit, contacts, storage }: ExportNeeds): Feature<ExportProvides> {
  const contactExport = new ContactExport({ store, clock, audit, contacts, storage });
  return { name: 'export', provides: { contactExport }, routes: () => exportRoutes({ contactExport }) };
}
