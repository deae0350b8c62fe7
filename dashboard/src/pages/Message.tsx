import { api, type Message } from '../api';
import { ErrorNote, Link, StatusBadge, time, usePolling } from '../ui';

/** A message with its status timeline and, when it failed, the platform's error. */
export function MessagePage({ id }: { id: string }) {
  const { data: m, error } = usePolling(() => api<Message>('GET', `/messages/${encodeURIComponent(id)}`), [id], 2000);
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
              {m.mediaId}
              {m.caption ? ` (${m.caption})` : ''}
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
    </section>
  );
}
