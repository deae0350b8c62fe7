import { useState } from 'react';
import { CsvPreview, DryRunReport, SendReport } from '../bulk-results';
import { contentHash, dryRun, sendRows, type DryRunSummary, type Outgoing, type SendSummary } from '../bulk-send';
import { readCsv, sendsOf, type CsvFile } from '@tidings/batch-csv';
import { TemplateSelect, useApprovedTemplates } from '../compose-template';
import { columnsFor, columnsTemplateLacks } from '../csv-columns';
import { localToRfc3339, SendLaterInput } from '../send-later';
import { ErrorNote } from '../ui';

/** The file as read: its name, its text and its rows. */
interface Loaded {
  name: string;
  text: string;
  csv: CsvFile;
}

/**
 * Sends an approved template to every row of a CSV file (@tidings/batch-csv reads it, as the CLI
 * does; csv-columns.ts says what the template reads of it): a preview
 * of the first rows, a dry run that stores nothing, then the send in chunks (bulk-send.ts) with a
 * progress bar, each refused row by its line, and the batches made.
 */
export function BulkSendPage() {
  const templates = useApprovedTemplates('bulk');
  const [templateId, setTemplateId] = useState('');
  const [file, setFile] = useState<Loaded | null>(null);
  const [sendAt, setSendAt] = useState('');
  const [check, setCheck] = useState<DryRunSummary | null>(null);
  const [result, setResult] = useState<SendSummary | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number; waiting?: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const template = templates.data?.data.find((t) => t.id === templateId);

  const pickTemplate = (id: string) => {
    setTemplateId(id);
    setCheck(null);
    setResult(null);
  };
  const choose = async (f: File | undefined) => {
    setCheck(null);
    setResult(null);
    setError(null);
    if (!f) return setFile(null);
    const text = await f.text();
    setFile({ name: f.name, text, csv: readCsv(text) });
  };
  const outgoing = (): Outgoing | null => {
    if (!file || !template) return null;
    const sends = sendsOf(file.csv, template.id);
    return { bodies: sends.map((s) => s.send), lines: sends.map((s) => s.line), sendAt: localToRfc3339(sendAt) };
  };
  const run = async (what: 'check' | 'send') => {
    const out = outgoing();
    if (!out || !file) return;
    setBusy(true);
    setError(null);
    const report = (done: number, total: number, waiting?: string) =>
      setProgress({ done, total, ...(waiting ? { waiting } : {}) });
    try {
      if (what === 'check') setCheck(await dryRun(out, report));
      else
        setResult(
          await sendRows(out, await contentHash(JSON.stringify([file.text, template?.id, out.sendAt])), report),
        );
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const ready = !!template && !!file && file.csv.problems.length === 0;

  return (
    <section>
      <h1>Send to a list (CSV)</h1>
      <form className="stack" onSubmit={(e) => e.preventDefault()}>
        <TemplateSelect templates={templates} templateId={templateId} onTemplateId={pickTemplate} />
        {template ? (
          <div className="template-preview">
            <p className="pre">{template.body}</p>
            <p className="hint">
              Columns it reads: <code>{columnsFor(template).join(',')}</code>
            </p>
          </div>
        ) : null}
        <label>
          CSV file
          <input type="file" name="csv" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} />
          <span className="hint">
            A header row, then one message a row. Columns: <code>to</code> (E.164); one column per template variable,
            named <code>1</code>, <code>2</code>… or by the variable's name (<code>header</code> for a text header);{' '}
            <code>button.0.payload</code>, <code>button.1.urlSuffix</code>, <code>button.2.couponCode</code> for
            buttons; optional <code>clientReference</code> and <code>sendAt</code> (RFC 3339 with offset). Every other
            column is a template variable: a row that fills one the template lacks is refused.
          </span>
        </label>
        {file && template ? <CsvPreview file={file.csv} lacking={columnsTemplateLacks(file.csv, template)} /> : null}
        <SendLaterInput
          label="Send at"
          value={sendAt}
          onChange={(v) => {
            setSendAt(v);
            setCheck(null);
          }}
        />
        <div className="actions">
          <button type="button" className="secondary" disabled={!ready || busy} onClick={() => void run('check')}>
            Check (dry run)
          </button>{' '}
          <button type="button" disabled={!ready || busy} onClick={() => void run('send')}>
            {busy ? 'Working…' : sendAt ? 'Schedule' : 'Send'}
          </button>
        </div>
        {progress ? (
          <div className="progress">
            <progress max={progress.total || 1} value={progress.done} aria-label="Send progress" />
            <span>
              {progress.done} of {progress.total} rows{progress.waiting ? ` (${progress.waiting})` : ''}
            </span>
          </div>
        ) : null}
        <ErrorNote error={error} />
        {error && result === null ? (
          <p className="hint">Sending again resumes: the rows already accepted are not sent twice.</p>
        ) : null}
      </form>
      {check ? <DryRunReport result={check} /> : null}
      {result ? <SendReport result={result} /> : null}
    </section>
  );
}
