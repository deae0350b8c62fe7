/**
 * What `plan` and `apply` print: for people, one line per template that changes (or cannot) with a
 * readable diff of its fields (a line diff, jsdiff's, for the body and the structured fields; before
 * → after for the rest), the unchanged and left-alone ones summed up; or, with `--json`, the same
 * as data. Colour only when asked (stdout a terminal, NO_COLOR unset: command.ts decides).
 */
import { diffLines } from 'diff';
import { stringify } from 'yaml';
import type { ApplyResult } from './apply.js';
import type { FieldChange } from './compare.js';
import { hasChanges, hasErrors, type PlanItem } from './plan.js';

export interface Style {
  green: (s: string) => string;
  yellow: (s: string) => string;
  red: (s: string) => string;
  dim: (s: string) => string;
}

const sgr = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
/** ANSI colours, or none. */
export function style(colour: boolean): Style {
  const plain = (s: string) => s;
  return colour
    ? { green: sgr(32, 39), yellow: sgr(33, 39), red: sgr(31, 39), dim: sgr(2, 22) }
    : { green: plain, yellow: plain, red: plain, dim: plain };
}

const label = (t: { name: string; language: string }) => `${t.name} (${t.language})`;
const INDENT = '    ';

/** A value as a person reads it on one line: text quoted, nothing as (none). */
function shown(v: unknown): string {
  if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) return '(none)';
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

