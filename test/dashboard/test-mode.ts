/**
 * Test mode, unmistakable once signed in with a test key.
 */
import { describe, it } from 'node:test';
import { dashboardKit, type Browser } from './kit.js';

export function testModeCases(browser: () => Browser): void {
  const { shoot, go } = dashboardKit(browser);
  describe('test mode', () => {
    it('makes test mode unmistakable', async () => {
      const { h, page } = browser();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('API key').fill(h.account.testKey);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByTestId('mode-banner').getByText('TEST MODE').waitFor();
      await go('/messages');
      await shoot('messages-test-mode');
    });
  });
}
