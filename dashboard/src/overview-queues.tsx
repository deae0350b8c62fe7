/**
 * The overview's queue depth and dispatch pace per business number. `GET /v1/phone_numbers` tells
 * the queue as it is now, not its past, so the chart is of the samples taken every 2 seconds while
 * the page is open (the last 5 minutes of them), beside the queue table of the messages screen.
 */
import { useEffect, useMemo, useState } from 'react';
import { api, type Page, type PhoneNumber } from './api';
import { Chart, PALETTE, type Series } from './chart';
import { QueueTable } from './send-queues';
import { ErrorNote, usePolling } from './ui';

const EVERY_MS = 2000;
const KEPT = 150;

interface Sample {
  at: number;
  /** By phone number id: the messages queued and the pace (messages/s). */
  numbers: Record<string, { queued: number; pace: number }>;
}

export function QueueSection() {
  const { data, error } = usePolling(() => api<Page<PhoneNumber>>('GET', '/phone_numbers'), [], EVERY_MS);
  const [samples, setSamples] = useState<Sample[]>([]);
  useEffect(() => {
    if (!data) return;
    const numbers = Object.fromEntries(data.data.map((n) => [n.phoneNumberId, { queued: n.queued, pace: n.pace }]));
    setSamples((s) => [...s.slice(-(KEPT - 1)), { at: Date.now(), numbers }]);
  }, [data]);
  const numbers = data?.data ?? [];
  const labels = useMemo(
    () =>
      samples.map((s) =>
        new Date(s.at).toLocaleTimeString(undefined, {
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        }),
      ),
    [samples],
  );
  const series: Series[] = useMemo(
    () =>
      numbers.map((n, i) => ({
        label: `+${n.displayPhoneNumber} queued`,
        color: PALETTE[i % PALETTE.length]!,
        data: samples.map((s) => s.numbers[n.phoneNumberId]?.queued ?? 0),
      })),
    [numbers, samples],
  );
  const paceAt = (i: number) =>
    numbers
      .map((n) => {
        const p = samples[i]?.numbers[n.phoneNumberId]?.pace;
        return p === undefined ? null : `+${n.displayPhoneNumber} at ${p}/s`;
      })
      .filter(Boolean)
      .join(', ');
  const queued = numbers.reduce((a, n) => a + n.queued, 0);
  return (
    <section className="card" aria-labelledby="queues-title">
      <h2 id="queues-title">Queue depth and dispatch pace</h2>
      <ErrorNote error={error} />
      <p className="hint">
        Sampled every 2 seconds while this page is open. Each number sends at its pace (96 % of its throughput tier,
        lower for a while after the platform says the tier was exceeded).
      </p>
      {numbers.length > 0 ? (
        <Chart
          type="line"
          labels={labels}
          series={series}
          footer={(i) => (paceAt(i) ? `Pace: ${paceAt(i)}` : undefined)}
          title="Messages queued per business number, live"
          summary={`${queued} queued now: ${numbers.map((n) => `+${n.displayPhoneNumber} ${n.queued} at ${n.pace}/s`).join(', ')}.`}
          bucketWord="Time"
          testId="queue-chart"
        />
      ) : null}
      <QueueTable numbers={numbers} />
    </section>
  );
}
