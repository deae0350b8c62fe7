/** A template's header in the template editor: none, a text with its example, or an uploaded file, with its issues. */
import { api, type Issue, type MediaItem, type Page, type TemplateHeader } from './api';
import { Field, Issues } from './issue-fields';
import { UploadOptions, usePolling } from './ui';

export type HeaderKind = 'none' | 'text' | 'image' | 'video' | 'document';

/** What the header's inputs hold: its kind, a text header's text and example, a file header's upload. */
export interface HeaderDraft {
  kind: HeaderKind;
  text: string;
  example: string;
  mediaId: string;
}

export const emptyHeader = (): HeaderDraft => ({ kind: 'none', text: '', example: '', mediaId: '' });

/** The draft of a stored template's header (none: the empty draft). */
export function headerDraft(header: TemplateHeader | null | undefined): HeaderDraft {
  if (header?.type === 'text')
    return { ...emptyHeader(), kind: 'text', text: header.text ?? '', example: header.example ?? '' };
  if (header) return { ...emptyHeader(), kind: header.type, mediaId: header.mediaId ?? '' };
  return emptyHeader();
}

/** The template's `header` as the API takes it: null for none, a text's example only when filled. */
export function headerOf(d: HeaderDraft): TemplateHeader | null {
  return d.kind === 'none'
    ? null
    : d.kind === 'text'
      ? { type: 'text', text: d.text, ...(d.example ? { example: d.example } : {}) }
      : { type: d.kind, mediaId: d.mediaId };
}

/** The header's fieldset: its type, then a text header's text and example or a file header's upload (the account's uploads). */
export function HeaderEditor({
  draft,
  onChange,
  issues,
}: {
  draft: HeaderDraft;
  onChange: (d: HeaderDraft) => void;
  issues: Issue[] | null;
}) {
  const media = usePolling(() => api<Page<MediaItem>>('GET', '/media?limit=100'), [], 0);
  const set = (patch: Partial<HeaderDraft>) => onChange({ ...draft, ...patch });
  return (
    <fieldset>
      <legend>Header</legend>
      <select
        name="headerKind"
        aria-label="Header type"
        value={draft.kind}
        onChange={(e) => set({ kind: e.target.value as HeaderKind })}
      >
        {(['none', 'text', 'image', 'video', 'document'] as const).map((k) => (
          <option key={k} value={k}>
            {k}
          </option>
        ))}
      </select>
      {draft.kind === 'text' && (
        <>
          <Field label="Header text" field="header.text" issues={issues}>
            <input name="headerText" value={draft.text} onChange={(e) => set({ text: e.target.value })} />
          </Field>
          <Field label="Header example (for {{1}})" field="header.example" issues={issues}>
            <input name="headerExample" value={draft.example} onChange={(e) => set({ example: e.target.value })} />
          </Field>
        </>
      )}
      {draft.kind !== 'none' && draft.kind !== 'text' && (
        <Field label="Header file" field="header.mediaId" issues={issues}>
          <select name="headerMediaId" value={draft.mediaId} onChange={(e) => set({ mediaId: e.target.value })}>
            <UploadOptions uploads={media.data?.data} />
          </select>
        </Field>
      )}
      <Issues issues={issues} field="header" exact />
    </fieldset>
  );
}
