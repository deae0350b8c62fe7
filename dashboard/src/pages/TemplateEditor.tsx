import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, api, type Issue, type Mode, type Template, type TemplateVariable } from '../api';
import { Field, IssueList, Issues } from '../issue-fields';
import { type TemplateButton } from '../template-buttons';
import { ButtonsEditor } from '../template-buttons-editor';
import { useShownIssues } from '../template-editor-issues';
import { emptyHeader, HeaderEditor, headerDraft, headerOf } from '../template-header-editor';
import { TTL_HINT, TTL_MAX, TTL_MIN } from '../template-ttl';
import { ErrorNote, Link, navigate } from '../ui';

/** The highest `{{n}}` in a text: how many variables the body needs. */
function placeholderCount(text: string): number {
  let max = 0;
  for (const m of text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return Math.min(max, 100);
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
  const [headerInputs, setHeaderInputs] = useState(emptyHeader);
  const [footer, setFooter] = useState('');
  const [buttons, setButtons] = useState<TemplateButton[]>([]);
  const [timeToLive, setTimeToLive] = useState('');
  const [issues, setIssues] = useState<Issue[] | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(!id);

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
        setTimeToLive(t.timeToLive === null ? '' : String(t.timeToLive));
        setHeaderInputs(headerDraft(t.header));
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

  const header = headerOf(headerInputs);
  const content = {
    body,
    variables: variables.map((v) => ({ example: v.example, ...(v.name ? { name: v.name } : {}) })),
    header,
    footer: footer === '' ? null : footer,
    buttons,
    // Left out when empty: the platform's default on create, the template's own value on an edit
    // (the platform cannot set a time to live back to its default).
    ...(timeToLive !== '' ? { timeToLive: Number(timeToLive) } : {}),
  };

  // Validate as the user types (300 ms after the last change).
  const draft = JSON.stringify({ name, language, ...content });
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => {
      // When editing, the name is the template's own (and frozen): check the content under a
      // name nobody holds, so "name taken" does not hide the content's issues.
      const checkName = id ? `edit_check_${Math.random().toString(36).slice(2, 10)}` : name;
      api<{ valid: boolean; issues: Issue[] }>('POST', '/templates/validate', {
        body: { name: checkName, category: 'UTILITY', language, ...content },
      }).then(
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
        : await api<Template>('POST', '/templates/', {
            body: { name, category: 'UTILITY', language, ...content },
            idempotent: true,
          });
      navigate(`/templates/${saved.id}`);
    } catch (err) {
      setError(err);
      if (err instanceof ApiError && err.issues) setIssues(err.issues);
    } finally {
      setBusy(false);
    }
  };

  const { shown, other, touch } = useShownIssues(issues, !!id || submitted);
  return (
    <section>
      <p>
        <Link to={id ? `/templates/${id}` : '/templates'}>← {id ? 'Template' : 'Templates'}</Link>
      </p>
      <h1>{id ? `Edit ${name}` : 'New template'}</h1>
      {mode === 'test' && (
        <div className="warning" role="status">
          Test keys can check templates but not create or change them (live_mode_required): sign in with a live key to
          submit.
        </div>
      )}
      <form
        className="stack editor"
        onSubmit={submit}
        onChange={(e) => touch((e.target as unknown as HTMLInputElement).name)}
      >
        <Field label="Name" field="name" issues={shown}>
          <input
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={!!id}
            placeholder="order_shipped"
            required
          />
        </Field>
        <Field label="Language" field="language" issues={shown}>
          <input
            name="language"
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
            disabled={!!id}
            required
          />
        </Field>
        <HeaderEditor draft={headerInputs} onChange={setHeaderInputs} issues={shown} />
        <Field label="Body" field="body" issues={shown}>
          <textarea
            name="body"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={5}
            placeholder="Your order {{1}} has shipped."
          />
        </Field>
        {variables.map((v, i) => (
          <fieldset key={i} className="variable">
            <legend>{`{{${i + 1}}}`}</legend>
            <Field label="Example" field={`variables[${i}].example`} issues={shown}>
              <input
                name={`example-${i + 1}`}
                value={v.example}
                onChange={(e) =>
                  setVariables(variables.map((x, j) => (j === i ? { ...x, example: e.target.value } : x)))
                }
              />
            </Field>
            <Field label="Name (optional)" field={`variables[${i}].name`} issues={shown}>
              <input
                name={`name-${i + 1}`}
                value={v.name ?? ''}
                onChange={(e) =>
                  setVariables(variables.map((x, j) => (j === i ? { ...x, name: e.target.value || undefined } : x)))
                }
              />
            </Field>
          </fieldset>
        ))}
        <Issues issues={shown} field="variables" exact />
        <Field label="Footer (optional)" field="footer" issues={shown}>
          <input name="footer" value={footer} onChange={(e) => setFooter(e.target.value)} />
        </Field>
        <ButtonsEditor buttons={buttons} onChange={setButtons} issues={shown} />
        <Field label="Time to live, seconds (optional)" field="timeToLive" issues={shown}>
          <input
            type="number"
            name="timeToLive"
            min={TTL_MIN}
            max={TTL_MAX}
            step={1}
            value={timeToLive}
            onChange={(e) => setTimeToLive(e.target.value)}
            aria-describedby="ttl-hint"
          />
        </Field>
        <p className="hint" id="ttl-hint">
          {TTL_HINT} A send whose validity period is shorter gets a warning.
        </p>
        <IssueList issues={other} />
        <p className="check" role="status" data-testid="validation">
          {issues === null
            ? 'Checking…'
            : issues.length === 0 && !checkError
              ? '✓ No issues found'
              : `${issues.length} issue${issues.length === 1 ? '' : 's'} to fix before submitting`}
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
