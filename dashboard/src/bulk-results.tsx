/** What the bulk send page shows of a CSV file: its first rows, the dry run's answer, and the send's. */
import type { CsvFile } from '@tidings/batch-csv';
import type { DryRunSummary, RowRefusal, SendSummary } from './bulk-send';
import { Link } from './ui';

/** How many rows the preview shows. */
const PREVIEW_ROWS = 10;

/**
 * The file's first rows as read, each with its line; the variable columns the template lacks
 * (`lacking`: their filled rows will be refused); and why the file cannot be sent, if it cannot.
 */
export function CsvPreview({ file, lacking }: { file: CsvFile; lacking: string[] }) {
  return (
    <div className="csv-preview">
      <table className="list" aria-label="Preview">
        <caption>
          {file.rows.length} row{file.rows.length === 1 ? '' : 's'}
          {file.rows.length > PREVIEW_ROWS ? `, the first ${PREVIEW_ROWS} shown` : ''}
        </caption>
        <thead>
          <tr>
            <th>Line</th>
            {file.columns.map((c, i) => (
              <th key={i}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {file.rows.slice(0, PREVIEW_ROWS).map((r) => (
            <tr key={r.line}>
              <td data-label="Line">{r.line}</td>
              {file.columns.map((c, i) => (
                <td key={i} data-label={c}>
                  {r.cells[i]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {lacking.length > 0 ? (
        <div className="warning" role="status" data-testid="lacking-columns">
          Columns this template has no placeholder for: {lacking.join(', ')}. Every other column is a template variable,
          so each row that fills one is refused (<code>variables_invalid</code>), named by its line; empty cells are
          left out.
        </div>
      ) : null}
      {file.problems.length > 0 ? (
        <div className="error" role="alert">
          <strong>The file cannot be sent as it is; fix it and choose it again:</strong>
          <ul className="issues">
            {file.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Each refused row: its line in the file, the column at fault, the error's code and words. */
export function RefusalTable({ refusals }: { refusals: RowRefusal[] }) {
  if (refusals.length === 0) return null;
  return (
    <table className="list refusals" aria-label="Refused rows">
      <thead>
        <tr>
          <th>Line</th>
          <th>Column</th>
          <th>Code</th>
          <th>Reason</th>
        </tr>
      </thead>
      <tbody>
        {refusals.map((r) => (
          <tr key={`${r.line}-${r.code}`} data-line={r.line}>
            <td data-label="Line">{r.line}</td>
            <td data-label="Column">{r.column ?? '—'}</td>
            <td data-label="Code">
              <code>{r.code}</code>
            </td>
            <td data-label="Reason">{r.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The dry run: valid and refused rows, the customers' windows, how the valid rows are priced. */
export function DryRunReport({ result }: { result: DryRunSummary }) {
  return (
    <div className="report" data-testid="dry-run">
      <p>
        <strong>
          {result.valid} valid, {result.refused} refused
        </strong>{' '}
        of {result.items}. Nothing was sent.
      </p>
      <p>
        Customer service windows: {result.windows.open} open, {result.windows.closed} closed. Pricing:{' '}
        {result.pricing.utility_outside_window} utility outside the window, {result.pricing.utility_inside_window}{' '}
        utility inside it, {result.pricing.service} service.
      </p>
      <RefusalTable refusals={result.refusals} />
    </div>
  );
}

/** The send: accepted and refused rows, the batches made (linked), and each refused row. */
export function SendReport({ result }: { result: SendSummary }) {
  return (
    <div className="report" data-testid="send-summary">
      <p>
        <strong>
          {result.accepted} accepted, {result.refused} refused
        </strong>
        {result.replayed > 0
          ? ` (${result.replayed} request${result.replayed === 1 ? ' was' : 's were'} already sent from this file and answered as before: nothing was sent twice)`
          : ''}
        .
      </p>
      {result.batches.length > 0 ? (
        <p>
          Batch{result.batches.length === 1 ? '' : 'es'}:{' '}
          {result.batches.map((id, i) => (
            <span key={id}>
              {i > 0 ? ', ' : ''}
              <Link to={`/batches/${id}`}>
                <code>{id}</code>
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      <RefusalTable refusals={result.refusals} />
    </div>
  );
}
