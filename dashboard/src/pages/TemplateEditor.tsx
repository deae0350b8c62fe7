import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, api, type Issue, type MediaItem, type Mode, type Page, type Template, type TemplateHeader, type TemplateVariable } from '../api';
import { type TemplateButton } from '../template-buttons';
import { ErrorNote, Link, navigate, usePolling, UploadOptions } from '../ui';

type HeaderKind = 'none' | 'text' | 'image' | 'video' | 'document';

/** The highest `{{n}}` in a text: how many variables the body needs. */
function placeholderCount(text: string): number {
  let max = 0;
  for (const m of text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return Math.min(max, 100);
}

/** The issues whose field is `prefix` or inside it (`variables` covers `variables[0].example`). */
function issuesFor(issues: Issue[] | null, prefix: string): Issue[] {
  return (issues ?? []).filter((i) => i.field === prefix || i.field.startsWith(`${prefix}.`) || i.field.startsWith(`${prefix}[`));
}

function Issues({ issues, field, exact }: { issues: Issue[] | null; field: string; exact?: boolean }) {
  const list = exact ? (issues ?? []).filter((i) => i.field === field) : issuesFor(issues, field);
  if (list.length === 0) return null;
  return (
    <ul className="issues" aria-live="polite">
      {list.map((i) => (
        <li key={`${i.code}-${i.field}`} data-code={i.code}>
          {i.message} <code>{i.code}</code>
        </li>
      ))}
    </ul>
  );
}

/** A labelled input with the issues of its field beside it. */
function Field({ label, field, issues, children }: { label: string; field: string; issues: Issue[] | null; children: ReactNode }) {
  return (
    <div className={`field${issuesFor(issues, field).length ? ' has-issue' : ''}`}>
      <label>
        {label}
        {children}
      </label>
      <Issues issues={issues} field={field} />
    </div>
  );
}

const BUTTON_TYPES: { type: TemplateButton['type']; label: string }[] = [
  { type: 'quick_reply', label: 'Quick reply' },
  { type: 'url', label: 'Link (URL)' },
  { type: 'phone_number', label: 'Call (phone number)' },
  { type: 'copy_code', label: 'Copy code' },
  { type: 'request_contact_info', label: 'Share phone number' },
];

/** A button of a new type, keeping the label when the new type has one (copy_code's is the platform's). */
function retype(b: TemplateButton, type: TemplateButton['type']): TemplateButton {
  const text = b.text ?? '';
  switch (type) {
    case 'url':
      return { type, text, url: '' };
    case 'phone_number':
      return { type, text, phoneNumber: '' };
    case 'copy_code':
      return { type, example: '' };
    default:
      return { type, text };
  }
}

/** The buttons: add, remove, type and the fields of each type, with each field's issues beside it. */
function ButtonsEditor({ buttons, onChange, issues }: { buttons: TemplateButton[]; onChange: (b: TemplateButton[]) => void; issues: Issue[] | null }) {
  const update = (i: number, b: TemplateButton) => onChange(buttons.map((x, j) => (j === i ? b : x)));
  return (
    <fieldset className="buttons">
      <legend>Buttons</legend>
      {buttons.map((b, i) => {
        const at = `buttons[${i}]`;
        const n = i + 1;
        return (
          <fieldset key={i} className="button-editor" data-index={i}>
            <legend>{`Button ${n}`}</legend>
            <select name={`button-type-${n}`} aria-label={`Button ${n} type`} value={b.type} onChange={(e) => update(i, retype(b, e.target.value as TemplateButton['type']))}>
              {BUTTON_TYPES.map((t) => (
                <option key={t.type} value={t.type}>
                  {t.label}
                </option>
              ))}
            </select>
            {b.type !== 'copy_code' && (
              <Field label={`Button ${n} label`} field={`${at}.text`} issues={issues}>
                <input name={`button-text-${n}`} value={b.text ?? ''} onChange={(e) => update(i, { ...b, text: e.target.value })} />
              </Field>
            )}
            {b.type === 'url' && (
              <>
                <Field label={`Button ${n} URL`} field={`${at}.url`} issues={issues}>
                  <input name={`button-url-${n}`} value={b.url ?? ''} placeholder="https://shop.example.com/track/{{1}}" onChange={(e) => update(i, { ...b, url: e.target.value })} />
                </Field>
                <Field label={`Button ${n} URL example (for {{1}})`} field={`${at}.example`} issues={issues}>
                  <input name={`button-example-${n}`} value={b.example ?? ''} onChange={(e) => update(i, { type: b.type, text: b.text ?? '', url: b.url ?? '', ...(e.target.value ? { example: e.target.value } : {}) })} />
                </Field>
              </>
            )}
            {b.type === 'phone_number' && (
              <Field label={`Button ${n} phone number (E.164)`} field={`${at}.phoneNumber`} issues={issues}>
                <input name={`button-phone-${n}`} value={b.phoneNumber ?? ''} placeholder="+16505551234" onChange={(e) => update(i, { ...b, phoneNumber: e.target.value })} />
              </Field>
            )}
            {b.type === 'copy_code' && (
              <Field label={`Button ${n} example code`} field={`${at}.example`} issues={issues}>
                <input name={`button-code-${n}`} value={b.example ?? ''} onChange={(e) => update(i, { ...b, example: e.target.value })} />
              </Field>
            )}
            <Issues issues={issues} field={at} exact />
            <button type="button" className="secondary" onClick={() => onChange(buttons.filter((_, j) => j !== i))}>
              {`Remove button ${n}`}
            </button>
          </fieldset>
        );
      })}
      <Issues issues={issues} field="buttons" exact />
      <button type="button" className="secondary" name="button-add" onClick={() => onChange([...buttons, { type: 'quick_reply', text: '' }])}>
        Add button
      </button>
    </fieldset>
  );
}

/**
 * Create a template, or edit a pending or rejected one. Every change is checked with
 * `POST /v1/templates/validate` (debounced) and its issues shown beside the fields they concern.
 */
export function TemplateEditor({ id, mode }: { id?: string; mode: Mode }) {
  const [name, setName] = useState('');
  const [language, setLanguage] = useState('en_US');
  const [body, setBody] = useState('');
  const [variables, setVariables] = useState<TemplateVariable[]>([]);
  const [headerKind, setHeaderKind] = useState<HeaderKind>('none');
  const [headerText, setHeaderText] = useState('');
  const [headerExample, setHeaderExample] = useState('');
  const [headerMediaId, setHeaderMediaId] = useState('');
  const [footer, setFooter] = useState('');
  const [buttons, setButtons] = useState<TemplateButton[]>([]);
  const [issues, setIssues] = useState<Issue[] | null>(null);
  // The fields a person has changed: a new template's issues show only for those (an empty name
  // is not an error before anything is typed), and all of them once a submit was tried.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(!id);
  const media = usePolling(() => api<Page<MediaItem>>('GET', '/media?limit=100'), [], 0);

  // Editing: start from the stored template.
  useEffect(() => {
    if (!id) return;
    api<Template>('GET', `/templates/${encodeURIComponent(id)}`).then(
      (t) => {
        setName(t.name);
        setLanguage(t.language);
        setBody(t.body);
        setVariables(t.variables);
        setFooter(t.footer ?? '');
        setButtons(t.buttons ?? []);
        if (t.header?.type === 'text') {
          setHeaderKind('text');
          setHeaderText(t.header.text ?? '');
          setHeaderExample(t.header.example ?? '');
        } else if (t.header) {
          setHeaderKind(t.header.type);
          setHeaderMediaId(t.header.mediaId ?? '');
        }
        setLoaded(true);
      },
      (err) => setError(err),
    );
  }, [id]);

  // One variable per body placeholder, keeping what was typed.
  useEffect(() => {
    const n = placeholderCount(body);
    setVariables((vs) => (vs.length === n ? vs : Array.from({ length: n }, (_, i) => vs[i] ?? { example: '' })));
  }, [body]);

  const header: TemplateHeader | null =
    headerKind === 'none' ? null : headerKind === 'text' ? { type: 'text', text: headerText, ...(headerExample ? { example: headerExample } : {}) } : { type: headerKind, mediaId: headerMediaId };
  const content = {
    body,
    variables: variables.map((v) => ({ example: v.example, ...(v.name ? { name: v.name } : {}) })),
    header,
    footer: footer === '' ? null : footer,
    buttons,
  };

  // Validate as the user types (300 ms after the last change).
  const draft = JSON.stringify({ name, language, ...content });
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => {
      // When editing, the name is the template's own (and frozen): check the content under a
      // name nobody holds, so "name taken" does not hide the content's issues.
      const checkName = id ? `edit_check_${Math.random().toString(36).slice(2, 10)}` : name;
      api<{ valid: boolean; issues: Issue[] }>('POST', '/templates/validate', { body: { name: checkName, category: 'UTILITY', language, ...content } }).then(
        (r) => {
          setIssues(r.issues);
          setCheckError(null);
        },
        (err) => {
          setIssues(err instanceof ApiError && err.issues ? err.issues : []);
          setCheckError(err);
        },
      );
    }, 300);
    return () => clearTimeout(timer);
    // `draft` stands for every field of the form.
  }, [draft, loaded]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setBusy(true);
    setError(null);
    try {
      const saved = id
        ? await api<Template>('PATCH', `/templates/${encodeURIComponent(id)}`, { body: content, idempotent: true })
        : await api<Template>('POST', '/templates/', { body: { name, category: 'UTILITY', language, ...content }, idempotent: true });
      navigate(`/templates/${saved.id}`);
    } catch (err) {
      setError(err);
      if (err instanceof ApiError && err.issues) setIssues(err.issues);
    } finally {
      setBusy(false);
    }
  };

  const known = new Set(['name', 'language', 'body', 'header', 'footer', 'variables', 'buttons']);
  const rootOf = (field: string) => field.split(/[.[]/)[0]!;
  const shown = id || submitted ? issues : (issues ?? []).filter((i) => touched.has(rootOf(i.field)) || !known.has(rootOf(i.field)));
  const other = (shown ?? []).filter((i) => !known.has(rootOf(i.field)));
  /** The issue fields an input's change makes worth showing (`example-2` → variables). */
  const touch = (input: string) => {
    const roots = input.startsWith('header') ? ['header'] : input.startsWith('button') ? ['buttons'] : /^(example|name)-\d+$/.test(input) ? ['variables'] : input === 'body' ? ['body', 'variables'] : [input];
    if (roots.every((r) => touched.has(r))) return;
    setTouched(new Set([...touched, ...roots]));
  };
  return (
    <section>
      <p>
        <Link to={id ? `/templates/${id}` : '/templates'}>← {id ? 'Template' : 'Templates'}</Link>
      </p>
      <h1>{id ? `Edit ${name}` : 'New template'}</h1>
      {mode === 'test' && (
        <div className="warning" role="status">
          Test keys can check templates but not create or change them (live_mode_required): sign in with a live key to submit.
        </div>
      )}
      <form className="stack editor" onSubmit={submit} onChange={(e) => touch((e.target as unknown as HTMLInputElement).name)}>
        <Field label="Name" field="name" issues={shown}>
          <input name="name" value={name} onChange={(e) => setName(e.target.value)} disabled={!!id} placeholder="order_shipped" required />
        </Field>
        <Field label="Language" field="language" issues={shown}>
          <input name="language" value={language} onChange={(e) => setLanguage(e.target.value)} disabled={!!id} required />
        </Field>
        <fieldset>
          <legend>Header</legend>
          <select name="headerKind" aria-label="Header type" value={headerKind} onChange={(e) => setHeaderKind(e.target.value as HeaderKind)}>
            {(['none', 'text', 'image', 'video', 'document'] as const).map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
          {headerKind === 'text' && (
            <>
              <Field label="Header text" field="header.text" issues={shown}>
                <input name="headerText" value={headerText} onChange={(e) => setHeaderText(e.target.value)} />
              </Field>
              <Field label="Header example (for {{1}})" field="header.example" issues={shown}>
                <input name="headerExample" value={headerExample} onChange={(e) => setHeaderExample(e.target.value)} />
              </Field>
            </>
          )}
          {headerKind !== 'none' && headerKind !== 'text' && (
            <Field label="Header file" field="header.mediaId" issues={shown}>
              <select name="headerMediaId" value={headerMediaId} onChange={(e) => setHeaderMediaId(e.target.value)}>
                <UploadOptions uploads={media.data?.data} />
              </select>
            </Field>
          )}
          <Issues issues={shown} field="header" exact />
        </fieldset>
        <Field label="Body" field="body" issues={shown}>
          <textarea name="body" value={body} onChange={(e) => setBody(e.target.value)} rows={5} placeholder="Your order {{1}} has shipped." />
        </Field>
        {variables.map((v, i) => (
          <fieldset key={i} className="variable">
            <legend>{`{{${i + 1}}}`}</legend>
            <Field label="Example" field={`variables[${i}].example`} issues={shown}>
              <input name={`example-${i + 1}`} value={v.example} onChange={(e) => setVariables(variables.map((x, j) => (j === i ? { ...x, example: e.target.value } : x)))} />
            </Field>
            <Field label="Name (optional)" field={`variables[${i}].name`} issues={shown}>
              <input name={`name-${i + 1}`} value={v.name ?? ''} onChange={(e) => setVariables(variables.map((x, j) => (j === i ? { ...x, name: e.target.value || undefined } : x)))} />
            </Field>
          </fieldset>
        ))}
        <Issues issues={shown} field="variables" exact />
        <Field label="Footer (optional)" field="footer" issues={shown}>
          <input name="footer" value={footer} onChange={(e) => setFooter(e.target.value)} />
        </Field>
        <ButtonsEditor buttons={buttons} onChange={setButtons} issues={shown} />
        {other.length > 0 && (
          <ul className="issues">
            {other.map((i) => (
              <li key={`${i.code}-${i.field}`} data-code={i.code}>
                {i.message} <code>{i.code}</code>
              </li>
            ))}
          </ul>
        )}
        <p className="check" role="status" data-testid="validation">
          {issues === null ? 'Checking…' : issues.length === 0 && !checkError ? '✓ No issues found' : `${issues.length} issue${issues.length === 1 ? '' : 's'} to fix before submitting`}
        </p>
        {checkError && !(checkError instanceof ApiError && checkError.issues) ? <ErrorNote error={checkError} /> : null}
        <ErrorNote error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Submitting…' : id ? 'Save and resubmit' : 'Create and submit'}
        </button>
      </form>
    </section>
  );
}
