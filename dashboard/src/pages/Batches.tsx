import { useState } from 'react';
import { api, type Batch, type Page } from '../api';
import { Can } from '../can';
import { ErrorNote, Link, Pager, StatusBadge, time, usePager, usePolling } from '../ui';

/** How often a batch still processing is read again, ms. */
export const BATCH_REFRESH_MS = 3000;

/** A batch's messages that are done (delivered, read, failed or canceled), of those it accepted. */
export function batchDone(b: Batch): number {
  return b.counts.delivered + b.counts.read + b.counts.failed + b.counts.canceled;
}

/** A progress bar of the batch's finished messages, with the numbers. */
export function BatchProgress({ batch }: { batch: Batch }) {
  const done = batchDone(batch);
  return (
    <span className="progress batch-progress">
      <progress max={Math.max(batch.accepted, 1)} value={done} aria-label={`Progress of ${batch.id}`} />
      <span>
        {done} of {batch.accepted} done
      </span>
    </span>
  );
}

/** Batch sends, newest first, each with its progress; read again every few seconds while one is processing. */
export function BatchesPage() {
  const pager = usePager();
  const query = pager.query();
  const [processing, setProcessing] = useState(false);
  // Read again only while a batch on the page is processing: stops once all are completed, or when the page is left.
  const { data, error } = usePolling(
    async () => {
      const page = await api<Page<Batch>>('GET', `/batches?${query}`);
      setProcessing(page.data.some((b) => b.status === 'processing'));
      return page;
    },
    [query, processing],
    processing ? BATCH_REFRESH_MS : 0,
  );
  return (
    <section>
      <div className="title-row">
        <h1>Batches</h1>
        <Can do="messages:send">
          <Link to="/bulk" className="button">
            Send to a list (CSV)
          </Link>
        </Can>
      </div>
      <ErrorNote error={error} />
      <table className="list">
        <thead>
          <tr>
            <th>Batch</th>
            <th>Template</th>
            <th>Status</th>
            <th>Progress</th>
            <th>Messages</th>
            <th>Send at</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {data?.data.map((b) => (
            <tr key={b.id} data-batch={b.id}>
              <td data-label="Batch">
                <Link to={`/batches/${b.id}`}>
                  <code>{b.id}</code>
                </Link>
                {b.source !== 'api' ? <span className="tag">{b.source}</span> : null}
              </td>
              <td data-label="Template">{b.template ? b.template.name : 'several, or none'}</td>
              <td data-label="Status">
                <StatusBadge status={b.status} />
              </td>
              <td data-label="Progress">
                <BatchProgress batch={b} />
              </td>
              <td data-label="Messages">
                {b.accepted} accepted{b.refused > 0 ? `, ${b.refused} refused` : ''}
              </td>
              <td data-label="Send at">{b.sendAt ? time(b.sendAt) : 'at once'}</td>
              <td data-label="Created">{time(b.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.data.length === 0 ? <p className="empty">No batches yet.</p> : null}
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
