/**
 * The simulator's media endpoints (CLOUD_API.md §3; checklist §8.9): multipart upload with the
 * platform's type and size table (131053 otherwise), media ids that expire, and the URL lookup.
 */
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MEDIA_TYPES } from '../media/media-types.js';
import { graphError } from './graph-errors.js';
import { newGraphId } from './identity.js';
import type { SimMedia, SimulatorState } from './state.js';

/** Whether `mediaId` can be sent from `phoneNumberId` now. */
export function usableMedia(state: SimulatorState, mediaId: unknown, phoneNumberId: string): SimMedia | null {
  const m = typeof mediaId === 'string' ? state.media.get(mediaId) : undefined;
  return m && m.phoneNumberId === phoneNumberId && m.expiresAt > Date.now() ? m : null;
}

/** File types the Resumable Upload API takes (CLOUD_API.md §2.6). */
const RESUMABLE_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/jpg', 'image/png', 'video/mp4']);

/** POST /{version}/upload:{session}: the file data of a resumable upload; answers `{ h }`. */
export async function receiveUploadData(state: SimulatorState, sessionId: string, authorization: string | undefined, body: unknown) {
  const session = state.uploads.get(sessionId);
  if (!session) return graphError(100, `Upload session ${sessionId} does not exist.`, 33);
  if (!/^OAuth \S+/.test(authorization ?? '')) return graphError(190, 'The file data needs an "Authorization: OAuth <token>" header.');
  const data = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  session.offset += data.length;
  if (session.offset !== session.fileLength) return graphError(100, `Received ${session.offset} of ${session.fileLength} bytes.`);
  session.handle = `4::${Buffer.from(`${sessionId}:${session.fileType}`).toString('base64')}`;
  state.handles.add(session.handle);
  return { h: session.handle };
}

export async function registerMediaRoutes(app: FastifyInstance, state: SimulatorState): Promise<void> {
  await app.register(multipart, { limits: { fileSize: 101 * 1024 * 1024, files: 1 } });
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: 101 * 1024 * 1024 }, (_req, body, done) => done(null, body));

  app.post<{ Params: { version: string; appId: string }; Querystring: Record<string, string> }>('/:version/:appId/uploads', async (request, reply) => {
    const { file_name: name, file_length: length, file_type: type } = request.query;
    if (!/^Bearer \S+/.test(request.headers.authorization ?? '')) {
      const e = graphError(190, 'Missing or malformed access token.');
      return reply.code(e.status).send(e.body);
    }
    if (!name || !/^\d+$/.test(length ?? '') || !type || !RESUMABLE_TYPES.has(type)) {
      const e = graphError(100, 'file_name, file_length and a file_type of application/pdf, image/jpeg, image/png or video/mp4 are required.');
      return reply.code(e.status).send(e.body);
    }
    const id = `upload:${Buffer.from(newGraphId()).toString('base64')}`;
    state.uploads.set(id, { fileType: type, fileLength: Number(length), offset: 0, handle: null });
    return { id };
  });

  app.post<{ Params: { version: string; phoneNumberId: string } }>('/:version/:phoneNumberId/media', async (request, reply) => {
    const fail = (e: ReturnType<typeof graphError>) => reply.code(e.status).send(e.body);
    if (!/^Bearer \S+/.test(request.headers.authorization ?? '')) return fail(graphError(190, 'Missing or malformed access token.'));
    if (!request.isMultipart()) return fail(graphError(100, 'Upload the file as multipart/form-data.'));
    const fields: Record<string, string> = {};
    let file: { mimeType: string; size: number; sha256: string; filename: string } | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else {
        const hash = createHash('sha256');
        let size = 0;
        for await (const chunk of part.file) {
          hash.update(chunk);
          size += chunk.length;
        }
        file = { mimeType: part.mimetype, size, sha256: hash.digest('hex'), filename: part.filename };
      }
    }
    if (fields.messaging_product !== 'whatsapp') return fail(graphError(100, 'The parameter messaging_product is required and must be "whatsapp".'));
    if (!file) return fail(graphError(131008, 'The parameter file is required.'));
    const mimeType = (fields.type ?? file.mimeType).split(';')[0]!.trim();
    const accepted = MEDIA_TYPES[mimeType];
    if (!accepted) return fail(graphError(131053, `Param file must be a file with one of the accepted types; got ${mimeType}.`));
    if (file.size > accepted.maxBytes) return fail(graphError(131053, `The file is larger than ${accepted.maxBytes} bytes allowed for ${mimeType}.`));
    const media: SimMedia = { id: newGraphId(), phoneNumberId: request.params.phoneNumberId, ...file, mimeType, expiresAt: Date.now() + state.config.mediaExpiryMs };
    state.media.set(media.id, media);
    state.changed();
    return { id: media.id };
  });
}
