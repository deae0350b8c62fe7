/**
 * The media the platform accepts, by normalised MIME type, with its kind and size limit
 * (docs/platform.md §3 table; docs/api.md §D9). Sizes in bytes (MB = 1024 × 1024).
 */
export type MediaKind = 'image' | 'video' | 'audio' | 'sticker' | 'document';

const MB = 1024 * 1024;

export const MEDIA_TYPES: Readonly<Record<string, { kind: MediaKind; maxBytes: number }>> = {
  'image/jpeg': { kind: 'image', maxBytes: 5 * MB },
  'image/png': { kind: 'image', maxBytes: 5 * MB },
  'video/mp4': { kind: 'video', maxBytes: 16 * MB },
  'video/3gpp': { kind: 'video', maxBytes: 16 * MB },
  'audio/aac': { kind: 'audio', maxBytes: 16 * MB },
  'audio/amr': { kind: 'audio', maxBytes: 16 * MB },
  'audio/mpeg': { kind: 'audio', maxBytes: 16 * MB },
  'audio/mp4': { kind: 'audio', maxBytes: 16 * MB },
  // OPUS only (docs/platform.md §3): Ogg Vorbis is refused by the platform with 131053.
  'audio/ogg': { kind: 'audio', maxBytes: 16 * MB },
  // Static stickers are limited to 100 KB and animated ones to 500 KB; the larger limit applies here.
  'image/webp': { kind: 'sticker', maxBytes: 500 * 1024 },
  'text/plain': { kind: 'document', maxBytes: 100 * MB },
  'application/pdf': { kind: 'document', maxBytes: 100 * MB },
  'application/msword': { kind: 'document', maxBytes: 100 * MB },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { kind: 'document', maxBytes: 100 * MB },
  'application/vnd.ms-excel': { kind: 'document', maxBytes: 100 * MB },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { kind: 'document', maxBytes: 100 * MB },
  'application/vnd.ms-powerpoint': { kind: 'document', maxBytes: 100 * MB },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { kind: 'document', maxBytes: 100 * MB },
};

/** The largest file of any kind: an upload is cut off past this whatever its type. */
export const MAX_MEDIA_BYTES = 100 * MB;

/** Kinds whose messages may carry a caption (docs/platform.md §1.1: image, video, document). */
export const CAPTION_KINDS: ReadonlySet<MediaKind> = new Set(['image', 'video', 'document']);
