import { useState } from 'react';
import { api, uploadMedia, type Account, type MediaItem, type MediaUsage, type Page } from '../api';
import { Can } from '../can';
import { ErrorNote, Pager, bytes, time, usePager, usePolling } from '../ui';

const kept = (days: number | null) => (days === null ? 'for ever' : `${days} days`);

/** What is stored for this key's account and mode, and how long the account keeps it (docs/api.md §D17). */
function Storage({ usage, account }: { usage: MediaUsage | null; account: Account | null }) {
  if (!usage) return null;
  return (
    <p className="card" data-testid="storage">
      Stored: {usage.total.files} files, {bytes(usage.total.bytes)} (uploads {usage.upload.files},{' '}
      {bytes(usage.upload.bytes)}; customers' files {usage.inbound.files}, {bytes(usage.inbound.bytes)}).
      {account
        ? ` Customers' files are kept ${kept(account.retention.customerFilesDays)}, what messages say ${kept(account.retention.messageBodiesDays)}.`
        : null}
    </p>
  );
}

/** Upload with a progress bar; the files with their type and size, to delete; what is stored. */
export function MediaPage() {
  const pager = usePager();
  const query = pager.query();
  const list = usePolling(() => api<Page<MediaItem>>('GET', `/media?${query}`), [query], 0);
  const usage = usePolling(() => api<MediaUsage>('GET', '/media/usage'), [], 0);
  const account = usePolling(() => api<Account>('GET', '/account'), [], 0);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<MediaItem | null>(null);
  const [error, setError] = useState<unknown>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setUploaded(null);
    setProgress(0);
    try {
      const item = await uploadMedia(file, setProgress);
      setUploaded(item);
      pager.reset();
      await Promise.all([list.reload(), usage.reload()]);
    } catch (err) {
      setError(err);
      setProgress(null);
    }
  };

  const remove = async (m: MediaItem) => {
    if (!window.confirm(`Delete ${m.filename} (${m.id})? Its bytes and its copies at the platform are deleted.`))
      return;
    setError(null);
    try {
      await api('DELETE', `/media/${encodeURIComponent(m.id)}`);
      await Promise.all([list.reload(), usage.reload()]);
    } catch (err) {
      setError(err);
    }
  };

  return (
    <section>
      <h1>Media</h1>
      <Storage usage={usage.data} account={account.data} />
      <Can do="media:write">
        <div className="card">
          <label>
            Upload a file (images, video, audio, documents, stickers: the platform's types and limits)
            <input type="file" name="file" onChange={(e) => void upload(e.target.files?.[0])} />
          </label>
          {progress !== null && (
            <div className="progress">
              <progress max={1} value={progress} aria-label="Upload progress" />
              <span data-testid="upload-percent">{Math.round(progress * 100)} %</span>
            </div>
          )}
          {uploaded && (
            <p role="status">
              Uploaded {uploaded.filename}: <code>{uploaded.id}</code>
            </p>
          )}
        </div>
      </Can>
      <ErrorNote error={error} />
      <ErrorNote error={list.error} />
      <table className="list">
        <thead>
          <tr>
            <th>File</th>
            <th>Type</th>
            <th>Size</th>
            <th>Id</th>
            <th>Uploaded</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {list.data?.data.map((m) => (
            <tr key={m.id}>
              <td data-label="File">{m.filename}</td>
              <td data-label="Type">{m.mimeType}</td>
              <td data-label="Size">{bytes(m.sizeBytes)}</td>
              <td data-label="Id">
                <code>{m.id}</code>
              </td>
              <td data-label="Uploaded">{time(m.createdAt)}</td>
              <td>
                <Can do="media:write">
                  <button type="button" className="secondary" onClick={() => void remove(m)}>
                    Delete
                  </button>
                </Can>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.data && list.data.data.length === 0 ? <p className="empty">No files yet.</p> : null}
      {list.data ? (
        <Pager
          page={pager.page}
          hasMore={list.data.has_more}
          onNext={() => pager.next(list.data!.data.at(-1)!.id)}
          onPrevious={pager.previous}
        />
      ) : null}
    </section>
  );
}
