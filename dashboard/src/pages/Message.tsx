import { api, type InboundMessage, type Message, type Page } from '../api';
import { CancelButton } from '../cancel';
import { DeliveryFacts } from '../delivery';
import { LookupScope } from '../lookups';
import { MessageContent } from '../message-content';
import { MessageSummary } from '../message-summary';
import { ErrorNote, Link, StatusBadge, time, usePolling } from '../ui';

/** A message with its status timeline, its content, how it went out and, when it failed, the platform's error. */
export function MessagePage({ id }: { id: string }) {
  // One lookup cache per message: its template, file or quoted message fetched once, not every refresh.
  return (
    <LookupScope key={id}>
      <MessageDetails id={id} />
    </LookupScope>
  );
}

function MessageDetails({ id }: { id: string }) {
  const {
    data: m,
    error,
    setData,
  } = usePolling(() => api<Message>('GET', `/messages/${encodeURIComponent(id)}`), [id], 2000);
  // The customer's answers to it: replies, taps on its buttons, reactions (docs/api.md §D15).
  const { data: answers } = usePolling(
    () =>
      id.startsWith('msg_')
        ? api<Page<InboundMessage>>('GET', `/inbound_messages?answering=${encodeURIComponent(id)}&limit=20`)
        : Promise.resolve(null),
    [id],
    2000,
  );
  if (!m) return <section>{error ? <ErrorNote error={error} /> : <p>Loading…</p>}</section>;
  const steps: [string, string | null][] = [
    ...(m.scheduledAt ? ([['scheduled', m.createdAt]] as [string, string][]) : []),
    // A scheduled message is accepted into its number's queue at its time.
    [
      'accepted',
      m.scheduledAt ? (m.status === 'scheduled' || m.status === 'canceled' ? null : m.scheduledAt) : m.createdAt,
    ],
    ['sent', m.sentAt],
    ['delivered', m.deliveredAt],
    ['read', m.readAt],
  ];
  if (m.status === 'failed') steps.push(['failed', m.failedAt]);
  if (m.status === 'canceled') steps.push(['canceled', m.canceledAt ?? null]);
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
        <CancelButton message={m} onCanceled={setData} />
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
        {m.scheduledAt ? (
          <>
            <dt>Scheduled for</dt>
            <dd data-testid="scheduled-at">{time(m.scheduledAt)}</dd>
          </>
        ) : null}
        {m.batchId ? (
          <>
            <dt>Batch</dt>
            <dd>
              <Link to={`/batches/${m.batchId}`}>
                <code>{m.batchId}</code>
              </Link>
            </dd>
          </>
        ) : null}
        {m.clientReference ? (
          <>
            <dt>Client reference</dt>
            <dd>
              <code>{m.clientReference}</code>
            </dd>
          </>
        ) : null}
        <dt>Type</dt>
        <dd>{m.type ?? '—'}</dd>
        <MessageContent message={m} layout="facts" />
        <DeliveryFacts message={m} />
        {m.customerReaction !== undefined ? (
          <>
            <dt>Customer's reaction</dt>
            <dd data-testid="customer-reaction">
              {m.customerReaction ? `${m.customerReaction.emoji} (${time(m.customerReaction.at)})` : 'none'}
            </dd>
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
            <MessageSummary message={a} /> {a.reply ? <code>{a.reply.id}</code> : null}{' '}
            <span className="hint">{time(a.receivedAt)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
