/**
 * Form fields with the issues of their field beside them, as `POST /v1/templates/validate` and a
 * refused body's `error.issues` name them (`field`: `body`, `variables[0].example`, `buttons[1].url`).
 */
import type { ReactNode } from 'react';
import { ApiError, type Issue } from './api';

/** Whether `field` is `prefix` or inside it (`variables` covers `variables[0].example`). */
const inside = (field: string, prefix: string) =>
  field === prefix || field.startsWith(`${prefix}.`) || field.startsWith(`${prefix}[`);

/** The issues whose field is `prefix` or inside it (`variables` covers `variables[0].example`). */
export function issuesFor(issues: Issue[] | null, prefix: string): Issue[] {
  return (issues ?? []).filter((i) => inside(i.field, prefix));
}

/**
 * What a refused request says about the fields under `prefix`, as issues to show beside them: its
 * `issues` there, else one made of its code and message when its `param` is there (a domain
 * refusal names one field: `fallback.templateId`); none for any other error.
 */
export function errorIssues(error: unknown, prefix: string): Issue[] {
  if (!(error instanceof ApiError)) return [];
  const listed = issuesFor(error.issues ?? null, prefix);
  if (listed.length > 0) return listed;
  return error.param !== undefined && inside(error.param, prefix)
    ? [{ code: error.code, field: error.param, message: error.message }]
    : [];
}

/** A list of issues, each with its message and code; nothing when there are none. */
export function IssueList({ issues, live }: { issues: Issue[]; live?: boolean }) {
  if (issues.length === 0) return null;
  return (
    <ul className="issues" {...(live ? { 'aria-live': 'polite' as const } : {})}>
      {issues.map((i) => (
        <li key={`${i.code}-${i.field}`} data-code={i.code}>
          {i.message} <code>{i.code}</code>
        </li>
      ))}
    </ul>
  );
}

/** The issues of one field (`exact`), or of the field and everything inside it. */
export function Issues({ issues, field, exact }: { issues: Issue[] | null; field: string; exact?: boolean }) {
  return <IssueList issues={exact ? (issues ?? []).filter((i) => i.field === field) : issuesFor(issues, field)} live />;
}

/** A labelled input with the issues of its field beside it. */
export function Field({
  label,
  field,
  issues,
  children,
}: {
  label: string;
  field: string;
  issues: Issue[] | null;
  children: ReactNode;
}) {
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
