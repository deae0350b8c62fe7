/**
 * A customer's data on their contact's page, in a real browser (Debian's Chromium driven by
 * playwright-core) against the real service and simulator over HTTP (issue 40; erasure in
 * docs/api.md §D28, export in docs/api.md §D29): an owner signed in with a password downloads the
 * contact's export through their session (a ZIP holding contact.json about that contact), and again
 * with an API key in the tab; an agent and a viewer are shown neither action
 * and the API refuses them; the owner erases the customer through the confirmation (a wrong
 * confirmation keeps the button disabled), sees its progress and lands on the contacts with a
 * notice, the customer gone from the list and its search, another customer still there, their
 * STOP still refusing a send; the audit page shows both actions with the owner as actor.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import yauzl from 'yauzl';
import type { Contact } from '../src/contacts/contact.schemas.js';
import { browserSkip, openDashboard, signInWithKey, type DashboardBrowser } from './browser.js';
import { signInAsPerson } from './dashboard-people/kit.js';
import { startHarness, type Harness } from './harness.js';
import { approvedTemplate } from './factories.js';
import { eventually } from './helpers.js';
import { createPerson } from './people-kit.js';

const OWNER = { email: 'olga.owner@example.com', password: 'a long owner passphrase 51' };
const AGENT = { email: 'aki.agent@example.com', password: 'a long agent passphrase 52' };
const VIEWER = { email: 'vik.viewer@example.com', password: 'a long viewer passphrase 53' };
/** The customer erased, who opted out first; and another, whose data must stay. */
const ERASED = { phone: '+16505551981', name: 'Ezra Erased', phrase: 'marigold-kumquat-7731' };
const KEPT = { phone: '+16505551982', name: 'Kim Kept' };

/** The entries of the ZIP file at `file`, by name, each entry's bytes. */
function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

