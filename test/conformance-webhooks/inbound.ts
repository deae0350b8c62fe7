/**
 * Inbound message webhooks against the fixtures, in Meta's era and pywa's (BSUIDs with parents).
 */
import { describe, it } from 'node:test';
import { assertSameShape } from '../conformance/shape.js';
import { PNID, textTo, type SimHarness } from '../conformance/sim.js';
import { fixture } from '../helpers.js';
import { webhooksKit } from './kit.js';

export function inboundCases(sim: () => SimHarness): void {
  const { era, inbound } = webhooksKit(sim);
  describe('inbound messages', () => {
    it('inbound messages', async () => {
      const s = sim();
      await era('meta');
      assertSameShape(
        (await inbound({ from: '+16505551234', text: 'Does it come in another color?' })).body,
        fixture('webhook-inbound-text.json'),
        'webhook-inbound-text.json',
      );
      assertSameShape(
        (await inbound({ from: '+16505551234', type: 'image', image: { caption: 'Taj Mahal' } })).body,
        fixture('webhook-inbound-image.json'),
        'webhook-inbound-image.json',
      );
      await era('pywa');
      const from = '+972987654321';
      assertSameShape(
        (await inbound({ from, text: 'Body Text' })).body,
        fixture('webhook-inbound-text-with-user-id.json'),
        'webhook-inbound-text-with-user-id.json',
      );
      // pywa's image and document captures predate `url` (rolled out from Nov 2025, docs/platform.md §4.5).
      const noUrl = (kind: string) => ({ ignore: [`.entry[].changes[].value.messages[].${kind}.url`] });
      assertSameShape(
        (await inbound({ from, type: 'image' })).body,
        fixture('webhook-inbound-image-no-url.json'),
        'webhook-inbound-image-no-url.json',
        noUrl('image'),
      );
      assertSameShape(
        (
          await inbound({
            from,
            type: 'document',
            document: { caption: 'caption', filename: 'filename.pdf' },
            forwarded: true,
          })
        ).body,
        fixture('webhook-inbound-document-forwarded.json'),
        'webhook-inbound-document-forwarded.json',
        noUrl('document'),
      );
      await s.control('POST', '/_simulator/inbound', { to: PNID, from, text: 'open' });
      const business = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(from))).body.messages[0].id;
      assertSameShape(
        (await inbound({ from, text: 'replied text', contextMessageId: business })).body,
        fixture('webhook-inbound-reply-with-context.json'),
        'webhook-inbound-reply-with-context.json',
      );
      assertSameShape(
        (await inbound({ from, type: 'button', button: { payload: 'callback_data', text: 'title' } })).body,
        fixture('webhook-inbound-template-quick-reply-button.json'),
        'webhook-inbound-template-quick-reply-button.json',
      );
      assertSameShape(
        (
          await inbound({
            from,
            type: 'interactive',
            interactive: { type: 'button_reply', button_reply: { id: 'callback_data', title: 'title' } },
          })
        ).body,
        fixture('webhook-inbound-interactive-button-reply.json'),
        'webhook-inbound-interactive-button-reply.json',
      );
      // pywa's capture words it as webhooks from v25.0 do (`unsupported`, not `unknown`), without the
      // `unsupported.type` Meta's reference of 2026-03-20 adds (docs/platform.md §0.2).
      await sim().config({ webhookVersion: 'v25.0' });
      assertSameShape(
        (await inbound({ from, type: 'unsupported' })).body,
        fixture('webhook-inbound-unsupported-131051.json'),
        'webhook-inbound-unsupported-131051.json',
        { ignore: ['.entry[].changes[].value.messages[].unsupported'] },
      );
      await sim().config({ webhookVersion: 'v23.0' });
      assertSameShape(
        (await inbound({ from, type: 'interactive', unparsed: true, contextMessageId: business })).body,
        fixture('webhook-value-errors-131000.json'),
        'webhook-value-errors-131000.json',
      );
    });
  });
}
