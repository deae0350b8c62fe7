import { useState, type FormEvent } from 'react';
import { EVENT_TYPES, api, type Delivery, type Endpoint, type EventItem, type Page } from '../api';
import { Can } from '../can';
import { ErrorNote, FilterSelect, Pager, StatusBadge, time, usePager, usePolling } from '../ui';

/** Webhook endpoints (create, disable, delete) and the event log with each delivery attempt. */
export function EventsPage() {
  return (
    <section>
      <h1>Webhooks &amp; events</h1>
      <Endpoints />
      <EventLog />
    </section>
  );
}

function Endpoints() {
  const endpoints = usePolling(() => api<Page<Endpoint>>('GET', '/webhook_endpoints?limit=100'), [], 5000);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<string[]>(['*']);
  const [created, setCreated] = useState<Endpoint | null>(null);
  const [error, setError] = useState<unknown>(null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const endpoint = await api<Endpoint>('POST', '/webhook_endpoints', {
        body: { url, events: types, ...(description ? { description } : {}) },
        idempotent: true,
      });
      setCreated(endpoint);
      setUrl('');
      setDescription('');
      await endpoints.reload();
    } catch (err) {
      setError(err);
    }
  };
  const act = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      await endpoints.reload();
    } catch (err) {
      setError(err);
    }
  };
  const toggle = (t: string) =>
    setTypes(
      t === '*' ? ['*'] : types.includes(t) ? types.filter((x) => x !== t) : [...types.filter((x) => x !== '*'), t],
    );

  return (
    <div className="card">
      <h2>Endpoints</h2>
      <ErrorNote error={endpoints.error} />
      <ul className="endpoints">
        {endpoints.data?.data.map((ep) => (
          <li key={ep.id} data-endpoint={ep.id}>
            <div>
              <strong>{ep.url}</strong>{' '}
              {ep.format === 'cloud_api' ? (
                <span className="badge" title="Sent in Meta's webhook shapes, signed with the app secret">
                  Cloud API app · {ep.phoneNumberId}
                </span>
              ) : null}{' '}
              {ep.enabled ? (
                <span className="badge status-read">enabled</span>
              ) : (
                <span className="badge status-failed">
                  disabled{ep.disabledReason === 'failing' ? ': failing for 3 days' : ''}
                </span>
              )}
            </div>
            <div className="hint">
              {ep.events.join(', ')}
              {ep.description ? ` · ${ep.description}` : ''}
              {ep.failingSince ? ` · failing since ${time(ep.failingSince)}` : ''}
            </div>
            <Can do="webhooks:manage">
              <div className="actions">
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    void act(() =>
                      api('PATCH', `/webhook_endpoints/${ep.id}`, { body: { enabled: !ep.enabled }, idempotent: true }),
                    )
                  }
                >
                  {ep.enabled ? 'Disable' : 'Enable'}
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() => {
                    if (window.confirm(`Delete the endpoint ${ep.url}? Nothing more is sent to it.`))
                      void act(() => api('DELETE', `/webhook_endpoints/${ep.id}`));
                  }}
                >
                  Delete
                </button>
              </div>
            </Can>
          </li>
        ))}
      </ul>
      {endpoints.data && endpoints.data.data.length === 0 ? (
        <p className="empty">No endpoints: events are logged below but sent nowhere.</p>
      ) : null}
      {created?.secret && (
        <div className="secret" role="status">
          <p>
            Signing secret for {created.url}. <strong>Copy it now: it is not shown again.</strong>
          </p>
          <code data-testid="endpoint-secret">{created.secret}</code>
          <button
            type="button"
            className="secondary"
            onClick={() => void navigator.clipboard?.writeText(created.secret!)}
          >
            Copy
          </button>
          <button type="button" className="secondary" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      )}
      <Can do="webhooks:manage">
        <form className="stack" onSubmit={create}>
          <h3>Add an endpoint</h3>
          <label>
            URL
            <input
              name="url"
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.com/tidings"
              required
            />
          </label>
          <label>
            Description (optional)
            <input
              name="description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={500}
            />
          </label>
          <fieldset className="event-types">
            <legend>Events</legend>
            {['*', ...EVENT_TYPES].map((t) => (
              <label key={t}>
                <input type="checkbox" checked={types.includes(t)} onChange={() => toggle(t)} />{' '}
                {t === '*' ? 'all events' : t}
              </label>
            ))}
          </fieldset>
          <ErrorNote error={error} />
          <button type="submit" disabled={types.length === 0}>
            Add endpoint
          </button>
        </form>
      </Can>
    </div>
  );
}

