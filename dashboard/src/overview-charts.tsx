/**
 * The overview's charts of a range (`GET /v1/analytics/messages`): the daily funnel, failures by
 * the platform's error code with what each means and what to do, and billable messages by pricing
 * category with the estimated cost.
 */
import { useMemo } from 'react';
import { bucketLabel, bucketStarts, costWords, percent, series, type Analytics } from './analytics';
import { Chart, PALETTE, type Series } from './chart';

/** The x axis labels of an answer's buckets. */
function useLabels(answer: Analytics): string[] {
  return useMemo(() => bucketStarts(answer).map((s) => bucketLabel(s, answer.granularity)), [answer]);
}

/** "the busiest day was 26 Nov (12)", for a chart's summary. */
function busiest(labels: string[], totals: number[], unit: 'hour' | 'day'): string {
  let best = -1;
  totals.forEach((n, i) => {
    if (n > 0 && (best < 0 || n > totals[best]!)) best = i;
  });
  return best < 0 ? '' : ` The busiest ${unit} was ${labels[best]} (${totals[best]}).`;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const per = (answer: Analytics) => (answer.granularity === 'hour' ? 'hour' : 'day');
const bucketWord = (answer: Analytics) => `${answer.granularity === 'hour' ? 'Hour' : 'Day'} (${answer.timeZone})`;

const STEPS = [
  ['sent', 'Sent', '#1d4ed8'],
  ['delivered', 'Delivered', '#0f9f8f'],
  ['read', 'Read', '#16a34a'],
] as const;

/** Sent → delivered → read per bucket, side by side, with the rates over the range. */
export function FunnelChart({ answer }: { answer: Analytics }) {
  const labels = useLabels(answer);
  const data: Series[] = useMemo(() => {
    const s = series(answer, (row) => STEPS.map(([step]) => [step, row[step]] as const));
    return STEPS.map(([step, label, color]) => ({ label, color, data: s.get(step) ?? labels.map(() => 0) }));
  }, [answer, labels]);
  const { total } = answer;
  return (
    <section className="card" aria-labelledby="funnel-title">
      <h2 id="funnel-title">Sent, delivered and read per {per(answer)}</h2>
      <p className="funnel-line" data-testid="funnel-line">
        Sent <strong>{total.sent}</strong> → delivered <strong>{total.delivered}</strong> ({percent(total.deliveryRate)}
        ) → read <strong>{total.read}</strong> ({percent(total.readRate)})
      </p>
      <Chart
        type="bar"
        labels={labels}
        series={data}
        title={`Sent, delivered and read per ${per(answer)}`}
        summary={`In the range ${total.sent} were sent, ${total.delivered} delivered and ${total.read} read.${busiest(labels, data[0]!.data, per(answer))}`}
        bucketWord={bucketWord(answer)}
        testId="funnel-chart"
      />
    </section>
  );
}

/** Failed messages per bucket, stacked by the platform's error code, and each code's meaning and remedy. */
export function FailuresChart({ answer }: { answer: Analytics }) {
  const labels = useLabels(answer);
  const codes = useMemo(
    () => answer.totals.filter((t) => t.group.errorCode && t.failed > 0).sort((a, b) => b.failed - a.failed),
    [answer],
  );
  const data: Series[] = useMemo(() => {
    const s = series(answer, (row) => [[row.group?.errorCode, row.failed]]);
    return codes.map((t, i) => ({
      label: `${t.group.errorCode}${t.group.errorTitle ? ` ${t.group.errorTitle}` : ''}`,
      color: PALETTE[i % PALETTE.length]!,
      data: s.get(t.group.errorCode!) ?? [],
    }));
  }, [answer, codes]);
  const failed = sum(codes.map((c) => c.failed));
  return (
    <section className="card" aria-labelledby="failures-title">
      <h2 id="failures-title">Failures by error code</h2>
      {codes.length === 0 ? (
        <p className="empty" data-testid="no-failures">
          No message failed in this range.
        </p>
      ) : (
        <>
          <Chart
            type="bar"
            stacked
            labels={labels}
            series={data}
            title={`Failed messages per ${per(answer)} by the platform's error code`}
            summary={`${failed} failed in the range: ${codes.map((c) => `${c.failed} with ${c.group.errorCode}`).join(', ')}.`}
            bucketWord={bucketWord(answer)}
            testId="failures-chart"
          />
          <table className="list error-codes" data-testid="error-codes">
            <thead>
              <tr>
                <th>Code</th>
                <th>Failed</th>
                <th>What it means</th>
                <th>What to do</th>
              </tr>
            </thead>
            <tbody>
              {codes.map((c, i) => (
                <tr key={c.group.errorCode} data-code={c.group.errorCode}>
                  <td data-label="Code">
                    <span className="swatch" style={{ background: PALETTE[i % PALETTE.length] }} aria-hidden="true" />
                    <code>{c.group.errorCode}</code>
                  </td>
                  <td data-label="Failed">{c.failed}</td>
                  <td data-label="What it means">
                    {c.group.errorTitle ??
                      'A code Tidings does not describe yet: the failed message shows the platform’s own message.'}
                  </td>
                  <td data-label="What to do">
                    {c.group.errorAction ??
                      'Open a failed message to read the platform’s error, and look the code up in the platform’s error reference.'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/** A pricing category in words: `referral_conversion` → "referral conversion". */
export function pricingWords(category: string): string {
  return category.replace(/_/g, ' ');
}

/** Billable messages per bucket, stacked by the platform's pricing category, with the estimated cost when a price table is set. */
export function BillableChart({ answer }: { answer: Analytics }) {
  const labels = useLabels(answer);
  const data: Series[] = useMemo(() => {
    const s = series(answer, (row) => Object.entries(row.billableByCategory));
    return [...s]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([category, values], i) => ({
        label: pricingWords(category),
        color: PALETTE[i % PALETTE.length]!,
        data: values,
      }));
  }, [answer]);
  const costs = useMemo(() => {
    const index = new Map(bucketStarts(answer).map((s, i) => [s, i]));
    const out: (string | undefined)[] = [];
    for (const row of answer.data) {
      const i = index.get(new Date(row.start).toISOString());
      if (i !== undefined && row.estimatedCost) out[i] = `Estimated cost: ${costWords(row.estimatedCost)}`;
    }
    return out;
  }, [answer]);
  const { total } = answer;
  return (
    <section className="card" aria-labelledby="billable-title">
      <h2 id="billable-title">Billable messages by pricing category</h2>
      <p data-testid="billable-line">
        <strong>{total.billable}</strong> billable in the range
        {Object.keys(total.billableByCategory).length > 0
          ? `: ${Object.entries(total.billableByCategory)
              .map(([c, n]) => `${n} ${pricingWords(c)}`)
              .join(', ')}`
          : ''}
        .{' '}
        {total.estimatedCost ? (
          <span data-testid="estimated-cost">
            Estimated cost: <strong>{costWords(total.estimatedCost)}</strong>, from the operator’s price table; the
            platform’s invoice is what you pay.
          </span>
        ) : (
          <span className="muted" data-testid="estimated-cost">
            No estimated cost: no price table is configured.
          </span>
        )}
      </p>
      {data.length === 0 ? (
        <p className="empty">
          No billable message in this range (the platform says which are billable in its status reports).
        </p>
      ) : (
        <Chart
          type="bar"
          stacked
          labels={labels}
          series={data}
          footer={(i) => costs[i]}
          title={`Billable messages per ${per(answer)} by pricing category`}
          summary={`${total.billable} billable in the range: ${data.map((d) => `${sum(d.data)} ${d.label}`).join(', ')}.`}
          bucketWord={bucketWord(answer)}
          testId="billable-chart"
        />
      )}
    </section>
  );
}
