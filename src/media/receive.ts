/**
 * Receiving an upload: the file is streamed into temporary storage while it is hashed and counted,
 * and typed by its content (docs/api.md §D9). Memory use does not grow with the file.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TidingsError } from '../errors.js';
import { formatBytes } from '../lib/text.js';
import { SNIFF_BYTES, detectMediaType } from './detect.js';
import { MAX_MEDIA_BYTES, MEDIA_TYPES, type MediaKind } from './media-types.js';
import type { MediaStorage } from './storage.js';

/** A file received and typed, waiting in temporary storage. */
export interface ReceivedFile {
  tempKey: string;
  filename: string;
  mimeType: string;
  kind: MediaKind;
  sizeBytes: number;
  sha256: string;
}

/**
 * Bidirectional controls (Unicode's ALM, LRM, RLM, the embeddings, overrides and isolates): a name
 * holding U+202E shows `\u202etxt.exe` as "exe.txt".
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A name safe to show: the last path segment, no control or bidirectional characters, at most 255 characters. */
export function displayName(raw: string | undefined): string {
  const base = path.posix
    .basename(path.win32.basename(raw ?? ''))
    .replace(/[\x00-\x1f\x7f-\x9f]/g, '')
    .replace(BIDI_CONTROLS, '')
    .trim();
  return (base === '' || base === '.' || base === '..' ? 'file' : base).slice(0, 255);
}

/**
 * Streams one uploaded file into temporary storage. Memory use does not grow with the file: the
 * first 64 KB are kept to read its type, the rest only passes through the hash.
 * @throws TidingsError media_empty, media_type_unsupported, media_too_large; nothing is left in
 *   storage when it throws.
 */
export async function receiveUpload(
  storage: MediaStorage,
  stream: Readable & { truncated?: boolean },
  rawFilename: string | undefined,
): Promise<ReceivedFile> {
  const filename = displayName(rawFilename);
  const temp = storage.createTemp();
  const hash = createHash('sha256');
  let size = 0;
  let head: Buffer[] = [];
  let headBytes = 0;
  let mimeType: string | null = null;
  let limit = MAX_MEDIA_BYTES;
  // A refusal found mid-stream is held until the end: the rest of the upload is read (and
  // dropped), because abandoning a part's stream stalls the rest of the request.
  let refusal: TidingsError | null = null;
  const settle = async (sample: Buffer, complete: boolean) => {
    const detected = await detectMediaType(sample, complete, filename);
    if (!detected.mimeType) {
      refusal = new TidingsError(
        'media_type_unsupported',
        `The platform does not accept this file (its content is ${detected.seen}). Accepted: JPEG, PNG, MP4, 3GPP, AAC, AMR, MP3, M4A, Ogg Opus, WebP, PDF, TXT, Word, Excel, PowerPoint.`,
        { param: 'file' },
      );
      return;
    }
    mimeType = detected.mimeType;
    limit = MEDIA_TYPES[mimeType]!.maxBytes;
  };
  const tooLarge = () =>
    new TidingsError(
      'media_too_large',
      `The file is larger than the platform's ${formatBytes(limit)} limit for ${mimeType ?? 'this kind of file'}.`,
      { param: 'file' },
    );
  try {
    await pipeline(
      stream,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (refusal) continue;
          hash.update(chunk);
          if (mimeType === null) {
            head.push(chunk);
            headBytes += chunk.length;
            if (headBytes >= SNIFF_BYTES) {
              await settle(Buffer.concat(head), false);
              head = [];
            }
          }
          if (size > limit) refusal ??= tooLarge();
          if (!refusal) yield chunk;
        }
      },
      temp.stream,
    );
    if (refusal) throw refusal;
    if (stream.truncated) throw tooLarge();
    if (size === 0) throw new TidingsError('media_empty', 'The file is empty.', { param: 'file' });
    if (mimeType === null) await settle(Buffer.concat(head), true);
    if (refusal) throw refusal;
    if (size > limit) throw tooLarge();
  } catch (err) {
    await storage.discard(temp.tempKey);
    throw err;
  }
  return {
    tempKey: temp.tempKey,
    filename,
    mimeType: mimeType!,
    kind: MEDIA_TYPES[mimeType!]!.kind,
    sizeBytes: size,
    sha256: hash.digest('hex'),
  };
}
