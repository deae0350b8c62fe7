/**
 * The audit page: what the cases before did, each entry with its actor (the person's email, of kind
 * person), filtered by action, and exported through the page's own session.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { call } from '../people-kit.js';
import { AGENT, OWNER, type People } from './kit.js';

export function auditCases(people: () => People): void {
  describe('audit', () => {
    it('shows the invitation, the agent joining and signing in, their reply and the key made and revoked, each with who did it', async () => {
      const { page, dashboard } = people();
      await dashboard.go('/audit');
      const rows = page.getByRole('table', { name: 'Audit events' }).locator('tbody tr');
      // Each action through the page's own filter (the trail grows past a page), the entry by its actor.
      const entry = async (action: string, actor: string) => {
        await page.getByLabel('Action').fill(action);
        await page.getByLabel('Action').press('Enter');
        return rows
          .filter({ has: page.locator(`code:text-is("${action}")`) })
          .filter({ hasText: actor })
          .first();
      };
      const expected: [string, string][] = [
        ['member.invited', OWNER.email],
        ['member.joined', AGENT.email],
        ['session.created', AGENT.email],
        ['message.created', AGENT.email],
        ['api_key.created', OWNER.email],
        ['api_key.revoked', OWNER.email],
      ];
      for (const [action, actor] of expected) {
        const row = await entry(action, actor);
        await row.waitFor();
        assert.equal(await row.getByTestId('actor').innerText(), actor, `${action}: its actor`);
        assert.equal(await row.getByTestId('actor-kind').innerText(), 'person', `${action}: its actor's kind`);
        assert.match(await row.locator('td').nth(4).innerText(), /^req_|^—$/);
      }
      await page.getByLabel('Action').fill('');
      await page.getByLabel('Action').press('Enter');
      await page.waitForFunction(
        () =>
          new Set([...document.querySelectorAll('tr[data-audit]')].map((r) => r.getAttribute('data-audit'))).size > 1,
      );
      await dashboard.shoot('audit');
    });

    it('filters by action and actor kind, and exports the filtered trail as CSV and JSON Lines through the session', async () => {
      const { page } = people();
      const rows = page.getByRole('table', { name: 'Audit events' }).locator('tbody tr');
      await page.getByLabel('Action').fill('api_key.revoked');
      await page.getByLabel('Action').press('Enter');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('tr[data-audit]')].every(
          (r) => r.getAttribute('data-audit') === 'api_key.revoked',
        ),
      );
      assert.equal(await rows.count(), 1);

      const csv = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await (await csv).path();
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
      assert.match(lines[0]!, /^id,seq,createdAt,actorType,actorId,actorName,action/);
      assert.equal(lines.length, 2, 'the header and the one revocation');
      assert.match(lines[1]!, /api_key\.revoked/);

      await page.getByLabel('Action').fill('');
      await page.getByLabel('Action').press('Enter');
      await page.getByLabel('Actor kind').selectOption('user');
      const jsonl = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export JSON Lines' }).click();
      const entries = fs
        .readFileSync(await (await jsonl).path(), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      assert.ok(entries.length >= 6);
      assert.ok(entries.every((e) => e.actor.type === 'user'));
      assert.ok(entries.some((e) => e.action === 'member.invited' && e.actor.name === OWNER.email));
    });

    it('pages through the trail 20 entries at a time, older and back to newer', async () => {
      const { h, page } = people();
      const { setCookie: cookie } = await call(h, 'POST', '/v1/auth/sign_in', { body: OWNER });
      for (let i = 1; i <= 25; i++) {
        const body = { email: `invitee-${i}@example.com`, role: 'viewer' };
        assert.equal((await call(h, 'POST', '/v1/invitations', { body, cookie })).status, 200);
      }
      await page.getByLabel('Actor kind').selectOption('');
      await page.getByLabel('Action').fill('member.invited');
      await page.getByLabel('Action').press('Enter');
      const rows = page.getByRole('table', { name: 'Audit events' }).locator('tbody tr');
      await page.waitForFunction(() => document.querySelectorAll('tr[data-audit="member.invited"]').length === 20);
      const newest = await rows.first().locator('td').nth(3).innerText();
      const pages = page.getByRole('navigation', { name: 'Pages' });
      await pages.getByRole('button', { name: 'Older →' }).click();
      await pages.getByText('Page 2').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('tr[data-audit="member.invited"]').length === 6);
      assert.ok(await pages.getByRole('button', { name: 'Older →' }).isDisabled(), 'nothing older');
      await pages.getByRole('button', { name: '← Newer' }).click();
      await pages.getByText('Page 1').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('tr[data-audit="member.invited"]').length === 20);
      assert.equal(await rows.first().locator('td').nth(3).innerText(), newest, 'back to the same first page');
    });
  });
}
