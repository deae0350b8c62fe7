/** Routes of Meta's Template Library through Tidings, and of the reconciliation with the platform (docs/api.md §D20). */
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/route.js';
import { Template } from './template.schemas.js';
import type { TemplateLibrary } from './template-library.js';
import { LibraryList, LibraryQuery, LibraryTemplateInput } from './template-library.schemas.js';
import type { TemplateSync } from './template-sync.js';
import { SyncResult } from './template-sync.schemas.js';

const PLATFORM_ERRORS = ['platform_rate_limited', 'platform_error', 'platform_unavailable'] as const;

export function templateLibraryRoutes({
  templateLibrary,
  templateSync,
}: {
  templateLibrary: TemplateLibrary;
  templateSync: TemplateSync;
}) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/template_library',
        operationId: 'browseTemplateLibrary',
        summary: "Browse Meta's Template Library",
        description:
          'Pre-written utility templates the platform approves at once. Create one with `POST /v1/templates/from_library`.',
        tags: ['Templates'],
        access: { scope: 'templates:read', permission: 'templates:read', modes: 'any' },
        idempotency: 'none',
        errors: [...PLATFORM_ERRORS],
        querystring: LibraryQuery,
        response: { status: 200, schema: LibraryList },
      },
      ({ auth, query }) => templateLibrary.browse(auth, query),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/templates/from_library',
        operationId: 'createTemplateFromLibrary',
        summary: "Create a template from Meta's Template Library",
        description:
          'A template from a library entry and its inputs (a tracking link, a phone number…): approved by the platform at once, its category fixed (UTILITY; never re-categorised). Answers once the platform has it, with its content as the platform made it. Requires `Idempotency-Key`.',
        tags: ['Templates'],
        access: { scope: 'templates:write', permission: 'templates:write', modes: 'live' },
        idempotency: 'required',
        errors: ['template_invalid', 'template_name_taken', 'template_name_reserved', ...PLATFORM_ERRORS],
        body: LibraryTemplateInput,
        response: { status: 201, schema: Type.Ref(Template) },
      },
      ({ auth, body }) => templateLibrary.create(auth, body),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/templates/sync',
        operationId: 'syncTemplates',
        summary: 'Reconcile templates with the platform',
        description:
          'Reads every template of the account at the platform: imports the ones made outside Tidings (in WhatsApp Manager, `source: "platform"`), repairs any status, quality or category a lost webhook left behind (with the events it would have caused), and deletes the ones gone from the platform. Answers what it changed. Also runs daily (`TEMPLATE_SYNC_INTERVAL_MS`).',
        tags: ['Templates'],
        access: { scope: 'templates:write', permission: 'templates:write', modes: 'live' },
        idempotency: 'optional',
        errors: [...PLATFORM_ERRORS],
        response: { status: 200, schema: Type.Ref(SyncResult) },
      },
      ({ auth }) => templateSync.sync(auth.accountId),
    ),
  ];
}
