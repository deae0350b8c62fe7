/**
 * A customer's image, video, audio, document or sticker in the thread. When Tidings keeps a copy
 * (a `med_` id on the message's media), images and stickers are shown from
 * `GET /v1/media/{id}/content` and other files can be downloaded; otherwise, or when the copy
 * cannot be read, a labelled placeholder says what was sent: its type, caption and why it is not shown.
 */
import { useEffect, useState } from 'react';
import { ApiError, apiBlob, type InboundMessage } from '../api';

/** The `med_` id of Tidings' stored copy, once the file is stored (docs/api.md §D14). */
export function storedMediaId(media: NonNullable<InboundMessage['media']>): string | null {
  return media.status === 'stored' ? media.id : null;
}

/**
 * Why there is no stored copy to show: kept then deleted (`DELETE /v1/media/{id}` or the account's
 * retention), the reason it could not be kept, or still downloading.
 */
function notStored(media: NonNullable<InboundMessage['media']>): string {
  if (media.status === 'deleted') return 'file deleted';
  return media.status === 'failed'
    ? `file not kept (${media.failureReason ?? 'unknown reason'})`
    : 'file not stored yet';
}

const INLINE = new Set(['image', 'sticker']);

export function InboundMedia({ message }: { message: InboundMessage }) {
  const media = message.media!;
  const id = storedMediaId(media);
  const inline = id !== null && INLINE.has(message.type);
  const [url, setUrl] = useState<string | null>(null);
  // Why the stored copy is not shown; the copy may be stored after the message first shows (then
  // `id` appears on a later refresh and this starts over).
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    setUrl(null);
    setProblem(null);
    if (!inline || !id) return;
    let objectUrl: string | null = null;
    let gone = false;
    apiBlob(`/media/${encodeURIComponent(id)}/content`).then(
      (blob) => {
        if (gone) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      (err) => {
        if (!gone) setProblem(reason(err));
      },
    );
    return () => {
      gone = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, inline]);

  const download = async () => {
    if (!id) return;
    try {
      const objectUrl = URL.createObjectURL(await apiBlob(`/media/${encodeURIComponent(id)}/content`));
      const a = document.createElement('a');
      a.href = objectUrl;
      a.download = media.filename ?? `${message.type}-${message.id}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
    } catch (err) {
      setProblem(reason(err));
    }
  };

  const label = `${message.type}${media.mimeType ? ` (${media.mimeType})` : ''}${media.filename ? `: ${media.filename}` : ''}`;
  const why = id ? problem : notStored(media);
  if (url && !why) {
    return (
      <figure className="media-inline">
        <img
          src={url}
          onError={() => setProblem('file could not be shown')}
          alt={message.text ? `${message.type}: ${message.text}` : `${message.type} from the customer`}
        />
        {message.text ? <figcaption className="pre">{message.text}</figcaption> : null}
      </figure>
    );
  }
  return (
    <div className="media-placeholder" data-testid="media-placeholder">
      <strong>{label}</strong>
      {message.text ? <p className="pre">{message.text}</p> : null}
      {why ? <span className="muted">{why}</span> : inline ? <span className="muted">Loading…</span> : null}
      {id && !inline && !why ? (
        <button type="button" className="link" onClick={() => void download()}>
          Download
        </button>
      ) : null}
    </div>
  );
}

/** Why a stored file is not shown: a 404 means no copy (or no content route) yet. */
function reason(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return 'file not stored yet';
  return `file could not be loaded${err instanceof ApiError ? ` (${err.code})` : ''}`;
}
