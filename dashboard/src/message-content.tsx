/**
 * What a message says, in full, for either direction and every type: the one renderer of a
 * message's content, used by the thread's bubbles and the message page (`layout="facts"`: one
 * `<dt>`/`<dd>` pair per part, inside the page's `<dl>`). Lists use `MessageSummary`, its one-line
 * form (message-summary.tsx).
 */
import { Fragment, type ReactNode } from 'react';
import type { InboundMessage, Message } from './api';
import { ContactCards, LocationView, OwnMedia, Quote, ReactionView } from './message-attachments';
import { Choices, CtaLink, InteractiveText, ListOptions, TemplateView } from './message-composed';
import { isInbound, type AnyMessage } from './message-summary';
import { InboundMedia } from './pages/InboundMedia';

export type Layout = 'bubble' | 'facts';

/** A labelled piece of a message: the label heads it on the message page. */
interface Part {
  label: string;
  node: ReactNode;
}

const text = (label: string, value: string): Part => ({ label, node: <p className="pre">{value}</p> });

/** The parts of one of our messages; a caption is a part of its own on the message page. */
function outboundParts(m: Message, layout: Layout): Part[] {
  const i = m.interactive;
  if (i) {
    const label = i.kind === 'buttons' ? 'Buttons' : i.kind === 'list' ? 'Options' : 'Button';
    return [
      { label: 'Message', node: <InteractiveText i={i} /> },
      {
        label,
        node:
          i.kind === 'buttons' ? (
            <Choices label="Reply buttons" titles={i.buttons.map((b) => b.title)} />
          ) : i.kind === 'list' ? (
            <ListOptions i={i} />
          ) : (
            <CtaLink i={i} />
          ),
      },
    ];
  }
  if (m.location) return [{ label: 'Location', node: <LocationView l={m.location} /> }];
  if (m.contacts)
    return [
      { label: m.contacts.length === 1 ? 'Contact card' : 'Contact cards', node: <ContactCards cards={m.contacts} /> },
    ];
  if (m.reaction)
    return [{ label: 'Reaction', node: <ReactionView emoji={m.reaction.emoji} to={m.reaction.messageId} /> }];
  if (m.templateId) return [{ label: 'Template', node: <TemplateView id={m.templateId} values={m.variables} /> }];
  if (m.mediaId) {
    if (layout === 'bubble') return [{ label: 'Media', node: <OwnMedia id={m.mediaId} caption={m.caption} /> }];
    return [
      { label: 'Media', node: <OwnMedia id={m.mediaId} caption={m.caption} captionApart /> },
      ...(m.caption ? [text('Caption', m.caption)] : []),
    ];
  }
  if (m.text !== null) return [text('Text', m.text)];
  const unknown =
    m.source === 'external' ? 'Sent outside Tidings: only its statuses are known.' : 'No content recorded.';
  return [{ label: 'Content', node: <p className="muted">{unknown}</p> }];
}

/** The parts of a customer's message; what it answers comes last. */
function inboundParts(m: InboundMessage): Part[] {
  const parts: Part[] = [];
  if (m.reply) {
    const node = (
      <>
        <p>
          Tapped <strong>{m.reply.title}</strong>
        </p>
        {m.reply.description ? <p className="muted">{m.reply.description}</p> : null}
      </>
    );
    parts.push({ label: 'Reply', node });
  } else if (m.reaction)
    parts.push({
      label: 'Reaction',
      node: <ReactionView emoji={m.reaction.emoji} to={m.reaction.messageId ?? m.reaction.platformMessageId} />,
    });
  else if (m.location) parts.push({ label: 'Location', node: <LocationView l={m.location} /> });
  else if (m.contacts && m.contacts.length > 0)
    parts.push({ label: 'Contact cards', node: <ContactCards cards={m.contacts} /> });
  else if (m.media) parts.push({ label: 'Media', node: <InboundMedia message={m} /> });
  else if (m.text !== null) parts.push(text('Text', m.text));
  else parts.push({ label: 'Content', node: <p className="muted">A {m.type} message (not shown here).</p> });
  // The customer quoted a message, or tapped one of its buttons (the timeline gives the wamid alone).
  const answered = m.context?.messageId ?? m.context?.platformMessageId;
  if (answered && !m.reaction) parts.push({ label: 'In answer to', node: <Quote id={answered} lead="In answer to" /> });
  return parts;
}

/** The message's content: stacked in a bubble, or as `<dt>`/`<dd>` pairs for the page's `<dl>`. */
export function MessageContent({ message, layout = 'bubble' }: { message: AnyMessage; layout?: Layout }) {
  const parts = isInbound(message) ? inboundParts(message) : outboundParts(message, layout);
  if (layout === 'facts') {
    return (
      <>
        {parts.map((p, n) => (
          <Fragment key={n}>
            <dt>{p.label}</dt>
            <dd data-part={p.label}>{p.node}</dd>
          </Fragment>
        ))}
      </>
    );
  }
  return (
    <div className="message-content">
      {parts.map((p, n) => (
        <Fragment key={n}>{p.node}</Fragment>
      ))}
    </div>
  );
}
