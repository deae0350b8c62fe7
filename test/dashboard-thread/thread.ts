/**
 * Every message type, ours and the customer's, shown with its content in the thread; the whole
 * thread in one picture (thread-all-desktop.jpg, copied to docs/dashboard-thread.jpg).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, eventually } from '../helpers.js';
import { threadKit, type Thread } from './kit.js';

const SHOTS = path.join(ROOT, 'test-output', 'screenshots');

export function threadCases(thread: () => Thread): void {
  const { shows, loaded } = threadKit(thread);
  describe('the thread', () => {
    it('shows the content of every type, both ways, in the thread', async () => {
      const { dashboard, page, ours, theirs, contact } = thread();
      await dashboard.go(`/inbox/${contact.id}`);
      const log = page.getByRole('log', { name: 'Conversation with Rita Porto' });
      const out = (name: string) => log.locator(`li.bubble.out[data-message="${ours[name]!.id}"]`);
      const inn = (name: string) => log.locator(`li.bubble.in[data-message="${theirs[name]!}"]`);
      await inn('image').waitFor({ timeout: 10_000 });
      assert.equal(await log.locator('li.bubble').count(), 19, 'every message, on the first page');
      assert.equal(await log.getByText('not shown here').count(), 0);

      // Ours.
      await shows(out('text'), /^Yes, it is ready\.$/);
      const template = out('template');
      await template.getByRole('link', { name: 'thread_pickup' }).waitFor();
      await shows(template, /thread_pickup[\s\S]*en_US/);
      // The values sent are not in the Message resource: the body shows its placeholders, by name where they have one.
      // Filled with the values the send gave, as the customer read it.
      await shows(template, /Your order B-12 is ready for pickup at the front desk\.[\s\S]*Tidings Shop[\s\S]*Thanks/);
      assert.equal(await template.locator('var').count(), 0);
      const picture = out('image').getByRole('img', { name: 'image: Your parcel' });
      await loaded(picture);
      await out('image').locator('figcaption', { hasText: 'Your parcel' }).waitFor();
      await shows(out('document'), /receipt\.pdf \(218 B\)[\s\S]*Your receipt/);
      await shows(out('audio'), /voice-note\.mp3 \(1\.2 KB\)/);
      assert.equal(await out('document').locator('code').count(), 0, 'no med_ id in place of the file');
      const buttons = out('buttons');
      await shows(buttons, /When should we deliver\?/);
      assert.deepEqual(
        await buttons.getByRole('list', { name: 'Reply buttons' }).getByRole('listitem').allInnerTexts(),
        ['Friday', 'Later, please'],
      );
      const list = out('list');
      await shows(list, /Pickup points[\s\S]*Choose where to collect it\.[\s\S]*Choose a point/);
      assert.deepEqual(await list.getByRole('list', { name: 'Lisbon' }).getByRole('listitem').allInnerTexts(), [
        'Chiado\nRua Garrett 12',
        'Baixa',
      ]);
      assert.deepEqual(await list.getByRole('list', { name: 'Porto' }).getByRole('listitem').allInnerTexts(), [
        'Ribeira',
      ]);
      await shows(out('cta'), /Track your parcel online\./);
      assert.equal(
        await out('cta').getByRole('link', { name: 'Track parcel' }).getAttribute('href'),
        'https://shop.example.com/track/B-12',
      );
      await shows(out('location'), /Tidings Shop Chiado[\s\S]*Rua Garrett 12, Lisbon[\s\S]*38\.7107, -9\.1423/);
      assert.match(
        (await out('location').getByRole('link', { name: /map/ }).getAttribute('href'))!,
        /openstreetmap\.org\/.*mlat=38\.7107&mlon=-9\.1423/,
      );
      await shows(out('contacts'), /Maria Santos[\s\S]*\+351 912 345 678/);
      assert.equal(
        await out('contacts').getByRole('link', { name: '+351 912 345 678' }).getAttribute('href'),
        'tel:+351912345678',
      );
      await shows(out('reaction'), /👍[\s\S]*Hello, is my order ready\?/);

      // The customer's.
      await shows(inn('text'), /^Hello, is my order ready\?$/);
      await shows(inn('reaction'), /🎉[\s\S]*Yes, it is ready\./);
      await shows(inn('quickReply'), /Tapped Thanks/);
      await shows(inn('buttonReply'), /Tapped Friday[\s\S]*When should we deliver\?/);
      await shows(inn('listReply'), /Tapped Chiado[\s\S]*Rua Garrett 12/);
      await shows(inn('location'), /Home[\s\S]*Rua das Flores 5, Porto[\s\S]*41\.1413, -8\.611/);
      await shows(inn('contacts'), /João Costa[\s\S]*\+351 933 000 111/);
      await loaded(inn('image').getByRole('img', { name: 'image: The box' }));

      // The whole thread in one picture, every send read: the log grown to its content.
      await eventually(
        async () => (await log.locator('li.bubble.out .badge.status-read').count()) === Object.keys(ours).length,
      );
      await log.evaluate((el) => ((el as HTMLElement).style.maxHeight = 'none'));
      for (const img of await log.locator('img').all()) await loaded(img);
      await page
        .locator('.thread-view')
        .screenshot({ path: path.join(SHOTS, 'thread-all-desktop.jpg'), type: 'jpeg', quality: 60 });
      await page.setViewportSize({ width: 390, height: 844 });
      await page
        .locator('.thread-view')
        .screenshot({ path: path.join(SHOTS, 'thread-all-phone.jpg'), type: 'jpeg', quality: 60 });
      await page.setViewportSize({ width: 1280, height: 860 });
      await dashboard.shoot('thread');
    });
  });
}
