/**
 * A viewer reads every screen their role allows and is shown no button that writes: no send, reply,
 * cancel, block or lift; no template made, edited, synced or sent; no upload or delete; no endpoint
 * managed; and opening a thread marks nothing read at the platform.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { approvedTemplate, uploaded } from '../factories.js';
import { createPerson } from '../people-kit.js';
import { navLinks, ownBrowser, signInAsPerson, type People } from './kit.js';

const VIEWER = { email: 'vera.viewer@example.com', password: 'a long viewer passphrase 43' };

export function viewerCases(people: () => People): void {
  describe('a viewer', () => {
    it('sees read-only screens: no send, reply, block, template, upload or endpoint button', async () => {
      const { h } = people();
      await createPerson(h, { ...VIEWER, role: 'viewer' });
      const template = await approvedTemplate(h, {
        name: 'viewer_sees_it',
        body: 'Your code is {{1}}.',
        variables: [{ example: '1' }],
      });
      await uploaded(h, 'sample.png', 'image/png');
      const { context, page } = await ownBrowser(people());
      try {
        await signInAsPerson(page, h.url, VIEWER);
        const links = await navLinks(page);
        assert.ok(links.includes('Inbox') && links.includes('Audit'));
        for (const screen of ['Send', 'Send to a list', 'Members', 'API keys'])
          assert.ok(!links.includes(screen), `no ${screen} in a viewer's navigation`);
        const go = (hash: string) => page.goto(`${h.url}/dashboard/#${hash}`);
        const none = async (name: string | RegExp, what = 'button') =>
          assert.equal(
            await page.getByRole(what as 'button', { name, exact: typeof name === 'string' }).count(),
            0,
            `no ${String(name)} ${what}`,
          );

        await go('/inbox');
        await page.locator('li[data-contact]').filter({ hasText: 'Chiara Cliente' }).getByRole('link').click();
        const log = page.getByRole('log', { name: 'Conversation with Chiara Cliente' });
        await log.locator('li.bubble.out').first().waitFor();
        await page.getByRole('note').getByText('Your role can read this conversation, not answer it.').waitFor();
        assert.equal(await page.getByLabel('Reply', { exact: true }).count(), 0);
        await none('Block');
        await none('Lift');
        assert.equal(await page.getByRole('alert').count(), 0, 'nothing refused: nothing was tried');

        await go('/messages');
        await page.getByRole('heading', { name: 'Messages' }).waitFor();
        await none('Send a message', 'link');
        await go('/batches');
        await page.getByRole('heading', { name: 'Batches' }).waitFor();
        await none('Send to a list (CSV)', 'link');

        await go('/templates');
        await page.getByRole('link', { name: 'viewer_sees_it' }).waitFor();
        await none('New template', 'link');
        await none('Sync with WhatsApp');
        await go(`/templates/${template.id}`);
        await page.getByRole('heading', { name: 'viewer_sees_it' }).waitFor();
        await none('Send it', 'link');
        await none('Edit', 'link');
        assert.equal(await page.getByRole('form', { name: 'Change the time to live' }).count(), 0);
        await go(`/templates/${template.id}/edit`);
        await page.getByRole('note').getByText('Your role does not allow this screen').waitFor();

        await go('/media');
        await page.getByRole('cell', { name: 'sample.png' }).waitFor();
        assert.equal(await page.locator('input[type=file]').count(), 0, 'no upload');
        await none('Delete');

        await go('/events');
        await page.getByRole('heading', { name: 'Endpoints' }).waitFor();
        await none('Add endpoint');
        await none('Disable');
        await go('/send');
        await page.getByRole('note').getByText('Your role does not allow this screen').waitFor();
      } finally {
        await context.close();
      }
    });
  });
}
