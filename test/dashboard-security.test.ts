/**
 * My security in a real browser (issue 39, docs/api.md §D26): a person signs in with their
 * password, sets up a second factor on the My security page (the secret read from the page, the
 * code computed with otpauth as an authenticator app would), sees their recovery codes once, signs
 * out, signs in again with password and code, and sees their sessions. Screenshots go to
 * test-output/screenshots (ignored by git).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { startHarness, type Harness } from './harness.js';
import { createPerson, uniqueEmail } from './people-kit.js';
import { codeAt } from './second-factor/kit.js';

const PASSWORD = 'correct horse battery staple';

describe('dashboard: my security in a browser', { skip: browserSkip }, () => {
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

  const signInWithPassword = async (email: string) => {
    if (!page.url().startsWith(`${h.url}/dashboard/`)) await page.goto(`${h.url}/dashboard/`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
  };

  it('sets up a second factor on My security, then signs in with password and code and sees the sessions', async () => {
    const email = uniqueEmail('browser');
    await createPerson(h, { email, password: PASSWORD, name: 'Grace' });
    await signInWithPassword(email);
    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: 'My security' }).click();
    await page.getByRole('heading', { name: 'My security' }).waitFor();

    const factor = page.getByRole('region', { name: 'Second factor' });
    await factor.getByRole('button', { name: 'Set up a second factor' }).click();
    const secret = (await factor.getByTestId('totp-secret').textContent())!.trim();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    await factor.getByRole('img', { name: /QR code/ }).waitFor();
    await dashboard.shoot('security-setup');
    await factor.getByLabel('Code from the app').fill(codeAt(secret, Date.now()));
    await factor.getByRole('button', { name: 'Turn on' }).click();
    const codes = factor.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
    await factor.getByText('On: signing in asks for a code').waitFor();
    await dashboard.shoot('security-recovery-codes');
    await factor.getByRole('button', { name: 'I have saved them' }).click();
    assert.equal(await factor.getByTestId('recovery-codes').count(), 0, 'shown once');

    // The user menu is still open from the way here.
    const signOut = page.getByRole('button', { name: 'Sign out', exact: true });
    if (!(await signOut.isVisible())) await page.getByTestId('user-menu').click();
    await signOut.click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await signInWithPassword(email);
    // The code of the next step: the one that confirmed the factor is spent (never accepted twice).
    await page.getByLabel('Code from your authenticator app').fill(codeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('user-menu').waitFor();

    await dashboard.go('/security');
    const sessions = page.getByRole('region', { name: 'Your sessions' }).getByTestId('session');
    await sessions.first().waitFor();
    assert.equal(await sessions.count(), 1, 'the signed-out session and the pending one are gone');
    await page.getByRole('region', { name: 'Second factor' }).getByText('On: signing in asks').waitFor();
    await dashboard.shoot('security');
  });
});
