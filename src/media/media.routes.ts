/** `POST /v1/media/` (service-interface §4.8, DECISIONS §4 and §9). */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Readable } from 'node:stream';
import { TidingsError } from '../errors.js';
import type { IdempotencyGate } from '../http/idempotency.js';
import { errorResponses } from '../http/schemas.js';
import { MAX_MEDIA_BYTES } from './media-types.js';
import { ListMediaQuery, Media, MediaIdParams, MediaList } from './media.schemas.js';
import type { MediaService, ReceivedFile } from './media.service.js';

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  if (!stream.readableEnded && !stream.destroyed) await new Promise<void>((resolve) => stream.once('end', resolve).once('close', resolve).once('error', () => resolve()));
}

export const mediaRoutes: FastifyPluginAsyncTypebox<{ media: MediaService; idempotency: IdempotencyGate }> = async (app, { media, idempotency }) => {
  // The file is never held in memory: parts are streams, limited to the largest accepted file.
  await app.register(multipart, { limits: { fileSize: MAX_MEDIA_BYTES, files: 5, fields: 20, parts: 25, fieldSize: 1024 } });

  app.post(
    '/media/',
    {
      config: { scope: 'media:write', idempotency: 'content' },
      schema: {
        tags: ['Media'],
        summary: 'Upload a file',
        description:
          'multipart/form-data with one part named `file` and nothing else. The type is read from the content (the declared type and the name are only hints) and must be one the platform accepts, within its size limit for that kind. On a live key the file is registered with the platform in the same call, so the id is usable at once. `Idempotency-Key` is honoured: the file content and name are the fingerprint.',
        consumes: ['multipart/form-data'],
        response: { 201: Type.Ref(Media), ...errorResponses(400, 401, 403, 409, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new TidingsError('parameter_missing', 'Send the file as multipart/form-data, in a part named "file".', { param: 'file' });
      }
      let received: ReceivedFile | null = null;
      let problem: unknown = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') {
            problem ??= new TidingsError('parameter_unknown', `Unknown part "${part.fieldname}": send only the file, in a part named "file".`, { param: part.fieldname });
            continue;
          }
          if (part.fieldname !== 'file' || received || problem) {
            problem ??= new TidingsError('parameter_unknown', part.fieldname === 'file' ? 'Send one file per upload.' : `Unknown part "${part.fieldname}": the file goes in a part named "file".`, { param: part.fieldname });
            await drain(part.file);
            continue;
          }
          try {
            received = await media.receive(part.file, part.filename);
          } catch (err) {
            problem ??= err;
            await drain(part.file);
          }
        }
      } catch (err) {
        problem ??= (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? new TidingsError('media_too_large', 'The file is larger than the platform accepts for any kind (100 MB).', { param: 'file' }) : err;
      }
      if (problem !== null) {
        if (received) await media.discard(received);
        throw problem;
      }
      if (!received) throw new TidingsError('parameter_missing', 'No file: send it in a part named "file".', { param: 'file' });
      let answered;
      try {
        answered = await idempotency(request, reply, `${received.sha256} ${received.filename}`);
      } catch (err) {
        await media.discard(received);
        throw err;
      }
      if (answered) {
        await media.discard(received);
        return answered;
      }
      return reply.code(201).send(await media.store(request.auth!, received));
    },
  );

  app.get(
    '/media',
    {
      config: { scope: 'media:write' },
      schema: {
        tags: ['Media'],
        summary: 'List uploads',
        description: 'The key\'s uploads (its account and mode), newest first. Needs `media:write`, the one media scope.',
        querystring: ListMediaQuery,
        response: { 200: MediaList, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => media.list(request.auth!, request.query),
  );

  app.get(
    '/media/:id',
    {
      config: { scope: 'media:write' },
      schema: { tags: ['Media'], summary: 'Get an upload', params: MediaIdParams, response: { 200: Type.Ref(Media), ...errorResponses(401, 403, 404, 429, 503) } },
    },
    async (request) => media.get(request.auth!, request.params.id),
  );
};
