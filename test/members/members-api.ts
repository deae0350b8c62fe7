/** The members API: the owner rules, the last owner, and what a removal takes away. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { person } from './kit.js';

export function memberCases(harness: () => Harness): void {
  describe('members', () => {
    it('lists the members; an admin cannot change or make an owner (owner_required)', async () => {
      const h = harness();
      const account = await h.newAccount('Owners');
      const owner = await person(h, 'owner', account.id);
      const admin = await person(h, 'admin', account.id);
      const listed = await admin.api('GET', '/v1/members');
      assert.equal(listed.status, 200, listed.text);
      assert.deepEqual(
        listed.body.data.map((m: any) => [m.id, m.role]),
        [
          [owner.id, 'owner'],
          [admin.id, 'admin'],
        ],
      );
      const demote = await admin.api('PATCH', `/v1/members/${owner.id}`, { role: 'viewer' });
      assert.deepEqual([demote.status, demote.body.error?.code], [403, 'owner_required']);
      const promote = await admin.api('PATCH', `/v1/members/${admin.id}`, { role: 'owner' });
      assert.deepEqual([promote.status, promote.body.error?.code], [403, 'owner_required']);
      const remove = await admin.api('DELETE', `/v1/members/${owner.id}`);
      assert.deepEqual([remove.status, remove.body.error?.code], [403, 'owner_required']);
      const made = await owner.api('PATCH', `/v1/members/${admin.id}`, { role: 'owner' });
      assert.deepEqual([made.status, made.body.role], [200, 'owner']);
    });

    it('never leaves an account without an owner (last_owner), and a role change is immediate', async () => {
      const h = harness();
      const account = await h.newAccount('Last');
      const owner = await person(h, 'owner', account.id);
      const dev = await person(h, 'developer', account.id);
      const self = await owner.api('PATCH', `/v1/members/${owner.id}`, { role: 'admin' });
      assert.deepEqual([self.status, self.body.error?.code], [409, 'last_owner']);
      const leave = await owner.api('DELETE', `/v1/members/${owner.id}`);
      assert.deepEqual([leave.status, leave.body.error?.code], [409, 'last_owner']);
      assert.equal((await dev.api('GET', '/v1/api_keys')).status, 200);
      assert.equal((await owner.api('PATCH', `/v1/members/${dev.id}`, { role: 'agent' })).status, 200);
      const after = await dev.api('GET', '/v1/api_keys');
      assert.deepEqual([after.status, after.body.error?.code], [403, 'permission_denied']);
      const none = await owner.api('PATCH', '/v1/members/usr_nobody', { role: 'agent' });
      assert.deepEqual([none.status, none.body.error?.code], [404, 'member_not_found']);
    });

    it('a removal revokes the keys the member made there and ends their sessions in it', async () => {
      const h = harness();
      const account = await h.newAccount('Leavers');
      const owner = await person(h, 'owner', account.id);
      const dev = await person(h, 'developer', account.id);
      const made = await dev.api('POST', '/v1/api_keys', { mode: 'test', name: 'CI' });
      assert.equal(made.status, 201, made.text);
      assert.equal((await h.api('GET', '/v1/messages', { key: made.body.key })).status, 200);
      const removed = await owner.api('DELETE', `/v1/members/${dev.id}`);
      assert.deepEqual([removed.status, removed.body.role], [200, 'developer']);
      assert.equal((await h.api('GET', '/v1/messages', { key: made.body.key })).status, 401);
      assert.equal((await dev.api('GET', '/v1/api_keys')).status, 401);
      const keys = await owner.api('GET', '/v1/api_keys');
      assert.notEqual(keys.body.data.find((k: any) => k.id === made.body.id).revokedAt, null);
      const trail = await h.deps.store.read
        .selectFrom('audit_events')
        .select(['action', 'object_id'])
        .where('chain', '=', account.id)
        .where('object_id', 'in', [made.body.id, dev.id])
        .orderBy('created_at')
        .execute();
      assert.deepEqual(trail.map((e) => e.action).sort(), ['api_key.created', 'api_key.revoked', 'member.removed']);
    });
  });
}
