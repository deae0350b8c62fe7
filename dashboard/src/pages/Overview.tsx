import { useState } from 'react';
import type { Mode } from '../api';
import {
  analyticsQuery,
  browserZone,
  downloadCsv,
  isEmpty,
  loadAnalytics,
  percent,
  RANGES,
  type Analytics,
} from '../analytics';
import { BillableChart, FailuresChart, FunnelChart } from '../overview-charts';
import { QueueSection } from '../overview-queues';
import { loadTemplates, TemplateTable } from '../overview-templates';
import { ErrorNote, Link, usePolling } from '../ui';

/** The range's three answers (overall, by error code, by template) and the templates, loaded together. */
async function loadOverview(rangeId: string) {
  const range = RANGES.find((r) => r.id === rangeId) ?? RANGES[1]!;
  const now = Date.now();
  const [overall, byError, byTemplate, templates] = await Promise.all([
    loadAnalytics(analyticsQuery(range, {}, now)),
    loadAnalytics(analyticsQuery(range, { groupBy: 'errorCode' }, now)),
    loadAnalytics(analyticsQuery(range, { groupBy: 'template' }, now)),
    loadTemplates(),
  ]);
  return { range, now, overall, byError, byTemplate, templates };
}

/** The range's figures at a glance. */
function Totals({ total }: { total: Analytics['total'] }) {
  const cells: [name: string, value: string, note?: string][] = [
    ['Accepted', String(total.accepted)],
    ['Sent', String(total.sent)],
    ['Delivered', String(total.delivered), `${percent(total.deliveryRate)} of sent`],
    ['Read', String(total.read), `${percent(total.readRate)} of delivered`],
    ['Failed', String(total.failed)],
    ['Billable', String(total.billable)],
  ];
  if (total.estimatedCost)
    cells.push([
      'Estimated cost',
      `${total.estimatedCost.currency} ${total.estimatedCost.amount}`,
      'an estimate, from the price table',
    ]);
  return (
    <dl className="totals" data-testid="totals">
      {cells.map(([name, value, note]) => (
        <div key={name} data-total={name}>
          <dt>{name}</dt>
          <dd>
            {value}
            {note ? <span className="note-line">{note}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What the page says when the range holds no message, and how to get some, in the key's mode. */
function Empty({ mode }: { mode: Mode }) {
  return (
    <div className="card empty-state" data-testid="overview-empty">
      <p>
        <strong>No {mode === 'test' ? 'test ' : ''}messages in this range yet.</strong> Send one with{' '}
        <code>POST /v1/messages</code> or from <Link to="/send">Send</Link>
        {mode === 'test'
          ? ' with this test key (nothing is delivered; test messages move to sent, delivered and read by themselves).'
          : '.'}
      </p>
      <p className="hint">
        {mode === 'test'
          ? 'This is test mode: it shows messages sent with test keys only. Messages sent with a live key show when you sign in with a live key.'
          : 'This is live mode: messages sent with a test key show under test mode, when you sign in with that test key.'}
      </p>
    </div>
  );
}

/**
 * The overview, the dashboard's first page: for a range (the last 24 hours by hour, or the last 7,
 * 30 or 90 days by day, in the browser's time zone) the funnel, failures by error code, billable messages by pricing
 * category, each template's figures, and the send queues live. Refreshed every 10 seconds.
 */
export function OverviewPage({ mode }: { mode: Mode }) {
  const [rangeId, setRangeId] = useState('7d');
  const { data, error, loading } = usePolling(() => loadOverview(rangeId), [rangeId], 10_000);
  const [csvError, setCsvError] = useState<unknown>(null);
  const shown = data && data.range.id === rangeId ? data : null;
  const download = async () => {
    if (!shown) return;
    setCsvError(null);
    try {
      const { range, now } = shown;
      const day = (iso: string) => iso.slice(0, 10);
      await downloadCsv(
        analyticsQuery(range, { groupBy: 'template' }, now),
        `tidings-${mode}-messages-by-template-${day(shown.overall.from)}-${day(shown.overall.to)}.csv`,
      );
    } catch (err) {
      setCsvError(err);
    }
  };
  return (
    <section className="overview">
      <div className="title-row">
        <h1>Overview</h1>
        <div className="filters">
          <label>
            Range
            <select value={rangeId} onChange={(e) => setRangeId(e.target.value)}>
              {RANGES.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="secondary" onClick={() => void download()} disabled={!shown}>
            Download CSV
          </button>
        </div>
      </div>
      <p className="hint">
        {mode === 'test' ? 'Test' : 'Live'} messages of this key’s account, by {shown?.range.granularity ?? 'day'} in
        your time zone ({shown?.overall.timeZone ?? browserZone()}). Hover a chart, or focus it and use the arrow keys,
        to read each value.
      </p>
      <ErrorNote error={csvError} />
      <ErrorNote error={error} />
      {!shown && loading ? <p className="muted">Loading…</p> : null}
      {shown && isEmpty(shown.overall.total) ? <Empty mode={mode} /> : null}
      {shown && !isEmpty(shown.overall.total) ? (
        <>
          <Totals total={shown.overall.total} />
          <FunnelChart answer={shown.overall} />
          <FailuresChart answer={shown.byError} />
          <BillableChart answer={shown.overall} />
          <TemplateTable answer={shown.byTemplate} templates={shown.templates} />
        </>
      ) : null}
      <QueueSection />
    </section>
  );
}
