/**
 * The platform's media rules, the simulator's own copy (docs/platform.md §3 table; Meta
 * `business-phone-numbers/media`), kept apart from the service's `src/media/media-types.ts` so the
 * simulator catches a service that uses a wrong one. Sizes in bytes (MB = 1024 × 1024).
 */
export type PlatformMediaKind = 'audio' | 'document' | 'image' | 'sticker' | 'video';

const MB = 1024 * 1024;

/** MIME type → kind and size limit. */
export const PLATFORM_MEDIA: Readonly<Record<string, { kind: PlatformMediaKind; maxBytes: number }>> = {
  'audio/aac': { kind: 'audio', maxBytes: 16 * MB },
  'audio/amr': { kind: 'audio', maxBytes: 16 * MB },
  'audio/mpeg': { kind: 'audio', maxBytes: 16 * MB },
  'audio/mp4': { kind: 'audio', maxBytes: 16 * MB },
  'audio/ogg': { kind: 'audio', maxBytes: 16 * MB }, // OPUS codec only, mono
  'text/plain': { kind: 'document', maxBytes: 100 * MB },
  'application/pdf': { kind: 'document', maxBytes: 100 * MB },
  'application/msword': { kind: 'document', maxBytes: 100 * MB },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { kind: 'document', maxBytes: 100 * MB },
  'application/vnd.ms-excel': { kind: 'document', maxBytes: 100 * MB },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { kind: 'document', maxBytes: 100 * MB },
  'application/vnd.ms-powerpoint': { kind: 'document', maxBytes: 100 * MB },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': { kind: 'document', maxBytes: 100 * MB },
  'image/jpeg': { kind: 'image', maxBytes: 5 * MB },
  'image/png': { kind: 'image', maxBytes: 5 * MB },
  // Static stickers 100 KB, animated 500 KB: the simulator cannot tell them apart and allows 500 KB.
  'image/webp': { kind: 'sticker', maxBytes: 500 * 1024 },
  'video/mp4': { kind: 'video', maxBytes: 16 * MB },
  'video/3gpp': { kind: 'video', maxBytes: 16 * MB },
};

/** Which kinds a message of each media type may carry (a sticker must be WebP; docs/platform.md §1.1, §3). */
export function mediaFitsMessage(messageType: string, mimeType: string): boolean {
  const kind = PLATFORM_MEDIA[mimeType]?.kind;
  return kind === messageType;
}
