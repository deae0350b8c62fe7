/** What the metrics cases share: the scrape token, a parsed scrape of a harness, the metric names the Grafana dashboard uses. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Harness } from '../harness.js';
import { ROOT } from '../helpers.js';
import { Scrape } from '../prometheus-text.js';

export const TOKEN = 'scrape-token-5f2c9d0e8b7a4361';

/** Every metric name the Grafana dashboard's queries and variables use (`tidings_…`, `process_…`, `nodejs_…`). */
export function dashboardMetricNames(): string[] {
  const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/grafana-dashboard.json'), 'utf8'));
  const exprs: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if ((k === 'expr' || k === 'definition') && typeof v === 'string') exprs.push(v);
        else walk(v);
      }
    }
  };
  walk(dashboard);
  assert.ok(exprs.length >= 15, `${exprs.length} queries in the dashboard`);
  return [...new Set(exprs.flatMap((e) => e.match(/\b(?:tidings|process|nodejs)_[a-zA-Z0-9_]+/g) ?? []))].sort();
}

/** Scrapes the harness's main port with the token, and parses the exposition. */
export async function scrapeOf(h: Harness): Promise<Scrape> {
  const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  return new Scrape(res.body);
}
