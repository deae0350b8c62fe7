/** The media part of a send form (the Send page, the inbox's reply box): the upload picker, an upload, the caption. */
import { useState } from 'react';
import { api, uploadMedia, type MediaItem, type Page } from './api';
import { ErrorNote, UploadOptions, usePolling } from './ui';

/**
 * An upload select, a file input that uploads with a progress bar (and selects the upload), and
 * the caption. Upload errors go to `onError`.
 */
export function MediaFields({
  active,
  mediaId,
  onMediaId,
  caption,
  onCaption,
  onError,
}: {
  active: unknown;
  mediaId: string;
  onMediaId: (id: string) => void;
  caption: string;
  onCaption: (caption: string) => void;
  onError: (error: unknown) => void;
}) {
  const media = usePolling(() => api<Page<MediaItem>>('GET', '/media?limit=100'), [active], 0);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    onError(null);
    setProgress(0);
    try {
      const item = await uploadMedia(file, setProgress);
      await media.reload();
      onMediaId(item.id);
    } catch (err) {
      onError(err);
      setProgress(null);
    }
  };
  return (
    <>
      <label>
        File
        <select name="mediaId" value={mediaId} onChange={(e) => onMediaId(e.target.value)} required>
          <UploadOptions uploads={media.data?.data} />
        </select>
      </label>
      <ErrorNote error={media.error} />
      <label>
        Or upload one
        <input type="file" name="file" onChange={(e) => void upload(e.target.files?.[0])} />
      </label>
      {progress !== null && <progress max={1} value={progress} aria-label="Upload progress" />}
      <label>
        Caption (images, videos, documents)
        <input name="caption" value={caption} onChange={(e) => onCaption(e.target.value)} maxLength={1024} />
      </label>
    </>
  );
}
