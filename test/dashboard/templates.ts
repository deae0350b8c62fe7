/**
 * Authoring templates: the issues shown as one types and fixed, the template approved and sent; a
 * quick reply and a link button, the URL issue fixed, the buttons shown once approved.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dashboardKit, type Browser } from './kit.js';

export function templateCases(browser: () => Browser): void {
  const { shoot, go } = dashboardKit(browser);
  describe('template authoring', () => {
    it('authors a template: sees the issue as it types, fixes it, sees it approved, sends it', async () => {
      const { h, page } = browser();
      await go('/templates/new');
      // Nothing typed yet: the empty name is not flagged (the check has run: it counts the issues).
      await page.getByTestId('validation').getByText(/issue/).waitFor();
      assert.equal(await page.locator('li[data-code="name_invalid"]').count(), 0);
      await page.getByLabel('Name').fill('dashboard_pickup');
      await page.getByLabel('Body').fill('{{1}} is ready for pickup.');
      await page.locator('li[data-code="placeholder_at_start"]').waitFor();
      await page.getByLabel('Example').fill('Order A-1');
      await page.locator('li[data-code="variable_example_missing"]').waitFor({ state: 'detached' });
      await shoot('template-editor');
      await page.getByLabel('Body').fill('Your order {{1}} is ready for pickup.');
      await page.getByTestId('validation').getByText('No issues found').waitFor();
      assert.equal(await page.locator('li[data-code="placeholder_at_start"]').count(), 0);
      await page.getByRole('button', { name: 'Create and submit' }).click();
      await page.waitForURL(/#\/templates\/tpl_/);
      await page.locator('.title-row .badge.status-approved').waitFor({ timeout: 15_000 });
      await shoot('template');
      await go('/templates');
      await page.getByRole('link', { name: 'dashboard_pickup' }).waitFor();
      await shoot('templates');

      await go('/send');
      await page.getByLabel('template').check();
      await page.getByLabel('To (E.164)').fill('+16505551901');
      await page.locator('select[name=templateId]').selectOption({ label: 'dashboard_pickup (en_US)' });
      await page.getByLabel('{{1}}').fill('B-7');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.waitForURL(/#\/messages\/msg_/);
      await page.locator('li[data-step="sent"].done').waitFor({ timeout: 15_000 });
      const id = decodeURIComponent(page.url().split('/').pop()!);
      assert.equal((await h.api('GET', `/v1/messages/${id}`)).body.type, 'template');
    });

    it('authors a template with a quick reply and a link button: sees the URL issue, fixes it, and sees the buttons once approved', async () => {
      const { h, page } = browser();
      await h.simulatorConfig({ review: 'manual' });
      try {
        await go('/templates/new');
        await page.getByLabel('Name').fill('dashboard_track');
        await page.getByLabel('Body').fill('Your order has shipped and is on its way to you.');
        await page.getByRole('button', { name: 'Add button' }).click();
        await page.getByLabel('Button 1 label', { exact: true }).fill('Stop updates');
        await page.getByRole('button', { name: 'Add button' }).click();
        await page.getByLabel('Button 2 type').selectOption('url');
        await page.getByLabel('Button 2 label', { exact: true }).fill('Track order');
        await page.getByLabel('Button 2 URL', { exact: true }).fill('https://shop.example.com/{{1}}/track');
        await page.locator('.button-editor[data-index="1"] li[data-code="button_url_placeholder_invalid"]').waitFor();
        await shoot('template-editor-buttons');
        await page.getByLabel('Button 2 URL', { exact: true }).fill('https://shop.example.com/track/{{1}}');
        await page.getByLabel('Button 2 URL example (for {{1}})').fill('A-1042');
        await page.getByTestId('validation').getByText('No issues found').waitFor();
        await page.getByRole('button', { name: 'Create and submit' }).click();
        await page.waitForURL(/#\/templates\/tpl_/);
        const id = decodeURIComponent(page.url().split('/').pop()!);
        await page.locator('.title-row .badge.status-processing').waitFor();
        const simId = [...h.sim.state.templates.values()].find((t) => t.name === 'dashboard_track')!.id;
        const review = await fetch(`${h.simUrl}/_simulator/templates/${simId}/review`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ decision: 'APPROVED' }),
        });
        assert.equal(review.status, 200);
        await page.locator('.title-row .badge.status-approved').waitFor({ timeout: 15_000 });
        const buttons = page.getByRole('list', { name: 'Buttons' }).locator('li');
        assert.deepEqual(await buttons.evaluateAll((li) => li.map((x) => x.getAttribute('data-type'))), [
          'quick_reply',
          'url',
        ]);
        await buttons.filter({ hasText: 'https://shop.example.com/track/{{1}}' }).waitFor();
        await shoot('template-buttons');
        assert.deepEqual((await h.api('GET', `/v1/templates/${id}`)).body.buttons, [
          { type: 'quick_reply', text: 'Stop updates' },
          { type: 'url', text: 'Track order', url: 'https://shop.example.com/track/{{1}}', example: 'A-1042' },
        ]);
      } finally {
        await h.simulatorConfig({ review: 'auto' });
      }
    });
  });
}
