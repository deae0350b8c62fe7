/**
 * Blocking customers through the platform's Block Users API (issue 28, docs/api.md §D25): one
 * contact and many, through the simulator's `block_users` (whose list is what the platform holds);
 * a partial failure reported per contact; the refusals Tidings makes before asking the platform;
 * the blocked list and the sync with a block made at the platform directly; a send to a blocked
 * customer refused up front (the block suppresses them) and, past an allowed override, failed by the
 * platform; test keys, which never reach it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BlockedContact, BlockResultList, BlockSyncResult } from '../src/contacts/block.schemas.js';
import type { Contact } from '../src/contacts/contact.schemas.js';
import type { Event } from '../src/events/event.schemas.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture, valueOf } from './helpers.js';

type Page<T> = { data: T[]; has_more: boolean };

/** Every key path of a JSON value (`block_users.failed_users[].errors[].code`), arrays read through their first item. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.length === 0 ? [] : keyPaths(value[0], `${prefix}[]`);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    `${prefix}${prefix ? '.' : ''}${k}`,
    ...keyPaths(v, `${prefix}${prefix ? '.' : ''}${k}`),
  ]);
}

describe('blocking customers', () => {
  let h: Harness;
  let token: string;
  let wabaId: string;

  before(async () => {
    h = await startHarness();
    const sender = await h.deps.accounts.senderCredentials(h.account.phoneNumberId);
    token = sender.accessToken;
    wabaId = sender.wabaId;
  });
  after(() => h.close());

  /** The platform's blocklist of the number, as the simulator holds it (its Graph `GET block_users`). */
  const platformList = async (): Promise<string[]> => {
    const res = await fetch(`${h.simUrl}/v23.0/${h.account.phoneNumberId}/block_users?limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200);
    return ((await res.json()) as { data: { wa_id: string }[] }).data.map((u) => u.wa_id);
  };
  /** Calls of the Block Users API this service made so far (its platform metrics). */
  const blockCalls = async (): Promise<number> => {
    const metric = await h.deps.metrics.registry.getSingleMetric('tidings_platform_calls_total')!.get();
    return metric.values
      .filter((v) => v.labels.operation === 'block_users' || v.labels.operation === 'unblock_users')
      .reduce((n, v) => n + v.value, 0);
  };
  const contactByPhone = async (phone: string, key = h.account.liveKey): Promise<Contact> => {
    const page = (await h.api<Page<Contact>>('GET', `/v1/contacts?q=${encodeURIComponent(phone.slice(1))}`, { key }))
      .body;
    const found = page.data.find((c) => c.phone === phone);
    assert.ok(found, `no contact ${phone}`);
    return found;
  };
  /** A customer who wrote through the simulator (the platform saw it: its window is open there too). */
  const wroteNow = async (phone: string) => {
    await h.customerWrites(phone);
    return contactByPhone(phone);
  };
  /**
   * A customer message only this service saw, sent `agoMs` ago: the platform's webhook (fixture
   * webhook-inbound-text.json) addressed to the harness's number, posted to the service directly.
   */
  const wroteOnlyHere = async (phone: string, agoMs = 0) => {
    const payload = fixture('webhook-inbound-text.json');
    payload.entry[0].id = wabaId;
    const value = valueOf(payload);
    value.metadata.phone_number_id = h.account.phoneNumberId;
    value.contacts[0].wa_id = phone.slice(1);
    Object.assign(value.messages[0], {
      from: phone.slice(1),
      id: `wamid.blocks-${phone.slice(1)}`,
      timestamp: String(Math.floor((Date.now() - agoMs) / 1000)),
    });
    assert.equal((await h.platformWebhook(payload)).status, 200);
    return contactByPhone(phone);
  };

  it('blocks and unblocks one customer: the platform holds the block, the contact shows it, events are recorded', async () => {
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

  it('lists blocked customers, and a sync brings in blocks made at the platform and drops those lifted there', async () => {
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

    const allow = await h.api('PATCH', '/v1/account/consent', {
      key: h.account.liveKey,
      body: { allowSuppressionOverride: true },
    });
    assert.equal(allow.status, 200, allow.text);
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
      await h.api('PATCH', '/v1/account/consent', {
        key: h.account.liveKey,
        body: { allowSuppressionOverride: false },
      });
    }

    assert.equal((await h.api('POST', `/v1/contacts/${c.id}/unblock`, { key: h.account.liveKey })).status, 200);
    assert.equal(
      (await h.api<Contact>('GET', `/v1/contacts/${c.id}`, { key: h.account.liveKey })).body.suppression,
      null,
    );
  });

  it('on a test key, blocks are recorded for test keys only and never reach the platform', async () => {
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

  it("answers the Block Users API in Meta's shapes: a partial failure (139100) and the paged list", async () => {
    await h.customerWrites('+16505550161');
    const graph = (method: string, body?: unknown, query = '') =>
      fetch(`${h.simUrl}/v23.0/${h.account.phoneNumberId}/block_users${query}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const partial = await graph('POST', {
      messaging_product: 'whatsapp',
      block_users: [{ user: '+1 650 555 0161' }, { user: '16505550162' }],
    });
    assert.equal(partial.status, 400);
    const answer = (await partial.json()) as any;
    const missing = keyPaths(fixture('block-users-partial-failure-response.json')).filter(
      (k) => !keyPaths(answer).includes(k),
    );
    assert.deepEqual(missing, [], "every field of Meta's partial failure is there");
    assert.deepEqual(
      [answer.error.code, answer.block_users.added_users[0].wa_id, answer.block_users.failed_users[0].errors[0].code],
      [139100, '16505550161', 131047],
    );
    const listed = (await (await graph('GET', undefined, '?limit=1')).json()) as any;
    const listMissing = keyPaths(fixture('block-users-list-response.json')).filter(
      (k) => k !== 'status' && !keyPaths(listed).includes(k),
    );
    assert.deepEqual(listMissing, []);
    const tooMany = await graph('POST', {
      messaging_product: 'whatsapp',
      block_users: Array.from({ length: 1001 }, (_, i) => ({ user: `1650555${String(i).padStart(4, '0')}` })),
    });
    assert.deepEqual([tooMany.status, ((await tooMany.json()) as any).error.code], [429, 130429]);
    assert.equal(
      (await graph('DELETE', { messaging_product: 'whatsapp', block_users: [{ user: '16505550161' }] })).status,
      200,
    );
  });
});