function EventLog() {
  const [type, setType] = useState('');
  const pager = usePager();
  const query = pager.query({ type });
  const events = usePolling(() => api<Page<EventItem>>('GET', `/events?${query}`), [query], 3000);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="card">
      <h2>Event log</h2>
      <FilterSelect
        label="Type"
        value={type}
        options={EVENT_TYPES}
        onChange={(v) => {
          setType(v);
          pager.reset();
        }}
      />
      <ErrorNote error={events.error} />
      <ul className="events">
        {events.data?.data.map((ev) => (
          <li key={ev.id} data-event={ev.id}>
            <button
              type="button"
              className="link"
              aria-expanded={open === ev.id}
              onClick={() => setOpen(open === ev.id ? null : ev.id)}
            >
              <code>{ev.type}</code> {summary(ev)} · {time(ev.createdAt)}
            </button>
            {open === ev.id && <Deliveries event={ev} />}
          </li>
        ))}
      </ul>
      {events.data && events.data.data.length === 0 ? (
        <p className="empty">No events{type ? ` of type ${type}` : ''} in the last 30 days.</p>
      ) : null}
      {events.data ? (
        <Pager
          page={pager.page}
          hasMore={events.data.has_more}
          onNext={() => pager.next(events.data!.data.at(-1)!.id)}
          onPrevious={pager.previous}
        />
      ) : null}
    </div>
  );
}

function summary(ev: EventItem): string {
  // The resource the event carries: a message, a customer's message or a template.
  const o = (ev.data.object ?? {}) as Record<string, string | undefined>;
  if (ev.type === 'message.received') return `from ${o.from}${o.text ? `: ${o.text}` : ''}`;
  if (ev.type.startsWith('message.')) return `to ${o.to} (${o.id})`;
  return `${o.name ?? ''} (${o.id})`;
}

function Deliveries({ event }: { event: EventItem }) {
  const deliveries = usePolling(
    () => api<{ data: Delivery[] }>('GET', `/events/${event.id}/deliveries`),
    [event.id],
    2000,
  );
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState('');
  const redeliver = async () => {
    setError(null);
    try {
      const r = await api<{ data: Delivery[] }>('POST', `/events/${event.id}/redeliver`, { idempotent: true });
      setNote(`Sent again to ${r.data.length} endpoint${r.data.length === 1 ? '' : 's'}.`);
      await deliveries.reload();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <div className="deliveries">
      <ErrorNote error={deliveries.error} />
      {deliveries.data?.data.length === 0 && <p className="empty">No endpoint received this event.</p>}
      {deliveries.data?.data.map((d) => (
        <div key={d.id} className="delivery" data-delivery={d.id}>
          <div>
            <StatusBadge
              status={d.status === 'succeeded' ? 'delivered' : d.status === 'failed' ? 'failed' : 'accepted'}
            />{' '}
            {d.status} to <code>{d.endpointId}</code>
            {d.nextAttemptAt && d.status === 'pending' ? ` · next attempt ${time(d.nextAttemptAt)}` : ''}
          </div>
          <table className="attempts">
            <thead>
              <tr>
                <th>Attempt</th>
                <th>Status code</th>
                <th>Duration</th>
                <th>Answer</th>
              </tr>
            </thead>
            <tbody>
              {d.attempts.map((a, i) => (
                <tr key={i}>
                  <td data-label="Attempt">{time(a.attemptedAt)}</td>
                  <td data-label="Status code">{a.statusCode ?? '—'}</td>
                  <td data-label="Duration">{a.durationMs} ms</td>
                  <td data-label="Answer" className="pre">
                    {a.error ?? a.responseBody ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <details>
        <summary>Payload</summary>
        <pre>{JSON.stringify(event, null, 2)}</pre>
      </details>
      <Can do="webhooks:manage">
        <button type="button" onClick={() => void redeliver()}>
          Redeliver
        </button>
      </Can>
      {note && <p role="status">{note}</p>}
      <ErrorNote error={error} />
    </div>
  );
}