describe("a customer's data on their contact's page", { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  let page: Page;
  let erased: Contact;
  let kept: Contact;

  const contactOf = async (phone: string) =>
    (await h.api<{ data: Contact[] }>('GET', `/v1/contacts?q=${phone.slice(1)}`)).body.data[0];
  /** The thread of `c` on `on`, once its title shows. */
  const openThread = async (on: Page, c: Contact, name: string) => {
    await on.goto(`${h.url}/dashboard/#/inbox/${c.id}`);
    await on.locator('.thread-view').getByRole('heading', { name }).waitFor();
  };

  before(async () => {
    h = await startHarness();
    dashboard = await openDashboard(h);
    page = dashboard.page;
    await createPerson(h, { ...OWNER, role: 'owner' });
    await createPerson(h, { ...AGENT, role: 'agent' });
    await createPerson(h, { ...VIEWER, role: 'viewer' });

    await h.customerSends(ERASED.phone, { text: `Hello, my code word is ${ERASED.phrase}`, name: ERASED.name });
    const sent = await h.api('POST', '/v1/messages/', {
      body: { to: ERASED.phone, type: 'text', text: 'Thanks, noted.' },
    });
    assert.equal(sent.status, 201, sent.text);
    await h.customerSends(ERASED.phone, { text: 'STOP', name: ERASED.name });
    erased = await eventually(async () => {
      const c = await contactOf(ERASED.phone);
      return c?.suppression ? c : null;
    });
    await h.customerSends(KEPT.phone, { text: 'I am staying', name: KEPT.name });
    kept = (await eventually(() => contactOf(KEPT.phone)))!;

    await signInAsPerson(page, h.url, OWNER);
  });
  after(async () => {
    await dashboard?.close();
    await h?.close();
  });

  it("exports the contact through the owner's session: a ZIP holding contact.json about them", async () => {
    await openThread(page, erased, ERASED.name);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export data' }).click();
    const file = await (await download).path();
    assert.equal((await download).suggestedFilename(), `contact-${erased.id}.zip`);
    assert.equal(fs.readFileSync(file).subarray(0, 4).toString('latin1'), 'PK\x03\x04', 'a ZIP');
    const entries = await unzip(file);
    const json = JSON.parse(entries.get('contact.json')!.toString('utf8'));
    assert.equal(json.contact.id, erased.id);
    assert.equal(json.contact.phone, ERASED.phone);
    assert.ok(
      json.inboundMessages.some((m: { text?: { body?: string } }) => JSON.stringify(m).includes(ERASED.phrase)),
      'their message is in it',
    );
    assert.ok(json.messages.length >= 1, 'our reply is in it');
    assert.ok(!JSON.stringify(json).includes(KEPT.phone), "nothing of another customer's");
    await dashboard.shoot('contact-privacy');
  });

  it('exports with an API key in the tab too: fetched with the key, saved from memory', async () => {
    const context = await dashboard.browser.newContext({ viewport: { width: 1280, height: 860 } });
    try {
      const withKey = await context.newPage();
      await signInWithKey(withKey, h.url, h.account.liveKey);
      await openThread(withKey, erased, ERASED.name);
      const download = withKey.waitForEvent('download');
      await withKey.getByRole('button', { name: 'Export data' }).click();
      assert.equal((await download).suggestedFilename(), `contact-${erased.id}.zip`);
      const entries = await unzip((await (await download).path())!);
      assert.equal(JSON.parse(entries.get('contact.json')!.toString('utf8')).contact.id, erased.id);
    } finally {
      await context.close();
    }
  });

  for (const who of [AGENT, VIEWER]) {
    it(`shows ${who.email.split('.')[0]} (${who === AGENT ? 'agent' : 'viewer'}) neither action, and the API refuses both`, async () => {
      // Their own browser context: their own session cookie.
      const context = await dashboard.browser.newContext({ viewport: { width: 1280, height: 860 } });
      const theirs = await context.newPage();
      try {
        await signInAsPerson(theirs, h.url, who);
        await openThread(theirs, erased, ERASED.name);
        await theirs.locator('li.bubble').first().waitFor();
        assert.equal(await theirs.getByRole('link', { name: 'Export data' }).count(), 0);
        assert.equal(await theirs.getByRole('button', { name: /Erase/ }).count(), 0);
        assert.equal(await theirs.getByTestId('privacy-actions').count(), 0);
        // Through their own session, as the page would ask.
        const statuses = await theirs.evaluate(async (id) => {
          const erase = await fetch(`/v1/contacts/${id}/erase`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': `t-${crypto.randomUUID()}` },
            body: '{}',
          });
          const exported = await fetch(`/v1/contacts/${id}/export`);
          return [erase.status, exported.status];
        }, erased.id);
        assert.deepEqual(statuses, [403, 403]);
      } finally {
        await context.close();
      }
    });
  }

  it('erases the customer after the confirmation, shows its progress, and returns to the contacts with a notice', async () => {
    await openThread(page, erased, ERASED.name);
    await page.getByRole('button', { name: 'Erase customer…' }).click();
    const form = page.getByRole('form', { name: 'Erase this customer' });
    assert.match(await form.innerText(), /cannot be undone/);
    assert.match(await form.innerText(), /a customer who opted out stays suppressed/);
    assert.match(await form.innerText(), /the counts/);
    const field = form.getByLabel(`Type their number (${ERASED.phone}) or ERASE to confirm`);
    const erase = form.getByRole('button', { name: 'Erase customer' });
    assert.ok(await erase.isDisabled(), 'nothing typed: disabled');
    for (const wrong of ['erase', '+16505551982', 'ERASE it', '1650555198']) {
      await field.fill(wrong);
      assert.ok(await erase.isDisabled(), `"${wrong}" does not confirm`);
    }
    await field.fill('ERASE');
    assert.ok(await erase.isEnabled(), 'the word ERASE confirms');
    // Cancel closes it, and nothing was asked.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    assert.equal((await h.api('GET', `/v1/contacts/${erased.id}`)).status, 200);

    await page.getByRole('button', { name: 'Erase customer…' }).click();
    await field.fill('+1 650 555 1981');
    assert.ok(await erase.isEnabled(), 'their number, spaced, confirms');
    await dashboard.shoot('contact-erase-confirm');
    // The progress may be on screen for one poll only: watched from the page itself.
    await page.evaluate(() => {
      const seen = new MutationObserver(() => {
        const shown = document.querySelector('[data-testid="erasure-progress"]');
        if (shown) (window as unknown as { progressShown: string }).progressShown = shown.textContent ?? '';
      });
      seen.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await erase.click();
    await page.waitForURL(/#\/inbox\?erased=era_/, { timeout: 60_000 });
    const notice = page.getByTestId('erased-notice');
    await notice.getByText('Customer erased.').waitFor();
    await notice.getByText(/Removed: .*message/).waitFor();
    assert.match(
      await page.evaluate(() => (window as unknown as { progressShown?: string }).progressShown ?? ''),
      /^(Erasure queued…|Erasing…|Erased) era_/,
      'the progress was shown',
    );
    const erasureId = new URL(page.url()).hash.split('erased=')[1]!;
    const erasure = (await h.api('GET', `/v1/erasures/${erasureId}`)).body;
    assert.equal(erasure.status, 'completed');
    await dashboard.shoot('contact-erased');

    // Gone from the list and its search; the other customer stays.
    await page.locator(`li[data-contact="${kept.id}"]`).waitFor();
    await page.locator(`li[data-contact="${erased.id}"]`).waitFor({ state: 'detached' });
    await page.getByLabel('Search contacts').fill(ERASED.phone.slice(1));
    await page.getByLabel('Search contacts').press('Enter');
    await page.getByText('No contacts match these filters.').waitFor();
    await page.getByLabel('Search contacts').fill(ERASED.name);
    await page.getByLabel('Search contacts').press('Enter');
    await page.getByText('No contacts match these filters.').waitFor();
    assert.equal((await h.api('GET', `/v1/contacts/${erased.id}`)).status, 404);
    assert.equal((await contactOf(KEPT.phone))?.id, kept.id);

    // Their STOP still refuses a send (the tombstone), as the confirmation said: a template, which
    // no window holds back, to the number erased.
    const template = await approvedTemplate(h, { name: 'privacy_still_there', body: 'Are you still there?' });
    const refused = await h.api('POST', '/v1/messages/', {
      body: { to: ERASED.phone, type: 'template', templateId: template.id },
    });
    assert.equal(refused.body?.error?.code, 'recipient_suppressed', refused.text);
  });

  it('shows the exports and the erasure in the audit trail, each with who did it', async () => {
    await dashboard.go('/audit');
    const rows = page.getByRole('table', { name: 'Audit events' }).locator('tbody tr');
    // The owner's export and erasure on the page, by the owner; the key's export by the key.
    const expected: [string, string, string][] = [
      ['contact.exported', 'person', OWNER.email],
      ['contact.exported', 'key', ''],
      ['contact.erased', 'person', OWNER.email],
    ];
    for (const [action, kind, actor] of expected) {
      await page.getByLabel('Action').fill(action);
      await page.getByLabel('Action').press('Enter');
      const row = rows
        .filter({ has: page.locator(`code:text-is("${action}")`) })
        .filter({ has: page.locator(`[data-testid="actor-kind"]:text-is("${kind}")`) })
        .first();
      await row.waitFor();
      if (actor) assert.equal(await row.getByTestId('actor').innerText(), actor, `${action}: its actor`);
    }
    const trail = async (action: string) =>
      (
        await h.api<{ data: { actor: { type: string; name: string | null } }[] }>(
          'GET',
          `/v1/audit_events?action=${action}`,
        )
      ).body.data;
    const exports = await trail('contact.exported');
    assert.deepEqual(exports.map((e) => e.actor.type).sort(), ['key', 'user']);
    const erasures = await trail('contact.erased');
    assert.deepEqual(
      erasures.map((e) => [e.actor.type, e.actor.name]),
      [['user', OWNER.email]],
    );
    assert.ok(!JSON.stringify([...exports, ...erasures]).includes(ERASED.phone), 'no number in the trail');
  });
});
