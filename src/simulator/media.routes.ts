/**
 * The simulator's media (docs/platform.md §3, §8.9): multipart upload under the platform's
 * type and size table (the simulator's own copy, media-rules.ts; 131053 otherwise), `GET
 * /{media-id}` answering a URL valid 5 minutes, the download of that URL with the same bearer token,
 * and `DELETE /{media-id}`. Media ids expire (uploads 30 days, a customer's files 7 days).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from './context.js';
import { graphError, missingToken, objectNotFound } from '../lib/graph-errors.js';
import { authenticate, authorizeNumber, fail, isGraphError, params, type Grant } from './graph-http.js';
import { newGraphId } from '../lib/simulated-identity.js';
import { PLATFORM_MEDIA } from './media-rules.js';
import type { SimMedia, SimulatorState } from './state.js';

/** How long a customer's media id lives (docs/platform.md §3: 7 days). */
export const INBOUND_MEDIA_MS = 7 * 24 * 60 * 60 * 1000;
const DOWNLOAD_PATH = '/whatsapp_business/attachments/';

/** Keeps a file as media of `phoneNumberId`; returns its record. */
export function storeMedia(
  state: SimulatorState,
  phoneNumberId: string,
  file: { bytes: Buffer; mimeType: string; filename: string },
  source: 'upload' | 'inbound',
): SimMedia {
  const media: SimMedia = {
    id: newGraphId(),
    phoneNumberId,
    mimeType: file.mimeType,
    size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    filename: file.filename,
    expiresAt: Date.now() + (source === 'upload' ? state.config.mediaExpiryMs : INBOUND_MEDIA_MS),
    source,
  };
  state.media.set(media.id, media);
  state.putBytes(media.id, file.bytes);
  state.changed();
  return media;
}

/**
 * A download URL for `media`, shaped like the platform's lookaside URL
 * (`…/whatsapp_business/attachments/?mid=…&ext=…&hash=…`) on the simulator's own origin.
 */
export function mediaUrl(ctx: SimContext, origin: string, media: SimMedia): string {
  const ext = Math.floor((Date.now() + ctx.state.config.mediaUrlTtlMs) / 1000);
  return `${origin}${DOWNLOAD_PATH}?mid=${media.id}&ext=${ext}&hash=${urlHash(ctx.appSecret, media.id, ext)}`;
}

const urlHash = (secret: string, id: string, ext: number) =>
  createHmac('sha256', secret).update(`media-url:${id}:${ext}`).digest('base64url').slice(0, 43);

