/** The media upload of `npm run bench` (run.ts): a ~100 MB PDF streamed to Tidings, its peak RSS read before and after. */
import http from 'node:http';
import type { Server } from './lib.js';
import { peakRssMb } from './run-measure.js';

/**
 * Streams a ~100 MB PDF (a real header, then padding) to `POST /v1/media/` without holding it in
 * this process either, and reads the service's peak RSS before and after.
 */
export async function uploadBench(server: Server, key: string, size = 100 * 1024 * 1024 - 64 * 1024) {
  const boundary = 'tidings-bench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogue.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\n%%EOF\n\r\n--${boundary}--\r\n`);
  const padding = size - 9 - 7;
  const rssBeforeMb = peakRssMb(server.proc.pid!);
  const started = process.hrtime.bigint();
  const port = Number(new URL(server.url).port);
  const { status } = await new Promise<{ status: number }>((resolve, reject) => {
    const req = http.request(
      {
        port,
        method: 'POST',
        path: '/v1/media/',
        headers: {
          'x-api-key': key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + padding + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    let left = padding;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { status, seconds, megabytes: size / (1024 * 1024), rssBeforeMb, rssAfterMb: peakRssMb(server.proc.pid!) };
}
