/**
 * `/metrics` under other settings, each on a service of its own: none at all (404), and
 * METRICS_PORT on the service as a process (its own port with the token; the main port 404).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { freshDatabase } from '../database.js';
import { startHarness } from '../harness.js';
import { freePort, startFirstRun } from '../process.js';
import { Scrape } from '../prometheus-text.js';
import { TOKEN } from './kit.js';

export function settingCases(): void {
  describe('GET /metrics without a metrics setting', () => {
    it('answers 404 route_not_found', async () => {
      const h = await startHarness();
      try {
        const res = await h.api('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${TOKEN}` } });
        assert.deepEqual([res.status, res.body.error.code], [404, 'route_not_found']);
      } finally {
        await h.close();
      }
    });
  });

  describe('GET /metrics with METRICS_PORT (the service as a process)', () => {
    it('serves /metrics on its own port with the token, and the main port answers 404', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-metrics-'));
      const metricsPort = await freePort();
      const run = await startFirstRun({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: TOKEN,
        ...(await freshDatabase()).env,
      });
      try {
        const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
        assert.match(run.service.output(), new RegExp(`Metrics: http://localhost:${metricsPort}/metrics`));
        const main = await fetch(`${run.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
        assert.equal(main.status, 404);
        assert.equal(((await main.json()) as { error: { code: string } }).error.code, 'route_not_found');

        const refused = await fetch(metricsUrl);
        assert.equal(refused.status, 401);
        const send = await fetch(`${run.url}/v1/messages`, {
          method: 'POST',
          headers: { 'x-api-key': run.liveKey, 'content-type': 'application/json' },
          body: JSON.stringify({ to: '+16505550109', type: 'text', text: 'Hi' }),
        });
        const res = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
        assert.equal(res.status, 200);
        const s = new Scrape(await res.text());
        assert.equal(
          s.sum('tidings_http_requests_total', { route: '/v1/messages', method: 'POST', status: String(send.status) }),
          1,
        );
        assert.ok(s.has('tidings_send_queue_depth'));
        assert.ok(s.one('process_cpu_user_seconds_total') > 0);
        assert.equal(
          (await fetch(`http://127.0.0.1:${metricsPort}/v1/messages`)).status,
          404,
          'the metrics port serves nothing else',
        );
      } finally {
        await run.service.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
