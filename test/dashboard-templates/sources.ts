/**
 * Where templates come from: "Sync with WhatsApp" imports one made in WhatsApp Manager and repairs a
 * change whose webhook was lost; the Template Library entry a template was made from.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Template } from '../../src/templates/template.schemas.js';
import { templatesKit, type Templates } from './kit.js';

export function sourceCases(templates: () => Templates): void {
  const { go, shoot, tpl, control, atPlatform, lines, row } = templatesKit(templates);
  describe('where templates come from', () => {
    it('syncs with WhatsApp: imports a template made in WhatsApp Manager and repairs a change whose webhook was lost', async () => {
      const { page } = templates();
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
      const { h, page } = templates();
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
}
