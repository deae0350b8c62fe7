/**
 * The parts of a send form shared by the Send page and the inbox's reply box: the template picker
 * with a field per placeholder, the media picker with its upload, and the interactive fields.
 */
import { useState } from 'react';
import { api, uploadMedia, type Issue, type MediaItem, type Page, type Template } from './api';
import { IssueList, Issues, issuesFor } from './issue-fields';
import { ErrorNote, UploadOptions, usePolling } from './ui';

/** Placeholders a template's send needs: the text header's `{{1}}` (key "header"), then the body's. */
export function placeholders(t: Template): { key: string; label: string; example: string }[] {
  const out: { key: string; label: string; example: string }[] = [];
  if (t.header?.type === 'text' && t.header.text?.includes('{{1}}'))
    out.push({ key: 'header', label: 'Header {{1}}', example: t.header.example ?? '' });
  t.variables.forEach((v, i) =>
    out.push({
      key: v.name ?? String(i + 1),
      label: v.name ? `${v.name} ({{${i + 1}}})` : `{{${i + 1}}}`,
      example: v.example,
    }),
  );
  return out;
}

/** The approved templates, loaded once while `active` (a form shows the picker). */
export function useApprovedTemplates(active: unknown) {
  return usePolling(() => api<Page<Template>>('GET', '/templates/?status=approved&limit=100'), [active], 0);
}

/**
 * The template part of a send body: `{ templateId, variables? }`, with only the placeholders the
 * template has that were filled in (the others fall back to their examples at the service).
 */
export function templateFields(
  templateId: string,
  template: Template | undefined,
  values: Record<string, string>,
): Record<string, unknown> {
  const filled = Object.fromEntries(
    Object.entries(values).filter(([k, v]) => v !== '' && template && placeholders(template).some((p) => p.key === k)),
  );
  return Object.keys(filled).length > 0 ? { templateId, variables: filled } : { templateId };
}

/**
 * A select of the approved templates, and the error of loading them (the send forms, the CSV page).
 * `optional`: the first choice is none (a routed send's fallback); `name` and `label` tell two
 * pickers of one form apart.
 */
export function TemplateSelect({
  templates,
  templateId,
  onTemplateId,
  label = 'Template',
  name = 'templateId',
  optional = false,
}: {
  templates: ReturnType<typeof useApprovedTemplates>;
  templateId: string;
  onTemplateId: (id: string) => void;
  label?: string;
  name?: string;
  optional?: boolean;
}) {
  return (
    <>
      <label>
        {label}
        <select name={name} value={templateId} onChange={(e) => onTemplateId(e.target.value)} required={!optional}>
          <option value="">{optional ? 'None' : 'Choose an approved template…'}</option>
          {templates.data?.data.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.language})
            </option>
          ))}
        </select>
      </label>
      <ErrorNote error={templates.error} />
    </>
  );
}

/**
 * An approved-template select, the chosen template's body, and a field per placeholder. With
 * `issues`, the ones about the template go beside the select and a placeholder's beside its input;
 * `field` is where the template sits in the send's body (`fallback`: `fallback.templateId`,
 * `fallback.variables.first_name`), empty at its top.
 */
export function TemplateFields({
  templates,
  templateId,
  onTemplateId,
  values,
  onValues,
  label,
  name,
  optional,
  issues = null,
  field = '',
}: {
  templates: ReturnType<typeof useApprovedTemplates>;
  templateId: string;
  onTemplateId: (id: string) => void;
  values: Record<string, string>;
  onValues: (values: Record<string, string>) => void;
  label?: string;
  name?: string;
  optional?: boolean;
  issues?: Issue[] | null;
  field?: string;
}) {
  const template = templates.data?.data.find((t) => t.id === templateId);
  const at = (path: string) => (field ? `${field}.${path}` : path);
  const aboutTemplate = [...(field ? [field] : []), at('templateId'), at('templateName'), at('language')];
  const prefix = name && name !== 'templateId' ? `${name}-` : '';
  return (
    <>
      <TemplateSelect
        templates={templates}
        templateId={templateId}
        onTemplateId={onTemplateId}
        label={label}
        name={name}
        optional={optional}
      />
      <IssueList issues={(issues ?? []).filter((i) => aboutTemplate.includes(i.field))} live />
      {template && (
        <div className="template-preview">
          <p className="pre">{template.body}</p>
          {placeholders(template).map((p) => (
            <div
              key={p.key}
              className={`field${issuesFor(issues, at(`variables.${p.key}`)).length ? ' has-issue' : ''}`}
            >
              <label>
                {p.label}
                <input
                  name={`${prefix}var-${p.key}`}
                  value={values[p.key] ?? ''}
                  onChange={(e) => onValues({ ...values, [p.key]: e.target.value })}
                  placeholder={p.example}
                />
                <span className="hint">Example: {p.example || '—'} (used when left empty)</span>
              </label>
              <Issues issues={issues} field={at(`variables.${p.key}`)} />
            </div>
          ))}
          <Issues issues={issues} field={at('variables')} exact />
        </div>
      )}
    </>
  );
}

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

