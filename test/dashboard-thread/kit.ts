/**
 * What the dashboard thread cases share: the entry's harness, browser and page, the messages it
 * seeded both ways and the customer's contact (`Thread`), and the calls the seeding and the cases
 * make: a picture drawn by the browser, an upload, a send and its wamid, a customer message, and a
 * bubble's content.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Media } from '../../src/media/media.schemas.js';
import type { InboundMessage, Message } from '../../src/messages/schemas/message.schemas.js';
import type { DashboardBrowser } from '../browser.js';
import { dispatched } from '../factories.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { multipart } from '../multipart.js';

/** The customer of the thread. */
export const customer = '+16505551970';

/** The entry's harness and browser, and what its `before` seeded. */
export interface Thread {
  h: Harness;
  dashboard: DashboardBrowser;
  page: Page;
  /** Our sends by name, and the customer's messages by name (`in_` ids). */
  ours: Record<string, Message>;
  theirs: Record<string, string>;
  contact: Contact;
}

/** The calls, on what `thread` gives when they run. */
export function threadKit(thread: () => Thread) {
  /** A picture drawn by the browser (the fixtures' PNG is one pixel): a parcel label. */
  const drawnPng = (label: string, colour: string) =>
    thread().page.evaluate(
      ([text, fill]) => {
        const canvas = Object.assign(document.createElement('canvas'), { width: 240, height: 150 });
        const g = canvas.getContext('2d')!;
        g.fillStyle = fill!;
        g.fillRect(0, 0, 240, 150);
        g.fillStyle = '#fff';
        g.fillRect(20, 40, 200, 70);
        g.fillStyle = '#1d2430';
        g.font = 'bold 22px sans-serif';
        g.fillText(text!, 34, 84);
        return canvas.toDataURL('image/png').split(',')[1]!;
      },
      [label, colour],
    );
  const upload = async (filename: string, type: string, data: Buffer) => {
    const { h } = thread();
    const { body, contentType } = multipart({ file: { filename, type, data } });
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/media/',
      headers: { 'x-api-key': h.account.liveKey, 'content-type': contentType },
      payload: body,
    });
    assert.equal(res.statusCode, 201, res.body);
    return JSON.parse(res.body) as Media;
  };
  const send = async (name: string, body: Record<string, unknown>) => {
    const { h, ours } = thread();
    const res = await h.api<Message>('POST', '/v1/messages/', { body: { to: customer, ...body } });
    assert.equal(res.status, 201, `${name}: ${res.text}`);
    ours[name] = res.body;
    return res.body;
  };
  const wamidOf = async (name: string) => {
    const { h, ours } = thread();
    return (await dispatched(h, ours[name]!.id)).platformMessageId!;
  };
  /** A customer message through the simulator's control API (docs/simulator.md), by its `in_` id once Tidings stored it. */
  const customerSends = async (name: string, body: Record<string, unknown>) => {
    const { h, theirs } = thread();
    const { wamid } = await h.customerSends(customer, body);
    theirs[name] = await eventually(async () => {
      const timeline = await h.api<{ data: { inbound: InboundMessage | null }[] }>(
        'GET',
        `/v1/contacts/${thread().contact?.id ?? ''}/messages?limit=100`,
      );
      return timeline.body.data?.find((e) => e.inbound?.platformMessageId === wamid)?.inbound?.id;
    });
  };

  /** The text of a bubble without its time, status and links line. */
  const contentOf = (bubble: Locator) =>
    bubble.evaluate((li) =>
      [...li.children]
        .filter((c) => !c.classList.contains('bubble-meta'))
        .map((c) => (c as HTMLElement).innerText)
        .join('\n'),
    );
  /** Waits until the bubble's content matches (lookups fill it in), else fails showing what it says. */
  const shows = async (bubble: Locator, pattern: RegExp) => {
    await eventually(async () => pattern.test(await contentOf(bubble))).catch(async () =>
      assert.match(await contentOf(bubble), pattern),
    );
  };
  /** Waits until an image has loaded and decoded. */
  const loaded = (img: Locator) =>
    eventually(() => img.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));

  return { drawnPng, upload, send, wamidOf, customerSends, contentOf, shows, loaded };
}
