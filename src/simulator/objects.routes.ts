/**
 * Graph nodes addressed by id alone (`/{version}/{id}`): a media id (get, delete), a template id
 * (get, edit), a business phone number (get, with `fields`: every field Meta documents, read by
 * fields.ts, docs/platform.md §0.1), an upload session (status, file data). An id that is none of
 * these, or a method a node does not take, answers 100/33 as the platform does;
 * `GET /{waba-id}/phone_numbers` lists a WABA's numbers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from './context.js';
import { objectNotFound } from '../lib/graph-errors.js';
import { authenticate, authorizeNumber, authorizeWaba, fail, isGraphError, params, type Grant } from './graph-http.js';
import { deleteMedia, getMedia, originOf } from './media.routes.js';
import { editTemplate, getTemplate } from './templates/by-id.js';
import type { TemplateActions } from './templates/review.js';
import { selectFields } from '../lib/graph-fields.js';
import { readNode } from '../lib/graph-fields.js';
import { NODE_TYPES } from './fields.js';
import { receiveUploadData, uploadStatus } from './uploads.routes.js';

/** Registers `GET/POST/DELETE /{version}/{id}` and `GET /{version}/{waba-id}/phone_numbers`. */
export function registerObjectRoutes(app: FastifyInstance, ctx: SimContext, templates: TemplateActions): void {
  const { state } = ctx;
  const grantOf = (request: FastifyRequest, reply: FastifyReply): Grant | null => {
    const grant = authenticate(state, ctx.appSecret, request);
    if (isGraphError(grant)) {
      fail(reply, grant);
      return null;
    }
    return grant;
  };

  app.get<{ Params: { version: string; id: string } }>('/:version/:id', async (request, reply) => {
    const { id } = request.params;
    if (id.startsWith('upload:')) return uploadStatus(ctx, request, reply, id);
    const grant = grantOf(request, reply);
    if (!grant) return reply;
    const answer = getMedia(ctx, request, reply, grant, id) ?? getTemplate(ctx, request, reply, grant, id);
    if (answer !== null) return answer;
    if (state.numbers.has(id)) {
      const number = authorizeNumber(state, grant, id, 'get');
      if (isGraphError(number)) return fail(reply, number);
      const fields = selectFields(params(request).fields);
      const shaped = isGraphError(fields) ? fields : readNode(NODE_TYPES.phoneNumber, number, fields);
      return isGraphError(shaped) ? fail(reply, shaped) : shaped;
    }
    return fail(reply, objectNotFound(id, 'get'));
  });

  app.post<{ Params: { version: string; id: string } }>('/:version/:id', async (request, reply) => {
    const { id } = request.params;
    if (id.startsWith('upload:')) return receiveUploadData(ctx, request, reply, id);
    const grant = grantOf(request, reply);
    if (!grant) return reply;
    return editTemplate(ctx, templates, request, reply, grant, id) ?? fail(reply, objectNotFound(id, 'post'));
  });

  app.delete<{ Params: { version: string; id: string } }>('/:version/:id', async (request, reply) => {
    const grant = grantOf(request, reply);
    if (!grant) return reply;
    return (
      deleteMedia(ctx, request, reply, grant, request.params.id) ??
      fail(reply, objectNotFound(request.params.id, 'delete'))
    );
  });

  app.get<{ Params: { version: string; wabaId: string } }>(
    '/:version/:wabaId/phone_numbers',
    async (request, reply) => {
      const grant = grantOf(request, reply);
      if (!grant) return reply;
      const ok = authorizeWaba(grant, request.params.wabaId, 'get');
      if (isGraphError(ok)) return fail(reply, ok);
      const fields = selectFields(params(request).fields);
      if (isGraphError(fields)) return fail(reply, fields);
      const data = [];
      for (const n of state.numbers.values()) {
        if (n.wabaId !== request.params.wabaId || n.provisional) continue;
        const shaped = readNode(NODE_TYPES.phoneNumber, n, fields);
        if (isGraphError(shaped)) return fail(reply, shaped);
        data.push(shaped);
      }
      const cursor = (s: string) => Buffer.from(s).toString('base64url');
      return {
        data,
        paging: { cursors: { before: cursor(`${originOf(request)}:0`), after: cursor(`${data.length}`) } },
      };
    },
  );
}