/** What the interactive part of a send form holds: reply buttons (up to 3) or a URL button. */
export interface InteractiveDraft {
  header: string;
  body: string;
  footer: string;
  /** Reply buttons' titles (their ids are made from their position). */
  buttons: string[];
  displayText: string;
  url: string;
}

export const emptyInteractive = (): InteractiveDraft => ({
  header: '',
  body: '',
  footer: '',
  buttons: [''],
  displayText: '',
  url: '',
});

/**
 * The `interactive` object of a send (docs/api.md §D15): `buttons` with ids `button-1`…, or
 * `cta_url`; header and footer only when filled. Limits are left to the service, which names each
 * breached field.
 */
export function interactiveFields(kind: 'buttons' | 'cta_url', d: InteractiveDraft): Record<string, unknown> {
  const common = { body: d.body, ...(d.header ? { header: d.header } : {}), ...(d.footer ? { footer: d.footer } : {}) };
  return kind === 'buttons'
    ? { kind, ...common, buttons: d.buttons.map((title, i) => ({ id: `button-${i + 1}`, title })) }
    : { kind, ...common, displayText: d.displayText, url: d.url };
}

/** Header, body and footer, then up to three reply buttons or a URL button's label and address. */
export function InteractiveFields({
  kind,
  draft,
  onDraft,
}: {
  kind: 'buttons' | 'cta_url';
  draft: InteractiveDraft;
  onDraft: (d: InteractiveDraft) => void;
}) {
  const set = (patch: Partial<InteractiveDraft>) => onDraft({ ...draft, ...patch });
  return (
    <>
      <label>
        Header (optional)
        <input name="header" value={draft.header} onChange={(e) => set({ header: e.target.value })} maxLength={60} />
      </label>
      <label>
        Body
        <textarea
          name="body"
          value={draft.body}
          onChange={(e) => set({ body: e.target.value })}
          rows={3}
          maxLength={1024}
          required
        />
      </label>
      <label>
        Footer (optional)
        <input name="footer" value={draft.footer} onChange={(e) => set({ footer: e.target.value })} maxLength={60} />
      </label>
      {kind === 'buttons' ? (
        <fieldset>
          <legend>Reply buttons (up to 3, 20 characters each)</legend>
          {draft.buttons.map((title, i) => (
            <label key={i}>
              Button {i + 1}
              <input
                name={`button-${i + 1}`}
                value={title}
                maxLength={20}
                required
                onChange={(e) => set({ buttons: draft.buttons.map((b, j) => (j === i ? e.target.value : b)) })}
              />
              {draft.buttons.length > 1 ? (
                <button
                  type="button"
                  className="link"
                  onClick={() => set({ buttons: draft.buttons.filter((_, j) => j !== i) })}
                >
                  Remove
                </button>
              ) : null}
            </label>
          ))}
          {draft.buttons.length < 3 ? (
            <button type="button" onClick={() => set({ buttons: [...draft.buttons, ''] })}>
              Add a button
            </button>
          ) : null}
        </fieldset>
      ) : (
        <>
          <label>
            Button label (up to 20 characters)
            <input
              name="displayText"
              value={draft.displayText}
              onChange={(e) => set({ displayText: e.target.value })}
              maxLength={20}
              required
            />
          </label>
          <label>
            URL
            <input
              name="url"
              type="url"
              value={draft.url}
              onChange={(e) => set({ url: e.target.value })}
              placeholder="https://"
              required
            />
          </label>
        </>
      )}
    </>
  );
}
