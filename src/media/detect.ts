/**
 * The type of an upload, from its content (docs/api.md §D9): file-type reads the magic bytes; where
 * they cannot tell (plain text, the old binary Office formats that all share one container), a
 * careful fallback decides. The declared type and the file name's extension are only hints.
 */
import { fileTypeFromBuffer } from 'file-type';
import { MEDIA_TYPES } from './media-types.js';

/** How much of the start of a file detection reads (enough for the zip-based Office formats). */
export const SNIFF_BYTES = 64 * 1024;

/** The old Office formats are all OLE compound files: the extension tells them apart. */
const CFB_BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** file-type's answer, normalised to the platform's accepted types (e.g. Ogg Opus as audio/ogg). */
function normalise(mime: string, sample: Buffer): string | null {
  const base = mime.split(';')[0]!.trim();
  if (base === 'audio/ogg' || base === 'audio/opus') return sample.includes('OpusHead') ? 'audio/ogg' : null;
  if (base === 'audio/x-m4a' || base === 'audio/m4a') return 'audio/mp4';
  if (base === 'image/jpg') return 'image/jpeg';
  return base;
}

/** Plain text: valid UTF-8 without NUL or other binary control characters. */
function looksLikeText(sample: Buffer, complete: boolean): boolean {
  if (sample.length === 0) return false;
  // A sample cut off mid-file may end inside a multi-byte character: drop up to 3 trailing bytes.
  let end = sample.length;
  if (!complete) while (end > sample.length - 3 && end > 0 && (sample[end - 1]! & 0xc0) === 0x80) end--;
  if (!complete && end > 0 && sample[end - 1]! >= 0xc0) end--;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
  } catch {
    return false;
  }
  return !/[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f]/.test(text);
}

export interface DetectedType {
  /** A key of MEDIA_TYPES, or null when the platform would not accept the file. */
  mimeType: string | null;
  /** What the content looked like, for the error message when it is refused. */
  seen: string;
}

/**
 * @param sample the first SNIFF_BYTES of the file (or all of it).
 * @param complete whether `sample` is the whole file.
 * @param filename the name it was uploaded under (only its extension is used, as a hint).
 */
export async function detectMediaType(sample: Buffer, complete: boolean, filename: string): Promise<DetectedType> {
  const found = await fileTypeFromBuffer(sample);
  if (found) {
    if (found.mime === 'application/x-cfb') {
      const ext = filename.toLowerCase().split('.').pop() ?? '';
      return { mimeType: CFB_BY_EXTENSION[ext] ?? null, seen: 'an OLE compound file (old Office format)' };
    }
    const mime = normalise(found.mime, sample);
    return { mimeType: mime && MEDIA_TYPES[mime] ? mime : null, seen: found.mime };
  }
  if (looksLikeText(sample, complete)) return { mimeType: 'text/plain', seen: 'text/plain' };
  return { mimeType: null, seen: 'unrecognised binary data' };
}

/**
 * What a file's bytes are, as a MIME type, whether or not the platform would accept it: file-type's
 * reading (normalised as above where it can be), `text/plain` for UTF-8 text, null when the bytes
 * tell nothing. For the files customers send, whose declared type is only the sender's word
 * (issue 23: a file declared an image is served as what it is).
 * @param sample the first SNIFF_BYTES of the file (or all of it); `complete`: whether it is all of it.
 * @param filename its name, if any (only the extension, to tell the old Office formats apart).
 */
export async function sniffMediaType(
  sample: Buffer,
  complete: boolean,
  filename: string | null,
): Promise<string | null> {
  const found = await fileTypeFromBuffer(sample);
  if (found) {
    if (found.mime === 'application/x-cfb')
      return CFB_BY_EXTENSION[(filename ?? '').toLowerCase().split('.').pop() ?? ''] ?? found.mime;
    return normalise(found.mime, sample) ?? found.mime;
  }
  return looksLikeText(sample, complete) ? 'text/plain' : null;
}
