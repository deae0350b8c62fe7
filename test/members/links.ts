/** Invitations and one-time links: invite, describe, accept (a person and a session), once only, until expiry. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness, Response } from '../harness.js';
import { person } from './kit.js';

const PASSWORD = 'correct horse battery staple';

/** The token at the end of a `…/dashboard/#/join/<token>` link. */
function tokenOf(link: string): string {
  const match = /\/dashboard\/#\/join\/([A-Za-z0-9]{40})$/.exec(link);
  assert.ok(match, link);
  return match[1]!;
}

/** Calls as whoever holds the cookie an acceptance set. */
function asCookie(h: Harness, accepted: Response) {
  const set = [accepted.headers['set-cookie']].flat().find((c) => c?.startsWith('tidings_session='));
  assert.ok(set, 'a session cookie');
  const cookie = set.split(';')[0]!;
  return (method: 'GET' | 'POST', url: string) =>
    h.api(method, url, { key: null, headers: { cookie, origin: 'http://localhost:80' } });
}

function accept(h: Harness, token: string, body: Record<string, unknown>) {
  return h.api('POST', `/v1/links/${token}/accept`, { key: null, body, headers: { origin: 'http://localhost:80' } });
}

export function linkCases(harness: () => Harness): void {
  describe('invitations and links', () => {
    it('an invitation accepted makes a member with its role, signed in; a second use is link_invalid', async () => {
      const h = harness();
      const account = await h.newAccount('Invites');
      const owner = await person(h, 'owner', account.id);
      const invited = await owner.api('POST', '/v1/invitations', { email: 'Ana@Example.com', role: 'admin' });
      assert.equal(invited.status, 200, invited.text);
      assert.deepEqual([invited.body.email, invited.body.role], ['ana@example.com', 'admin']);
      const token = tokenOf(invited.body.link);
      const pending = await owner.api('GET', '/v1/invitations');
      assert.deepEqual(
        pending.body.data.map((i: any) => i.id),
        [invited.body.id],
      );
      const shown = await h.api('GET', `/v1/links/${token}`, { key: null });
      assert.equal(shown.status, 200, shown.text);
      assert.deepEqual(shown.body, {
        kind: 'invite',
        email: 'ana@example.com',
        accountName: 'Invites',
        role: 'admin',
        existingPerson: false,
      });

      const weak = await accept(h, token, { name: 'Ana', password: 'short' });
      assert.deepEqual([weak.status, weak.body.error?.code], [400, 'password_too_weak']);
      const joined = await accept(h, token, { name: 'Ana', password: PASSWORD });
      assert.equal(joined.status, 200, joined.text);
      assert.deepEqual([joined.body.email, joined.body.name], ['ana@example.com', 'Ana']);
      const members = await asCookie(h, joined)('GET', '/v1/members');
      assert.equal(members.status, 200, members.text);
      assert.deepEqual(
        members.body.data.map((m: any) => [m.email, m.role]),
        [
          [owner.email, 'owner'],
          ['ana@example.com', 'admin'],
        ],
      );
      const hash = await h.deps.store.read
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', joined.body.id)
        .executeTakeFirstOrThrow();
      assert.match(hash.password_hash ?? '', /^\$argon2id\$/);

      const again = await accept(h, token, { name: 'Ana', password: PASSWORD });
      assert.deepEqual([again.status, again.body.error?.code], [400, 'link_invalid']);
      const gone = await h.api('GET', `/v1/links/${token}`, { key: null });
      assert.deepEqual([gone.status, gone.body.error?.code], [400, 'link_invalid']);
      assert.deepEqual((await owner.api('GET', '/v1/invitations')).body.data, []);
    });

    it("a viewer's cookie gets the viewer's answer from GET /v1/members (permission_denied)", async () => {
      const h = harness();
      const account = await h.newAccount('Viewers');
      const owner = await person(h, 'owner', account.id);
      const invited = await owner.api('POST', '/v1/invitations', { email: 'vic@example.com', role: 'viewer' });
      const joined = await accept(h, tokenOf(invited.body.link), { name: 'Vic', password: PASSWORD });
      assert.equal(joined.status, 200, joined.text);
      const members = await asCookie(h, joined)('GET', '/v1/members');
      assert.deepEqual([members.status, members.body.error?.code], [403, 'permission_denied']);
    });

    it('an expired, a revoked link is link_invalid; an admin inviting an owner is owner_required', async () => {
      const h = harness();
      const account = await h.newAccount('Expiry');
      const admin = await person(h, 'admin', account.id);
      const ownerInvite = await admin.api('POST', '/v1/invitations', { email: 'boss@example.com', role: 'owner' });
      assert.deepEqual([ownerInvite.status, ownerInvite.body.error?.code], [403, 'owner_required']);

      const invited = await admin.api('POST', '/v1/invitations', { email: 'late@example.com', role: 'agent' });
      assert.equal(invited.status, 200, invited.text);
      await h.deps.store.write((tx) =>
        tx
          .updateTable('one_time_links')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('id', '=', invited.body.id)
          .execute(),
      );
      const late = await accept(h, tokenOf(invited.body.link), { name: 'Late', password: PASSWORD });
      assert.deepEqual([late.status, late.body.error?.code], [400, 'link_invalid']);

      const other = await admin.api('POST', '/v1/invitations', { email: 'nope@example.com', role: 'agent' });
      const revoked = await admin.api('DELETE', `/v1/invitations/${other.body.id}`);
      assert.deepEqual([revoked.status, revoked.body.id], [200, other.body.id]);
      const twice = await admin.api('DELETE', `/v1/invitations/${other.body.id}`);
      assert.deepEqual([twice.status, twice.body.error?.code], [404, 'member_not_found']);
      const used = await accept(h, tokenOf(other.body.link), { name: 'Nope', password: PASSWORD });
      assert.deepEqual([used.status, used.body.error?.code], [400, 'link_invalid']);
    });

    it("the first owner's link makes an owner, who gives their email", async () => {
      const h = harness();
      const account = await h.newAccount('Firsts');
      const token = await h.deps.invitations.ownerLink(account.id);
      const shown = await h.api('GET', `/v1/links/${token}`, { key: null });
      assert.deepEqual(shown.body, {
        kind: 'owner',
        email: null,
        accountName: 'Firsts',
        role: 'owner',
        existingPerson: false,
      });
      const joined = await accept(h, token, { name: 'First', email: 'first@example.com', password: PASSWORD });
      assert.equal(joined.status, 200, joined.text);
      const members = await asCookie(h, joined)('GET', '/v1/members');
      assert.deepEqual(
        members.body.data.map((m: any) => [m.email, m.role]),
        [['first@example.com', 'owner']],
      );
      const existing = await h.deps.invitations.ownerLink(account.id);
      const taken = await accept(h, existing, { name: 'Again', email: 'first@example.com', password: PASSWORD });
      assert.deepEqual([taken.status, taken.body.error?.code], [400, 'parameter_invalid']);
      assert.match(taken.body.error.message, /sign in first/);
    });
  });
}
