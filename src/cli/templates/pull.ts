/**
 * `templates pull`: the account's templates as a templates file (template-file.ts reads it back),
 * the same every time for the same templates: by name then language, each with only the fields a
 * person edits, in a fixed order, and no date, so a pull committed to a repository changes only
 * when the templates do. Templates the platform generated for a Direct Send are left out: they
 * are read-only.
 */
import path from 'node:path';
import { Document, isMap, isSeq } from 'yaml';
import type { RemoteTemplate } from './client.js';
import { isLibrary, libraryFields } from './compare.js';
import { CONTENT_FIELDS } from './template-file.js';

/** The file's opening comment: what it is, and how to plan and apply it. */
export function fileHeader(file: string): string {
  // As the reader would type it from the repository's root: a path as given, unless absolute.
  const name = file === '-' ? 'templates.yaml' : path.isAbsolute(file) ? path.basename(file) : file;
  return [
    ' WhatsApp message templates of a Tidings account, as code: written by `npx tidings templates pull`.',
    ' Edit them here (name and language identify a template), then:',
    `   npx tidings templates plan ${name}    # what would change; nothing is changed`,
    `   npx tidings templates apply ${name}   # make it so`,
    ' (TIDINGS_URL and TIDINGS_API_KEY say which service and account.) A template not in this file',
    ' is left alone, never deleted. Pending and rejected templates can be edited; an approved one',
    ' only in its timeToLive (the platform freezes the rest): give it a new name instead. Fields:',
    ' header, body, variables (example, name), footer, buttons, timeToLive; or, for one from',
    " Meta's Template Library, libraryTemplateName and libraryInputs.",
  ].join('\n');
}

/** The fields of one template as the file writes them: absent and empty ones left out. */
export function fileEntryOf(t: RemoteTemplate): Record<string, unknown> {
  const out: Record<string, unknown> = { name: t.name, language: t.language };
  if (isLibrary(t)) {
    const lib = libraryFields(t);
    out.libraryTemplateName = lib.libraryTemplateName;
    if (lib.libraryInputs !== null) out.libraryInputs = lib.libraryInputs;
    return out;
  }
  const content: Record<string, unknown> = {
    header: t.header,
    body: t.body,
    variables: t.variables?.map(({ example, name }) => ({ example, ...(name !== undefined ? { name } : {}) })),
    footer: t.footer,
    buttons: t.buttons,
    timeToLive: t.timeToLive,
  };
  for (const f of CONTENT_FIELDS) {
    const v = content[f];
    if (v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0)) out[f] = v;
  }
  return out;
}

/** A one-line note above a template: its status, and a rejection's reason. */
function note(t: RemoteTemplate): string {
  const why = t.status === 'rejected' && t.rejectionReason ? `: ${t.rejectionReason.replace(/\s+/g, ' ')}` : '';
  const frozen = ['approved', 'paused', 'disabled', 'processing'].includes(t.status) ? ' (content frozen)' : '';
  return ` ${t.status}${frozen}${why}`;
}

const order = (a: RemoteTemplate, b: RemoteTemplate) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.language < b.language ? -1 : a.language > b.language ? 1 : 0;

/**
 * The templates file for `templates` (as the service lists them).
 * @param file where it goes (`-`: stdout), named in the header.
 * @returns YAML text: multi-line text as literal blocks, no line folded.
 */
export function templatesYaml(templates: RemoteTemplate[], file: string): string {
  const kept = templates.filter((t) => t.source !== 'generated').sort(order);
  const doc = new Document({ templates: kept.map(fileEntryOf) });
  doc.commentBefore = fileHeader(file);
  const list = isMap(doc.contents) ? doc.contents.get('templates', true) : undefined;
  if (isSeq(list))
    list.items.forEach((item, i) => ((item as { commentBefore?: string }).commentBefore = note(kept[i]!)));
  return doc.toString({ lineWidth: 0, blockQuote: 'literal' });
}
