/**
 * Media: an upload with a progress bar, what is stored and for how long, a file deleted from its
 * row, and a media send with its caption.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../helpers.js';
import { dashboardKit, customer, type Browser } from './kit.js';

export function mediaCases(browser: () => Browser): void {
  const { shoot, go } = dashboardKit(browser);
  describe('media', () => {
    it('uploads an image with a progress bar and sends it', async () => {
      const { h, page } = browser();
      await go('/media');
      await page.locator('input[type=file]').setInputFiles(path.join(ROOT, 'test/fixtures/media/sample.jpg'));
      await page.getByText('Uploaded sample.jpg').waitFor();
      assert.equal(await page.getByTestId('upload-percent').innerText(), '100 %');
      assert.equal(await page.locator('progress').evaluate((p) => (p as HTMLProgressElement).value), 1);
      await page.getByRole('cell', { name: 'image/jpeg' }).first().waitFor();
      // What is stored, and how long the account keeps it (GET /v1/media/usage, GET /v1/account).
      await page
        .getByTestId('storage')
        .getByText(/^Stored: [1-9]\d* files, .*Customers' files are kept for ever, what messages say for ever\.$/)
        .waitFor();
      await shoot('media');

      // A file deleted from its row (the browser's confirm accepted): gone from the list and the API.
      await page.locator('input[type=file]').setInputFiles(path.join(ROOT, 'test/fixtures/media/sample.png'));
      await page.getByText('Uploaded sample.png').waitFor();
      const png = (await h.api('GET', '/v1/media?limit=1')).body.data[0];
      page.once('dialog', (d) => void d.accept());
      await page
        .getByRole('row', { name: new RegExp(png.id) })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.getByRole('row', { name: new RegExp(png.id) }).waitFor({ state: 'detached' });
      assert.equal((await h.api('GET', `/v1/media/${png.id}`)).status, 404);

      await go('/send');
      await page.getByLabel('media').check();
      await page.getByLabel('To (E.164)').fill(customer);
      await page.locator('select[name=mediaId]').selectOption({ label: 'sample.jpg (image/jpeg)' });
      await page.getByLabel(/Caption/).fill('Your receipt');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.waitForURL(/#\/messages\/msg_/);
      await page.locator('li[data-step="delivered"].done').waitFor({ timeout: 15_000 });
      // The caption is shown as the caption, not beside the file as if it were its name.
      await page.locator('dt', { hasText: 'Caption' }).waitFor();
      assert.equal(await page.locator('dt:has-text("Caption") + dd').innerText(), 'Your receipt');
    });
  });
}