/** A value as lines to diff: text as it is, structures as YAML, nothing as no lines. */
function asLines(v: unknown): string {
  if (v === null || v === undefined || (Array.isArray(v) && v.length === 0)) return '';
  const text = typeof v === 'string' ? v : stringify(v, { lineWidth: 0 });
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * One changed field, service → file: `timeToLive: 3600 → 7200`, or the field's name and a line
 * diff (`- ` at the service, `+ ` in the file, `  ` the same in both).
 */
export function fieldDiff(c: FieldChange, s: Style): string[] {
  const scalar = (v: unknown) =>
    v === null || v === undefined || typeof v === 'number' || (typeof v === 'string' && !v.includes('\n'));
  if (c.field !== 'body' && scalar(c.before) && scalar(c.after))
    return [`${c.field}: ${s.red(shown(c.before))} → ${s.green(shown(c.after))}`];
  const lines = [
    `${c.field}:${asLines(c.before) === '' ? ' (none at the service)' : asLines(c.after) === '' ? ' (none in the file)' : ''}`,
  ];
  for (const part of diffLines(asLines(c.before), asLines(c.after))) {
    const mark = part.added ? '+ ' : part.removed ? '- ' : '  ';
    const paint = part.added ? s.green : part.removed ? s.red : s.dim;
    for (const line of part.value.replace(/\n$/, '').split('\n')) lines.push(paint(`${mark}${line}`));
  }
  return lines;
}

const WHY_EDIT: Record<string, string> = {
  pending: 'pending: edited before it is submitted',
  rejected: 'rejected: edited, then submitted for review again',
};

/** The plan for people. `file` names the file in the closing hint. */
export function renderPlan(items: PlanItem[], file: string, s: Style): string {
  const out: string[] = [];
  if (items.some((i) => i.changes.length > 0))
    out.push(s.dim(`Changes below read from the service to the file: - at the service, + in ${file}.`), '');
  const details = (lines: string[]) => out.push(...lines.map((l) => `${INDENT}${l}`));
  for (const i of items) {
    if (i.action === 'create')
      out.push(
        s.green(
          `+ ${label(i)} will be created${i.file?.kind === 'library' ? ` from the Template Library (${i.file.entry.libraryTemplateName})` : ''}`,
        ),
      );
    else if (i.action === 'update')
      out.push(s.yellow(`~ ${label(i)} will be updated (${WHY_EDIT[i.status!] ?? i.status})`));
    else if (i.action === 'ttl-update')
      out.push(s.yellow(`~ ${label(i)}: its time to live will change (${i.status}: no new review)`));
    else if (i.action === 'cannot-change') out.push(s.red(`! ${label(i)} cannot change (${i.status})`));
    else if (i.action === 'invalid')
      out.push(s.red(`! ${label(i)} is invalid (it would be ${i.wanted === 'create' ? 'created' : 'updated'})`));
    else continue;
    for (const c of i.changes) details(fieldDiff(c, s));
    if (i.reason) details([i.reason]);
    for (const issue of i.issues ?? [])
      details([s.red(`${issue.field ? `${issue.field}: ` : ''}${issue.code}: ${issue.message}`)]);
  }
  const unchanged = items.filter((i) => i.action === 'unchanged');
  const alone = items.filter((i) => i.action === 'not-in-file');
  if (unchanged.length) out.push(s.dim(`= unchanged (${unchanged.length}): ${unchanged.map(label).join(', ')}`));
  if (alone.length)
    out.push(
      s.dim(`  not in file (left alone) (${alone.length}): ${alone.map((i) => `${label(i)} ${i.status}`).join(', ')}`),
    );
  const n = counts(items);
  out.push(
    '',
    `Plan: ${n.create} to create, ${n.update} to update, ${n['ttl-update']} time-to-live update${n['ttl-update'] === 1 ? '' : 's'}, ${n.unchanged} unchanged, ${n['cannot-change']} cannot change, ${n.invalid} invalid; ${n['not-in-file']} not in file (left alone).`,
  );
  if (hasErrors(items))
    out.push(
      s.red(
        `Fix what is marked ! first: \`npx tidings templates apply ${file}\` would make the other changes and fail on these.`,
      ),
    );
  else if (hasChanges(items)) out.push(`Run \`npx tidings templates apply ${file}\` to make these changes.`);
  else out.push(`No changes: the service matches ${file}.`);
  return `${out.join('\n')}\n`;
}

/** How many templates take each action. */
export function counts(items: PlanItem[]): Record<PlanItem['action'], number> {
  const n = { create: 0, update: 0, 'ttl-update': 0, unchanged: 0, 'cannot-change': 0, invalid: 0, 'not-in-file': 0 };
  for (const i of items) n[i.action]++;
  return n;
}

/** The `--json` plan: `{ file, valid, changes, summary, templates: [{ name, language, action, … }] }`. */
export function planJson(items: PlanItem[], file: string): unknown {
  return {
    file,
    valid: !hasErrors(items),
    changes: hasChanges(items),
    summary: counts(items),
    templates: items.map(({ file: _f, remote: _r, ...i }) => i),
  };
}

/** What apply did, for people. */
export function renderApply(results: ApplyResult[], file: string, s: Style): string {
  const out: string[] = [];
  const details = (lines: string[]) => out.push(...lines.map((l) => `${INDENT}${l}`));
  for (const r of results) {
    const at = r.id ? ` ${r.id}` : '';
    if (r.outcome === 'created')
      out.push(
        s.green(
          `+ ${label(r)}: created${at} (${r.status}${r.replayed ? '; made by an earlier run of apply, replayed' : ''})`,
        ),
      );
    else if (r.outcome === 'updated') out.push(s.yellow(`~ ${label(r)}: updated${at} (now ${r.status})`));
    else if (r.outcome === 'ttl-updated')
      out.push(s.yellow(`~ ${label(r)}: time to live set to ${shown(r.item.changes[0]?.after)} s${at}`));
    else if (r.outcome === 'cannot-change')
      out.push(s.red(`! ${label(r)}: cannot change (${r.status}), left as it is`));
    else if (r.outcome === 'invalid') out.push(s.red(`! ${label(r)}: invalid, not applied`));
    else if (r.outcome === 'failed') out.push(s.red(`! ${label(r)}: failed`));
    else continue;
    if (r.outcome === 'updated' || r.outcome === 'cannot-change')
      for (const c of r.item.changes) details(fieldDiff(c, s));
    if (r.message) details([r.message]);
    for (const issue of r.issues ?? [])
      details([s.red(`${issue.field ? `${issue.field}: ` : ''}${issue.code}: ${issue.message}`)]);
  }
  const n = Object.fromEntries(
    ['created', 'updated', 'ttl-updated', 'unchanged', 'cannot-change', 'invalid', 'failed', 'not-in-file'].map((o) => [
      o,
      results.filter((r) => r.outcome === o).length,
    ]),
  );
  const unchanged = results.filter((r) => r.outcome === 'unchanged');
  const alone = results.filter((r) => r.outcome === 'not-in-file');
  if (unchanged.length) out.push(s.dim(`= unchanged (${unchanged.length}): ${unchanged.map(label).join(', ')}`));
  if (alone.length)
    out.push(
      s.dim(`  not in file (left alone) (${alone.length}): ${alone.map((r) => `${label(r)} ${r.status}`).join(', ')}`),
    );
  const changed = n.created! + n.updated! + n['ttl-updated']!;
  const problems = n['cannot-change']! + n.invalid! + n.failed!;
  out.push('');
  if (changed === 0 && problems === 0)
    out.push(
      `No changes: the service already matches ${file} (${n.unchanged} template${n.unchanged === 1 ? '' : 's'}).`,
    );
  else
    out.push(
      `Applied: ${n.created} created, ${n.updated} updated, ${n['ttl-updated']} time-to-live updated, ${n.unchanged} unchanged; ${n['cannot-change']} cannot change, ${n.invalid} invalid, ${n.failed} failed; ${n['not-in-file']} not in file (left alone).`,
    );
  return `${out.join('\n')}\n`;
}

/** The `--json` report of apply: `{ file, ok, results: [{ name, language, outcome, id?, status?, … }] }`. */
export function applyJson(results: ApplyResult[], file: string, ok: boolean): unknown {
  return {
    file,
    ok,
    results: results.map(({ item, ...r }) => ({ ...r, ...(item.changes.length ? { changes: item.changes } : {}) })),
  };
}
