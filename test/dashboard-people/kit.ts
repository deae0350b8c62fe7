/**
 * What the team cases share: the entry's harness, browser and the owner's page (`People`), the
 * people they sign in as, and the calls they make: a person signed in with email and password in
 * a page, a browser context of another person's own.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { DashboardBrowser } from '../browser.js';
import type { Harness } from '../harness.js';
import type { TestProvider } from '../sso/provider.js';

/** The owner the entry makes (createPerson), who signs in on the entry's page. */
export const OWNER = { email: 'olivia.owner@example.com', password: 'a long owner passphrase 41' };

/** The agent the owner invites; the password is the one they choose on the Join page. */
export const AGENT = { email: 'arjun.agent@example.com', name: 'Arjun Agent', password: 'a long agent passphrase 42' };

/** The customer who writes to the account. */
export const CUSTOMER = '+16505551970';

export interface People {
  h: Harness;
  dashboard: DashboardBrowser;
  /** The owner's page. */
  page: Page;
  ownerId: string;
  /** The agent's own browser context and page, once they joined (team.ts). */
  agent?: { context: BrowserContext; page: Page };
  /** The OpenID provider the account's single sign-on connection trusts (`acme.test`, group `devs` → developer). */
  sso?: TestProvider;
}

/** Signs `page` in as a person with the sign-in form, waiting for the signed-in screen. */
export async function signInAsPerson(page: Page, url: string, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${url}/dashboard/`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('mode-banner').waitFor();
}

/** A new browser context (its own cookies: another person at another computer) with one page. */
export async function ownBrowser(people: People): Promise<{ context: BrowserContext; page: Page }> {
  const context = await people.dashboard.browser.newContext({ viewport: { width: 1280, height: 860 } });
  return { context, page: await context.newPage() };
}

/** The main navigation's link names on `page`. */
export async function navLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();
}
