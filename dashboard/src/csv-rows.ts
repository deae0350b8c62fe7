/**
 * A CSV file of template sends, read into the bodies `POST /v1/messages/batch` takes. Parsed with
 * Papa Parse (RFC 4180 quoting: commas, quotes and line breaks inside quoted fields), never by
 * splitting on commas.
 *
 * The format: a header row, then one send per row.
 * - `to` (required): the recipient, E.164 (`+16505551234`).
 * - one column per template variable, named by its position (`1`, `2`) or by its name when the
 *   template names it (`first_name`); `header` for a text header's `{{1}}`. An empty cell falls
 *   back to the variable's example at the service.
 * - `button.<index>.payload`, `button.<index>.urlSuffix`, `button.<index>.couponCode`: a template
 *   button's value (index from 0, as the template lists its buttons).
 * - `clientReference`, `sendAt` (optional): the send's own reference and time (RFC 3339 with
 *   offset; it wins over the batch-wide time).
 * Other columns are reported and ignored.
 */
import Papa from 'papaparse';
import type { Template } from './api';
import { placeholders } from './compose-template';
import { isDynamicUrl } from './template-buttons';

/** One data row: its line in the file (the header is line 1) and its cells by column. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

export interface CsvFile {
  columns: string[];
  rows: CsvRow[];
  /** Rows Papa Parse could not read (an unclosed quote, a row of the wrong width), by line. */
  problems: { line: number; message: string }[];
}

/** Reads `text` (the file's content, a leading byte-order mark dropped) as a header row and data rows. */
export function parseCsv(text: string): CsvFile {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  const problems: CsvFile['problems'] = [];
  let columns: string[] = [];
  // Each row's line from the offset where it starts: a quoted field may span lines, so a row's
  // index is not its line. Papa Parse gives the offset where each row ends (`meta.cursor`).
  let counted = 0;
  let line = 1;
  const lineAt = (offset: number) => {
    for (; counted < offset; counted++) if (input.charCodeAt(counted) === 10) line++;
    return line;
  };
  let rowStart = 0;
  Papa.parse<string[]>(input, {
    skipEmptyLines: 'greedy',
    step: (result) => {
      // Past the line break that ended the previous row, and any blank lines.
      let start = rowStart;
      while (start < input.length && /\s/.test(input[start]!)) start++;
      const at = lineAt(start);
      rowStart = result.meta.cursor;
      const cells = result.data;
      if (columns.length === 0) {
        columns = cells.map((c) => c.trim());
        return;
      }
      for (const e of result.errors) problems.push({ line: at, message: e.message });
      if (cells.length !== columns.length)
        problems.push({ line: at, message: `${cells.length} fields where the header has ${columns.length}.` });
      else if (result.errors.length === 0)
        rows.push({ line: at, cells: Object.fromEntries(columns.map((c, i) => [c, cells[i]!])) });
    },
  });
  return { columns, rows, problems };
}

/** The columns of `columns` a send for `template` does not read (shown, then ignored). */
export function unknownColumns(columns: string[], template: Template): string[] {
  return columns.filter((c) => !readsColumn(c, template));
}

const BUTTON_COLUMN = /^button\.(\d+)\.(payload|urlSuffix|couponCode)$/;

function variableKey(column: string, template: Template): string | undefined {
  const places = placeholders(template);
  if (places.some((p) => p.key === column)) return column;
  // A named variable by its position: `1` for the first of the body.
  const index = Number(column);
  if (Number.isInteger(index) && index >= 1 && index <= template.variables.length)
    return template.variables[index - 1]!.name ?? column;
  return undefined;
}

function readsColumn(column: string, template: Template): boolean {
  return (
    column === 'to' ||
    column === 'clientReference' ||
    column === 'sendAt' ||
    BUTTON_COLUMN.test(column) ||
    variableKey(column, template) !== undefined
  );
}

/** The body of `POST /v1/messages` that `row` asks for: a send of `template`. Empty cells are left out. */
export function sendOf(row: CsvRow, template: Template): Record<string, unknown> {
  const body: Record<string, unknown> = { to: (row.cells.to ?? '').trim(), type: 'template', templateId: template.id };
  const variables: Record<string, string> = {};
  const buttons: Record<string, Record<string, string>> = {};
  for (const [column, raw] of Object.entries(row.cells)) {
    const value = raw ?? '';
    if (value === '' || column === 'to') continue;
    const button = BUTTON_COLUMN.exec(column);
    if (button) buttons[button[1]!] = { ...buttons[button[1]!], [button[2]!]: value };
    else if (column === 'clientReference' || column === 'sendAt') body[column] = value.trim();
    else {
      const key = variableKey(column, template);
      if (key) variables[key] = value;
    }
  }
  if (Object.keys(variables).length > 0) body.variables = variables;
  if (Object.keys(buttons).length > 0) body.buttons = buttons;
  return body;
}

/** The columns a send of `template` reads: `to`, its variables, its buttons' values, then the optional ones. */
export function columnsFor(template: Template): string[] {
  const buttons = template.buttons.flatMap((b, i) =>
    b.type === 'quick_reply'
      ? [`button.${i}.payload`]
      : b.type === 'url' && isDynamicUrl(b.url)
        ? [`button.${i}.urlSuffix`]
        : b.type === 'copy_code'
          ? [`button.${i}.couponCode`]
          : [],
  );
  return ['to', ...placeholders(template).map((p) => p.key), ...buttons, 'clientReference', 'sendAt'];
}
