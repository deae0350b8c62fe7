/**
 * Every type in a one-line summary in the messages list, and its content on the message page with
 * the thread's renderer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '../helpers.js';
import { threadKit, type Thread } from './kit.js';

export function listCases(thread: () => Thread): void {
  const { loaded } = threadKit(thread);
  describe('the messages list and the message page', () => {
    it('shows a one-line summary of every type in the messages list', async () => {
      const { dashboard, page, ours } = thread();
      await dashboard.go('/messages');
      /** The summary of a message, once it matches `pattern` (a template's or file's lookup answered). */
      const summary = async (name: string, pattern: RegExp) => {
        const link = page.locator(`a[href="#/messages/${ours[name]!.id}"]`);
        await eventually(async () => pattern.test(await link.innerText())).catch(() => {});
        return link.innerText();
      };
      const expected: Record<string, RegExp> = {
        text: /^Yes, it is ready\.$/,
        template: /^Template thread_pickup \(en_US\): Your order B-12 is ready for pickup at the front desk\.$/,
        image: /^Image parcel\.png: Your parcel$/,
        document: /^Document receipt\.pdf: Your receipt$/,
        audio: /^Audio voice-note\.mp3$/,
        buttons: /^When should we deliver\? \[Friday · Later, please\]$/,
        list: /^Choose where to collect it\. \[Choose a point: 3 options\]$/,
        cta: /^Track your parcel online\. \[Track parcel\]$/,
        location: /^Location: Tidings Shop Chiado, Rua Garrett 12, Lisbon$/,
        contacts: /^Contact card: Maria Santos$/,
        reaction: /^Reaction 👍$/,
      };
      for (const [name, pattern] of Object.entries(expected)) assert.match(await summary(name, pattern), pattern, name);
      for (const text of await page.locator('table.list td[data-label="Message"] a').allInnerTexts())
        assert.doesNotMatch(text, /^(tpl|med|msg)_/);
      await dashboard.shoot('messages-every-type');
    });

    it('shows the content on the message page with the same renderer', async () => {
      const { dashboard, page, ours } = thread();
      const show = async (name: string) => {
        await dashboard.go(`/messages/${ours[name]!.id}`);
        return page.locator('dl.facts');
      };
      await (await show('location')).getByText('Tidings Shop Chiado').waitFor();
      await (await show('template')).getByRole('link', { name: 'thread_pickup' }).waitFor();
      const image = await show('image');
      await loaded(image.getByRole('img', { name: 'image: Your parcel' }));
      await (await show('reaction')).getByText('Hello, is my order ready?').waitFor();
      await (await show('contacts')).getByText('Maria Santos').waitFor();
      await dashboard.shoot('message-every-type');
    });
  });
}
