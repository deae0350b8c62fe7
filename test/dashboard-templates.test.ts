/**
 * Templates' life in the dashboard, in a real browser (Debian's Chromium driven by playwright-core)
 * against the real service and simulator over HTTP. Templates are made through the API, reviewed,
 * paused, disabled, flagged, rated and re-categorised through the simulator's control API (its
 * webhooks reach the service as the platform's would); then the list shows each one's quality and
 * flags and filters by status, quality and category; a template's page explains its state, lists
 * its languages and shows its history a page at a time; "Sync with WhatsApp" imports a template
 * made in WhatsApp Manager and repairs a lost webhook's change. Screenshots go to
 * test-output/screenshots (ignored by git).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { TemplateChange } from '../src/templates/template-history.schemas.js';
import type { Template } from '../src/templates/template.schemas.js';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

describe('dashboard: templates’ quality, flags, languages and history in a browser', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;
  /** The seeded templates by name and language (`shipping_update/en_US`). */
  const seeded = new Map<string, Template>();
  const go = (hash: string) => dashboard.go(hash);
  const shoot = (name: string) => dashboard.shoot(name);
  const tpl = (key: string) => seeded.get(key)!;
  const read = async (id: string) => (await h.api<Template>('GET', `/v1/templates/${id}`)).body;
  /** Waits until the service's copy of template `id` satisfies `check` (a webhook is taken asynchronously). */
  const until = (id: string, check: (t: Template) => boolean) =>
    eventually(async () => ((t) => check(t) && t)(await read(id)));

  /** A call to the simulator's control API, answered 200. */
  const control = async (path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${h.simUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 200, `${path}: ${await res.text()}`);
  };
  /** The platform's id of a template (the simulator's own record of it). */
  const platformId = (t: Template) =>
    [...h.sim.state.templates.values()].find((s) => s.name === t.name && s.language === t.language)!.id;
  const atPlatform = (t: Template, what: 'review' | 'status' | 'quality' | 'category', body: Record<string, unknown>) =>
    control(`/_simulator/templates/${platformId(t)}/${what}`, body);

  /** A template created through the API and approved by the simulator's reviewer (reviews are manual here). */
  const created = async (name: string, language: string, approve = true) => {
    const res = await h.api<Template>('POST', '/v1/templates/', {
      body: {
        name,
        language,
        category: 'UTILITY',
        body: `Your order {{1}} has an update (${language}).`,
        variables: [{ example: 'A-1042' }],
      },
      headers: { 'idempotency-key': `seed-${name}-${language}` },
    });
    assert.equal(res.status, 201, res.text);
    let t = await until(res.body.id, (x) => x.status === 'processing');
    if (approve) {
      await atPlatform(t, 'review', { decision: 'APPROVED' });
      t = await until(t.id, (x) => x.status === 'approved');
    }
    seeded.set(`${name}/${language}`, t);
    return t;
  };
  const quality = async (t: Template, score: string) => {
    await atPlatform(t, 'quality', { score });
    await until(t.id, (x) => x.quality === score);
  };
  const status = async (
    t: Template,
    event: string,
    expect: (x: Template) => boolean,
    extra: Record<string, unknown> = {},
  ) => {
    await atPlatform(t, 'status', { event, ...extra });
    await until(t.id, expect);
  };
  /** An element's text, a line per block (a paragraph's margins make no empty lines). */
  const lines = async (l: Locator) => (await l.innerText()).replace(/\n+/g, '\n');
  /** The list's row of a template. */
  const row = (t: Template): Locator => page.locator(`tr[data-template="${t.id}"]`);
  /** The ids of the rows the list shows, once they are exactly `ids` (any order). */
  const listShows = (...ts: Template[]) =>
    eventually(async () => {
      const ids = await page
        .locator('tr[data-template]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-template')));
      return JSON.stringify([...ids].sort()) === JSON.stringify(ts.map((t) => t.id).sort());
    }).catch(async () =>
      assert.fail(
        `the list shows ${await page.locator('tr[data-template] td:first-child').allInnerTexts()}, not ${ts.map((t) => `${t.name}/${t.language}`)}`,
      ),
    );

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

  it('lists utility templates with their quality and the flags of paused, disabled, flagged and re-categorised ones', async () => {
    const en = tpl('shipping_update/en_US');
    await go('/templates');
    await listShows(
      en,
      tpl('shipping_update/es_ES'),
      tpl('shipping_update/pt_BR'),
      tpl('old_reminder/en_US'),
      tpl('pickup_ready/en_US'),
    );
    // Quality in words beside its dot, never colour alone.
    assert.equal(await row(en).locator('.quality').innerText(), 'Low (red)');
    assert.equal(await row(tpl('shipping_update/es_ES')).locator('.quality').innerText(), 'High (green)');
    assert.equal(await row(tpl('shipping_update/pt_BR')).locator('.quality').innerText(), 'Not rated yet');
    assert.match(await row(en).locator('[data-flag=paused]').innerText(), /^Paused since /);
    assert.match(await row(en).locator('[data-flag=category-notice]').innerText(), /^Becomes marketing on /);
    assert.equal(await row(en).locator('.badge').innerText(), 'paused');
    assert.equal(
      await row(tpl('old_reminder/en_US')).locator('[data-flag=disabled]').innerText(),
      'Disabled for good: cannot be sent',
    );
    assert.equal(
      await row(tpl('pickup_ready/en_US')).locator('[data-flag=flagged]').innerText(),
      'Flagged: will be disabled on 2026-12-10 unless its quality improves',
    );
    assert.equal(await row(tpl('shipping_update/es_ES')).locator('.flags').count(), 0);
    await shoot('templates-flags');
  });

  it('filters by status, quality and category; says so when nothing matches', async () => {
    await go('/templates');
    await page.getByLabel('Status').selectOption('paused');
    await listShows(tpl('shipping_update/en_US'));
    await page.getByLabel('Status').selectOption('disabled');
    await listShows(tpl('old_reminder/en_US'));
    await page.getByLabel('Status').selectOption('rejected');
    await listShows();
    assert.equal(await page.locator('.empty').innerText(), 'No utility templates are rejected.');
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Quality').selectOption({ label: 'High (green)' });
    await listShows(tpl('shipping_update/es_ES'));
    await page.getByLabel('Quality').selectOption('');

    // All categories: the re-categorised one appears, flagged from → to, with a category column.
    await page.getByLabel('Category').selectOption({ label: 'All categories' });
    const promo = tpl('promo_notice/en_US');
    await row(promo).waitFor();
    assert.equal(
      await row(promo).locator('[data-flag=recategorised]').innerText(),
      'Re-categorised: utility → marketing',
    );
    assert.equal(await row(promo).locator('td[data-label=Category]').innerText(), 'marketing');
    assert.equal(await page.locator('tr[data-template]').count(), 6);
    await shoot('templates-all-categories');
  });

  it('shows a paused template’s quality, what its pause and announced category change mean, its languages and its history', async () => {
    const en = tpl('shipping_update/en_US');
    const es = tpl('shipping_update/es_ES');
    await go(`/templates/${en.id}`);
    await page.locator('.title-row .badge.status-paused').waitFor();
    assert.equal(await page.locator('.title-row .quality').innerText(), 'Low (red)');
    assert.match(await page.getByTestId('quality').innerText(), /^Low \(red\)/);
    const paused = await page.getByTestId('notice-paused').innerText();
    assert.match(
      paused,
      /^Paused by the platform since .+ \(first pause\): “Your message template has been paused because of low quality\.”/,
    );
    assert.match(paused, /messages already queued for it are held, not sent, until the platform unpauses it/);
    const notice = await page.getByTestId('notice-category-update').innerText();
    assert.match(notice, /the platform will make this template marketing on /);
    assert.match(
      notice,
      /charged and treated as a marketing template, and Tidings, which sends utility templates only, will not send it/,
    );
    assert.equal(await page.getByTestId('source').innerText(), 'Tidings');

    // Languages: the three of the name, this one marked, the others linked, each with its status and quality.
    const languages = page.getByTestId('languages');
    await languages.locator('li').nth(2).waitFor();
    assert.deepEqual(
      await languages.locator('li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-language'))),
      ['en_US', 'es_ES', 'pt_BR'],
    );
    assert.equal(await languages.locator('[aria-current=page]').innerText(), 'en_US (this one)');
    assert.equal(await languages.getByRole('link', { name: 'es_ES' }).getAttribute('href'), `#/templates/${es.id}`);
    assert.match(await languages.locator('li[data-language=es_ES]').innerText(), /approved\s*High \(green\)/);
    assert.match(await languages.locator('li[data-language=pt_BR]').innerText(), /processing\s*Not rated yet/);

    // History: the newest 10, then the rest with "Load more", in the API's order.
    const all = (
      await h.api<{ data: TemplateChange[]; has_more: boolean }>('GET', `/v1/templates/${en.id}/history?limit=100`)
    ).body.data;
    assert.ok(all.length > 10, `${all.length} entries: too few to page`);
    const history = page.getByTestId('history');
    const types = () => history.locator('li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-type')));
    await eventually(async () => (await history.locator('li').count()) === 10);
    assert.deepEqual(
      await types(),
      all.slice(0, 10).map((e) => e.type),
    );
    const first = history.locator('li').first();
    assert.match(
      await lines(first),
      /^Category change announced\n.+\nCategory: utility → marketing\nTakes effect .+\nTold by the platform \(webhook\)$/,
    );
    const pause = history.locator('li[data-type=paused]').first();
    assert.match(
      await lines(pause),
      /Status: approved → paused\nPlatform’s note: first pause\n“Your message template has been paused because of low quality\.”\nTold by the platform \(webhook\)/,
    );
    assert.match(
      await history.locator('li[data-type=quality_updated]').first().innerText(),
      /Quality: Medium \(yellow\) → Low \(red\)/,
    );
    await shoot('template-paused');
    await page.getByRole('button', { name: 'Load more' }).click();
    await eventually(async () => (await history.locator('li').count()) === all.length);
    assert.deepEqual(
      await types(),
      all.map((e) => e.type),
    );
    assert.equal(await page.getByRole('button', { name: 'Load more' }).count(), 0);
    assert.match(
      await lines(history.locator('li[data-type=created]')),
      /Created\n.+\nStatus: pending\nBy a call to the API/,
    );
    assert.equal(await history.locator('li[data-type=unpaused]').count(), 1);

    // Another language's page: its own languages mark and its own history.
    await languages.getByRole('link', { name: 'es_ES' }).click();
    await page.waitForURL(new RegExp(`#/templates/${es.id}$`));
    await page.getByTestId('languages').locator('[aria-current=page]', { hasText: 'es_ES (this one)' }).waitFor();
    await eventually(
      async () =>
        (await page.getByTestId('history').locator('li').first().getAttribute('data-type')) === 'quality_updated',
    );
  });

  it('says what to do about a disabled, a flagged and a re-categorised template', async () => {
    await go(`/templates/${tpl('old_reminder/en_US').id}`);
    const disabled = page.getByTestId('notice-disabled');
    await disabled.waitFor();
    assert.match(await disabled.innerText(), /^Disabled by the platform for good: it can no longer be sent/);
    assert.equal(
      await disabled.getByRole('link', { name: 'create a new template' }).getAttribute('href'),
      '#/templates/new',
    );
    await page.getByTestId('history').locator('li[data-type=disabled]').waitFor();
    await shoot('template-disabled');

    await go(`/templates/${tpl('pickup_ready/en_US').id}`);
    const flagged = page.getByTestId('notice-flagged');
    await flagged.waitFor();
    assert.match(
      await lines(flagged),
      /it will be disabled on 2026-12-10 unless its quality improves\.\nIt can still be sent/,
    );
    assert.match(
      await lines(page.getByTestId('history').locator('li[data-type=flagged]')),
      /Flagged for disabling\n.+\nTo be disabled on 2026-12-10/,
    );

    await go(`/templates/${tpl('promo_notice/en_US').id}`);
    await page.getByTestId('notice-category').waitFor();
    assert.match(
      await page.getByTestId('notice-category').innerText(),
      /re-categorised this template from utility to marketing: it now costs and behaves as a marketing template/,
    );
    assert.equal(await page.getByTestId('category').innerText(), 'marketing (was utility)');
    assert.match(
      await page.getByTestId('history').locator('li[data-type=category_updated]').innerText(),
      /Category: utility → marketing/,
    );
    // The page's parts render once each, however often it reads the template again.
    await page.waitForTimeout(2500);
    assert.equal(await page.getByRole('form', { name: 'Change the time to live' }).count(), 1);
    await shoot('template-recategorised');
  });

  it('syncs with WhatsApp: imports a template made in WhatsApp Manager and repairs a change whose webhook was lost', async () => {
    await control('/_simulator/templates', {
      name: 'manager_made',
      language: 'en_US',
      body: 'Your invoice is ready to download.',
      qualityScore: 'GREEN',
    });
    const pickup = tpl('pickup_ready/en_US');
    await atPlatform(pickup, 'quality', { score: 'YELLOW', webhook: false });
    await go('/templates');
    await row(pickup).waitFor();
    await page.getByRole('button', { name: 'Sync with WhatsApp' }).click();
    const report = page.getByTestId('sync-report');
    await report.waitFor({ timeout: 15_000 });
    assert.match(
      await report.innerText(),
      /^Synced with WhatsApp at .+: 1 imported, 1 updated, 0 deleted, \d+ unchanged\./,
    );
    const imported = report.getByTestId('sync-imported').getByRole('link', { name: 'manager_made (en_US)' });
    assert.equal(
      await report.getByTestId('sync-updated').innerText(),
      'pickup_ready (en_US): Quality: Not rated yet → Medium (yellow)',
    );
    await row(pickup).locator('.quality', { hasText: 'Medium (yellow)' }).waitFor();
    await shoot('templates-synced');

    await imported.click();
    await page.getByTestId('source').getByText('Made in WhatsApp Manager (imported)').waitFor();
    assert.match(
      await lines(page.getByTestId('history').locator('li').first()),
      /^Imported from WhatsApp Manager\n.+\nStatus: approved\nFound by a sync with WhatsApp$/,
    );
    await shoot('template-imported');
  });

  it('names the Template Library entry a template was made from', async () => {
    const body = { name: 'shipped_from_library', language: 'en_US', libraryTemplateName: 'shipment_confirmation_1' };
    const res = await h.api<Template>('POST', '/v1/templates/from_library', {
      body,
      headers: { 'idempotency-key': 'seed-library' },
    });
    assert.equal(res.status, 201, res.text);
    await go('/templates');
    await row(res.body).locator('.tag', { hasText: 'library' }).waitFor();
    await go(`/templates/${res.body.id}`);
    await page.getByTestId('library').getByText('Made from the library’s shipment_confirmation_1').waitFor();
    assert.equal(await page.getByTestId('source').innerText(), 'Tidings');
  });
});
