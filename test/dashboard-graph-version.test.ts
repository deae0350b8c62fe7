// test-runner: one database (the dashboard's pages in a browser; the API they call is tested on both dialects by its own files)
/**
 * The dashboard's banner tells of the Graph API version's end of life (docs/api.md §D33) in a real
 * browser (Debian's Chromium driven by playwright-core) against the real service and simulator:
 * absent while the end is more than 90 days away (shown beside a restriction's line, so the banner
 * is known to have read the signals), and on every screen once the service's clock comes within 90
 * days of it. Screenshots go to test-output/screenshots (ignored by git).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import { browserSkip, openDashboard, type DashboardBrowser } from './browser.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

describe('dashboard: the Graph API version banner', { skip: browserSkip }, () => {
  let h: Harness;
  let dashboard: DashboardBrowser;
  const clock = new ManualClock(Date.now());

  before(async () => {
    h = await startHarness({ clock });
    dashboard = await openDashboard(h);
    await dashboard.signIn(h.account.liveKey);
  });
  after(async () => {
    await dashboard?.close();
    await h?.close();
  });

  it('warns of the end of life on every screen within 90 days of it, not before', async () => {
    const { page } = dashboard;
    const wabaId = (await h.api('GET', '/v1/account')).body.wabaId;
    const restricted = await h.platformWebhook({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: wabaId,
          time: 1764000000,
          changes: [
            {
              field: 'account_update',
              value: {
                event: 'ACCOUNT_RESTRICTION',
                restriction_info: [{ restriction_type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiration: 4102444800 }],
              },
            },
          ],
        },
      ],
    });
    assert.equal(restricted.status, 200);
    const banner = page.getByTestId('account-banner');
    const warning = page.getByTestId('graph-version-warning');
    await dashboard.go('/messages');
    await page.reload();
    // The banner drew the signals (the restriction's line) without a version warning: v25.0 ends 2028-07-29.
    await eventually(async () => /The platform restricts this account/.test(await banner.innerText()));
    assert.equal(await warning.count(), 0);

    clock.set(Date.parse('2028-05-01T00:00:00Z'));
    await page.reload();
    await warning.waitFor();
    assert.match(
      await warning.innerText(),
      /Graph API v25\.0 reaches its end of life on 2028-07-29 \(in 89 days\)\. Set WHATSAPP_GRAPH_VERSION to a newer version before then\./,
    );
    await dashboard.go('/templates');
    assert.equal(await warning.isVisible(), true, 'the warning stays on another screen');
    await dashboard.shoot('graph-version-warning');
    clock.set(Date.now());
  });
});
