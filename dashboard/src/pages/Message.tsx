import { api, type InboundMessage, type Message, type Page } from '../api';
import { ErrorNote, Link, StatusBadge, time, usePolling } from '../ui';

/** A message with its status timeline and, when it failed, the platform's error. */
export function MessagePage({ id }: { id: string }) {
  const { data: m, error } = usePolling(() => api<Message>('GET', `/messages/${encodeURIComponent(id)}`), [id], 2000);
  // The customer's answers to it: replies, taps on its buttons, reactions (docs/api.md §D15).
  const { data: answers } = usePolling(() => (id.startsWith('msg_') ? api<Page<InboundMessage>>('GET', `/inbound_messages?answering=${encodeURIComponent(id)}&limit=20`) : Promise.resolve(null)), [id], 2000);
  if (!m) return <section>{error ? <ErrorNote error={error} /> : <p>Loading…</p>}</section>;
  const steps: [string, string | null][] = [
    ['accepted', m.createdAt],
    ['sent', m.sentAt],
    ['delivered', m.deliveredAt],
    ['read', m.readAt],
  ];
  if (m.status === 'failed') steps.push(['failed', m.failedAt]);
  return (
    <section>
      <p>
        <Link to="/messages">← Messages</Link>
      </p>
      <div className="title-row">
        <h1>
          Message <code>{m.id}</code>
        </h1>
        <StatusBadge status={m.status} />
      </div>
      <ErrorNote error={error} />
      <ol className="timeline" aria-label="Status timeline">
        {steps.map(([step, at]) => (
          <li key={step} className={at ? 'done' : 'todo'} data-step={step}>
            <span className="step">{step}</span> <span>{at ? time(at) : 'not yet'}</span>
          </li>
        ))}
      </ol>
      {m.error ? (
        <div className="error" role="alert">
          Failed: {m.error.message || 'no reason given'} <code>{m.error.code}</code>
        </div>
      ) : null}
      <dl className="facts">
        <dt>To</dt>
        <dd>{m.to}</dd>
        <dt>Type</dt>
        <dd>{m.type ?? '—'}</dd>
        {m.text ? (
          <>
            <dt>Text</dt>
            <dd className="pre">{m.text}</dd>
          </>
        ) : null}
        {m.templateId ? (
          <>
            <dt>Template</dt>
            <dd>
              <Link to={`/templates/${m.templateId}`}>{m.templateId}</Link>
            </dd>
          </>
        ) : null}
        {m.mediaId ? (
          <>
            <dt>Media</dt>
            <dd>
              <code>{m.mediaId}</code>
            </dd>
          </>
        ) : null}
        {m.caption ? (
          <>
            <dt>Caption</dt>
            <dd className="pre">{m.caption}</dd>
          </>
        ) : null}
        {m.interactive ? (
          <>
            <dt>Interactive</dt>
            <dd className="pre">
              {m.interactive.header ? `${m.interactive.header}\n` : ''}
              {m.interactive.body}
              {m.interactive.footer ? `\n${m.interactive.footer}` : ''}
            </dd>
            <dt>{m.interactive.kind === 'cta_url' ? 'Button' : m.interactive.kind === 'list' ? 'Options' : 'Buttons'}</dt>
            <dd>
              {m.interactive.kind === 'buttons'
                ? m.interactive.buttons.map((b) => b.title).join(' · ')
                : m.interactive.kind === 'list'
                  ? m.interactive.sections.flatMap((s) => s.rows.map((r) => r.title)).join(' · ')
                  : `${m.interactive.displayText} → ${m.interactive.url}`}
            </dd>
          </>
        ) : null}
        {m.customerReaction !== undefined ? (
          <>
            <dt>Customer's reaction</dt>
            <dd data-testid="customer-reaction">{m.customerReaction ? `${m.customerReaction.emoji} (${time(m.customerReaction.at)})` : 'none'}</dd>
          </>
        ) : null}
        <dt>Sent from</dt>
        <dd>{m.source === 'dashboard' ? 'the dashboard' : m.source === 'api' ? 'the API' : 'outside Tidings'}</dd>
        <dt>Platform id</dt>
        <dd>
          <code>{m.platformMessageId ?? '—'}</code>
        </dd>
      </dl>
      <Answers answers={answers?.data.filter((a) => a.type !== 'reaction') ?? []} />
    </section>
  );
}

/** What the customer answered to the message: the button or row they tapped, or their reply. */
function Answers({ answers }: { answers: InboundMessage[] }) {
  if (answers.length === 0) return null;
  return (
    <>
      <h2>Customer's answers</h2>
      <ul className="answers" aria-label="Customer's answers">
        {answers.map((a) => (
          <li key={a.id} data-testid="answer">
            {a.reply ? (
              <>
                Tapped <strong>{a.reply.title}</strong> <code>{a.reply.id}</code>
              </>
            ) : (
              <span className="pre">{a.text ?? a.type}</span>
            )}{' '}
            <span className="hint">{time(a.receivedAt)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
