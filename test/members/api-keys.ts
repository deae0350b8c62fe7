/** API keys made by people: shown once, bounded by their maker's role, listed without secrets, revoked. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { person } from './kit.js';

export function apiKeyCases(harness: () => Harness): void {
  describe('API keys for people', () => {
    it("a developer's key cannot change settings even with messages:send; it records when it was used", async () => {
      const h = harness();
      const account = await h.newAccount('Keys');
      const dev = await person(h, 'developer', account.id);
      const made = await dev.api('POST', '/v1/api_keys', { mode: 'live', scopes: ['messages:send', 'messages:read'] });
      assert.equal(made.status, 201, made.text);
      assert.match(made.body.key, /^sk_live_/);
      assert.equal(made.body.createdBy, dev.id);
      const consent = await h.api('PATCH', '/v1/account/consent', { key: made.body.key, body: {} });
      assert.deepEqual([consent.status, consent.body.error?.code], [403, 'permission_denied']);
      assert.match(consent.body.error.message, /settings:manage/);
      // The write of last_used_at is not awaited by the request: it lands soon after.
      const mine = await eventually(async () => {
        const listed = await dev.api('GET', '/v1/api_keys');
        const k = listed.body.data.find((k: any) => k.id === made.body.id);
        return k.lastUsedAt !== null && k;
      });
      assert.equal(mine.key, undefined, 'never the key itself');
      assert.equal(mine.hint, `sk_live_…${made.body.key.slice(-4)}`);
    });

    it('an agent cannot make keys; a key cannot make keys; another account’s key is not found', async () => {
      const h = harness();
      const account = await h.newAccount('Agents');
      const agent = await person(h, 'agent', account.id);
      const refused = await agent.api('POST', '/v1/api_keys', { mode: 'test' });
      assert.deepEqual([refused.status, refused.body.error?.code], [403, 'permission_denied']);
      assert.match(refused.body.error.message, /keys:manage/);
      const byKey = await h.api('POST', '/v1/api_keys', { key: account.liveKey, body: { mode: 'test' } });
      assert.deepEqual([byKey.status, byKey.body.error?.code], [403, 'permission_denied']);
      const admin = await person(h, 'admin', account.id);
      const other = (await h.deps.keys.listKeys(h.account.id))[0]!;
      const foreign = await admin.api('DELETE', `/v1/api_keys/${other.id}`);
      assert.deepEqual([foreign.status, foreign.body.error?.code], [404, 'api_key_not_found']);
      // The account's live key (its live and test keys were made in the same millisecond: find it by mode).
      const own = (await admin.api('GET', '/v1/api_keys')).body.data.find((k: { mode: string }) => k.mode === 'live');
      const revoked = await admin.api('DELETE', `/v1/api_keys/${own.id}`);
      assert.equal(revoked.status, 200, revoked.text);
      assert.notEqual(revoked.body.revokedAt, null);
      assert.equal((await h.api('GET', '/v1/messages', { key: account.liveKey })).status, 401);
    });
  });
}
