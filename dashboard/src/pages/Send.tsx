import { useState, type FormEvent } from 'react';
import { api, uploadMedia, type MediaItem, type Message, type Page, type Template } from '../api';
import { ErrorNote, navigate, usePolling, UploadOptions } from '../ui';

type Kind = 'text' | 'template' | 'media';

/** Placeholders a template's send needs: the text header's `{{1}}` (key "header"), then the body's. */
export function placeholders(t: Template): { key: string; label: string; example: string }[] {
  const out: { key: string; label: string; example: string }[] = [];
  if (t.header?.type === 'text' && t.header.text.includes('{{1}}')) out.push({ key: 'header', label: 'Header {{1}}', example: t.header.example ?? '' });
  t.variables.forEach((v, i) => out.push({ key: v.name ?? String(i + 1), label: v.name ? `${v.name} ({{${i + 1}}})` : `{{${i + 1}}}`, example: v.example }));
  return out;
}

/** Send a text, template or media message by hand; it is recorded as sent from the dashboard. */
export function SendPage() {
  const [kind, setKind] = useState<Kind>('text');
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [mediaId, setMediaId] = useState('');
  const [caption, setCaption] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const templates = usePolling(() => api<Page<Template>>('GET', '/templates/?status=approved&limit=100'), [kind], 0);
  const media = usePolling(() => api<Page<MediaItem>>('GET', '/media?limit=100'), [kind], 0);
  const template = templates.data?.data.find((t) => t.id === templateId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, unknown> = { to: to.trim(), type: kind };
      if (kind === 'text') body.text = text;
      if (kind === 'template') {
        body.templateId = templateId;
        const filled = Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== '' && template && placeholders(template).some((p) => p.key === k)));
        if (Object.keys(filled).length > 0) body.variables = filled;
      }
      if (kind === 'media') {
        body.mediaId = mediaId;
        if (caption) body.caption = caption;
      }
      const sent = await api<Message>('POST', '/messages/', { body, idempotent: true, headers: { 'x-tidings-source': 'dashboard' } });
      navigate(`/messages/${sent.id}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const item = await uploadMedia(file, setProgress);
      await media.reload();
      setMediaId(item.id);
    } catch (err) {
      setError(err);
      setProgress(null);
    }
  };

  return (
    <section>
      <h1>Send a message</h1>
      <form className="stack" onSubmit={submit}>
        <fieldset className="kinds">
          <legend>Type</legend>
          {(['text', 'template', 'media'] as const).map((k) => (
            <label key={k}>
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {k}
            </label>
          ))}
        </fieldset>
        <label>
          To (E.164)
          <input name="to" value={to} onChange={(e) => setTo(e.target.value)} placeholder="+16505551234" required />
        </label>
        {kind === 'text' && (
          <>
            <label>
              Text
              <textarea name="text" value={text} onChange={(e) => setText(e.target.value)} rows={4} maxLength={4096} required />
            </label>
            <p className="hint">Text and media messages need an open customer service window: the customer wrote in the last 24 hours.</p>
          </>
        )}
        {kind === 'template' && (
          <>
            <label>
              Template
              <select name="templateId" value={templateId} onChange={(e) => setTemplateId(e.target.value)} required>
                <option value="">Choose an approved template…</option>
                {templates.data?.data.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name} ({t.language})
                  </option>
                ))}
              </select>
            </label>
            <ErrorNote error={templates.error} />
            {template && (
              <div className="template-preview">
                <p className="pre">{template.body}</p>
                {placeholders(template).map((p) => (
                  <label key={p.key}>
                    {p.label}
                    <input name={`var-${p.key}`} value={values[p.key] ?? ''} onChange={(e) => setValues({ ...values, [p.key]: e.target.value })} placeholder={p.example} />
                    <span className="hint">Example: {p.example || '—'} (used when left empty)</span>
                  </label>
                ))}
              </div>
            )}
          </>
        )}
        {kind === 'media' && (
          <>
            <label>
              File
              <select name="mediaId" value={mediaId} onChange={(e) => setMediaId(e.target.value)} required>
                <UploadOptions uploads={media.data?.data} />
              </select>
            </label>
            <label>
              Or upload one
              <input type="file" name="file" onChange={(e) => void upload(e.target.files?.[0])} />
            </label>
            {progress !== null && <progress max={1} value={progress} aria-label="Upload progress" />}
            <label>
              Caption (images, videos, documents)
              <input name="caption" value={caption} onChange={(e) => setCaption(e.target.value)} maxLength={1024} />
            </label>
          </>
        )}
        <ErrorNote error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send'}
        </button>
      </form>
    </section>
  );
}
