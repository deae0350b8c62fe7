/**
 * Blocked customers: the blocked list and a sync with blocks made or lifted at the platform; a send
 * refused up front (the block suppresses them) and, past an allowed override, failed by the platform;
 * a test key's blocks, recorded for test keys only and never sent to the platform.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BlockedContact, BlockSyncResult } from '../../src/contacts/block.schemas.js';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { eventually } from '../helpers.js';
import { blocksKit, type Blocks, type Page } from './kit.js';

export function blockedCases(blocks: () => Blocks): void {
  const { platformList, blockCalls, contactByPhone, wroteNow } = blocksKit(blocks);
  describe('blocked customers', () => {
    it('lists blocked customers, and a sync brings in blocks made at the platform and drops those lifted there', async () => {
      const { h, token } = blocks();
      const kept = await wroteNow('+16505550131');
      const elsewhere = await wroteNow('+16505550132');
      assert.equal((await h.api('POST', `/v1/contacts/${kept.id}/block`, { key: h.account.liveKey })).status, 200);
      // Another tool blocks one customer and lifts the other, at the platform directly.
      const graph = (method: string, user: string) =>
        fetch(`${h.simUrl}/v23.0/${h.account.phoneNumberId}/block_users`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ messaging_product: 'whatsapp', block_users: [{ user }] }),
        });
      assert.equal((await graph('POST', '16505550132')).status, 200);
      assert.equal((await graph('DELETE', '16505550131')).status, 200);

      const before = (
        await h.api<Page<BlockedContact>>('GET', '/v1/contacts/blocked', { key: h.account.liveKey })
      ).body.data.map((b) => b.contactId);
      assert.deepEqual(before, [kept.id]);
      const sync = await h.api<BlockSyncResult>('POST', '/v1/contacts/blocks/sync', { key: h.account.liveKey });
      assert.equal(sync.status, 200, sync.text);
      assert.deepEqual(sync.body, { added: 1, removed: 1, unknown: 0, blocked: 1 });
      const listed = (await h.api<Page<BlockedContact>>('GET', '/v1/contacts/blocked', { key: h.account.liveKey })).body
        .data;
      assert.deepEqual(
        listed.map((b) => [b.contactId, b.phone, b.source]),
        [[elsewhere.id, '+16505550132', 'sync']],
      );
      assert.equal(
        (await h.api<Contact>('GET', `/v1/contacts/${kept.id}`, { key: h.account.liveKey })).body.blocked,
        null,
      );
      // Clean up for the next case.
      await h.api('POST', `/v1/contacts/${elsewhere.id}/unblock`, { key: h.account.liveKey });
    });

    it('a message to a blocked customer is refused up front; past an allowed override the platform fails it; unblocking lifts the suppression', async () => {
      const { h } = blocks();
      const c = await wroteNow('+16505550141');
      const blocked = await h.api<Contact>('POST', `/v1/contacts/${c.id}/block`, { key: h.account.liveKey });
      assert.equal(blocked.status, 200);
      // The block suppressed the customer on this number (reason `blocked`, docs/api.md §D23, §D25).
      const shown = (await h.api<Contact>('GET', `/v1/contacts/${c.id}`, { key: h.account.liveKey })).body;
      assert.equal(shown.suppression?.reason, 'blocked');
      const refused = await h.api('POST', '/v1/messages', {
        key: h.account.liveKey,
        body: { type: 'text', to: c.phone, text: 'Are you there?' },
      });
      assert.equal(refused.status, 409, refused.text);
      assert.equal(refused.body.error.code, 'recipient_suppressed');

      // The operator allows overrides (the admin CLI's `accounts consent`; docs/api.md §D23).
      await h.deps.suppressions.updateSettings(h.account.id, { allowSuppressionOverride: true }, 'operator');
      try {
        const sent = await h.api<Message>('POST', '/v1/messages', {
          key: h.account.liveKey,
          body: { type: 'text', to: c.phone, text: 'Are you there?', suppression: 'ignore' },
        });
        assert.equal(sent.status, 201, sent.text);
        const failed = await eventually(async () => {
          const m = (await h.api<Message>('GET', `/v1/messages/${sent.body.id}`, { key: h.account.liveKey })).body;
          return m.status === 'failed' && m;
        });
        assert.equal(failed.error?.code, '131026');
      } finally {
        await h.deps.suppressions.updateSettings(h.account.id, { allowSuppressionOverride: false }, 'operator');
      }

      assert.equal((await h.api('POST', `/v1/contacts/${c.id}/unblock`, { key: h.account.liveKey })).status, 200);
      assert.equal(
        (await h.api<Contact>('GET', `/v1/contacts/${c.id}`, { key: h.account.liveKey })).body.suppression,
        null,
      );
    });

    it('on a test key, blocks are recorded for test keys only and never reach the platform', async () => {
      const { h } = blocks();
      const sent = await h.api('POST', '/v1/test_helpers/inbound_messages', {
        key: h.account.testKey,
        body: { from: '+16505550151', text: 'hi' },
      });
      assert.ok(sent.status < 300, sent.text);
      const c = await contactByPhone('+16505550151', h.account.testKey);
      const calls = await blockCalls();
      const res = await h.api<Contact>('POST', `/v1/contacts/${c.id}/block`, { key: h.account.testKey });
      assert.equal(res.status, 200, res.text);
      assert.ok(res.body.blocked);
      assert.equal(await blockCalls(), calls);
      assert.ok(!(await platformList()).includes('16505550151'));
      const blockedOf = async (key: string) =>
        (await h.api<Page<BlockedContact>>('GET', '/v1/contacts/blocked', { key })).body.data.map((b) => b.contactId);
      assert.ok((await blockedOf(h.account.testKey)).includes(c.id));
      assert.ok(!(await blockedOf(h.account.liveKey)).includes(c.id));
    });
  });
}
