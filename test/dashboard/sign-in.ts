/**
 * Signing in with a key typed at the keyboard (a wrong one refused in words); live mode shown on
 * every screen, the key kept in the tab's session storage only.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dashboardKit, type Browser } from './kit.js';

export function signInCases(browser: () => Browser): void {
  const { shoot } = dashboardKit(browser);
  describe('signing in', () => {
    it('signs in with a key typed at the keyboard; live mode is shown on every screen', async () => {
      const { h, dashboard, page } = browser();
      await page.goto(`${h.url}/dashboard/`);
      await shoot('signin');
      await page.getByRole('button', { name: 'Use an API key instead' }).click();
      await page.getByLabel('API key').focus();
      await page.keyboard.type('sk_live_not-a-real-key-at-all-000000');
      await page.keyboard.press('Enter');
      await page.getByRole('alert').getByText('api_key_invalid').waitFor();
      await page.getByLabel('API key').fill(h.account.liveKey);
      await page.getByLabel('API key').press('Enter');
      // A live key on an account bound to the simulator: nobody real receives these messages.
      await page.getByTestId('mode-banner').getByText('LIVE MODE on the built-in simulator').waitFor();
      // The key is in this tab's session storage, not in the URL or a cookie.
      assert.equal(await page.evaluate(() => sessionStorage.getItem('tidings.apiKey')), h.account.liveKey);
      assert.ok(!page.url().includes(h.account.liveKey));
      assert.deepEqual(await dashboard.context.cookies(), []);
    });
  });
}
