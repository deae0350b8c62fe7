/** Routes of the template resource (service-interface §4.1–4.5, DECISIONS §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Deleted, errorResponses } from '../http/schemas.js';
import type { TemplateService } from './template.service.js';
import { ListTemplatesQuery, Template, TemplateIdParams, TemplateInput, TemplateList, TemplateUpdate, ValidationResult } from './template.schemas.js';

const IdempotencyHeader = Type.Object({ 'idempotency-key': Type.Optional(Type.String()) });

export const templateRoutes: FastifyPluginAsyncTypebox<{ templates: TemplateService }> = async (app, { templates }) => {
  app.get(
    '/templates/',
    {
      config: { scope: 'templates:read' },
      schema: {
        tags: ['Templates'],
        summary: 'List templates',
        description: 'Utility templates of the account, newest change first (templates the platform re-categorised as marketing are left out). Poll cheaply with `updatedAfter`.',
        querystring: ListTemplatesQuery,
        response: { 200: TemplateList, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => templates.list(request.auth!, request.query),
  );

  app.post(
    '/templates/',
    {
      config: { scope: 'templates:write', liveOnly: true, idempotency: 'required' },
      schema: {
        tags: ['Templates'],
        summary: 'Create a template',
        description: 'Stores a utility template and submits it to the platform in the same call. Requires `Idempotency-Key`: a create claims the name. Answers `processing`, or `pending` when the platform could not be reached (Tidings resubmits it in the background).',
        headers: IdempotencyHeader, // required, but checked by the idempotency hook: 400 idempotency_key_missing
        body: TemplateInput,
        response: { 201: Type.Ref(Template), ...errorResponses(400, 401, 403, 404, 409, 429, 502, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await templates.create(request.auth!, request.body)),
  );

  app.post(
    '/templates/validate',
    {
      config: { scope: 'templates:read', idempotency: 'optional' },
      schema: {
        tags: ['Templates'],
        summary: 'Validate a template',
        description: 'Every content problem at once; nothing is stored and the platform is not called, so test keys may use it. 409 when the name is taken or reserved.',
        headers: IdempotencyHeader,
        body: TemplateInput,
        response: { 200: ValidationResult, ...errorResponses(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request) => templates.validate(request.auth!, request.body),
  );

  app.get(
    '/templates/:id',
    {
      config: { scope: 'templates:read' },
      schema: {
        tags: ['Templates'],
        summary: 'Get a template',
        description: 'Any template of the account, including one the platform re-categorised as marketing.',
        params: TemplateIdParams,
        response: { 200: Type.Ref(Template), ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => templates.get(request.auth!, request.params.id),
  );

  app.patch(
    '/templates/:id',
    {
      config: { scope: 'templates:write', liveOnly: true, idempotency: 'optional' },
      schema: {
        tags: ['Templates'],
        summary: 'Update a template',
        description: 'Only pending or rejected templates (else 409 template_not_editable). Omitted fields keep their value; the template is resubmitted and its rejection reason cleared.',
        headers: IdempotencyHeader,
        params: TemplateIdParams,
        body: TemplateUpdate,
        response: { 200: Type.Ref(Template), ...errorResponses(400, 401, 403, 404, 409, 429, 502, 503) },
      },
    },
    async (request) => templates.update(request.auth!, request.params.id, request.body),
  );

  app.delete(
    '/templates/:id',
    {
      config: { scope: 'templates:write', liveOnly: true },
      schema: {
        tags: ['Templates'],
        summary: 'Delete a template',
        description: 'Deletes it at the platform (every language of its name) and here. The name stays reserved for 30 days.',
        params: TemplateIdParams,
        response: { 200: Deleted, ...errorResponses(400, 401, 403, 404, 429, 502, 503) },
      },
    },
    async (request) => templates.delete(request.auth!, request.params.id),
  );
};
