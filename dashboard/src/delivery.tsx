/**
 * How one of our messages went out (docs/api.md §D19), in words: on the message page its route, how
 * it was delivered, its fallback template and the template the platform generated for a Direct
 * Send; in lists and the thread, a tag when it did not go as written.
 */
import type { ReactNode } from 'react';
import type { Message, Template } from './api';
import { useLookup } from './lookups';
import { TemplateView } from './message-composed';
import { Link } from './ui';

const ROUTES: Record<NonNullable<Message['route']>, string> = {
  free_form: "Only while the customer's window is open",
  auto: 'Whatever the window: as written, else Direct Send, else a template',
};

/** The types a send may route (the others are templates and reactions, or unknown). */
const ROUTABLE = new Set(['text', 'media', 'interactive', 'location', 'contacts']);

const routed = (m: Message) => m.route === 'auto';

/** A template by its id: a link named after it (its id until looked up), and its language. */
export function TemplateLink({ id }: { id: string }) {
  const { data: t } = useLookup<Template>(`/templates/${encodeURIComponent(id)}`);
  return (
    <>
      <Link to={`/templates/${id}`}>{t ? t.name : <code>{id}</code>}</Link>
      {t ? <span className="muted"> {t.language}</span> : null}
    </>
  );
}

/**
 * How it went out, in words: "As written" (a template sent as one included), "Direct Send (outside
 * the window)", "Fallback template <name>"; a routed message not dispatched is "Not sent yet" (or
 * "Not sent" once failed or canceled). Null for a message not routed that has not gone out.
 */
function deliveredWords(m: Message): ReactNode {
  switch (m.deliveredAs) {
    case 'free_form':
      return 'As written';
    case 'direct_send':
      return 'Direct Send (outside the window)';
    case 'template':
      if (!routed(m)) return 'As written';
      return <>Fallback template {m.fallback ? <TemplateLink id={m.fallback.templateId} /> : null}</>;
    default:
      if (!routed(m)) return null;
      return m.status === 'failed' || m.status === 'canceled' ? 'Not sent' : 'Not sent yet';
  }
}

/** The message page's `<dt>`/`<dd>` pairs about its delivery, inside its `<dl>`. */
export function DeliveryFacts({ message: m }: { message: Message }) {
  const delivered = deliveredWords(m);
  return (
    <>
      {m.route && (routed(m) || ROUTABLE.has(m.type ?? '')) ? (
        <>
          <dt>Route</dt>
          <dd data-testid="route">{ROUTES[m.route]}</dd>
        </>
      ) : null}
      {delivered ? (
        <>
          <dt>Delivered</dt>
          <dd data-testid="delivered-as">{delivered}</dd>
        </>
      ) : null}
      {routed(m) ? (
        <>
          <dt>Fallback template</dt>
          <dd data-testid="fallback">
            {m.fallback ? (
              <TemplateView id={m.fallback.templateId} values={m.fallback.variables} />
            ) : m.contentRemovedAt ? (
              'Removed with the message’s content'
            ) : (
              'None'
            )}
          </dd>
        </>
      ) : null}
      {m.generatedTemplateId ? (
        <>
          <dt>Generated template</dt>
          <dd data-testid="generated-template">
            <TemplateLink id={m.generatedTemplateId} />{' '}
            <span className="hint">made by the platform for this Direct Send</span>
          </dd>
        </>
      ) : null}
    </>
  );
}

/** A tag for a message that did not go as written: "Direct Send", "fallback template"; else nothing. */
export function DeliveryTag({ message: m }: { message: Message }) {
  if (m.deliveredAs === 'direct_send') return <span className="tag">Direct Send</span>;
  if (routed(m) && m.deliveredAs === 'template') return <span className="tag">fallback template</span>;
  return null;
}
