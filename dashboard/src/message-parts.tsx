/**
 * The pieces `MessageContent` shows a message with: a template as the customer reads it, buttons,
 * list options, a link button, a location, contact cards, a reaction and what it is to, one of our
 * files. Each takes the API's own shapes (docs/api.md).
 */
import { useState } from 'react';
import type { Message, MediaItem, Template } from './api';
import { downloadFile, useFileUrl, useLookup } from './lookups';
import { fileKind, isInbound, MessageSummary, templateText, useMessage } from './message-summary';
import { bytes, Link } from './ui';

type Interactive = NonNullable<Message['interactive']>;
type Location = {
  latitude: number;
  longitude: number;
  name?: string | null;
  address?: string | null;
  url?: string | null;
};
type ContactCard = NonNullable<Message['contacts']>[number];

const why = (error: unknown) =>
  `could not be loaded${error && typeof error === 'object' && 'code' in error ? ` (${String(error.code)})` : ''}`;
const webUrl = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

/** A template's text with the values it was sent with; a placeholder with neither value nor example is marked. */
function Filled({
  text,
  variables,
  values,
  header,
}: {
  text: string;
  variables: Template['variables'];
  values: Record<string, string> | null | undefined;
  header?: { example?: string | null };
}) {
  return (
    <>
      {templateText(text, variables, values, header).map((p, n) =>
        p.placeholder ? (
          <var key={n} title="A placeholder: no value was sent for it">
            {p.text}
          </var>
        ) : (
          p.text
        ),
      )}
    </>
  );
}

/** A template message: its name and language, and its header, body, footer and buttons, filled with the values it was sent with. */
export function TemplateView({ id, values }: { id: string; values?: Record<string, string> | null }) {
  const { data: t, error } = useLookup<Template>(`/templates/${encodeURIComponent(id)}`);
  if (!t) return <p className="muted">{error ? `Template ${id} ${why(error)}` : 'Template…'}</p>;
  return (
    <div className="template-view">
      <p className="template-name">
        Template <Link to={`/templates/${t.id}`}>{t.name}</Link> <span className="muted">{t.language}</span>
      </p>
      {t.header?.type === 'text' && t.header.text ? (
        <p>
          <strong>
            <Filled text={t.header.text} variables={[]} values={values} header={t.header} />
          </strong>
        </p>
      ) : t.header ? (
        <p className="muted">With the template's {t.header.type} header</p>
      ) : null}
      <p className="pre">
        <Filled text={t.body} variables={t.variables} values={values} />
      </p>
      {t.footer ? <p className="muted">{t.footer}</p> : null}
      {t.buttons.length > 0 ? (
        <Choices label="Template buttons" titles={t.buttons.map((b) => b.text ?? 'Copy code')} />
      ) : null}
    </div>
  );
}

/** An interactive message's header, body and footer. */
export function InteractiveText({ i }: { i: Interactive }) {
  return (
    <>
      {i.header ? (
        <p>
          <strong>{i.header}</strong>
        </p>
      ) : null}
      <p className="pre">{i.body}</p>
      {i.footer ? <p className="muted">{i.footer}</p> : null}
    </>
  );
}

/** Buttons as a list; on the message page they read as one line ("Yes · No"): the dots are for sight only. */
export function Choices({ label, titles }: { label: string; titles: string[] }) {
  return (
    <ul className="choices" aria-label={label}>
      {titles.map((title, n) => (
        <li key={n}>
          {n > 0 ? (
            <span className="sep" aria-hidden="true">
              {' · '}
            </span>
          ) : null}
          {title}
        </li>
      ))}
    </ul>
  );
}

/** A list message's button label and its sections of rows. */
export function ListOptions({ i }: { i: Extract<Interactive, { kind: 'list' }> }) {
  return (
    <div className="list-options">
      <p className="list-button">
        <span aria-hidden="true">☰ </span>
        {i.button}
      </p>
      {i.sections.map((s, n) => (
        <div key={n}>
          {s.title ? <p className="section-title">{s.title}</p> : null}
          <ul className="rows" aria-label={s.title ?? 'Options'}>
            {s.rows.map((r) => (
              <li key={r.id}>
                {r.title}
                {r.description ? <span className="muted">{r.description}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** A link button: its label, linking to its URL, and the URL spelled out. */
export function CtaLink({ i }: { i: Extract<Interactive, { kind: 'cta_url' }> }) {
  const url = webUrl(i.url);
  return (
    <p className="cta">
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {i.displayText}
        </a>
      ) : (
        <strong>{i.displayText}</strong>
      )}{' '}
      <span className="muted">{i.url}</span>
    </p>
  );
}

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
        <span className="muted">{problem ?? (trouble ? `file ${why(trouble)}` : 'Loading…')}</span>
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
        onClick={() => void downloadFile(id, file.filename).catch((err: unknown) => setProblem(`file ${why(err)}`))}
      >
        {file.filename} ({bytes(file.sizeBytes)})
      </button>
      {caption && !captionApart ? <p className="pre">{caption}</p> : null}
    </div>
  );
}
