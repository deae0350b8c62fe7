// test-runner: one database (the dashboard's pages in a browser; the API they call is tested on both dialects by its own files)
/**
 * Password resets and second accounts in the dashboard (docs/api.md §D26), in a real browser
 * (Debian's Chromium driven by playwright-core) against the real service over HTTP, without mail:
 * "Forgot your password?" shows the service's answer; a reset link's page sets the new password and
 * sends the person to sign in; an invitation for an existing person asks them to sign in, then joins
 * and switches to the account. Screenshots go to test-output/screenshots (ignored by git).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { Page } from 'playwright-core';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { startHarness, type Harness } from './harness.js';
import { createPerson, uniqueEmail } from './people-kit.js';

const OLD = 'an old password nobody guesses';
const NEW = 'a brand new password for ana';

describe('dashboard: password resets and second accounts in a browser', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;

  before(async () => {
    h = await startHarness();
    dashboard = await openDashboard(h);
    page = dashboard.page;
  });
  after(async () => {
    await dashboard?.close();
    await h?.close();
  });

  const signIn = async (email: string, password: string) => {
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  };

  it('asks for a reset from the sign-in page, and shows the answer', async () => {
    // The browser asks from 127.0.0.1, whose 10 an hour (counted in Redis on PostgreSQL, shared by
    // every run) earlier runs may have used: forget them.
    if (h.env.REDIS_URL) {
      const redis = new Redis(h.env.REDIS_URL);
      await redis.del('tidings:password_reset:address:127.0.0.1');
      redis.disconnect();
    }
    await page.goto(`${h.url}/dashboard/#/sign-in`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const form = page.getByRole('form', { name: 'Reset your password' });
    await form.getByLabel('Email').fill('nobody@example.com');
    await form.getByRole('button', { name: 'Send me a reset link' }).click();
    await page.getByRole('status').getByText('This service sends no mail').waitFor();
    await dashboard.shoot('forgot-password');
    await page.getByRole('button', { name: 'Back to signing in' }).click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
  });

  it("sets a new password on a reset link's page, then signs in with it", async () => {
    const email = uniqueEmail('reset');
    await createPerson(h, { email, password: OLD });
    const { link } = await h.deps.resets.forEmail(email, h.url);
    await page.goto(link!);
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.getByText(email).waitFor();
    await dashboard.shoot('reset-password');
    await form.getByLabel('New password').fill(NEW);
    await form.getByRole('button', { name: 'Set the password' }).click();
    await page.getByRole('status').getByText('Your password is set').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(email, NEW);
    await page.getByTestId('mode-banner').waitFor();
    await page.evaluate(() => fetch('/v1/auth/sign_out', { method: 'POST' }));
  });

  it('asks an existing person to sign in on an invitation, then joins and switches to the account', async () => {
    const second = await h.newAccount('Second shop');
    const email = uniqueEmail('ana');
    await createPerson(h, { email, password: OLD, role: 'agent' });
    const { link } = await h.deps.invitations.invite(second.id, null, email, 'developer', h.url);
    await page.goto(link!);
    const ask = page.getByLabel('Sign in to accept');
    await ask.getByText('already has a Tidings sign-in').waitFor();
    await dashboard.shoot('join-existing');
    await signIn(email, OLD);
    const join = page.getByRole('button', { name: 'Join Second shop' });
    await join.click();
    await page.getByTestId('mode-banner').waitFor();
    const me = await page.evaluate(() => fetch('/v1/me').then((r) => r.json()));
    assert.equal(me.account.id, second.id);
    assert.equal(me.account.role, 'developer');
    assert.equal(me.accounts.length, 2);
  });
});
