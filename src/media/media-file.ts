/** A stored file, as the media feature hands it to others (for a send, or a template's media header). */
import type { MediaKind } from './media-types.js';

export interface MediaFile {
  /** `med_` id. */
  id: string;
  accountId: string;
  /** Test files are usable only by test sends. */
  mode: 'live' | 'test';
  /** For display (a document's name as the recipient sees it); never a path. */
  filename: string;
  /** Normalised from the content. */
  mimeType: string;
  /** The platform's message type for it: image, video, audio, sticker or document. */
  kind: MediaKind;
  sizeBytes: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  /** `upload` (POST /v1/media) or `inbound` (a customer's message, docs/api.md §D14). */
  source: 'upload' | 'inbound';
  createdAt: string;
}
