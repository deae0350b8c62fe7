/**
 * (A) of the analytics benchmark (analytics.ts): `GET /v1/analytics/messages` over the seeded
 * messages (analytics-seed.ts), 30 days by day and template, 7 days by hour and template, 30 days
 * by day and error code: 200 sequential requests each (p50/p99/max, after 20 not counted), then
 * autocannon with 8 connections.
 */
import type { Seeded } from './analytics-seed.js';
import type { Setup } from './cost-setup.js';
import { figure as f, load, percentile, type Row } from './lib.js';

const SEQUENTIAL = 200;
const READ_CONNECTIONS = 8;
const DAY_MS = 86_400_000;
const ms = (x: number) => f(x, x < 10 ? 1 : 0);

/**
 * (A) The analytics endpoint over the seeded messages: sequential latency, then autocannon for
 * `duration` s. @returns the lines of its table, headed by what was seeded (each row is printed to
 * stderr as it is measured too).
 */
export async function reads(
  s: Setup,
  key: string,
  nowS: number,
  seeded: Seeded,
  title: string,
  ceiling: Row,
  hello: Row,
  duration: number,
): Promise<string[]> {
  const day = (d: number) => new Date(nowS * 1000 - d * DAY_MS).toISOString();
  const queries: [string, string][] = [
    ['30 days by day, groupBy=template', `from=${day(30)}&to=${day(0)}&granularity=day&groupBy=template`],
    ['7 days by hour, groupBy=template', `from=${day(7)}&to=${day(0)}&granularity=hour&groupBy=template`],
    ['30 days by day, groupBy=errorCode', `from=${day(30)}&to=${day(0)}&granularity=day&groupBy=errorCode`],
  ];
  const headers = { 'x-api-key': key };
  const lines = [
    `\n(A) ${title}: ${f(seeded.rows.messages)} messages over 30 days inserted in ${f(seeded.seconds.insert, 1)} s (triggers firing), folded in ${f(seeded.seconds.fold, 1)} s; aggregates: ${f(seeded.rows.hourly)} hourly rows, ${f(seeded.rows.daily)} daily rows, ${f(seeded.rows.changes)} change rows left\n`,
    `| GET /v1/analytics/messages | answer | sequential p50 ms | p90 ms | p99 ms | max ms | req/s (${READ_CONNECTIONS} conn.) | p50 ms | p99 ms | ÷ hello | ÷ one-insert | non-2xx |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [name, query] of queries) {
    const url = `${s.tidings.url}/v1/analytics/messages?${query}`;
    const times: number[] = [];
    let answer = '';
    for (let i = 0; i < SEQUENTIAL + 20; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.text();
      if (i >= 20) times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${body.slice(0, 300)}`);
      if (i === 0) {
        const r = JSON.parse(body);
        answer = `${r.data.length} rows, ${r.totals.length} groups, ${f(body.length / 1024)} KB; ${f(r.total.accepted)} messages`;
      }
    }
    times.sort((a, b) => a - b);
    const r = await load(name, s.tidings.url, {
      connections: READ_CONNECTIONS,
      duration,
      requests: [{ method: 'GET', path: `/v1/analytics/messages?${query}`, headers }],
    });
    lines.push(
      `| ${name} | ${answer} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 90))} | ${ms(percentile(times, 99))} | ${ms(times.at(-1)!)} | ${f(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${f(r.reqPerSec / hello.reqPerSec, 3)} | ${f(r.reqPerSec / ceiling.reqPerSec, 2)} | ${r.non2xx} |`,
    );
    console.error(lines.at(-1));
  }
  return lines;
}
