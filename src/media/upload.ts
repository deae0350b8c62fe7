/**
 * Reading an upload's multipart body (docs/api.md §4.8): exactly one file, in a part named
 * `file`, streamed into temporary storage as it arrives; anything else is the client's 400.
 */
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { TidingsError } from '../errors.js';
import { formatBytes } from '../lib/text.js';
import { MAX_MEDIA_BYTES } from './media-types.js';
import type { MediaService } from './media.service.js';
import type { ReceivedFile } from './receive.js';

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  if (!stream.readableEnded && !stream.destroyed)
    await new Promise<void>((resolve) =>
      stream
        .once('end', resolve)
        .once('close', resolve)
        .once('error', () => resolve()),
    );
}

/** An error of the operating system (disk full, permission): the service's fault, not the body's. */
function isSystemError(err: unknown): boolean {
  return (
    typeof (err as { syscall?: unknown }).syscall === 'string' || typeof (err as { errno?: unknown }).errno === 'number'
  );
}

/** An error of the multipart parser as the client's 400. */
function malformedBody(err: unknown): TidingsError {
  const { code, message } = err as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new TidingsError(
      'media_too_large',
      `The file is larger than the platform accepts for any kind (${formatBytes(MAX_MEDIA_BYTES)}).`,
      { param: 'file' },
    );
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new TidingsError(
      'parameter_unknown',
      'Too many parts: send one file, in a part named "file", and nothing else.',
      { param: 'file' },
    );
  }
  return new TidingsError(
    'parameter_invalid',
    `The multipart/form-data body is malformed (${message ?? 'unreadable'}): send one file in a part named "file".`,
    { param: 'file', cause: err },
  );
}

/**
 * The one file of a multipart/form-data upload, received into temporary storage.
 * @param accept names of text fields taken beside the file (the Cloud API facade's
 *   `messaging_product` and `type`, docs/api.md §D34), answered in `fields`; none for /v1.
 * @throws TidingsError parameter_missing (not multipart, or no file), parameter_unknown (another
 *   part, or two files), parameter_invalid (a malformed body), media_empty, media_too_large,
 *   media_type_unsupported; nothing is left in storage when it throws.
 */
export async function readUpload(
  request: FastifyRequest,
  media: MediaService,
  accept: readonly string[] = [],
): Promise<ReceivedFile & { fields: Record<string, string> }> {
  if (!request.isMultipart()) {
    throw new TidingsError('parameter_missing', 'Send the file as multipart/form-data, in a part named "file".', {
      param: 'file',
    });
  }
  let received: ReceivedFile | null = null;
  let problem: unknown = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' && accept.includes(part.fieldname) && !(part.fieldname in fields)) {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.type !== 'file') {
        problem ??= new TidingsError(
          'parameter_unknown',
          `Unknown part "${part.fieldname}": send only the file, in a part named "file".`,
          { param: part.fieldname },
        );
        continue;
      }
      if (part.fieldname !== 'file' || received || problem) {
        problem ??= new TidingsError(
          'parameter_unknown',
          part.fieldname === 'file'
            ? 'Send one file per upload.'
            : `Unknown part "${part.fieldname}": the file goes in a part named "file".`,
          { param: part.fieldname },
        );
        await drain(part.file);
        continue;
      }
      try {
        received = await media.receive(part.file, part.filename);
      } catch (err) {
        // A refusal, a storage fault (a system error: 503), or the part's stream failing
        // because the body is malformed (cut short, a broken header: 400).
        problem ??= err instanceof TidingsError || isSystemError(err) ? err : malformedBody(err);
        await drain(part.file);
      }
    }
  } catch (err) {
    // What the multipart parser throws is the body's fault (a missing boundary, a part cut
    // short, too many parts): a 400, never a 503.
    problem ??= malformedBody(err);
  }
  if (problem !== null) {
    if (received) await media.discard(received);
    throw problem;
  }
  if (!received)
    throw new TidingsError('parameter_missing', 'No file: send it in a part named "file".', { param: 'file' });
  return { ...received, fields };
}
