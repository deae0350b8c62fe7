// test-runner: one database (the dashboard's pages in a browser; the API they call is tested on both dialects by its own files)
/**
 * Templates' life in the dashboard, in a real browser (Debian's Chromium driven by playwright-core)
 * against the real service and simulator over HTTP. Templates are made through the API, reviewed,
 * paused, disabled, flagged, rated and re-categorised through the simulator's control API (its
 * webhooks reach the service as the platform's would); then the list shows each one's quality and
 * flags and filters by status, quality and category; a template's page explains its state, lists
 * its languages and shows its history a page at a time; "Sync with WhatsApp" imports a template
 * made in WhatsApp Manager and repairs a lost webhook's change. Screenshots go to
 * test-output/screenshots (ignored by git). The cases are in test/dashboard-templates/, a module a
 * subject, all on the templates this file seeds.
 */
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import type { Template } from '../src/templates/template.schemas.js';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { templatesKit, type Templates } from './dashboard-templates/kit.js';
import { listCases } from './dashboard-templates/list.js';
import { pageCases } from './dashboard-templates/page.js';
import { sourceCases } from './dashboard-templates/sources.js';
import { startHarness, type Harness } from './harness.js';

describe('dashboard: templates’ quality, flags, languages and history in a browser', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;
  /** The seeded templates by name and language (`shipping_update/en_US`). */
  const seeded = new Map<string, Template>();
  const templates = (): Templates => ({ h, dashboard, page, seeded });
  const { read, until, atPlatform, created, quality, status } = templatesKit(templates);

  before(async () => {
    h = await startHarness();
    await h.simulatorConfig({ review: 'manual' });
    // shipping_update in three languages: en_US rated, paused twice, and told of a move to marketing.
    const en = await created('shipping_update', 'en_US');
    for (const score of ['GREEN', 'YELLOW', 'RED', 'YELLOW']) await quality(en, score);
    await status(en, 'PAUSED', (x) => x.status === 'paused');
    await status(en, 'UNPAUSED', (x) => x.status === 'approved');
    await quality(en, 'RED');
    await status(en, 'PAUSED', (x) => x.status === 'paused');
    await atPlatform(en, 'category', { category: 'MARKETING', notice: true });
    await until(en.id, (x) => x.categoryUpdate !== null);
    await quality(await created('shipping_update', 'es_ES'), 'GREEN');
    await created('shipping_update', 'pt_BR', false);
    // One disabled, one flagged, one the platform re-categorised as marketing.
    await status(await created('old_reminder', 'en_US'), 'DISABLED', (x) => x.status === 'disabled');
    await status(await created('pickup_ready', 'en_US'), 'FLAGGED', (x) => x.flag !== null, {
      disableDate: '2026-12-10',
    });
    const promo = await created('promo_notice', 'en_US');
    await atPlatform(promo, 'category', { category: 'MARKETING' });
    await until(promo.id, (x) => x.category === 'MARKETING');
    for (const [key, t] of seeded) seeded.set(key, await read(t.id));

    dashboard = await openDashboard(h);
    page = dashboard.page;
    await dashboard.signIn(h.account.liveKey);
  });
  after(async () => {
    await dashboard?.close();
    await h?.close();
  });

  listCases(templates);
  pageCases(templates);
  sourceCases(templates);
});
