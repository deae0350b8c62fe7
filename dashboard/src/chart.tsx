/**
 * Charts, drawn by Chart.js (https://www.chartjs.org, MIT, maintained since 2013; v4 is tree-shaken,
 * so only the pieces registered below are bundled).
 *
 * Why Chart.js rather than uPlot or ECharts: the overview needs hover values on every chart,
 * legends, stacked bars and grouped bars over time buckets. Chart.js has all four built in
 * (tooltip, legend, `stacked` scales, bar and line controllers). uPlot is smaller (about 50 KB
 * minified, 20 KB gzipped, against 173 KB and 60 KB for the Chart.js pieces registered here) but
 * has no tooltip and no stacking, and draws bars only through a paths plugin: each of these we
 * would write and maintain ourselves. ECharts has everything and more, but even tree-shaken to bar
 * and line charts it weighs several hundred KB minified, about as much as the whole dashboard. The cost is kept off the other pages: the overview is its own
 * chunk, loaded when it is opened (App.tsx). The buckets come zero-filled from
 * analytics.ts as category labels, so no date adapter is needed. Canvas is not read by screen
 * readers, so each chart is a focusable image with a summary in its label, the arrow keys move
 * through its buckets as the mouse does, and the values under the pointer or the keys are written
 * to a polite live region as well as drawn in the tooltip; under each chart, its numbers as a table.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJs,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ActiveElement,
  type ChartConfiguration,
  type TooltipModel,
} from 'chart.js';
import { useEffect, useRef, useState } from 'react';

ChartJs.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);
ChartJs.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
ChartJs.defaults.color = '#1d2430';

/** Colours told apart by people with the common colour blindnesses too (Okabe–Ito, and darker tones). */
export const PALETTE = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#f0e442',
  '#000000',
  '#7c3aed',
  '#5b6576',
];

export interface Series {
  label: string;
  data: number[];
  color: string;
}

export interface ChartProps {
  type: 'bar' | 'line';
  /** One label per bucket (the x axis). */
  labels: string[];
  series: Series[];
  /** Bars stacked (one bar per bucket) rather than side by side. */
  stacked?: boolean;
  /** What the chart shows, for its accessible name: "Sent, delivered and read per day". */
  title: string;
  /** The chart in a sentence for those who cannot see it (totals, the busiest bucket). */
  summary: string;
  /** What a label on the x axis is, as the head of the table's first column: "Day", "Hour", "Time". */
  bucketWord: string;
  /** A line under the values of bucket `index` in the tooltip (e.g. that day's estimated cost). */
  footer?: (index: number) => string | undefined;
  testId: string;
}

/** The tooltip's text in one line: "26 Nov: Sent 9, Delivered 8, Read 5". */
function tooltipText(tooltip: TooltipModel<'bar' | 'line'>): string {
  const values = tooltip.body.flatMap((b) => b.lines).join(', ');
  const footer = tooltip.footer.length > 0 ? ` (${tooltip.footer.join(' ')})` : '';
  return `${tooltip.title.join(' ')}: ${values}${footer}`;
}

/**
 * A Chart.js chart that keeps its canvas across refreshes: new data updates it in place, so a
 * tooltip being read does not vanish every time the page polls.
 */
export function Chart({
  type,
  labels,
  series,
  stacked = false,
  title,
  summary,
  bucketWord,
  footer,
  testId,
}: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<ChartJs<'bar' | 'line'> | null>(null);
  const footerRef = useRef(footer);
  footerRef.current = footer;
  const [readout, setReadout] = useState('');

  useEffect(() => {
    const config: ChartConfiguration<'bar' | 'line'> = {
      type,
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { stacked, ticks: { maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
          y: { stacked, beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: {
          legend: { position: 'bottom', labels: { boxWidth: 12 } },
          tooltip: {
            callbacks: { footer: (items) => (items[0] ? (footerRef.current?.(items[0].dataIndex) ?? '') : '') },
            // Drawn on the canvas as usual, and written to the live region below for screen readers and tests.
            external: ({ tooltip }) => setReadout(tooltip.opacity === 0 ? '' : tooltipText(tooltip)),
          },
        },
      },
    };
    chart.current = new ChartJs(canvas.current!, config);
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [type, stacked]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.labels = labels;
    c.data.datasets = series.map((s) => ({
      label: s.label,
      data: s.data,
      backgroundColor: s.color,
      borderColor: s.color,
      ...(type === 'line' ? { pointRadius: 2, borderWidth: 2 } : { borderRadius: 2, maxBarThickness: 28 }),
    }));
    c.update();
  }, [labels, series, type]);

  /** The arrow keys, Home and End move the tooltip from bucket to bucket, as hovering does. */
  const onKeyDown = (e: React.KeyboardEvent<HTMLCanvasElement>) => {
    const c = chart.current;
    if (!c || labels.length === 0) return;
    const current = c.tooltip?.dataPoints?.[0]?.dataIndex ?? -1;
    const last = labels.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? Math.min(current + 1, last)
        : e.key === 'ArrowLeft'
          ? Math.max(current - 1, 0)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    const active: ActiveElement[] = series.map((_, datasetIndex) => ({
      datasetIndex,
      index: next,
      element: c.getDatasetMeta(datasetIndex).data[next]!,
    }));
    const point = active[0]?.element;
    c.setActiveElements(active);
    c.tooltip?.setActiveElements(active, { x: point?.x ?? 0, y: point?.y ?? 0 });
    c.update();
  };

  return (
    <figure className="chart" data-testid={testId}>
      <div className="chart-box">
        <canvas
          ref={canvas}
          role="img"
          tabIndex={0}
          aria-label={`${title}. ${summary} Use the arrow keys to read each value, or open the table below.`}
          onKeyDown={onKeyDown}
          onBlur={() => setReadout('')}
        />
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid={`${testId}-readout`}>
        {readout}
      </p>
      <details className="chart-table">
        <summary>The numbers as a table</summary>
        <div className="table-scroll">
          <table className="list">
            <thead>
              <tr>
                <th scope="col">{bucketWord}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, i) => (
                <tr key={`${label}-${i}`}>
                  <th scope="row">{label}</th>
                  {series.map((s) => (
                    <td key={s.label} data-label={s.label}>
                      {s.data[i] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
