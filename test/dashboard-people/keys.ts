/** API keys: the owner makes one on the API keys page, sees it once, revokes it; it then gets 401. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OWNER, type People } from './kit.js';

export const KEY_NAME = 'Nightly report';

export function keyCases(people: () => People): void {
  describe('API keys', () => {
    it('creates a key with the chosen mode and scopes, shows it once to copy, and revokes it after a confirm: it then gets 401', async () => {
      const { h, page, dashboard } = people();
      await dashboard.go('/keys');
      const form = page.getByRole('form', { name: 'Create an API key' });
      await form.getByLabel('Name').fill(KEY_NAME);
      await form.getByLabel('Live').check();
      for (const scope of ['templates:write', 'messages:send', 'media:write', 'webhooks:manage', 'audit:read'])
        await form.getByLabel(scope).uncheck();
      await form.getByRole('button', { name: 'Create key' }).click();
      const secret = await page.getByTestId('api-key-secret').innerText();
      assert.match(secret, /^sk_live_/);

      const row = page.locator('tr[data-key]').filter({ hasText: KEY_NAME });
      await row.waitFor();
      assert.match(await row.innerText(), /templates:read[\s\S]*messages:read/);
      assert.doesNotMatch(await row.innerText(), /messages:send/);
      assert.match(await row.innerText(), new RegExp(`you \\(${OWNER.email}\\)`));
      assert.ok(!(await row.innerText()).includes(secret), 'the list shows the prefix, never the key');
      assert.equal((await h.api('GET', '/v1/messages?limit=1', { key: secret })).status, 200);
      assert.equal((await h.api('POST', '/v1/templates/sync', { key: secret })).status, 403, 'no templates:write');
      await dashboard.shoot('api-keys');

      // Shown once: Done (or leaving the page) and it is gone.
      await page.getByRole('button', { name: 'Done' }).click();
      assert.equal(await page.getByTestId('api-key-secret').count(), 0);
      await page.reload();
      await row.waitFor();
      assert.equal(await page.getByText(secret).count(), 0);

      page.once('dialog', (d) => void d.accept());
      await row.getByRole('button', { name: 'Revoke' }).click();
      await row.getByText(/^revoked/).waitFor();
      const refused = await h.api('GET', '/v1/messages?limit=1', { key: secret });
      assert.equal(refused.status, 401);
    });
  });
}
