/**
 * The templates list: each utility template's quality and the flags of paused, disabled, flagged and
 * re-categorised ones; filters by status, quality and category, and what it says when nothing
 * matches.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DISABLE_DAY, templatesKit, type Templates } from './kit.js';

export function listCases(templates: () => Templates): void {
  const { go, shoot, tpl, row, listShows } = templatesKit(templates);
  describe('the list', () => {
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
        `Flagged: will be disabled on ${DISABLE_DAY} unless its quality improves`,
      );
      assert.equal(await row(tpl('shipping_update/es_ES')).locator('.flags').count(), 0);
      await shoot('templates-flags');
    });

    it('filters by status, quality and category; says so when nothing matches', async () => {
      const { page } = templates();
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
  });
}
