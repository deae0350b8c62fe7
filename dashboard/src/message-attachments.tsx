/**
 * The pieces `MessageContent` shows what a message carries besides text with: a location, contact
 * cards, a reaction and the message it is on (or any quoted message), one of our files. Each takes
 * the API's own shapes (docs/api.md).
 */
import { useState } from 'react';
import type { Message, MediaItem } from './api';
import { downloadFile, failedLookup, useFileUrl, useLookup } from './lookups';
import { fileKind, isInbound, MessageSummary, useMessage } from './message-summary';
import { bytes, Link, webUrl } from './ui';

type Location = {
  latitude: number;
  longitude: number;
  name?: string | null;
  address?: string | null;
  url?: string | null;
};
type ContactCard = NonNullable<Message['contacts']>[number];

/** A place: name, address, coordinates with a map link, and the customer's own link if they sent one. */
export function LocationView({ l }: { l: Location }) {
  const map = `https://www.openstreetmap.org/?mlat=${l.latitude}&mlon=${l.longitude}#map=16/${l.latitude}/${l.longitude}`;
  const url = webUrl(l.url);
  return (
    <div className="location">
      <span aria-hidden="true">📍</span>
      <div>
        {l.name ? <strong>{l.name}</strong> : null}
        {l.address ? <span>{l.address}</span> : null}
        <span className="muted">
          {l.latitude}, {l.longitude} ·{' '}
          <a href={map} target="_blank" rel="noopener noreferrer">
            Open the map
          </a>
        </span>
        {url ? (
          <a href={url} target="_blank" rel="noopener noreferrer">
            {url}
          </a>
        ) : null}
      </div>
    </div>
  );
}

/** Contact cards: each name, with its organisation, phone numbers and email addresses. */
export function ContactCards({ cards }: { cards: ContactCard[] }) {
  return (
    <ul className="cards" aria-label="Contact cards">
      {cards.map((c, n) => {
        const org = [c.org?.title, c.org?.company].filter(Boolean).join(', ');
        return (
          <li key={n}>
            <strong>{c.name.formatted}</strong>
            {org ? <span className="muted">{org}</span> : null}
            {c.phones?.map((p, k) => (
              <span key={`p${k}`}>
                <a href={`tel:${p.phone.startsWith('+') || !p.waId ? p.phone.replace(/[^\d+]/g, '') : `+${p.waId}`}`}>
                  {p.phone}
                </a>
                {p.type ? <span className="muted"> {p.type.toLowerCase()}</span> : null}
              </span>
            ))}
            {c.emails?.map((e, k) => (
              <a key={`e${k}`} href={`mailto:${e.email}`}>
                {e.email}
              </a>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

/** The message another one is about (reacted to, answered), in a line; ours link to their page. */
export function Quote({ id, lead }: { id: string | null; lead: string }) {
  const { data, error } = useMessage(id);
  if (!data) {
    return (
      <p className="quote">
        {lead} {id && !error ? '…' : 'a message not kept in Tidings'}
      </p>
    );
  }
  const quoted = (
    <q>
      <MessageSummary message={data} />
    </q>
  );
  return (
    <p className="quote">
      {lead} {isInbound(data) ? quoted : <Link to={`/messages/${data.id}`}>{quoted}</Link>}
    </p>
  );
}

/** A reaction: the emoji (or its removal) and the message it is on. */
export function ReactionView({ emoji, to }: { emoji: string; to: string | null }) {
  return (
    <>
      <p className="reaction">
        {emoji ? (
          <span className="emoji" role="img" aria-label={`Reaction ${emoji}`}>
            {emoji}
          </span>
        ) : (
          'Reaction removed'
        )}
      </p>
      <Quote id={to} lead="on" />
    </>
  );
}

/**
 * One of our uploads: images and stickers shown from `GET /v1/media/{id}/content`, other files as
 * a download named with the file's name and size. The caption describes the picture (its alt text)
 * and is shown with it, unless `captionApart` (the page shows it as a fact of its own).
 */
export function OwnMedia({
  id,
  caption,
  captionApart = false,
}: {
  id: string;
  caption: string | null;
  captionApart?: boolean;
}) {
  const { data: file, error } = useLookup<MediaItem>(`/media/${encodeURIComponent(id)}`);
  const kind = file ? fileKind(file.mimeType) : null;
  const inline = kind === 'image' || kind === 'sticker';
  const image = useFileUrl(inline ? id : null);
  const [problem, setProblem] = useState<string | null>(null);
  const trouble = error ?? image.error;
  if (!file || trouble || problem || (inline && !image.data)) {
    const label = file ? `${kind}: ${file.filename}` : 'File';
    return (
      <div className="media-placeholder">
        <strong>{label}</strong>
        {caption && !captionApart ? <p className="pre">{caption}</p> : null}
        <span className="muted">{problem ?? (trouble ? `file ${failedLookup(trouble)}` : 'Loading…')}</span>
      </div>
    );
  }
  if (inline) {
    return (
      <figure className="media-inline">
        <img
          src={image.data!}
          alt={`${kind}: ${caption || file.filename}`}
          onError={() => setProblem('file could not be shown')}
        />
        {caption && !captionApart ? <figcaption className="pre">{caption}</figcaption> : null}
      </figure>
    );
  }
  return (
    <div className="media-file">
      <span className="muted">{kind}</span>{' '}
      <button
        type="button"
        className="link"
        title="Download"
        onClick={() =>
          void downloadFile(id, file.filename).catch((err: unknown) => setProblem(`file ${failedLookup(err)}`))
        }
      >
        {file.filename} ({bytes(file.sizeBytes)})
      </button>
      {caption && !captionApart ? <p className="pre">{caption}</p> : null}
    </div>
  );
}
