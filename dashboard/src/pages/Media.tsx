import { useState } from 'react';
import { api, uploadMedia, type MediaItem, type Page } from '../api';
import { ErrorNote, Pager, bytes, time, usePager, usePolling } from '../ui';

/** Upload with a progress bar; the uploads with their type and size. */
export function MediaPage() {
  const pager = usePager();
  const query = pager.query();
  const list = usePolling(() => api<Page<MediaItem>>('GET', `/media?${query}`), [query], 0);
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
      await list.reload();
    } catch (err) {
      setError(err);
      setProgress(null);
    }
  };

  return (
    <section>
      <h1>Media</h1>
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
        <ErrorNote error={error} />
      </div>
      <ErrorNote error={list.error} />
      <table className="list">
        <thead>
          <tr>
            <th>File</th>
            <th>Type</th>
            <th>Size</th>
            <th>Id</th>
            <th>Uploaded</th>
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
            </tr>
          ))}
        </tbody>
      </table>
      {list.data && list.data.data.length === 0 ? <p className="empty">No uploads yet.</p> : null}
      {list.data ? <Pager page={pager.page} hasMore={list.data.has_more} onNext={() => pager.next(list.data!.data.at(-1)!.id)} onPrevious={pager.previous} /> : null}
    </section>
  );
}
