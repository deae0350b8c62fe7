/**
 * A CSV of template sends, read for `tidings messages send-batch` (README "Admin CLI"): one row a
 * send, the header row naming what each column fills.
 *
 * | Column | Fills |
 * |---|---|
 * | `to` (required) | the recipient: E.164 phone, BSUID or `ct_` id |
 * | `clientReference`, `sendAt` | the send's fields of those names (`sendAt` wins over `--send-at`) |
 * | `button.<index>.payload`, `.urlSuffix`, `.couponCode` | `buttons: { "<index>": { … } }` |
 * | anything else (`1`, `2`, `first_name`, `header`) | `variables`, keyed by the column's name |
 *
 * Every other column is a template variable by definition: the CSV is not refused for a name the
 * template lacks, since only the service knows the template; a row that fills such a column is
 * refused by the service (`variables_invalid`) and reported with its line. An empty cell (or one of
 * spaces only) is left out of its row's send, so the template's example fills that variable.
 */
import { parse } from 'csv-parse/sync';

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

/** A data row of the file: its line in the file (the header is line 1) and its send. */
export interface CsvSend {
  line: number;
  send: TemplateSend;
}

/** A file the command cannot read as sends; `message` says where and why. */
export class CsvInvalid extends Error {
  override name = 'CsvInvalid';
  readonly code = 'csv_invalid';
}

const BUTTON_FIELDS = ['payload', 'urlSuffix', 'couponCode'] as const;
type ButtonField = (typeof BUTTON_FIELDS)[number];
const BUTTON_COLUMN = /^button\.(\d{1,2})\.(payload|urlSuffix|couponCode)$/;

/** What a column fills, decided once from the header. */
type Column =
  | { kind: 'to' | 'clientReference' | 'sendAt' | 'skip' }
  | { kind: 'variable'; name: string }
  | { kind: 'button'; index: string; field: ButtonField };

/**
 * The header's columns, checked.
 * @throws CsvInvalid without a `to` column, with an empty or repeated name, or with a `button.…`
 *   column not of the form `button.<index>.<payload|urlSuffix|couponCode>`.
 */
function readHeader(header: string[]): Column[] {
  const seen = new Set<string>();
  const columns = header.map((raw, i): Column => {
    const name = raw.trim();
    if (name === '') {
      // A trailing comma in the header gives an unnamed column: harmless if it stays empty.
      if (i === header.length - 1) return { kind: 'skip' };
      throw new CsvInvalid(
        `Line 1: column ${i + 1} has no name; name every column (to, clientReference, sendAt, button.0.payload, or a template variable).`,
      );
    }
    if (seen.has(name)) throw new CsvInvalid(`Line 1: the column "${name}" appears twice.`);
    seen.add(name);
    if (name === 'to' || name === 'clientReference' || name === 'sendAt') return { kind: name };
    const button = BUTTON_COLUMN.exec(name);
    if (button) return { kind: 'button', index: String(Number(button[1])), field: button[2] as ButtonField };
    if (name.startsWith('button.'))
      throw new CsvInvalid(
        `Line 1: "${name}" is not a button column; write button.<index>.<${BUTTON_FIELDS.join('|')}>, e.g. button.0.payload or button.1.urlSuffix.`,
      );
    return { kind: 'variable', name };
  });
  if (!seen.has('to'))
    throw new CsvInvalid(
      `Line 1: the header has no "to" column (it has: ${[...seen].join(', ') || 'nothing'}); the first row must name the columns.`,
    );
  return columns;
}

/** Line breaks inside a record's quoted fields: its first line is its last minus these. */
const breaksIn = (record: string[]) => record.reduce((n, cell) => n + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);

/**
 * Reads a CSV file (RFC 4180: quoted fields with commas, quotes and line breaks; a UTF-8 BOM;
 * CRLF, LF or CR line ends, even mixed; blank lines skipped) as template sends of `templateId`.
 * @param content the file's bytes (UTF-8).
 * @returns the data rows in file order, each with its first line's number (header = line 1).
 * @throws CsvInvalid for a malformed file (an unclosed quote, a row with more or fewer cells than
 *   the header: the message names the line), a bad header (see readHeader), or no data row.
 */
export function readCsvSends(content: Buffer | string, templateId: string): CsvSend[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ended (csv-parse's types do not follow the option).
    records = parse(content, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as typeof records;
  } catch (err) {
    const e = err as Error & { code?: string; lines?: number };
    if (typeof e.code === 'string' && e.code.startsWith('CSV_'))
      throw new CsvInvalid(`The file is not valid CSV: ${e.message}`);
    throw err;
  }
  const [header, ...rows] = records;
  if (!header)
    throw new CsvInvalid(
      'The file is empty; it needs a header row (to, then the template variables) and a row per message.',
    );
  const columns = readHeader(header.record);
  if (rows.length === 0) throw new CsvInvalid('The file has a header but no rows to send.');
  return rows.map(({ record, info }) => {
    const send: TemplateSend = { type: 'template', templateId };
    const line = info.lines - breaksIn(record);
    record.forEach((cell, i) => {
      const column = columns[i]!;
      if (cell.trim() === '') return;
      switch (column.kind) {
        case 'skip':
          throw new CsvInvalid(`Line ${line}: a value in the unnamed last column; name the column in the header.`);
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
    return { line, send };
  });
}
