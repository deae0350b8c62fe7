/**
 * Form fields with the issues of their field beside them, as `POST /v1/templates/validate` and a
 * refused body's `error.issues` name them (`field`: `body`, `variables[0].example`, `buttons[1].url`).
 */
import type { ReactNode } from 'react';
import type { Issue } from './api';

/** The issues whose field is `prefix` or inside it (`variables` covers `variables[0].example`). */
export function issuesFor(issues: Issue[] | null, prefix: string): Issue[] {
  return (issues ?? []).filter((i) => i.field === prefix || i.field.startsWith(`${prefix}.`) || i.field.startsWith(`${prefix}[`));
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
export function Field({ label, field, issues, children }: { label: string; field: string; issues: Issue[] | null; children: ReactNode }) {
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
