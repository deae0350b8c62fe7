import { Fragment, useState } from 'react';
import { api, type Batch, type Message, type Page } from '../api';
import { CancelButton } from '../cancel';
import { ErrorNote, Link, Pager, StatusBadge, time, usePager, usePolling } from '../ui';
import { BATCH_REFRESH_MS, BatchProgress } from './Batches';

const COUNTED = ['scheduled', 'accepted', 'sent', 'delivered', 'read', 'failed', 'canceled'] as const;

/** A refused item of the batch, as GET /v1/batches/{id}/refusals lists it. */
type Refusal = { index: number; error: { code: string; message: string; param?: string } };

/** A batch: its counts by status and its messages; read again every few seconds until it is completed. */
export function BatchPage({ id }: { id: string }) {
  const [processing, setProcessing] = useState(true);
  const interval = processing ? BATCH_REFRESH_MS : 0;
  const { data: batch, error } = usePolling(
    async () => {
      const b = await api<Batch>('GET', `/batches/${encodeURIComponent(id)}`);
      setProcessing(b.status === 'processing');
      return b;
    },
    [id, processing],
    interval,
  );
  const pager = usePager();
  const query = pager.query({ batch: id });
  const messages = usePolling(() => api<Page<Message>>('GET', `/messages?${query}`), [query, processing], interval);
  // What was refused does not change: read once.
  const refusals = usePolling(
    () => api<{ data: Refusal[] }>('GET', `/batches/${encodeURIComponent(id)}/refusals`),
    [id],
  );
  if (!batch) return <section>{error ? <ErrorNote error={error} /> : <p>Loading…</p>}</section>;
  return (
    <section>
      <p>
        <Link to="/batches">← Batches</Link>
      </p>
      <div className="title-row">
        <h1>
          Batch <code>{batch.id}</code>
        </h1>
        <StatusBadge status={batch.status} />
      </div>
      <ErrorNote error={error} />
      <BatchProgress batch={batch} />
      <dl className="facts batch-counts" aria-label="Counts">
        <dt>Items</dt>
        <dd>
          {batch.items} ({batch.accepted} accepted, {batch.refused} refused)
        </dd>
        {COUNTED.map((s) => (
          <Fragment key={s}>
            <dt>{s}</dt>
            <dd data-count={s}>{batch.counts[s]}</dd>
          </Fragment>
        ))}
        <dt>Template</dt>
        <dd>{batch.template ? batch.template.name : 'several, or none'}</dd>
        <dt>From</dt>
        <dd>{batch.source}</dd>
        <dt>Send at</dt>
        <dd>{batch.sendAt ? time(batch.sendAt) : 'at once'}</dd>
        <dt>Created</dt>
        <dd>{time(batch.createdAt)}</dd>
        <dt>Completed</dt>
        <dd>{time(batch.completedAt)}</dd>
      </dl>
      {refusals.data && refusals.data.data.length > 0 ? (
        <>
          <h2>Refused</h2>
          <table className="list" aria-label="Refused items">
            <thead>
              <tr>
                <th>Item</th>
                <th>Why</th>
              </tr>
            </thead>
            <tbody>
              {refusals.data.data.map((r) => (
                <tr key={r.index} data-refused={r.index}>
                  <td data-label="Item">{r.index + 1}</td>
                  <td data-label="Why">
                    <code>{r.error.code}</code> {r.error.message}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <h2>Messages</h2>
      <ErrorNote error={messages.error} />
      <table className="list">
        <thead>
          <tr>
            <th>Message</th>
            <th>To</th>
            <th>Status</th>
            <th>Reference</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {messages.data?.data.map((m) => (
            <tr key={m.id}>
              <td data-label="Message">
                <Link to={`/messages/${m.id}`}>
                  <code>{m.id}</code>
                </Link>
              </td>
              <td data-label="To">{m.to}</td>
              <td data-label="Status">
                <StatusBadge status={m.status} />
                {m.status === 'scheduled' && m.scheduledAt ? (
                  <span className="muted"> for {time(m.scheduledAt)}</span>
                ) : null}
              </td>
              <td data-label="Reference">{m.clientReference ?? '—'}</td>
              <td data-label="">
                <CancelButton
                  message={m}
                  onCanceled={(c) =>
                    messages.setData((d) => d && { ...d, data: d.data.map((x) => (x.id === c.id ? c : x)) })
                  }
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {messages.data ? (
        <Pager
          page={pager.page}
          hasMore={messages.data.has_more}
          onNext={() => pager.next(messages.data!.data.at(-1)!.id)}
          onPrevious={pager.previous}
        />
      ) : null}
    </section>
  );
}
