/**
 * What the dashboard template cases share: the entry's harness, browser and page, and the templates
 * its `before` seeded (`Templates`); the calls the seeding and the cases make: a screen opened and
 * shot, a template read and waited on, the simulator's control API on a template, a template created
 * and approved, its quality and status changed at the platform, and the list's rows.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Template } from '../../src/templates/template.schemas.js';
import type { DashboardBrowser } from '../browser.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';

/** The entry's harness and browser, and the seeded templates by name and language (`shipping_update/en_US`). */
/**
 * 2026-12-10 (the flagged template's disable date) as the dashboard writes a day, in the words of
 * its dates and times ("Dec 10, 2026"): one date format a page.
 */
export const DISABLE_DAY = new Date('2026-12-10T00:00:00Z').toLocaleDateString(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

export interface Templates {
  h: Harness;
  dashboard: DashboardBrowser;
  page: Page;
  seeded: Map<string, Template>;
}

/** The calls, on what `templates` gives when they run. */
export function templatesKit(templates: () => Templates) {
  const go = (hash: string) => templates().dashboard.go(hash);
  const shoot = (name: string) => templates().dashboard.shoot(name);
  const tpl = (key: string) => templates().seeded.get(key)!;
  const read = async (id: string) => (await templates().h.api<Template>('GET', `/v1/templates/${id}`)).body;
  /** Waits until the service's copy of template `id` satisfies `check` (a webhook is taken asynchronously). */
  const until = (id: string, check: (t: Template) => boolean) =>
    eventually(async () => ((t) => check(t) && t)(await read(id)));

  /** A call to the simulator's control API, answered 200. */
  const control = async (path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${templates().h.simUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 200, `${path}: ${await res.text()}`);
  };
  /** The platform's id of a template (the simulator's own record of it). */
  const platformId = (t: Template) =>
    [...templates().h.sim.state.templates.values()].find((s) => s.name === t.name && s.language === t.language)!.id;
  const atPlatform = (t: Template, what: 'review' | 'status' | 'quality' | 'category', body: Record<string, unknown>) =>
    control(`/_simulator/templates/${platformId(t)}/${what}`, body);

  /** A template created through the API and approved by the simulator's reviewer (reviews are manual here). */
  const created = async (name: string, language: string, approve = true) => {
    const res = await templates().h.api<Template>('POST', '/v1/templates/', {
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
    templates().seeded.set(`${name}/${language}`, t);
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
  const row = (t: Template): Locator => templates().page.locator(`tr[data-template="${t.id}"]`);
  /** The ids of the rows the list shows, once they are exactly `ids` (any order). */
  const listShows = (...ts: Template[]) => {
    const { page } = templates();
    return eventually(async () => {
      const ids = await page
        .locator('tr[data-template]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-template')));
      return JSON.stringify([...ids].sort()) === JSON.stringify(ts.map((t) => t.id).sort());
    }).catch(async () =>
      assert.fail(
        `the list shows ${await page.locator('tr[data-template] td:first-child').allInnerTexts()}, not ${ts.map((t) => `${t.name}/${t.language}`)}`,
      ),
    );
  };

  return {
    go,
    shoot,
    tpl,
    read,
    until,
    control,
    platformId,
    atPlatform,
    created,
    quality,
    status,
    lines,
    row,
    listShows,
  };
}
