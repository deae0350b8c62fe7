/**
 * Routed sends on a number with Direct Send: sent as one with the time left of the validity period
 * as time to live, its generated template listed, its button taps linked, dropped at the end of its
 * time to live; the fallback once the platform blocks it.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Template } from '../../src/templates/template.schemas.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { approvedTemplate } from '../factories.js';
import { routingKit, type RoutingScope } from './kit.js';

export function directSendCases(scope: () => RoutingScope): void {
  const { get, settled, requests, directSend, numberOf, acceptedThenWindowCloses } = routingKit(scope);

  describe('on a number with Direct Send', () => {
    let acct: Harness['account'];
    let ownFallback: () => Record<string, unknown>;
    before(async () => {
      const { h } = scope();
      acct = await h.newAccount('Direct');
      await directSend(acct.phoneNumberId, 'enabled');
      const t = await approvedTemplate(
        h,
        {
          name: 'order_update',
          body: 'Hi {{1}}, your order {{2}} has an update.',
          variables: [{ example: 'Maria' }, { example: 'A-1' }],
        },
        acct.liveKey,
      );
      ownFallback = () => ({ templateId: t.id, variables: { '1': 'Ana', '2': 'A-77' } });
    });

    it('sends a text as a Direct Send with the time left of its validity period as its time to live, and lists its generated template', async () => {
      const { h } = scope();
      const message = await acceptedThenWindowCloses(
        '+16505580011',
        { type: 'text', text: 'Your refund of 12.50 EUR was paid.', fallback: ownFallback() },
        acct.liveKey,
        acct.phoneNumberId,
      );
      const sent = await settled(message.id, acct.liveKey);
      assert.equal(sent.deliveredAs, 'direct_send', JSON.stringify(sent));
      const [request, ...more] = requests(message.id);
      assert.equal(more.length, 0);
      assert.deepEqual(
        [request.type, request.text.body, request.category],
        ['text', 'Your refund of 12.50 EUR was paid.', 'utility'],
      );
      // Sent at the clock's 24.5 h; valid until 1 h + 24 h: 30 minutes left.
      assert.equal(request.ttl_seconds, 1800);
      assert.equal((await numberOf(acct.liveKey)).directSend, 'enabled');
      // Its statuses name the template the platform generated: linked, listed read-only.
      const linked = await eventually(async () => (await get(message.id, acct.liveKey)).generatedTemplateId);
      const generated = await eventually(async () => {
        const t = (await h.api<Template>('GET', `/v1/templates/${linked}`, { key: acct.liveKey })).body;
        return t.body !== '' && t;
      });
      assert.equal(generated.source, 'generated');
      assert.equal(generated.status, 'approved');
      assert.match(generated.body, /refund/);
      const edit = await h.api('PATCH', `/v1/templates/${linked}`, { key: acct.liveKey, body: { body: 'Changed' } });
      assert.deepEqual([edit.status, edit.body.error.code], [409, 'template_not_editable']);
      const del = await h.api('DELETE', `/v1/templates/${linked}`, { key: acct.liveKey });
      assert.deepEqual([del.status, del.body.error.code], [409, 'template_not_editable']);
      const asTemplate = await h.api('POST', '/v1/messages', {
        key: acct.liveKey,
        body: { to: '+16505580011', type: 'template', templateId: linked },
      });
      assert.deepEqual([asTemplate.status, asTemplate.body.error.code], [409, 'template_not_approved']);
    });

    it('links a tap on a Direct Send reply button to its message', async () => {
      const { h } = scope();
      const message = await acceptedThenWindowCloses(
        '+16505580012',
        {
          type: 'interactive',
          interactive: {
            kind: 'buttons',
            body: 'Can we deliver on Friday?',
            buttons: [
              { id: 'yes', title: 'Yes' },
              { id: 'no', title: 'No' },
            ],
          },
        },
        acct.liveKey,
        acct.phoneNumberId,
      );
      const sent = await settled(message.id, acct.liveKey);
      assert.equal(sent.deliveredAs, 'direct_send');
      const answer = await h.customerSends(
        '+16505580012',
        {
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
          contextMessageId: sent.platformMessageId,
        },
        acct.phoneNumberId,
      );
      const tap = (
        await h.api('GET', `/v1/inbound_messages/${encodeURIComponent(answer.wamid)}`, { key: acct.liveKey })
      ).body;
      // The platform reports a Direct Send tap in the template button format.
      assert.equal(tap.type, 'button');
      assert.deepEqual([tap.reply.id, tap.context.messageId], ['yes', message.id]);
    });

    it('fails a Direct Send the platform dropped at the end of its time to live with ttl_expired', async () => {
      const { h, clock } = scope();
      const to = '+16505580013';
      const message = await acceptedThenWindowCloses(
        to,
        { type: 'text', text: 'Your table is ready.', fallback: ownFallback() },
        acct.liveKey,
        acct.phoneNumberId,
      );
      const reachable = await fetch(`${h.simUrl}/_simulator/users/${to.slice(1)}/reachable`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reachable: false }),
      });
      assert.equal(reachable.status, 200, await reachable.text());
      const sent = await settled(message.id, acct.liveKey);
      assert.equal(sent.deliveredAs, 'direct_send');
      assert.equal(requests(message.id)[0].ttl_seconds, 1800);
      // Sent, never delivered: once its 30 minutes and the margin for late reports have passed, it failed.
      await eventually(async () => (await get(message.id, acct.liveKey)).status === 'sent');
      clock.advance(30 * 60_000 + 16 * 60_000);
      const failed = await eventually(async () => {
        const m = await get(message.id, acct.liveKey);
        return m.status === 'failed' && m;
      });
      assert.equal(failed.error!.code, 'ttl_expired');
    });

    it('falls back to the template when the platform has blocked Direct Send, and marks the number blocked', async () => {
      await directSend(acct.phoneNumberId, 'blocked');
      const message = await acceptedThenWindowCloses(
        '+16505580014',
        { type: 'text', text: 'Your card was renewed.', fallback: ownFallback() },
        acct.liveKey,
        acct.phoneNumberId,
      );
      const sent = await settled(message.id, acct.liveKey);
      assert.equal(sent.deliveredAs, 'template');
      assert.equal((await numberOf(acct.liveKey)).directSend, 'blocked');
    });
  });
}
