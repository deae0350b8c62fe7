import { useState } from 'react';
import { api, type Message, type Page } from '../api';
import { Can } from '../can';
import { CancelButton } from '../cancel';
import { DeliveryTag } from '../delivery';
import { LookupScope } from '../lookups';
import { MessageSummary } from '../message-summary';
import { SendQueues } from '../send-queues';
import { ErrorNote, FilterSelect, Link, Pager, StatusBadge, time, usePager, usePolling } from '../ui';

const STATUSES = ['scheduled', 'accepted', 'sent', 'delivered', 'read', 'failed', 'canceled'] as const;

/** Newest first, filtered by status (scheduled and canceled too) and recipient; refreshed every 2 seconds while open. */
export function MessagesPage() {
  // One lookup cache for the screen: each template and upload is fetched once, whatever the refreshes.
  return (
    <LookupScope>
      <MessageList />
    </LookupScope>
  );
}

function MessageList() {
  const [status, setStatus] = useState('');
  const [to, setTo] = useState('');
  const [toFilter, setToFilter] = useState('');
  const pager = usePager();
  const query = pager.query({ status, to: toFilter });
  const { data, error, setData } = usePolling(() => api<Page<Message>>('GET', `/messages?${query}`), [query], 2000);
  return (
    <section>
      <div className="title-row">
        <h1>Messages</h1>
        <Can do="messages:send">
          <Link to="/send" className="button">
            Send a message
          </Link>
        </Can>
      </div>
      <SendQueues />
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setToFilter(to.trim());
          pager.reset();
        }}
      >
        <FilterSelect
          label="Status"
          value={status}
          options={STATUSES}
          onChange={(v) => {
            setStatus(v);
            pager.reset();
          }}
        />
        <label>
          Recipient
          <input value={to} onChange={(e) => setTo(e.target.value)} placeholder="+16505551234" />
        </label>
        <button type="submit">Filter</button>
      </form>
      <ErrorNote error={error} />
      <table className="list">
        <thead>
          <tr>
            <th>Message</th>
            <th>To</th>
            <th>Type</th>
            <th>Status</th>
            <th>Created</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data?.data.map((m) => (
            <tr key={m.id}>
              <td data-label="Message">
                <Link to={`/messages/${m.id}`}>
                  <MessageSummary message={m} />
                </Link>
                {m.source === 'dashboard' ? (
                  <span className="tag">dashboard</span>
                ) : m.source === 'external' ? (
                  <span className="tag">external</span>
                ) : m.source === 'consent_reply' ? (
                  <span className="tag" title="Tidings' confirmation of the customer's opt-out or opt-in keyword">
                    confirmation
                  </span>
                ) : m.source === 'business_app' ? (
                  <span className="tag" title="Sent from the WhatsApp Business app on this number">
                    Business app
                  </span>
                ) : m.source === 'meta_agent' ? (
                  <span className="tag" title="Meta Business Agent's reply while it held the conversation">
                    Meta's agent
                  </span>
                ) : null}
                <DeliveryTag message={m} />
              </td>
              <td data-label="To">{m.to}</td>
              <td data-label="Type">{m.type ?? '—'}</td>
              <td data-label="Status">
                <StatusBadge status={m.status} />
                {m.status === 'scheduled' && m.scheduledAt ? (
                  <span className="muted scheduled-at"> for {time(m.scheduledAt)}</span>
                ) : null}
              </td>
              <td data-label="Created">{time(m.createdAt)}</td>
              <td data-label="">
                <CancelButton
                  message={m}
                  onCanceled={(c) => setData((d) => d && { ...d, data: d.data.map((x) => (x.id === c.id ? c : x)) })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.data.length === 0 ? (
        <p className="empty">No messages{status || toFilter ? ' match these filters' : ' yet'}.</p>
      ) : null}
      {data ? (
        <Pager
          page={pager.page}
          hasMore={data.has_more}
          onNext={() => pager.next(data.data.at(-1)!.id)}
          onPrevious={pager.previous}
        />
      ) : null}
    </section>
  );
}
