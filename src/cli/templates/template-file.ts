/**
 * The templates file (`templates.yaml`): its schema, and reading it with every problem named by its
 * line, template and field (`templates.yaml:12: order_shipped (en_US): variables[0].example: must be
 * text`). A template is either content (body, variables, header, footer, buttons, timeToLive: the
 * fields of `POST /v1/templates`, docs/api.md §4.1) or made from Meta's Template Library
 * (libraryTemplateName, libraryInputs: `POST /v1/templates/from_library`, docs/api.md §D20). The content
 * rules themselves (placeholders, lengths, button kinds…) are the service's: `plan` asks
 * `POST /v1/templates/validate`. This file checks only the shape, so that nothing reaches the
 * service that it would refuse as a malformed request, and a misspelt field is never silently left out.
 * How a schema error is worded is schema-problems.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { newAjv } from '../../http/ajv.js';
import { StringEnum } from '../../http/schemas.js';
import { TemplateButton } from '../../templates/template-content.schemas.js';
import { LibraryInputs } from '../../templates/template-library.schemas.js';
import { TemplatesStopped } from './client.js';
import { describe, fieldName, firstPerField, pathOf } from './schema-problems.js';

const Variable = Type.Object(
  { example: Type.String(), name: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

/** One shape for both kinds of header, so that a wrong field is named beside it (see `headerProblems`). */
const Header = Type.Object(
  {
    type: StringEnum(['text', 'image', 'video', 'document'] as const),
    text: Type.Optional(Type.String()),
    example: Type.Optional(Type.String()),
    mediaId: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** One template of the file, either kind; `null` values are read as left out. */
export const FileEntry = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    language: Type.String({ minLength: 1 }),
    header: Type.Optional(Header),
    body: Type.Optional(Type.String()),
    variables: Type.Optional(Type.Array(Variable)),
    footer: Type.Optional(Type.String()),
    buttons: Type.Optional(Type.Array(TemplateButton)),
    timeToLive: Type.Optional(Type.Integer({ minimum: 30, maximum: 43_200 })),
    libraryTemplateName: Type.Optional(Type.String({ minLength: 1 })),
    libraryInputs: Type.Optional(LibraryInputs),
  },
  { additionalProperties: false },
);
export type FileEntry = Static<typeof FileEntry>;

/** The fields of a content template, besides name and language, in the order the file writes them. */
export const CONTENT_FIELDS = ['header', 'body', 'variables', 'footer', 'buttons', 'timeToLive'] as const;

/** A template read from the file, with its kind and the line it starts on. */
export type FileTemplate = { line: number; entry: FileEntry } & (
  | { kind: 'content'; body: string }
  | { kind: 'library'; libraryTemplateName: string }
);

const checkEntry = newAjv('body').compile(FileEntry);

/** Where a problem is: a 1-based line, the template (when known), a field path such as `variables[0].example`. */
interface Problem {
  line: number;
  template?: string;
  field?: string;
  message: string;
}

/**
 * Reads a templates file.
 * @param text the file's content; `fileName` only names it in messages.
 * @returns its templates, in the file's order.
 * @throws TemplatesStopped template_file_invalid, listing every problem (YAML syntax, shape,
 *   mixed kinds, a name and language given twice), each with its line.
 */
export function parseTemplateFile(text: string, fileName: string): FileTemplate[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineOf = (path: (string | number)[]) => nodeLine(doc, lineCounter, path);
  const problems: Problem[] = doc.errors.map((e) => ({
    line: lineCounter.linePos(e.pos[0]).line,
    message: e.message.split('\n')[0]!,
  }));
  const templates: FileTemplate[] = [];
  if (problems.length === 0) {
    const root = doc.contents;
    if (!isMap(root) || !root.has('templates'))
      problems.push({
        line: lineOf([]),
        message: 'the file must be a mapping with the key `templates:` and, under it, a list of templates',
      });
    else if (!isSeq(root.get('templates')))
      problems.push({
        line: lineOf(['templates']),
        field: 'templates',
        message: 'must be a list (each template starting with `- name: …`)',
      });
    else {
      for (const key of root.items.map((p) => String((p.key as { value?: unknown })?.value ?? p.key))) {
        if (key !== 'templates')
          problems.push({ line: lineOf([key]), field: key, message: 'unknown key; the file has only `templates:`' });
      }
      const list = (doc.toJS() as { templates: unknown[] }).templates;
      const named: Named[] = [];
      list.forEach((raw, i) => {
        const read = readEntry(raw, (path) => lineOf(['templates', i, ...path]));
        problems.push(...read.problems);
        if (read.template) templates.push(read.template);
        const { name, language } = (raw ?? {}) as Record<string, unknown>;
        if (typeof name === 'string' && typeof language === 'string')
          named.push({ line: lineOf(['templates', i]), name, language });
      });
      problems.push(...duplicates(named));
    }
  }
  if (problems.length > 0) {
    const lines = problems
      .sort((a, b) => a.line - b.line)
      .map(
        (p) =>
          `  ${fileName}:${p.line}: ${p.template ? `${p.template}: ` : ''}${p.field ? `${p.field}: ` : ''}${p.message}`,
      );
    throw new TemplatesStopped(
      'template_file_invalid',
      `${fileName} is not a valid templates file (${problems.length === 1 ? '1 problem' : `${problems.length} problems`}):\n${lines.join('\n')}`,
    );
  }
  return templates;
}

