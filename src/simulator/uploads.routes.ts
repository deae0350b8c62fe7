/**
 * The Resumable Upload API (docs/platform.md §2.6; Meta Graph `guides/upload`): open a session, send the
 * bytes (from `file_offset`, in one or more parts), ask where a session stands, and get a handle for
 * a template's media header. Ids and handles are shaped like the fixtures
 * (resumable-upload-*.json, template-create-request-document-header.json).
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from './context.js';
import { graphError, objectNotFound } from '../lib/graph-errors.js';
import { authenticate, fail, isGraphError } from './graph-http.js';
import { newGraphId } from '../lib/simulated-identity.js';

/** File types a session may be opened for (docs/platform.md §2.6). */
const RESUMABLE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'video/mp4']);

const sig = (secret: string, what: string) =>
  `AR${createHmac('sha256', secret).update(what).digest('base64url').slice(0, 17)}`;

/** The session key of an `upload:…` id (the part before `?sig=`). */
const keyOf = (id: string) => id.split('?')[0]!;

/** Registers `POST /{version}/{app-id}/uploads` (sessions; their data and status go through objects.routes.ts). */
export function registerUploadRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;
  app.post<{ Params: { version: string; appId: string }; Querystring: Record<string, string> }>(
    '/:version/:appId/uploads',
    async (request, reply) => {
      const grant = authenticate(state, ctx.appSecret, request);
      if (isGraphError(grant)) return fail(reply, grant);
      const { file_name: name, file_length: length, file_type: type } = request.query;
      if (!name || !/^\d+$/.test(length ?? '') || !type || !RESUMABLE_TYPES.has(type)) {
        return fail(
          reply,
          graphError(
            100,
            'file_name, file_length and a file_type of application/pdf, image/jpeg, image/jpg, image/png or video/mp4 are required.',
          ),
        );
      }
      // Standard base64 like the fixture's ids, drawn again until it has no `/` (it is a path segment).
      let key: string;
      do
        key = `upload:${Buffer.from(`1:attachment:${newGraphId()}?file_name=${encodeURIComponent(name)}`).toString('base64')}`;
      while (key.includes('/'));
      state.uploads.set(key, { fileName: name, fileType: type, fileLength: Number(length), offset: 0, handle: null });
      state.changed();
      return { id: `${key}?sig=${sig(ctx.appSecret, key)}` };
    },
  );
}

function sessionOf(ctx: SimContext, request: FastifyRequest, id: string) {
  const key = keyOf(id);
  const given = (request.query as Record<string, unknown>).sig;
  const session = ctx.state.uploads.get(key);
  // The sig may be left off (clients that drop the query string); a wrong one is refused.
  if (!session || (typeof given === 'string' && given !== sig(ctx.appSecret, key))) return null;
  return { key, session };
}

/**
 * `POST /{version}/upload:{session}`: the file data, raw bytes in any content type, with
 * `Authorization: OAuth <token>` (Meta's wording) or `Bearer`, from the `file_offset` header on.
 * Answers `{"h": handle}` once every byte is in; a partial part answers where the session stands
 * (`{id, file_offset}`, UNCONFIRMED).
 */
export function receiveUploadData(ctx: SimContext, request: FastifyRequest, reply: FastifyReply, id: string) {
  const grant = authenticate(ctx.state, ctx.appSecret, request);
  if (isGraphError(grant)) return fail(reply, grant);
  const found = sessionOf(ctx, request, id);
  if (!found) return fail(reply, objectNotFound(id, 'post'));
  const { key, session } = found;
  const data = Buffer.isBuffer(request.body)
    ? request.body
    : typeof request.body === 'string'
      ? Buffer.from(request.body)
      : Buffer.alloc(0);
  const offset = Number(request.headers.file_offset ?? 0);
  if (offset !== session.offset)
    return fail(reply, graphError(100, `file_offset must be ${session.offset}, where the upload stands.`));
  if (session.handle === null) session.offset += data.length;
  if (session.offset > session.fileLength)
    return fail(
      reply,
      graphError(100, `Received ${session.offset} bytes; the session was opened for ${session.fileLength}.`),
    );
  ctx.state.changed();
  if (session.offset < session.fileLength)
    return { id: `${key}?sig=${sig(ctx.appSecret, key)}`, file_offset: session.offset };
  if (session.handle === null) {
    // `4::<base64 MIME>:<opaque>:e:<expiry>:<app id>:<user id>:<sig>` (template-create-request-document-header.json).
    const opaque = Buffer.from(`${key}:${session.fileName}`).toString('base64url');
    const expiry = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
    session.handle = `4::${Buffer.from(session.fileType).toString('base64')}:${opaque}:e:${expiry}:${newGraphId()}:${grant.wabaIds[0] ?? newGraphId()}:${sig(ctx.appSecret, opaque)}`;
    ctx.state.handles.add(session.handle);
  }
  return { h: session.handle };
}

/** `GET /{version}/upload:{session}` → `{id, file_offset}` (resumable-upload-status-response.json). */
export function uploadStatus(ctx: SimContext, request: FastifyRequest, reply: FastifyReply, id: string) {
  const grant = authenticate(ctx.state, ctx.appSecret, request);
  if (isGraphError(grant)) return fail(reply, grant);
  const found = sessionOf(ctx, request, id);
  if (!found) return fail(reply, objectNotFound(id, 'get'));
  return { id: `${found.key}?sig=${sig(ctx.appSecret, found.key)}`, file_offset: found.session.offset };
}
