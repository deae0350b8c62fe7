/**
 * The pieces `MessageContent` shows a composed message with: a template as the customer reads it
 * (header, body and footer filled with the values it was sent with, its buttons), and an
 * interactive message's text, buttons, list options and link button. Each takes the API's own
 * shapes (docs/api.md).
 */
import type { Message, Template } from './api';
import { failedLookup, useLookup } from './lookups';
import { templateText } from './message-summary';
import { Link, webUrl } from './ui';

type Interactive = NonNullable<Message['interactive']>;

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
  if (!t) return <p className="muted">{error ? `Template ${id} ${failedLookup(error)}` : 'Template…'}</p>;
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
