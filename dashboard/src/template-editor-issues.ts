/**
 * Which of the validation's issues the template editor shows: a new template's issues only for the
 * fields a person has changed (an empty name is not an error before anything is typed), all of
 * them when editing or once a submit was tried.
 */
import { useState } from 'react';
import type { Issue } from './api';

/** The fields the editor has inputs for, as an issue's `field` starts (`variables[0].example` → variables). */
const KNOWN = new Set(['name', 'language', 'body', 'header', 'footer', 'variables', 'buttons', 'timeToLive']);
const rootOf = (field: string) => field.split(/[.[]/)[0]!;

/** The issue fields an input's change makes worth showing, by the input's name (`example-2` → variables). */
function rootsOf(input: string): string[] {
  return input.startsWith('header')
    ? ['header']
    : input.startsWith('button')
      ? ['buttons']
      : /^(example|name)-\d+$/.test(input)
        ? ['variables']
        : input === 'body'
          ? ['body', 'variables']
          : [input];
}

/**
 * @param issues the last validation's issues (null: not checked yet).
 * @param all show every issue (editing a stored template, or after a submit).
 * @returns `shown`, the issues to show beside their fields; `other`, those of no field the form
 *   has (shown in a list of their own); `touch(inputName)`, to call on every change of an input.
 */
export function useShownIssues(issues: Issue[] | null, all: boolean) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const shown = all
    ? issues
    : (issues ?? []).filter((i) => touched.has(rootOf(i.field)) || !KNOWN.has(rootOf(i.field)));
  const other = (shown ?? []).filter((i) => !KNOWN.has(rootOf(i.field)));
  const touch = (input: string) => {
    const roots = rootsOf(input);
    if (roots.every((r) => touched.has(r))) return;
    setTouched(new Set([...touched, ...roots]));
  };
  return { shown, other, touch };
}