export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? 'localhost'}`;
}

/** A live media id the grant may see (100/33 otherwise, as the platform hides what a token cannot see). */
function visibleMedia(
  ctx: SimContext,
  grant: Grant,
  id: string,
  method: string,
  phoneNumberId?: unknown,
): SimMedia | ReturnType<typeof objectNotFound> {
  const media = ctx.state.media.get(id);
  if (!media || media.expiresAt <= Date.now()) return objectNotFound(id, method);
  if (phoneNumberId !== undefined && phoneNumberId !== media.phoneNumberId) return objectNotFound(id, method);
  const number = authorizeNumber(ctx.state, grant, media.phoneNumberId, method);
  return isGraphError(number) ? objectNotFound(id, method) : media;
}

/** `GET /{media-id}` (media-get-url-response.json); null when `id` is no media. */
export function getMedia(ctx: SimContext, request: FastifyRequest, reply: FastifyReply, grant: Grant, id: string) {
  if (!ctx.state.media.has(id)) return null;
  const media = visibleMedia(ctx, grant, id, 'get', params(request).phone_number_id);
  if (isGraphError(media)) return fail(reply, media);
  // file_size: a number as in Bindambc's media.json (Meta's Postman collection shows a string; UNCONFIRMED).
  return {
    url: mediaUrl(ctx, originOf(request), media),
    mime_type: media.mimeType,
    sha256: media.sha256,
    file_size: media.size,
    id: media.id,
    messaging_product: 'whatsapp',
  };
}

/** `DELETE /{media-id}` → `{"success": true}`; null when `id` is no media. */
export function deleteMedia(ctx: SimContext, request: FastifyRequest, reply: FastifyReply, grant: Grant, id: string) {
  if (!ctx.state.media.has(id)) return null;
  const media = visibleMedia(ctx, grant, id, 'delete', params(request).phone_number_id);
  if (isGraphError(media)) return fail(reply, media);
  ctx.state.deleteMedia(id);
  return { success: true };
}

/** Registers the multipart upload and the download URL (get and delete go through objects.routes.ts). */
export async function registerMediaRoutes(app: FastifyInstance, ctx: SimContext): Promise<void> {
  const { state } = ctx;
  await app.register(multipart, { limits: { fileSize: 101 * 1024 * 1024, files: 1 } });

  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/media',
    async (request, reply) => {
      const grant = authenticate(state, ctx.appSecret, request);
      if (isGraphError(grant)) return fail(reply, grant);
      const number = authorizeNumber(state, grant, request.params.phoneNumberId, 'post');
      if (isGraphError(number)) return fail(reply, number);
      if (!request.isMultipart()) return fail(reply, graphError(100, 'Upload the file as multipart/form-data.'));
      // `messaging_product` may come as a form field or in the query string (whatsapp-api-js).
      const fields: Record<string, string> = Object.fromEntries(
        Object.entries(params(request)).map(([k, v]) => [k, String(v)]),
      );
      let file: { bytes: Buffer; mimeType: string; filename: string } | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else file = { bytes: await part.toBuffer(), mimeType: part.mimetype, filename: part.filename };
      }
      if (fields.messaging_product !== 'whatsapp')
        return fail(reply, graphError(100, 'The parameter messaging_product is required and must be "whatsapp".'));
      if (!file) return fail(reply, graphError(131008, 'The parameter file is required.'));
      const mimeType = (fields.type ?? file.mimeType).split(';')[0]!.trim().toLowerCase();
      const rule = PLATFORM_MEDIA[mimeType];
      if (!rule)
        return fail(
          reply,
          graphError(131053, `Param file must be a file with one of the accepted types; got ${mimeType}.`),
        );
      if (file.bytes.length > rule.maxBytes)
        return fail(
          reply,
          graphError(131053, `The file is larger than the ${rule.maxBytes} bytes allowed for ${mimeType}.`),
        );
      return { id: storeMedia(state, number.phoneNumberId, { ...file, mimeType }, 'upload').id };
    },
  );

  // The download: the URL from GET /{media-id} with the same bearer token (docs/platform.md §3).
  app.get<{ Querystring: { mid?: string; ext?: string; hash?: string } }>(DOWNLOAD_PATH, async (request, reply) => {
    const grant = authenticate(state, ctx.appSecret, request);
    if (isGraphError(grant)) {
      const e = grant.body.error.code === 104 ? missingToken() : grant;
      return reply.code(401).send(e.body);
    }
    const { mid = '', ext = '', hash = '' } = request.query;
    const expected = urlHash(ctx.appSecret, mid, Number(ext));
    const valid = hash.length === expected.length && timingSafeEqual(Buffer.from(hash), Buffer.from(expected));
    const media = valid ? state.media.get(mid) : undefined;
    // A stale URL is 404: fetch a new one with GET /{media-id} (docs/platform.md §3).
    if (!media || Number(ext) * 1000 < Date.now() || media.expiresAt <= Date.now())
      return reply.code(404).send(objectNotFound(mid, 'get').body);
    if (isGraphError(authorizeNumber(state, grant, media.phoneNumberId, 'get')))
      return reply.code(404).send(objectNotFound(mid, 'get').body);
    const bytes = state.bytes(mid);
    if (!bytes) return reply.code(404).send(objectNotFound(mid, 'get').body);
    // The fault `mediaDownloadFailures`: this download fails, as a platform hiccup would.
    if (state.config.mediaDownloadFailures > 0) {
      state.config.mediaDownloadFailures--;
      state.changed();
      return reply.code(500).send(graphError(131000, 'Something went wrong').body);
    }
    return reply.header('content-type', media.mimeType).header('content-length', bytes.length).send(bytes);
  });
}
