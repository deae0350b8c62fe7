import { useState } from 'react';
import { api, type Message, type Page, type PhoneNumber } from '../api';
import { CancelButton } from '../cancel';
import { DeliveryTag } from '../delivery';
import { LookupScope } from '../lookups';
import { MessageSummary } from '../message-summary';
import { ErrorNote, FilterSelect, Link, Pager, StatusBadge, time, usePager, usePolling } from '../ui';

const STATUSES = ['scheduled', 'accepted', 'sent', 'delivered', 'read', 'failed', 'canceled'] as const;

/** What a hold reason means, in a line. */
const HELD: Record<NonNullable<PhoneNumber['heldBack']>['reason'], string> = {
  throughput_exceeded: 'the platform said the tier was exceeded; the pace is lowered and rising back',
  platform_unavailable: 'the platform is failing or not answering; retrying with backoff',
  graph_rate_limited: 'the platform rate-limited the app or the WABA',
  number_maintenance: 'the number is in maintenance at the platform (a tier upgrade takes up to a minute)',
  access_token_rejected: "the platform refused the account's access token",
  permission_missing: 'the access token lacks a permission',
  account_restricted: 'the platform restricted the account',
  number_not_registered: 'the number is not registered at the platform',
  lease: 'messages were claimed by a process that stopped; they come back when the claim ends',
  reconciling: 'sends got no answer; each waits for a status report before it is sent again',
  retrying: 'the next message waits for its retry',
  template_paused: 'the next message waits for a template the platform paused; it goes out once the template is approved again',
};

/** A number's Direct Send capability as learned from the platform's answers (docs/api.md §D19). */
const DIRECT_SEND: Record<PhoneNumber['directSend'], string> = {
  unknown: 'not tried yet',
  enabled: 'enabled',
  not_enabled: 'not enabled',
  blocked: 'blocked',
};

/**
 * Each business number's send queue, in the key's mode: messages wait here until their turn at the
 * number's pace (its throughput tier), or while the platform holds them back; and whether it can
 * reach a closed window by Direct Send.
 */
function SendQueues() {
  const { data } = usePolling(() => api<Page<PhoneNumber>>('GET', '/phone_numbers'), [], 2000);
  if (!data) return null;
  return (
    <table className="list queues" data-testid="send-queues">
      <caption>Send queues</caption>
      <thead>
        <tr>
          <th>Number</th>
          <th>Tier</th>
          <th>Pace</th>
          <th>Queued</th>
          <th>Oldest</th>
          <th>Sending</th>
          <th>Direct Send</th>
        </tr>
      </thead>
      <tbody>
        {data.data.map((n) => (
          <tr key={n.phoneNumberId}>
            <td data-label="Number">
              +{n.displayPhoneNumber}
              {n.sender ? <span className="tag">this key</span> : null}
            </td>
            <td data-label="Tier">
              {n.throughput}/s <span className="muted">({n.throughputSource})</span>
            </td>
            <td data-label="Pace">{n.pace}/s</td>
            <td data-label="Queued">{n.queued}</td>
            <td data-label="Oldest">{n.oldestQueuedAgeSeconds === null ? '—' : `${n.oldestQueuedAgeSeconds} s`}</td>
            <td data-label="Sending">
              {n.heldBack ? (
                <span className="held" title={n.heldBack.message}>
                  held back: {HELD[n.heldBack.reason] ?? n.heldBack.message}
                  {n.heldBack.until ? ` (until ${time(n.heldBack.until)})` : ''}
                </span>
              ) : n.queued > 0 ? (
                'sending'
              ) : (
                'idle'
              )}
            </td>
            <td data-label="Direct Send" data-testid="direct-send">
              {DIRECT_SEND[n.directSend] ?? n.directSend}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

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
        <Link to="/send" className="button">
          Send a message
        </Link>
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
                {m.source === 'dashboard' ? <span className="tag">dashboard</span> : m.source === 'external' ? <span className="tag">external</span> : null}
                <DeliveryTag message={m} />
              </td>
              <td data-label="To">{m.to}</td>
              <td data-label="Type">{m.type ?? '—'}</td>
              <td data-label="Status">
                <StatusBadge status={m.status} />
                {m.status === 'scheduled' && m.scheduledAt ? <span className="muted scheduled-at"> for {time(m.scheduledAt)}</span> : null}
              </td>
              <td data-label="Created">{time(m.createdAt)}</td>
              <td data-label="">
                <CancelButton message={m} onCanceled={(c) => setData((d) => d && { ...d, data: d.data.map((x) => (x.id === c.id ? c : x)) })} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.data.length === 0 ? <p className="empty">No messages{status || toFilter ? ' match these filters' : ' yet'}.</p> : null}
      {data ? <Pager page={pager.page} hasMore={data.has_more} onNext={() => pager.next(data.data.at(-1)!.id)} onPrevious={pager.previous} /> : null}
    </section>
  );
}
