/**
 * Blocking and unblocking: one customer (the platform holds the block, the contact shows it, events
 * are recorded), many in one platform request with a result per contact and the platform's per-user
 * refusal, and the refusals Tidings makes before asking the platform (409, 422, 404, 400).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BlockResultList } from '../../src/contacts/block.schemas.js';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Event } from '../../src/events/event.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { approvedTemplate } from '../factories.js';
import { blocksKit, type Blocks, type Page } from './kit.js';

export function blockingCases(blocks: () => Blocks): void {
  const { platformList, blockCalls, wroteNow, wroteOnlyHere } = blocksKit(blocks);
  describe('blocking and unblocking', () => {
    it('blocks and unblocks one customer: the platform holds the block, the contact shows it, events are recorded', async () => {
      const { h } = blocks();
      const c = await wroteNow('+16505550101');
      assert.equal(c.blocked, null);
      const blocked = await h.api<Contact>('POST', `/v1/contacts/${c.id}/block`, { key: h.account.liveKey });
      assert.equal(blocked.status, 200, blocked.text);
      assert.equal(blocked.body.blocked?.source, 'api');
      assert.deepEqual(await platformList(), ['16505550101']);
      assert.ok((await h.api<Contact>('GET', `/v1/contacts/${c.id}`, { key: h.account.liveKey })).body.blocked);
      // Idempotent: a second block is a success and asks the platform nothing.
      const calls = await blockCalls();
      const again = await h.api<Contact>('POST', `/v1/contacts/${c.id}/block`, { key: h.account.liveKey });
      assert.deepEqual([again.status, again.body.blocked?.at], [200, blocked.body.blocked?.at]);
      assert.equal(await blockCalls(), calls);

      const unblocked = await h.api<Contact>('POST', `/v1/contacts/${c.id}/unblock`, { key: h.account.liveKey });
      assert.deepEqual([unblocked.status, unblocked.body.blocked], [200, null]);
      assert.deepEqual(await platformList(), []);
      const events = (
        await h.api<Page<Event>>('GET', '/v1/events?limit=100', { key: h.account.liveKey })
      ).body.data.filter((e) => (e.data.object as Contact).id === c.id);
      assert.deepEqual(events.map((e) => e.type).sort(), ['contact.blocked', 'contact.unblocked']);
    });

    it("blocks many in one platform request, with a result per contact and the platform's per-user refusal", async () => {
      const { h } = blocks();
      const a = await wroteNow('+16505550111');
      const b = await wroteNow('+16505550112');
      // The service saw this customer write; the platform did not: it refuses them (131047), not the others.
      const stranger = await wroteOnlyHere('+16505550113');
      const calls = await blockCalls();
      const res = await h.api<BlockResultList>('POST', '/v1/contacts/block', {
        key: h.account.liveKey,
        body: { contactIds: [a.id, stranger.id, 'ct_nobody', b.id] },
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(await blockCalls(), calls + 1);
      const byId = new Map(res.body.data.map((r) => [r.contactId, r]));
      assert.deepEqual(
        res.body.data.map((r) => r.contactId),
        [a.id, stranger.id, 'ct_nobody', b.id],
      );
      assert.equal(byId.get(a.id)?.outcome, 'blocked');
      assert.equal(byId.get(b.id)?.outcome, 'blocked');
      assert.deepEqual(
        [
          byId.get(stranger.id)?.outcome,
          byId.get(stranger.id)?.error?.code,
          byId.get(stranger.id)?.error?.platformError?.code,
        ],
        ['failed', 'block_window_closed', '131047'],
      );
      assert.deepEqual(
        [byId.get('ct_nobody')?.outcome, byId.get('ct_nobody')?.error?.code],
        ['failed', 'contact_not_found'],
      );
      assert.deepEqual((await platformList()).sort(), ['16505550111', '16505550112']);
      assert.equal(
        (await h.api<Contact>('GET', `/v1/contacts/${stranger.id}`, { key: h.account.liveKey })).body.blocked,
        null,
      );

      const undone = await h.api<BlockResultList>('POST', '/v1/contacts/unblock', {
        key: h.account.liveKey,
        body: { contactIds: [a.id, b.id] },
      });
      assert.deepEqual(
        undone.body.data.map((r) => r.outcome),
        ['unblocked', 'unblocked'],
      );
      assert.deepEqual(await platformList(), []);
    });

    it('refuses up front, without asking the platform, a customer who wrote over 24 hours ago (409) and one it could not name (422)', async () => {
      const { h } = blocks();
      const old = await wroteOnlyHere('+16505550121', 25 * 60 * 60 * 1000);
      const template = await approvedTemplate(h, { name: 'block_notice', body: 'Your order has shipped.' });
      const sent = await h.api<Message>('POST', '/v1/messages', {
        key: h.account.liveKey,
        body: { type: 'template', to: 'US.ENT.11815799212886844830', templateId: template.id },
      });
      assert.equal(sent.status, 201, sent.text);
      const parentOnly = (
        await h.api<Page<Contact>>('GET', '/v1/contacts?limit=100', { key: h.account.liveKey })
      ).body.data.find((c) => c.parentUserId === 'US.ENT.11815799212886844830');
      assert.ok(parentOnly && parentOnly.phone === null && parentOnly.userId === null);
      const calls = await blockCalls();

      const late = await h.api('POST', `/v1/contacts/${old.id}/block`, { key: h.account.liveKey });
      assert.deepEqual([late.status, late.body.error.code, late.body.error.param], [409, 'block_window_closed', 'id']);
      const nameless = await h.api('POST', `/v1/contacts/${parentOnly.id}/block`, { key: h.account.liveKey });
      assert.deepEqual([nameless.status, nameless.body.error.code], [422, 'contact_not_blockable']);
      const missing = await h.api('POST', '/v1/contacts/ct_nobody/block', { key: h.account.liveKey });
      assert.deepEqual([missing.status, missing.body.error.code], [404, 'contact_not_found']);
      const bulk = await h.api<BlockResultList>('POST', '/v1/contacts/block', {
        key: h.account.liveKey,
        body: { contactIds: [old.id, parentOnly.id] },
      });
      assert.deepEqual(
        bulk.body.data.map((r) => r.error?.code),
        ['block_window_closed', 'contact_not_blockable'],
      );
      assert.equal(await blockCalls(), calls, 'no request reached the platform');
      const tooMany = await h.api('POST', '/v1/contacts/block', {
        key: h.account.liveKey,
        body: { contactIds: Array.from({ length: 1001 }, (_, i) => `ct_${i}`) },
      });
      assert.equal(tooMany.status, 400);
    });
  });
}