/** One list item: its shape, its kind, its header; a template only when it has no problem. */
function readEntry(
  raw: unknown,
  lineOf: (path: (string | number)[]) => number,
): { template?: FileTemplate; problems: Problem[] } {
  const line = lineOf([]);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return { problems: [{ line, message: 'each template must be a mapping (`- name: …`, `language: …`, …)' }] };
  // A null is a field left out (`footer:` with nothing after it reads as null).
  const entry = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null)) as FileEntry;
  const template =
    typeof entry.name === 'string' && typeof entry.language === 'string'
      ? `${entry.name} (${entry.language})`
      : typeof entry.name === 'string'
        ? entry.name
        : `template ${line}`;
  const problems: Problem[] = [];
  const add = (path: (string | number)[], message: string) =>
    problems.push({ line: lineOf(path), template, field: fieldName(path), message });
  // The fields the schema found wrong; the checks below look only at the others.
  const wrong = new Set<string>();
  if (!checkEntry(entry)) {
    for (const e of firstPerField(checkEntry.errors ?? [])) {
      add(pathOf(e), describe(e));
      wrong.add(String(pathOf(e)[0]));
    }
  }
  const content = CONTENT_FIELDS.filter((f) => entry[f] !== undefined && !wrong.has(f));
  if (typeof entry.libraryTemplateName === 'string') {
    for (const f of content)
      add(
        [f],
        'a template from the Template Library (libraryTemplateName) takes no content of its own: remove this field, or remove libraryTemplateName',
      );
    if (problems.length > 0) return { problems };
    return { template: { kind: 'library', line, entry, libraryTemplateName: entry.libraryTemplateName }, problems };
  }
  if (entry.libraryInputs !== undefined && !wrong.has('libraryTemplateName'))
    add(
      ['libraryInputs'],
      'only a template from the Template Library takes libraryInputs: add libraryTemplateName, or remove this field',
    );
  if (entry.body === undefined && !wrong.has('libraryTemplateName'))
    add([], "body is missing (or libraryTemplateName, for a template from Meta's Template Library)");
  if (entry.header && !wrong.has('header')) {
    for (const [field, message] of headerProblems(entry.header)) add(['header', ...(field ? [field] : [])], message);
  }
  if (problems.length > 0 || entry.body === undefined) return { problems };
  return { template: { kind: 'content', line, entry, body: entry.body }, problems };
}

/** A text header takes text (and an example); a media header a mediaId, only. */
function headerProblems(header: NonNullable<FileEntry['header']>): [string | undefined, string][] {
  if (header.type === 'text') {
    return [
      ...(header.text === undefined ? [[undefined, 'a text header needs text'] as [undefined, string]] : []),
      ...(header.mediaId !== undefined
        ? [
            ['mediaId', 'a text header has no mediaId (a media header has type image, video or document)'] as [
              string,
              string,
            ],
          ]
        : []),
    ];
  }
  const out: [string | undefined, string][] = [];
  if (header.mediaId === undefined)
    out.push([
      undefined,
      `${header.type === 'image' ? 'an' : 'a'} ${header.type} header needs a mediaId (a med_ id of an upload: POST /v1/media)`,
    ]);
  for (const f of ['text', 'example'] as const)
    if (header[f] !== undefined)
      out.push([
        f,
        `${header.type === 'image' ? 'an' : 'a'} ${header.type} header has no ${f} (only a text header has)`,
      ]);
  return out;
}

interface Named {
  line: number;
  name: string;
  language: string;
}

/** A name and language given twice (by any template of the file, valid or not), each time after the first. */
function duplicates(templates: Named[]): Problem[] {
  const seen = new Map<string, number>();
  const out: Problem[] = [];
  for (const t of templates) {
    const key = `${t.name}\u0000${t.language}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, t.line);
    else
      out.push({
        line: t.line,
        template: `${t.name} (${t.language})`,
        message: `given twice (first on line ${first}); a name and language identify one template`,
      });
  }
  return out;
}

/** The 1-based line of the node at `path`, or of its nearest ancestor in the file. */
function nodeLine(doc: Document, lineCounter: LineCounter, path: (string | number)[]): number {
  for (let n = path.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    if (range) return lineCounter.linePos(range[0]).line;
  }
  return 1;
}
