/**
 * The batch CSV format: a file of template sends, one row a send, the header row naming what each
 * column fills. One reader for both places that take such a file, `tidings messages send-batch`
 * (src/cli/send-batch.ts, README "Admin CLI") and the dashboard's bulk send
 * (dashboard/src/pages/BulkSend.tsx), so a file means the same in both.
 *
 * | Column | Fills |
 * |---|---|
 * | `to` (required) | the recipient: E.164 phone, BSUID or `ct_` id |
 * | `clientReference`, `sendAt` | the send's fields of those names (`sendAt` wins over a batch-wide time) |
 * | `button.<index>.payload`, `.urlSuffix`, `.couponCode` | `buttons: { "<index>": { … } }` |
 * | `route` (optional) | `auto`: the row is a routed text send (docs/api.md §D19), the template its fallback; empty: a template send |
 * | `text` (only in a file with a `route` column) | a routed row's text (required with `auto`, refused without) |
 * | anything else (`1`, `2`, `first_name`, `header`) | `variables`, keyed by the column's name |
 *
 * A routed row (`route` `auto`) sends `{ type: "text", text, route: "auto", fallback: { templateId,
 * variables, buttons } }`: as written while the customer's window is open, else as a Direct Send
 * where the number has it, else as the file's template filled by the row's variable and button
 * columns. `text` is reserved only where the header has `route`, so a file of template sends with a
 * variable named `text` means what it meant.
 *
 * Every other column is a template variable by definition: the file is not refused for a name the
 * template lacks, since the reader does not know the template; a row that fills such a column is
 * refused by the service (`variables_invalid`, naming the column) and reported with its line, never
 * sent with the column left out. An empty cell (or one of spaces only) is left out of its row's
 * send, so the service refuses that row (`template_values_missing`, naming the variable): the
 * template's example never fills it. `to`, `clientReference`, `sendAt` and button values are
 * trimmed; variables are sent as written.
 *
 * The file is read as RFC 4180 says (quoted fields with commas, quotes and line breaks), with a
 * UTF-8 BOM, CRLF, LF or CR line ends (even mixed), and blank lines skipped, by csv-parse: its
 * Node build in Node, its browser build (with its own Buffer) in the dashboard (`#csv-parse` in
 * package.json).
 */
import { parse } from '#csv-parse';

/** The body of one template send, as `POST /v1/messages` (and each item of a batch) takes it. */
export interface TemplateSend {
  /** Left out when the row's cell is empty (the service refuses the row: parameter_missing). */
  to?: string;
  type: 'template';
  templateId: string;
  variables?: Record<string, string>;
  buttons?: Record<string, Partial<Record<ButtonField, string>>>;
  clientReference?: string;
  sendAt?: string;
}

/** A routed row's send: a text decided at dispatch, the file's template its fallback (docs/api.md §D19). */
export interface RoutedSend {
  to?: string;
  type: 'text';
  text: string;
  route: 'auto';
  fallback: Pick<TemplateSend, 'templateId' | 'variables' | 'buttons'>;
  clientReference?: string;
  sendAt?: string;
}

/** The body of one row's send: a template send, or a routed text send with the template as its fallback. */
export type CsvSendBody = TemplateSend | RoutedSend;

/** A data row of the file and its send: its first line in the file (the header is line 1). */
export interface CsvSend {
  line: number;
  send: CsvSendBody;
}

/** A data row as read: its first line in the file (the header is line 1) and its cells, in the header's order. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** A file as read: the header's names (trimmed), the rows that could be read, and what is wrong with it. */
export interface CsvFile {
  columns: string[];
  rows: CsvRow[];
  /**
   * Why the file cannot be sent, each naming its line where it has one (a malformed row, a bad
   * header, no rows, a value in the unnamed last column), in the order the CLI reports the first:
   * empty when every row can be sent.
   */
  problems: string[];
}

/** A file that cannot be read as sends; `message` says where and why. */
export class CsvInvalid extends Error {
  override name = 'CsvInvalid';
  readonly code = 'csv_invalid';
}

const BUTTON_FIELDS = ['payload', 'urlSuffix', 'couponCode'] as const;
type ButtonField = (typeof BUTTON_FIELDS)[number];
const BUTTON_COLUMN = /^button\.(\d{1,2})\.(payload|urlSuffix|couponCode)$/;

/** What a column fills, decided from its name. */
type Column =
  | { kind: 'to' | 'clientReference' | 'sendAt' | 'route' | 'text' | 'skip' }
  | { kind: 'variable'; name: string }
  | { kind: 'button'; index: string; field: ButtonField };

/**
 * The header's columns, and what is wrong with it: a column with an empty name (but the last: a
 * trailing comma, harmless while its cells stay empty), a name given twice, a `button.…` column not
 * of the form `button.<index>.<payload|urlSuffix|couponCode>`, no `to` column.
 */
