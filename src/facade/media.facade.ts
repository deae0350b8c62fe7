/**
 * Media on the Cloud API facade (docs/api.md §D34, "Media and templates"), in the shapes of the
 * Graph API's media endpoints (docs/platform.md §3; the simulator's src/simulator/media.routes.ts
 * answers the same): an upload gives a `med_` id, `GET /{med_…}` its URL, type, hash and size, the
 * URL the bytes (with the same Bearer key, as Meta's lookaside URL takes the token), and
 * `DELETE /{med_…}` removes it. Every file of the key's account and mode is visible, uploaded or a
 * customer's, as `/v1/media` shows them (docs/api.md §D9, §D17).
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { TidingsError } from '../errors.js';
import { replay } from '../http/idempotency.js';
import { graphError } from '../lib/graph-errors.js';
import { graphParams } from '../lib/graph-request.js';
import { MEDIA_TYPES } from '../media/media-types.js';
import type { MediaDeletion } from '../media/media-deletion.js';
import type { MediaService } from '../media/media.service.js';
import { readUpload } from '../media/upload.js';
import { defineFacadeRoute, type FacadeContext, type FacadeRoute } from './facade-route.js';
import { GraphFailure, graphErrorOf } from './graph-error.js';

export interface MediaFacadeOptions {
  media: MediaService;
  deletion: MediaDeletion;
  /** `publicUrl` makes the download URL; null: the request's own host. */
  config: Pick<Config, 'publicUrl'>;
}

/** Names Graph clients give some types beside the platform's own (whatsapp-api-js lists `video/3gp`). */
const TYPE_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'video/3gp': 'video/3gpp' };

const read = { scope: 'media:write', permission: 'media:read' } as const;
const write = { scope: 'media:write', permission: 'media:write' } as const;

/** A Tidings refusal in Meta's envelope; a file not found is Graph's 100 / 33 naming `id`. */
function asGraph(err: unknown, id: string, method: string): unknown {
  return err instanceof TidingsError ? new GraphFailure(graphErrorOf(err, { id, method })) : err;
}

/** The `phone_number_id` a client may add (whatsapp-api-js does): a number that is not the key's sees no file. */
function checkNumber({ input, auth, params }: FacadeContext, method: string): void {
  const given = input.phone_number_id;
  if (given !== undefined && String(given) !== auth.phoneNumberId)
    throw asGraph(new TidingsError('media_not_found', `No media ${params.mediaId}.`), params.mediaId!, method);
}

/** The origin the facade's absolute URLs use: `PUBLIC_URL`, else the request's own. */
export function facadeOrigin(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The facade's download URL of a file (absolute): `<origin>/graph/{version}/{med_…}/content`. */
export function mediaDownloadUrl(
  config: Pick<Config, 'publicUrl'>,
  request: FastifyRequest,
  version: string,
  id: string,
): string {
  return `${facadeOrigin(config, request)}/graph/${version}/${encodeURIComponent(id)}/content`;
}

export function mediaFacadeRoutes({ media, deletion, config }: MediaFacadeOptions): FacadeRoute[] {
  return [
    defineFacadeRoute({
      method: 'POST',
      url: '/:phoneNumberId/media',
      owner: 'phone_number',
      ...write,
      idempotency: 'content',
      multipart: true,
      // multipart/form-data: `messaging_product` ("whatsapp", in the form or the query string, as
      // whatsapp-api-js sends it), `type` (the file's MIME type, a hint: Tidings reads the type from
      // the content) and `file`. A test key stores the file without registering it at the platform.
      handler: async ({ auth, request, reply, idempotency }) => {
        const query = graphParams(request);
        let upload: Awaited<ReturnType<typeof readUpload>>;
        try {
          upload = await readUpload(request, media, ['messaging_product', 'type']);
        } catch (err) {
          // A form without its file is the platform's 131008 (Required parameter is missing); a
          // body that is no form stays 100, as the platform answers it.
          if (err instanceof TidingsError && err.code === 'parameter_missing' && request.isMultipart())
            throw new GraphFailure(graphError(131008, `parameter_missing: ${err.message}`));
          throw err;
        }
        const refuse = async (error: unknown): Promise<never> => {
          await media.discard(upload);
          throw error;
        };
        const product = upload.fields.messaging_product ?? query.messaging_product;
        if (product !== 'whatsapp')
          await refuse(
            new GraphFailure(
              graphError(100, 'parameter_missing: The parameter messaging_product is required and must be "whatsapp".'),
            ),
          );
        const declared = String(upload.fields.type ?? query.type ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        if (declared !== '' && !MEDIA_TYPES[TYPE_ALIASES[declared] ?? declared])
          await refuse(
            new TidingsError('media_type_unsupported', `The platform does not accept files of type ${declared}.`, {
              param: 'type',
            }),
          );
        // Claimed once the file is read, with its hash: the same file under the same key replays.
        const answer = await idempotency(request, `${upload.sha256} ${upload.filename}`).catch(refuse);
        if (answer) {
          await media.discard(upload);
          return replay(reply, answer);
        }
        const stored = await media.store(auth, upload);
        return { id: stored.id };
      },
    }),
    defineFacadeRoute({
      method: 'GET',
      url: '/:mediaId',
      owner: 'media',
      ...read,
      idempotency: 'none',
      handler: async (ctx) => {
        const { auth, params, request, version } = ctx;
        checkNumber(ctx, 'get');
        const id = params.mediaId!;
        const { file } = await media.content(auth, id).catch((err) => Promise.reject(asGraph(err, id, 'get')));
        return {
          url: mediaDownloadUrl(config, request, version, id),
          mime_type: file.mimeType,
          sha256: file.sha256,
          file_size: file.sizeBytes,
          id,
          messaging_product: 'whatsapp',
        };
      },
    }),
    defineFacadeRoute({
      method: 'GET',
      url: '/:mediaId/content',
      owner: 'media',
      ...read,
      idempotency: 'none',
      // The URL `GET /{med_…}` answers: the bytes, with the key as Meta's lookaside URL takes the token.
      handler: async ({ auth, params, reply }) => {
        const id = params.mediaId!;
        const { file, open } = await media.content(auth, id).catch((err) => Promise.reject(asGraph(err, id, 'get')));
        // As /v1 serves files (docs/api.md §D9): only images, audio and video inline, never sniffed.
        const type = MEDIA_TYPES[file.mimeType] ? file.mimeType : 'application/octet-stream';
        const inline = /^(image|audio|video)\//.test(type);
        return reply
          .code(200)
          .header('content-type', type)
          .header('content-length', file.sizeBytes)
          .header(
            'content-disposition',
            inline ? 'inline' : `attachment; filename*=UTF-8''${encodeURIComponent(file.filename || 'file')}`,
          )
          .header('etag', `"${file.sha256}"`)
          .header('x-content-type-options', 'nosniff')
          .send(await open());
      },
    }),
    defineFacadeRoute({
      method: 'DELETE',
      url: '/:mediaId',
      owner: 'media',
      ...write,
      idempotency: 'none',
      // A file in use (a live template's header, a queued send) is Tidings' 409 media_in_use, as
      // Graph's 100 with the reason in error_data.details.
      handler: async (ctx) => {
        checkNumber(ctx, 'delete');
        const id = ctx.params.mediaId!;
        await deletion.delete(ctx.auth, id).catch((err) => Promise.reject(asGraph(err, id, 'delete')));
        return { success: true };
      },
    }),
  ];
}
