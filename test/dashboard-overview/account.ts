/** What the dashboard shows of the account: how to get data for a test key that sent nothing, a number's messaging limit, a restriction's banner. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually } from '../helpers.js';
import type { OverviewScope } from './kit.js';

export function accountCases(scope: () => OverviewScope): void {
  it('tells a test key that sent nothing how to get data', async () => {
    const { h, dashboard, page } = scope();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await dashboard.signIn(h.account.testKey);
    await dashboard.go('/overview');
    const empty = page.getByTestId('overview-empty');
    await empty.waitFor();
    assert.match(
      await empty.innerText(),
      /No test messages in this range yet\. Send one with POST \/v1\/messages or from Send with this test key/,
    );
    assert.match(await empty.innerText(), /Messages sent with a live key show when you sign in with a live key\./);
    assert.equal(await page.getByTestId('funnel-chart').count(), 0);
    await dashboard.shoot('overview-empty');
  });

  it("shows each number's messaging limit, and a restriction as a banner on every screen (issue 28)", async () => {
    const { h, dashboard, page } = scope();
    const wabaId = (await h.api('GET', '/v1/account')).body.wabaId;
    const signal = (field: string, value: unknown) =>
      h.platformWebhook({
        object: 'whatsapp_business_account',
        entry: [{ id: wabaId, time: 1764000000, changes: [{ field, value }] }],
      });
    assert.equal(
      (await signal('business_capability_update', { max_daily_conversations_per_business: 'TIER_10K' })).status,
      200,
    );
    assert.equal(
      (
        await signal('account_update', {
          event: 'ACCOUNT_RESTRICTION',
          restriction_info: [{ restriction_type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiration: 4102444800 }],
        })
      ).status,
      200,
    );
    await dashboard.go('/messages');
    await page.reload();
    const limit = page.getByTestId('send-queues').getByTestId('messaging-limit').first();
    await eventually(async () => (await limit.innerText()) === '10,000 customers / 24 h');
    const banner = page.getByTestId('account-banner');
    assert.match(await banner.innerText(), /The platform restricts this account: biz initiated messaging until/);
    await dashboard.go('/templates');
    assert.equal(await banner.isVisible(), true, 'the banner stays on another screen');
    await dashboard.shoot('account-restricted');
  });
}