function readHeader(header: string[]): { columns: Column[]; problems: string[] } {
  const seen = new Set<string>();
  const problems: string[] = [];
  const routed = header.some((raw) => raw.trim() === 'route');
  const columns = header.map((raw, i): Column => {
    const name = raw.trim();
    if (name === '') {
      if (i !== header.length - 1)
        problems.push(
          `Line 1: column ${i + 1} has no name; name every column (to, clientReference, sendAt, button.0.payload, or a template variable).`,
        );
      return { kind: 'skip' };
    }
    if (seen.has(name)) problems.push(`Line 1: the column "${name}" appears twice.`);
    seen.add(name);
    if (name === 'to' || name === 'clientReference' || name === 'sendAt' || name === 'route') return { kind: name };
    if (name === 'text' && routed) return { kind: 'text' };
    const button = BUTTON_COLUMN.exec(name);
    if (button) return { kind: 'button', index: String(Number(button[1])), field: button[2] as ButtonField };
    if (name.startsWith('button.'))
      problems.push(
        `Line 1: "${name}" is not a button column; write button.<index>.<${BUTTON_FIELDS.join('|')}>, e.g. button.0.payload or button.1.urlSuffix.`,
      );
    return { kind: 'variable', name };
  });
  if (!seen.has('to'))
    problems.push(
      `Line 1: the header has no "to" column (it has: ${[...seen].join(', ') || 'nothing'}); the first row must name the columns.`,
    );
  return { columns, problems };
}

/** Line breaks inside a record's quoted fields: its first line is its last minus these. */
const breaksIn = (record: string[]) => record.reduce((n, cell) => n + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);

/**
 * Reads `text` (the file's content) as a header and data rows. Never throws for what the file
 * holds: a row csv-parse cannot read (an unclosed quote, more or fewer cells than the header) is
 * left out and named in `problems` by its line, as is every other reason the file cannot be sent.
 */
export function readCsv(text: string): CsvFile {
  const problems: string[] = [];
  // With `info`, each record comes with where it ended (csv-parse's types do not follow the option).
  const records = parse(text, {
    bom: true,
    info: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    skip_records_with_error: true,
    on_skip: (err: Error | undefined) => {
      if (err) problems.push(`The file is not valid CSV: ${err.message}`);
    },
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const [header, ...data] = records;
  if (!header) {
    if (problems.length === 0)
      problems.push(
        'The file is empty; it needs a header row (to, then the template variables) and a row per message.',
      );
    return { columns: [], rows: [], problems };
  }
  const { columns, problems: headerProblems } = readHeader(header.record);
  problems.push(...headerProblems);
  const rows = data.map(({ record, info }) => ({ line: info.lines - breaksIn(record), cells: record }));
  if (rows.length === 0 && problems.length === 0) problems.push('The file has a header but no rows to send.');
  problems.push(...routeProblems(columns, rows));
  const last = columns.length - 1;
  if (columns[last]?.kind === 'skip')
    for (const row of rows)
      if (row.cells[last]!.trim() !== '')
        problems.push(`Line ${row.line}: a value in the unnamed last column; name the column in the header.`);
  return { columns: header.record.map((c) => c.trim()), rows, problems };
}

/** Each row whose `route` and `text` cells do not make a send, by its line. */
function routeProblems(columns: Column[], rows: CsvRow[]): string[] {
  const route = columns.findIndex((c) => c.kind === 'route');
  if (route < 0) return [];
  const text = columns.findIndex((c) => c.kind === 'text');
  return rows.flatMap(({ line, cells }) => {
    const value = cells[route]?.trim() ?? '';
    const written = text >= 0 && (cells[text] ?? '').trim() !== '';
    if (value !== '' && value !== 'auto')
      return [
        `Line ${line}: route "${value}" is not a route; write auto (a routed text, the template its fallback) or leave it empty (a template send).`,
      ];
    if (value === 'auto' && !written)
      return [
        `Line ${line}: route auto needs the text to send in the "text" column; the template is only its fallback.`,
      ];
    if (value === '' && written)
      return [
        `Line ${line}: a text without route auto; write auto in the "route" column to send it routed, or leave the text empty to send the template.`,
      ];
    return [];
  });
}

/** The columns of `file` read as template variables (every column but `to`, the send's fields and the buttons). */
export function variableColumns(file: CsvFile): string[] {
  return readHeader(file.columns).columns.flatMap((c) => (c.kind === 'variable' ? [c.name] : []));
}

/**
 * Each data row of `file` as a template send of `templateId`, in file order. Meant for a file
 * without problems: a row's cells are read by the header's columns as they are.
 */
export function sendsOf(file: CsvFile, templateId: string): CsvSend[] {
  const { columns } = readHeader(file.columns);
  return file.rows.map(({ line, cells }) => {
    const send: TemplateSend = { type: 'template', templateId };
    let text: string | null = null;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      if (cell.trim() === '') return;
      switch (column.kind) {
        case 'skip':
        case 'route':
          return;
        case 'text':
          text = cell;
          return;
        case 'to':
          send.to = cell.trim();
          return;
        case 'clientReference':
        case 'sendAt':
          send[column.kind] = cell.trim();
          return;
        case 'variable':
          (send.variables ??= {})[column.name] = cell;
          return;
        case 'button':
          ((send.buttons ??= {})[column.index] ??= {})[column.field] = cell.trim();
      }
    });
    if (text === null) return { line, send };
    // A routed row (readCsv refused a text without `route` auto): the template, filled, is its fallback.
    const { type: _template, templateId: _id, variables, buttons, ...fields } = send;
    const fallback = { templateId, ...(variables ? { variables } : {}), ...(buttons ? { buttons } : {}) };
    return { line, send: { ...fields, type: 'text', text, route: 'auto', fallback } satisfies RoutedSend };
  });
}

/**
 * Reads a file as the template sends of `templateId` (the CLI's way: all or nothing).
 * @returns the data rows in file order, each with its first line's number (header = line 1).
 * @throws CsvInvalid with the file's first problem (see readCsv).
 */
export function readCsvSends(text: string, templateId: string): CsvSend[] {
  const file = readCsv(text);
  if (file.problems.length > 0) throw new CsvInvalid(file.problems[0]!);
  return sendsOf(file, templateId);
}
