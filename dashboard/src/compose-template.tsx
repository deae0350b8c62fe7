/**
 * The template part of a send form (the Send page, the inbox's reply box, a routed send's fallback,
 * the CSV page's picker): the approved templates, their select, a field per placeholder, and the
 * part of the send body they make.
 */
import { api, type Issue, type Page, type Template } from './api';
import { IssueList, Issues, issuesFor } from './issue-fields';
import { ErrorNote, usePolling } from './ui';

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

/** The approved templates (not a Direct Send's generated ones), loaded once while `active` (a form shows the picker). */
export function useApprovedTemplates(active: unknown) {
  return usePolling(
    async () => {
      const page = await api<Page<Template>>('GET', '/templates/?status=approved&limit=100');
      // A Direct Send's generated template is sent only as a Direct Send, never as a template.
      return { ...page, data: page.data.filter((t) => t.source !== 'generated') };
    },
    [active],
    0,
  );
}

/**
 * The template part of a send body: `{ templateId, variables? }`, with only the placeholders the
 * template has that were filled in. The service refuses a send that leaves one empty
 * (`template_values_missing`, an issue per placeholder shown beside its input): the examples are
 * shown as the inputs' placeholders, never sent for them.
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
                <span className="hint">Example: {p.example || '—'} (a hint: give the customer's value)</span>
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
