/**
 * How `npm run bench` (run.ts) measures a run: autocannon against one server, the 2xx answers per
 * second and items per second, latency, the server process's peak RSS, and the first non-2xx
 * answer printed so a broken setup is obvious.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { Server } from './lib.js';

/** Peak resident set size of a process so far, in MB (VmHWM). */
export function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** One run's figures, as the table prints them. */
export interface Result {
  name: string;
  reqPerSec: number;
  itemsPerSec: number;
  p50: number;
  p99: number;
  peakRssMb: number;
  non2xx: number;
  errors: number;
}

/** The first non-2xx answer of each run, printed so a broken setup is obvious. */
function reportFirstFailure(name: string) {
  let shown = false;
  return (status: number, body: string) => {
    if (!shown && (status < 200 || status >= 300)) {
      shown = true;
      console.error(`${name}: first non-2xx answer: ${status} ${body.slice(0, 300)}`);
    }
  };
}

/**
 * One timed autocannon run against `server` (`options` as autocannon takes them, with how many
 * items each request carries): @returns its figures, with the server's peak RSS after it.
 */
export async function measure(
  name: string,
  server: Server,
  options: Partial<autocannon.Options> & { itemsPerRequest?: number },
): Promise<Result> {
  if (options.requests)
    options = { ...options, requests: options.requests.map((r) => ({ ...r, onResponse: reportFirstFailure(name) })) };
  const result = await autocannon({ url: server.url, ...options } as autocannon.Options);
  const ok = result['2xx'];
  const seconds = result.duration;
  return {
    name,
    reqPerSec: ok / seconds,
    itemsPerSec: (ok * (options.itemsPerRequest ?? 1)) / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    peakRssMb: peakRssMb(server.proc.pid!),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
