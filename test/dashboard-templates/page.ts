/**
 * A template's page: a paused template's quality, what its pause and announced category change
 * mean, its languages and its history a page at a time; what to do about a disabled, a flagged and a
 * re-categorised template.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TemplateChange } from '../../src/templates/template-history.schemas.js';
import { eventually } from '../helpers.js';
import { DISABLE_DAY, templatesKit, type Templates } from './kit.js';

export function pageCases(templates: () => Templates): void {
  const { go, shoot, tpl, lines } = templatesKit(templates);
  describe("a template's page", () => {
    it('shows a paused template’s quality, what its pause and announced category change mean, its languages and its history', async () => {
      const { h, page } = templates();
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
      const { page } = templates();
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
      const notice = await lines(flagged);
      assert.ok(
        notice.includes(`it will be disabled on ${DISABLE_DAY} unless its quality improves.\nIt can still be sent`),
        notice,
      );
      assert.doesNotMatch(notice, /2026-12-10/, 'one date format on the page');
      assert.ok(
        (await lines(page.getByTestId('history').locator('li[data-type=flagged]'))).includes(
          `To be disabled on ${DISABLE_DAY}`,
        ),
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
  });
}
