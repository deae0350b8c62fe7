/** What `npm run bench` (run.ts) prints and keeps: the table of runs, the uploads, and the runs as JSON in bench/results/. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.js';
import type { Result } from './run-measure.js';
import type { uploadBench } from './run-upload.js';

/** An upload's figures and what it was. */
export type UploadResult = { label: string } & Awaited<ReturnType<typeof uploadBench>>;

/**
 * Prints the runs (the first two are the ceilings every run is divided by) and the uploads, then
 * writes the runs to bench/results/<time>.json.
 */
export function report(results: Result[], mediaResults: UploadResult[], o: { duration: number; connections: number }) {
  const [hello, insert] = results;
  const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(
    `\nBenchmarks: ${os.cpus().length} cores, Node ${process.version}, ${o.duration} s per run, ${o.connections} connections, SQLite (WAL, synchronous=FULL)\n`,
  );
  console.log('| run | 2xx req/s | items/s | p50 ms | p99 ms | peak RSS MB | ÷ hello | ÷ insert | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${f(r.reqPerSec)} | ${f(r.itemsPerSec)} | ${r.p50} | ${r.p99} | ${f(r.peakRssMb)} | ${f(r.reqPerSec / hello!.reqPerSec, 2)} | ${f(r.reqPerSec / insert!.reqPerSec, 2)} | ${r.non2xx} | ${r.errors} |`,
    );
  }
  for (const m of mediaResults) {
    console.log(
      `\nUpload of a ${f(m.megabytes)} MB PDF (${m.label}): ${m.status}, ${f(m.seconds, 2)} s, ${f(m.megabytes / m.seconds, 1)} MB/s; peak RSS of Tidings ${f(m.rssBeforeMb)} MB before, ${f(m.rssAfterMb)} MB after (+${f(m.rssAfterMb - m.rssBeforeMb)} MB; goal < 30 MB).`,
    );
  }
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    JSON.stringify(results, null, 2),
  );
}
