/** Routes of the template resource (docs/api.md §4.1–4.5, §D7). */
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/route.js';
import { Deleted } from '../http/schemas.js';
import { TemplateInput, TemplateUpdate } from './template-content.schemas.js';
import { ListTemplatesQuery, Template, TemplateIdParams, TemplateList, ValidationResult } from './template.schemas.js';
import type { TemplateService } from './template.service.js';
import type { TemplateHistory } from './template-history.js';
import { TemplateHistoryPage, TemplateHistoryQuery } from './template-history.schemas.js';

const read = { scope: 'templates:read', permission: 'templates:read', modes: 'any' } as const;
/** Templates live at the platform: test keys may read and validate them, not change them. */
const write = { scope: 'templates:write', permission: 'templates:write', modes: 'live' } as const;
const PLATFORM_ERRORS = ['platform_rate_limited', 'platform_error', 'platform_unavailable'] as const;

export function templateRoutes({ templates, history }: { templates: TemplateService; history: TemplateHistory }) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/templates/',
        operationId: 'listTemplates',
        summary: 'List templates',
        description:
          'Utility templates of the account, newest change first (templates the platform re-categorised as marketing are left out). Poll cheaply with `updatedAfter`.',
        tags: ['Templates'],
        access: read,
        idempotency: 'none',
        errors: [],
        querystring: ListTemplatesQuery,
        response: { status: 200, schema: TemplateList },
      },
      ({ auth, query }) => templates.list(auth, query),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/templates/',
        operationId: 'createTemplate',
        summary: 'Create a template',
        description:
          'Stores a utility template and submits it to the platform in the same call. Requires `Idempotency-Key`: a create claims the name. Answers `processing`, or `pending` when the platform could not be reached (Tidings resubmits it in the background).',
        tags: ['Templates'],
        access: write,
        idempotency: 'required',
        errors: [
          'template_invalid',
          'media_not_found',
          'template_name_taken',
          'template_name_reserved',
          ...PLATFORM_ERRORS,
        ],
        body: TemplateInput,
        response: { status: 201, schema: Type.Ref(Template) },
      },
      ({ auth, body }) => templates.create(auth, body),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/templates/validate',
        operationId: 'validateTemplate',
        summary: 'Validate a template',
        description:
          'Every content problem at once; nothing is stored and the platform is not called, so test keys may use it. 409 when the name is taken or reserved.',
        tags: ['Templates'],
        access: read,
        idempotency: 'optional',
        errors: ['template_name_taken', 'template_name_reserved'],
        body: TemplateInput,
        response: { status: 200, schema: ValidationResult },
      },
      ({ auth, body }) => templates.validate(auth, body),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/templates/:id',
        operationId: 'getTemplate',
        summary: 'Get a template',
        description: 'Any template of the account, including one the platform re-categorised as marketing.',
        tags: ['Templates'],
        access: read,
        idempotency: 'none',
        errors: ['template_not_found'],
        params: TemplateIdParams,
        response: { status: 200, schema: Type.Ref(Template) },
      },
      ({ auth, params }) => templates.get(auth, params.id),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/templates/:id/history',
        operationId: 'listTemplateHistory',
        summary: "A template's history",
        description:
          "Every change of the template's life, newest first: created, submitted, approved or rejected, paused, unpaused, disabled, flagged, reinstated, quality and category changes (and their advance notice), time-to-live changes, imported, deleted; each with who made it known (`api`, `webhook`, `reconciliation`, `send`) and what the platform said beside it.",
        tags: ['Templates'],
        access: read,
        idempotency: 'none',
        errors: ['template_not_found'],
        params: TemplateIdParams,
        querystring: TemplateHistoryQuery,
        response: { status: 200, schema: TemplateHistoryPage },
      },
      ({ auth, params, query }) => history.list(auth, params.id, query),
    ),
    defineRoute(
      {
        method: 'PATCH',
        url: '/templates/:id',
        operationId: 'updateTemplate',
        summary: 'Update a template',
        description:
          'Only pending or rejected templates (else 409 template_not_editable). Omitted fields keep their value; the template is resubmitted and its rejection reason cleared.',
        tags: ['Templates'],
        access: write,
        idempotency: 'optional',
        errors: [
          'template_not_found',
          'template_not_editable',
          'template_invalid',
          'template_name_taken',
          'template_name_reserved',
          ...PLATFORM_ERRORS,
        ],
        params: TemplateIdParams,
        body: TemplateUpdate,
        response: { status: 200, schema: Type.Ref(Template) },
      },
      ({ auth, params, body }) => templates.update(auth, params.id, body),
    ),
    defineRoute(
      {
        method: 'DELETE',
        url: '/templates/:id',
        operationId: 'deleteTemplate',
        summary: 'Delete a template',
        description:
          'Deletes it at the platform (every language of its name) and here. The name stays reserved for 30 days.',
        tags: ['Templates'],
        access: write,
        idempotency: 'none',
        errors: ['template_not_found', ...PLATFORM_ERRORS],
        params: TemplateIdParams,
        response: { status: 200, schema: Deleted },
      },
      ({ auth, params }) => templates.delete(auth, params.id),
    ),
  ];
}
