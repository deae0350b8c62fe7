/** Routes of the media resource (docs/api.md §4.8, §D4 and §D9). */
import { Type } from '@sinclair/typebox';
import { TidingsError } from '../errors.js';
import { parseRange } from '../http/range.js';
import type { IdempotencyGate, StoredAnswer } from '../http/idempotency.js';
import { replay } from '../http/idempotency.js';
import { defineRoute } from '../http/route.js';
import { Deleted } from '../http/schemas.js';
import type { MediaDeletion } from './media-deletion.js';
import { ListMediaQuery, Media, MediaIdParams, MediaList, MediaUsage, UploadForm } from './media.schemas.js';
import type { MediaService } from './media.service.js';
import { readUpload } from './upload.js';

/** `media:write` is the one media scope (docs/api.md §D2): it reads uploads too. */
const write = { scope: 'media:write', permission: 'media:write', modes: 'any' } as const;
const read = { scope: 'media:write', permission: 'media:read', modes: 'any' } as const;

export function mediaRoutes({
  media,
  deletion,
  idempotency,
}: {
  media: MediaService;
  deletion: MediaDeletion;
  idempotency: IdempotencyGate;
}) {
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/media/',
        operationId: 'uploadMedia',
        summary: 'Upload a file',
        description:
          'multipart/form-data with one part named `file` and nothing else. The type is read from the content (the declared type and the name are only hints) and must be one the platform accepts, within its size limit for that kind. On a live key the file is registered with the platform in the same call, so the id is usable at once. `Idempotency-Key` is honoured: the file content and name are the fingerprint.',
        tags: ['Media'],
        access: write,
        idempotency: 'content',
        errors: [
          'parameter_missing',
          'media_type_unsupported',
          'media_too_large',
          'media_empty',
          'platform_rate_limited',
          'platform_error',
          'platform_unavailable',
        ],
        consumes: ['multipart/form-data'],
        body: UploadForm,
        response: { status: 201, schema: Type.Ref(Media) },
      },
      async ({ auth, request, reply }) => {
        const received = await readUpload(request, media);
        // Nothing durable is written before the key is claimed: until then the file is a
        // temporary object, dropped when the answer is a replay or a refusal.
        let answer: StoredAnswer | null;
        try {
          answer = await idempotency(request, `${received.sha256} ${received.filename}`);
        } catch (err) {
          await media.discard(received);
          throw err;
        }
        if (answer) {
          await media.discard(received);
          return replay(reply, answer);
        }
        return media.store(auth, received);
      },
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/media',
        operationId: 'listMedia',
        summary: 'List files',
        description:
          "The key's files (its account and mode), uploaded or sent by customers (`source`), newest first. Needs `media:write`, the one media scope.",
        tags: ['Media'],
        access: read,
        idempotency: 'none',
        errors: [],
        querystring: ListMediaQuery,
        response: { status: 200, schema: MediaList },
      },
      ({ auth, query }) => media.list(auth, query),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/media/:id',
        operationId: 'getMedia',
        summary: 'Get a file',
        description: "One of the key's files (its account and mode), uploaded or sent by a customer, by `med_` id.",
        tags: ['Media'],
        access: read,
        idempotency: 'none',
        errors: ['media_not_found'],
        params: MediaIdParams,
        response: { status: 200, schema: Type.Ref(Media) },
      },
      ({ auth, params }) => media.get(auth, params.id),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/media/usage',
        operationId: 'getMediaUsage',
        summary: 'How much is stored',
        description:
          "The files stored for the key's account and mode, and their size, by source: uploads and files customers sent. Kept up to date with every file stored and deleted.",
        tags: ['Media'],
        access: read,
        idempotency: 'none',
        errors: [],
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { status: 200, schema: MediaUsage },
      },
      ({ auth }) => media.usage(auth),
    ),
    defineRoute(
      {
        method: 'DELETE',
        url: '/media/:id',
        operationId: 'deleteMedia',
        summary: 'Delete a file',
        description:
          'Deletes one of the key\'s files, uploaded or sent by a customer: its bytes, its row (the id then answers 404) and its copies at the platform (removed in the background). A customer message that carried it shows `media.status: "deleted"`. Refused with 409 `media_in_use` while a live template\'s header uses it or a message queued to send it has not gone out.',
        tags: ['Media'],
        access: write,
        idempotency: 'none',
        errors: ['media_not_found', 'media_in_use'],
        params: MediaIdParams,
        response: { status: 200, schema: Deleted },
      },
      ({ auth, params }) => deletion.delete(auth, params.id),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/media/:id/content',
        operationId: 'getMediaContent',
        summary: "Download a file's content",
        description:
          "The bytes of one of the key's files, uploaded or sent by a customer, with its `Content-Type`, `Content-Length` and `ETag` (its SHA-256 in hex, quoted). Streams; answers `Range: bytes=a-b`, `bytes=a-` and `bytes=-n` with 206 and `Content-Range` (one range; `If-Range` with the ETag honoured), and 416 `range_not_satisfiable` for a range beyond the file. HEAD gives the headers alone. Images, audio and video are served `inline`, anything else (documents, SVG) as an attachment with its filename, always with `X-Content-Type-Options: nosniff`.",
        tags: ['Media'],
        access: read,
        idempotency: 'none',
        errors: ['media_not_found', 'range_not_satisfiable'],
        params: MediaIdParams,
        response: { status: 200, schema: Type.String({ format: 'binary' }), contentType: '*/*', ranges: true },
      },
      async ({ auth, params, request, reply }) => {
        const { file, open } = await media.content(auth, params.id);
        const etag = `"${file.sha256}"`;
        // Customers' files are served as they are: browsers must not guess another type (nosniff),
        // and only images, audio and video (not SVG, which runs script) may show inline.
        const type = MIME_TYPE.test(file.mimeType) ? file.mimeType : 'application/octet-stream';
        const inline = /^(image|audio|video)\//.test(type) && type !== 'image/svg+xml';
        reply
          .header('content-type', type)
          .header(
            'content-disposition',
            inline ? 'inline' : `attachment; filename*=UTF-8''${encodeURIComponent(file.filename || 'file')}`,
          )
          .header('etag', etag)
          .header('accept-ranges', 'bytes')
          .header('x-content-type-options', 'nosniff');
        const ifRange = request.headers['if-range'];
        const range =
          ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, file.sizeBytes) : 'full';
        if (range === 'unsatisfiable') {
          reply.header('content-range', `bytes */${file.sizeBytes}`);
          throw new TidingsError(
            'range_not_satisfiable',
            `The range ${request.headers.range} is outside the file (${file.sizeBytes} bytes); see Content-Range.`,
            { param: 'Range' },
          );
        }
        if (range === 'full')
          return reply
            .code(200)
            .header('content-length', file.sizeBytes)
            .send(await open());
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`)
          .header('content-length', range.end - range.start + 1)
          .send(await open(range));
      },
    ),
  ];
}

/** A MIME type as RFC 6838 writes one (`type/subtype`, token characters only); anything else is served as bytes. */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;
