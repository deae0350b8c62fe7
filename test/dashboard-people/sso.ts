/**
 * Single sign-on in the browser, against the real OpenID provider the entry starts (test/sso/provider.ts,
 * oidc-provider's own login and consent pages): "Sign in with Acme SSO" on the sign-in page, the
 * provider's forms, back signed in with the mapped role; the owner's audit page shows the person made and signed in.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { navLinks, ownBrowser, type People } from './kit.js';

export const SSO_NAME = 'Acme SSO';

export function ssoCases(people: () => People): void {
  describe('single sign-on', () => {
    it('signs a person in through the provider with the role its groups map to, and the audit page shows it', async () => {
      const { h, page, dashboard } = people();
      people().sso!.people.set('sam', {
        email: 'Sam@Acme.test',
        email_verified: true,
        groups: ['devs'],
        name: 'Sam Single',
      });
      const { context, page: sam } = await ownBrowser(people());
      try {
        await sam.goto(`${h.url}/dashboard/`);
        await sam.getByRole('link', { name: SSO_NAME }).click();
        // The provider's own pages: any login, then its consent.
        await sam.locator('input[name=login]').fill('sam');
        await sam.locator('input[name=password]').fill('any');
        await sam.locator('button[type=submit]').click();
        await sam
          .locator('button[type=submit]')
          .filter({ hasText: /continue/i })
          .click();
        await sam.getByTestId('mode-banner').waitFor();
        await sam.getByTestId('user-menu').click();
        await sam.getByRole('group', { name: 'Your account' }).getByText('developer').waitFor();
        assert.ok((await navLinks(sam)).includes('API keys'), 'a developer manages keys');
        assert.ok(!(await navLinks(sam)).includes('Members'), 'but not members');
      } finally {
        await context.close();
      }

      await dashboard.go('/audit');
      await page.reload();
      const rows = page.getByRole('table', { name: 'Audit events' }).locator('tbody tr');
      const entry = (action: string, by: string) =>
        rows
          .filter({ has: page.locator(`code:text-is("${action}")`) })
          .filter({ hasText: by })
          .first();
      // The person is made by the service's single sign-on (a system actor), then signs in themself.
      const made = entry('member.created', 'sso');
      await made.waitFor();
      assert.deepEqual(
        [await made.getByTestId('actor-kind').innerText(), await made.getByTestId('actor').innerText()],
        ['system', 'sso'],
      );
      const signedIn = entry('session.created', 'sam@acme.test');
      assert.deepEqual(
        [await signedIn.getByTestId('actor-kind').innerText(), await signedIn.getByTestId('actor').innerText()],
        ['person', 'sam@acme.test'],
      );
    });
  });
}
