/**
 * Members: the owner invites an agent, who joins from the link in a browser of their own, answers a
 * customer, and is shown (and let reach) nothing their role lacks; roles changed and a member removed
 * on the Members page, the API's refusals in its words.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '../helpers.js';
import { createPerson } from '../people-kit.js';
import { AGENT, CUSTOMER, navLinks, OWNER, ownBrowser, signInAsPerson, type People } from './kit.js';

export function teamCases(people: () => People): void {
  describe('members', () => {
    it('lets an owner invite an agent by email and role, and shows the link to send and the invitation pending', async () => {
      const { h, page, dashboard } = people();
      await signInAsPerson(page, h.url, OWNER);
      assert.ok((await navLinks(page)).includes('Members'));
      await dashboard.go('/members');
      await page.locator(`tr[data-member="${OWNER.email}"]`).getByText('(you)').waitFor();
      const form = page.getByRole('form', { name: 'Invite a person' });
      await form.getByLabel('Email').fill(AGENT.email);
      await form.getByLabel('Role').selectOption('agent');
      await form.getByRole('button', { name: 'Invite' }).click();
      const link = await page.getByTestId('invitation-link').innerText();
      assert.match(link, new RegExp(`^${h.url}/dashboard/#/join/\\S+$`));
      await page
        .locator(`tr[data-invitation="${AGENT.email}"]`)
        .getByRole('cell', { name: 'agent', exact: true })
        .waitFor();
      await dashboard.shoot('members');

      // The agent, at their own computer: the link opens the Join page, the password they choose signs them in.
      const agent = await ownBrowser(people());
      people().agent = agent;
      await agent.page.goto(link);
      await agent.page.getByRole('heading', { name: /Join .* as agent/ }).waitFor();
      await agent.page.getByLabel('Your name').fill(AGENT.name);
      await agent.page.getByLabel('Password').fill(AGENT.password);
      await agent.page.getByRole('button', { name: 'Join and sign in' }).click();
      await agent.page.getByTestId('mode-banner').waitFor();
      await agent.page.getByTestId('user-menu').getByText(AGENT.name).waitFor();
    });

    it('lets the agent answer a customer from the inbox, and sign in again later with the password they chose', async () => {
      const { h } = people();
      const { page } = people().agent!;
      await h.customerSends(CUSTOMER, { text: 'Is my order on its way?', name: 'Chiara Cliente' });
      await page.goto(`${h.url}/dashboard/#/inbox`);
      await page.locator('li[data-contact]').filter({ hasText: 'Chiara Cliente' }).getByRole('link').click();
      const log = page.getByRole('log', { name: 'Conversation with Chiara Cliente' });
      await log.locator('li.bubble.in').filter({ hasText: 'Is my order on its way?' }).waitFor();
      await page.getByLabel('Reply', { exact: true }).fill('It left the warehouse today.');
      await page.keyboard.press('Enter');
      const sent = log.locator('li.bubble.out').filter({ hasText: 'It left the warehouse today.' });
      await sent
        .locator('.badge.status-sent, .badge.status-delivered, .badge.status-read')
        .waitFor({ timeout: 15_000 });
      const message = (await h.api('GET', `/v1/messages/${await sent.getAttribute('data-message')}`)).body;
      assert.equal(message.to, CUSTOMER);

      await page.getByTestId('user-menu').click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signInAsPerson(page, h.url, AGENT);
      await page.getByTestId('user-menu').getByText(AGENT.name).waitFor();
    });

    it('shows the agent no screen their role lacks, and the API refuses it naming the permission', async () => {
      const { h } = people();
      const { page } = people().agent!;
      const links = await navLinks(page);
      assert.ok(links.includes('Inbox'), 'the inbox is theirs');
      for (const screen of ['API keys', 'Members', 'Audit', 'Overview', 'Webhooks & events'])
        assert.ok(!links.includes(screen), `no ${screen} in an agent's navigation`);
      await page.goto(`${h.url}/dashboard/#/keys`);
      await page.getByRole('note').getByText('Your role does not allow this screen').waitFor();
      assert.equal(await page.getByRole('heading', { name: 'API keys' }).count(), 0);
      const answer = await page.evaluate(async () => {
        const res = await fetch('/v1/api_keys');
        return { status: res.status, body: await res.json() };
      });
      assert.equal(answer.status, 403);
      assert.equal(answer.body.error.code, 'permission_denied');
      assert.match(answer.body.error.message, /keys:manage/);
    });

    it("changes a member's role and removes a member after a confirm, and shows the API's refusal in its words", async () => {
      const { h, page, dashboard } = people();
      const devEmail = 'dev.leaving@example.com';
      await createPerson(h, { email: devEmail, role: 'developer', password: 'a long developer passphrase' });
      await dashboard.go('/members');
      await page.reload(); // the page was left on this screen, before they joined
      // The agent joined and signed in: their last sign-in is shown; the invitation is no longer pending.
      const agentRow = page.locator(`tr[data-member="${AGENT.email}"]`);
      await agentRow.waitFor();
      assert.notEqual(await agentRow.locator('td').nth(4).innerText(), 'never');
      assert.equal(await page.locator(`tr[data-invitation="${AGENT.email}"]`).count(), 0);

      await page.getByLabel(`Role of ${devEmail}`).selectOption('viewer');
      await eventually(async () => {
        const { body } = await h.api('GET', '/v1/audit_events?action=member.role_changed');
        return body.data[0]?.changes?.after?.role === 'viewer';
      });
      await page.reload();
      await eventually(async () => (await page.getByLabel(`Role of ${devEmail}`).inputValue()) === 'viewer');

      // The last owner keeps the role: the API says so, and the page shows the role unchanged.
      await page.getByLabel(`Role of ${OWNER.email}`).selectOption('admin');
      await page.getByRole('alert').getByText('last_owner').waitFor();
      await eventually(async () => (await page.getByLabel(`Role of ${OWNER.email}`).inputValue()) === 'owner');

      page.once('dialog', (d) => void d.accept());
      await page.locator(`tr[data-member="${devEmail}"]`).getByRole('button', { name: 'Remove' }).click();
      await page.locator(`tr[data-member="${devEmail}"]`).waitFor({ state: 'detached' });
      const { body } = await h.api('GET', '/v1/audit_events?action=member.removed');
      assert.equal(body.data[0]?.actor.name, OWNER.email);
    });

    it("shows an admin the API's refusal when they try to demote an owner, and keeps the owner's role", async () => {
      const { h } = people();
      const admin = { email: 'ada.admin@example.com', password: 'a long admin passphrase 44' };
      await createPerson(h, { ...admin, role: 'admin' });
      const { context, page } = await ownBrowser(people());
      try {
        await signInAsPerson(page, h.url, admin);
        await page.goto(`${h.url}/dashboard/#/members`);
        await page.getByLabel(`Role of ${OWNER.email}`).selectOption('viewer');
        await page.getByRole('alert').getByText('owner_required').waitFor();
        await eventually(async () => (await page.getByLabel(`Role of ${OWNER.email}`).inputValue()) === 'owner');
      } finally {
        await context.close();
      }
    });
  });
}
