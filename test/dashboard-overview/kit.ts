/** What the overview cases share: the scope the entry fills, the analytics the page reads, its tables and canvases read one way. */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { AnalyticsResult } from '../../src/analytics/analytics.schemas.js';
import type { Template } from '../../src/templates/template.schemas.js';
import type { DashboardBrowser } from '../browser.js';
import type { Harness } from '../harness.js';

/** As the page writes a rate: 0.75 → "75.0 %". */
export const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`);

/** The harness with its seeded messages, the browser signed in on the overview, and the two templates sent. */
export interface OverviewScope {
  h: Harness;
  dashboard: DashboardBrowser;
  page: Page;
  order: Template;
  pickup: Template;
}

/** Helpers on the scope `scope()` returns when they are called. */
export function overviewKit(scope: () => OverviewScope) {
  /** The last 7 days as the page asks for them, grouped by `groupBy`. */
  const analytics = async (groupBy = '') => {
    const day = 86_400_000;
    const to = new Date((Math.floor(Date.now() / day) + 1) * day);
    const q = new URLSearchParams({
      from: new Date(to.getTime() - 7 * day).toISOString(),
      to: to.toISOString(),
      granularity: 'day',
      ...(groupBy ? { groupBy } : {}),
    });
    const res = await scope().h.api<AnalyticsResult>('GET', `/v1/analytics/messages?${q}`);
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  const row = (templateId: string | null) =>
    scope().page.locator(`[data-testid=template-stats] tr[data-template="${templateId ?? 'none'}"]`);
  const cell = (r: Locator, label: string) => r.locator(`td[data-label="${label}"]`).innerText();
  /** The pixels a canvas has drawn (not transparent), read in the page. */
  const inked = (canvas: Locator) =>
    canvas.evaluate((c: HTMLCanvasElement) => {
      const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });
  /** A send of template `t` to `to`, accepted. */
  const sendTemplate = async (t: Template, to: string) => {
    const res = await scope().h.api('POST', '/v1/messages/', {
      body: { to, type: 'template', templateId: t.id, variables: { '1': 'A-1042' } },
    });
    assert.equal(res.status, 201, res.text);
  };
  return { analytics, row, cell, inked, sendTemplate };
}
