/**
 * Issue 40, erasure of a customer (docs/api.md §D28): afterwards their number (E.164 and digits),
 * BSUID, profile name and unique phrases are nowhere in the database's bytes (SQLite's file and WAL;
 * a pg_dump) nor under the data directory, nor their files; their STOP still refuses their number
 * and BSUID; the other customer is intact; analytics counts stay. Also: by E.164 and BSUID in the
 * batch form, idempotency, 404s, roles, the `contact.erased` event and the audit entry.
 */ import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Contact } from '../src/contacts/contact.schemas.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import type { Erasure } from '../src/privacy/erasure/erasure.schemas.js';
import { DIALECT } from './database.js';
import { leaks } from './erasure/at-rest.js';
import { A, B } from './erasure/customers.js';
import { approvedTemplate, dispatched, uploaded } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, ROOT } from './helpers.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';
import { personWithRole, sessionHeaders } from './roles/people.js';

describe('erasing a customer (issue 40)', () => {
  let h: Harness;
  let receiver: Receiver;
  let templateId: string;
  const png = fs.readFileSync(path.join(ROOT, 'test/fixtures/media/sample.png'));
  const jpg = fs.readFileSync(path.join(ROOT, 'test/fixtures/media/sample.jpg'));

  const send = async (body: Record<string, unknown>, key = h.account.liveKey) => {
    const res = await h.api<Message>('POST', '/v1/messages', { key, body });
    assert.equal(res.status, 201, res.text);
    return res.body;
  };
  const contactOf = async (address: string) =>
    (await h.api<{ data: Contact[] }>('GET', '/v1/contacts?limit=100')).body.data.find(
      (c) => c.phone === address || c.userId === address,
    );
  const completed = (id: string) =>
    eventually(async () => {
      const e = (await h.api<Erasure>('GET', `/v1/erasures/${id}`)).body;
      return e.status === 'completed' && e;
    }, 30_000);
  const analytics = async () => (await h.api('GET', '/v1/analytics/messages')).body;

  before(async () => {
    h = await startHarness({ env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
    receiver = await startReceiver();
    const endpoint = await h.api('POST', '/v1/webhook_endpoints', { body: { url: receiver.url, events: ['*'] } });
    assert.equal(endpoint.status, 201, endpoint.text);
    receiver.secrets = [endpoint.body.secret];
    templateId = (
      await approvedTemplate(h, {
        name: 'erasure_order',
        body: 'Hi {{1}}, your order is ready.',
        variables: [{ example: 'Pablo' }],
      })
    ).id;
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });

  it('leaves nothing of the customer at rest, keeps their STOP, and touches no one else', async () => {
    // Customer A writes (with a file), and gets one message of each kind.
    const inA = await h.customerSends(A.phone, { text: A.inPhrase, name: A.name });
    const file = await h.customerSends(A.phone, {
      type: 'image',
      image: { data: png.toString('base64'), mimeType: 'image/png' },
      name: A.name,
    });
    assert.equal(file.webhook, 'delivered');
    const contactA = (await eventually(() => contactOf(A.phone)))!;
    await eventually(async () => {
      const list = (await h.api('GET', '/v1/inbound_messages?limit=100')).body.data as any[];
      return list.find((m) => m.platformMessageId === file.wamid)?.media?.status === 'stored';
    });
    const picture = await uploaded(h, 'sample.jpg', 'image/jpeg');
    const sent = [
      await send({ to: A.phone, type: 'text', text: A.outText }),
      await send({ to: A.phone, type: 'template', templateId, variables: { '1': A.outVar } }),
      await send({ to: contactA.id, type: 'media', mediaId: picture.id, caption: A.caption }),
      await send({
        to: A.phone,
        type: 'location',
        location: { latitude: 37.48, longitude: -122.15, name: A.place, address: '1 Hacker Way' },
      }),
      await send({
        to: A.phone,
        type: 'contacts',
        contacts: [{ name: { formatted: A.card }, phones: [{ phone: A.phone }] }],
      }),
    ];
    const inboundText = (await h.api('GET', `/v1/inbound_messages?limit=100`)).body.data.find(
      (m: any) => m.platformMessageId === inA.wamid,
    );
    sent.push(await send({ to: A.phone, type: 'reaction', reaction: { messageId: inboundText.id, emoji: '👍' } }));
    for (const m of sent) await dispatched(h, m.id);
    await eventually(async () => {
      const statuses = await Promise.all(
        sent.map(async (m) => (await h.api<Message>('GET', `/v1/messages/${m.id}`)).body.status),
      );
      return statuses.every((s) => s === 'read');
    });
    const scheduled = await send({
      to: A.phone,
      type: 'template',
      templateId,
      variables: { '1': A.scheduled },
      sendAt: new Date(Date.now() + 3600e3).toISOString(),
    });
    // A writes STOP: suppressed.
    await h.customerSends(A.phone, { text: 'STOP', name: A.name });
    await eventually(async () => {
      const list = (await h.api('GET', '/v1/suppressions?active=true&limit=100')).body.data as any[];
      return list.some((s) => s.phone === A.phone);
    });

    // Customer B (phone and BSUID) writes and gets a text.
    await h.customerSends(B.phone, { text: B.inPhrase, name: B.name, userId: B.bsuid });
    const contactB = (await eventually(() => contactOf(B.phone)))!;
    assert.equal(contactB.userId, B.bsuid);
    const toB = await send({ to: B.phone, type: 'text', text: B.outText });
    await dispatched(h, toB.id);
    await eventually(async () => (await h.api<Message>('GET', `/v1/messages/${toB.id}`)).body.status === 'read');
    // Every event about A delivered (or given up) before the erasure, so nothing about them is still on its way.
    await eventually(async () => receiver.received.some((r) => r.type === 'message.read'));
    const before = await analytics();
    const bBefore = (await h.api(`GET`, `/v1/contacts/${contactB.id}/messages?limit=100`)).body.data;

    // The check sees A before the erasure (a check that finds nothing proves nothing).
    const seen = leaks(h, [A.phone, A.inPhrase, A.outText, A.name], [png, jpg]);
    for (const what of [A.phone, A.inPhrase, A.outText, 'their file'])
      assert.ok(
        seen.some((s) => s.startsWith(what)),
        `${what} is found before the erasure: ${seen.join('; ')}`,
      );

    const asked = await h.api<Erasure>('POST', `/v1/contacts/${contactA.id}/erase`);
    assert.equal(asked.status, 202, asked.text);
    assert.deepEqual([asked.body.object, asked.body.customers], ['erasure', 1]);
    const done = await completed(asked.body.id);
    assert.equal(done.erased, 1);
    assert.ok(done.progress.messages >= sent.length + 1, JSON.stringify(done.progress));
    assert.ok(done.progress.inboundMessages >= 3, JSON.stringify(done.progress));
    assert.equal(done.progress.canceled, 1);
    assert.equal(done.progress.files, 2, JSON.stringify(done.progress));
    assert.ok(done.progress.events > 0 && done.progress.statusReports > 0, JSON.stringify(done.progress));
    assert.equal(done.progress.suppressions, 1);
    assert.equal(done.requestedBy.type, 'key');
    // The scrub the service runs hourly after erasures (privacy/erasure/scrub.ts), run now.
    assert.equal((await h.deps.scrubAfterErasures()).vacuumed, DIALECT === 'sqlite');

    // Nothing of A at rest: the database's bytes and every file under the data directory.
    const needles = [
      ...(contactA.userId ? [contactA.userId] : []),
      A.phone,
      A.phone.slice(1),
      A.name,
      A.inPhrase,
      A.outText,
      A.outVar,
      A.caption,
      A.place,
      A.card,
      A.scheduled,
    ];
    assert.deepEqual(leaks(h, needles, [png, jpg]), []);

    // A's STOP still refuses a send to their number, though no row holds it.
    const refused = await h.api('POST', '/v1/messages', {
      body: { to: A.phone, type: 'template', templateId, variables: { '1': 'x' } },
    });
    assert.deepEqual([refused.status, refused.body.error?.code], [409, 'recipient_suppressed'], refused.text);
    // The scheduled message was canceled, never sent.
    const husk = (await h.api<Message>('GET', `/v1/messages/${scheduled.id}`)).body;
    assert.deepEqual([husk.status, husk.to, husk.contactId], ['canceled', 'erased', null]);
    assert.equal((await h.api(`GET`, `/v1/contacts/${contactA.id}`)).status, 404);
    // Counts unchanged but for the one scheduled message canceled.
    const afterwards = await analytics();
    assert.deepEqual(totals(afterwards), { ...totals(before), canceled: totals(before).canceled! + 1 });

    // B untouched: contact, messages, search, file-free rows.
    const bNow = (await h.api<Contact>('GET', `/v1/contacts/${contactB.id}`)).body;
    assert.deepEqual([bNow.phone, bNow.userId, bNow.name], [B.phone, B.bsuid, B.name]);
    assert.deepEqual((await h.api(`GET`, `/v1/contacts/${contactB.id}/messages?limit=100`)).body.data, bBefore);
    const found = (await h.api<{ data: Contact[] }>('GET', '/v1/contacts?q=Bartholomew')).body.data;
    assert.deepEqual(
      found.map((c) => c.id),
      [contactB.id],
    );
    assert.deepEqual((await h.api<{ data: Contact[] }>('GET', '/v1/contacts?q=Zebulon')).body.data, []);

    const event = await eventually(async () => receiver.received.find((r) => r.type === 'contact.erased'));
    assert.deepEqual(event.body.data.object.id, contactA.id);
    assert.equal(event.body.data.object.erasureId, asked.body.id);
    const audit = (await h.api('GET', '/v1/audit_events?limit=100')).body.data as any[];
    const entry = audit.find((e) => e.action === 'contact.erased');
    assert.ok(entry, 'the audit entry');
    assert.equal(entry.object.id, contactA.id);
    assert.equal(entry.actor.type, 'key');

    await h.customerSends(A.phone, { text: 'Hello again', name: 'New Name' });
    const fresh = (await eventually(() => contactOf(A.phone)))!;
    assert.notEqual(fresh.id, contactA.id);
    const again = await h.api('POST', '/v1/messages', { body: { to: A.phone, type: 'text', text: 'hi' } });
    assert.deepEqual([again.status, again.body.error?.code], [409, 'recipient_suppressed'], again.text);
    // B by BSUID through the batch form, after a STOP: their number and BSUID stay refused.
    await h.customerSends(B.phone, { text: 'STOP', name: B.name, userId: B.bsuid });
    await eventually(async () => {
      const list = (await h.api('GET', '/v1/suppressions?active=true&limit=100')).body.data as any[];
      return list.some((s) => s.phone === B.phone);
    });
    const batch = await h.api<Erasure>('POST', '/v1/erasures', { body: { customers: [B.bsuid, '+16505550000'] } });
    assert.equal(batch.status, 202, batch.text);
    assert.equal(batch.body.customers, 2);
    const bDone = await completed(batch.body.id);
    assert.equal(bDone.erased, 1);
    await h.deps.scrubAfterErasures();
    assert.deepEqual(leaks(h, [B.phone, B.phone.slice(1), B.bsuid, B.name, B.inPhrase, B.outText], []), []);
    for (const to of [B.phone, B.bsuid]) {
      const r = await h.api('POST', '/v1/messages', {
        body: { to, type: 'template', templateId, variables: { '1': 'x' } },
      });
      assert.deepEqual([r.status, r.body.error?.code], [409, 'recipient_suppressed'], `${to}: ${r.text}`);
    }
    assert.deepEqual(totals(await analytics()), totals(afterwards));
    // Their START lifts the tombstone: they opted in again.
    await h.customerSends(A.phone, { text: 'START', name: 'New Name' });
    const back = { body: { to: A.phone, type: 'text', text: 'Welcome back' } };
    await eventually(async () => (await h.api('POST', '/v1/messages', back)).status === 201);
  });

  it('erases by E.164 in the batch form; is idempotent; answers 404 and 403 where it must', async () => {
    const phone = '+16505558303';
    await h.customerSends(phone, { text: 'hello there', name: 'Cornelius Test' });
    const c = (await eventually(() => contactOf(phone)))!;
    const key = { 'idempotency-key': 'erase-c-1' };
    const first = await h.api<Erasure>('POST', `/v1/contacts/${c.id}/erase`, { headers: key });
    const second = await h.api<Erasure>('POST', `/v1/contacts/${c.id}/erase`, { headers: key });
    assert.deepEqual([first.status, second.status, second.body.id], [202, 202, first.body.id]);
    await completed(first.body.id);
    const gone = await h.api('POST', `/v1/contacts/${c.id}/erase`);
    assert.deepEqual([gone.status, gone.body.error?.code], [404, 'contact_not_found']);
    assert.equal((await h.api('GET', '/v1/erasures/era_unknown')).body.error?.code, 'erasure_not_found');
    assert.equal((await h.api('GET', `/v1/erasures/${first.body.id}`, { key: h.account.testKey })).status, 404);
    const list = (await h.api<{ data: Erasure[] }>('GET', '/v1/erasures?limit=100')).body.data;
    assert.ok(list.some((e) => e.id === first.body.id));

    const d = '+16505558404';
    await h.customerSends(d, { text: 'hello', name: 'Dorothea Test' });
    const cd = (await eventually(() => contactOf(d)))!;
    const byPhone = await h.api<Erasure>('POST', '/v1/erasures', { body: { customers: [d] } });
    assert.equal(byPhone.status, 202);
    await completed(byPhone.body.id);
    assert.equal((await h.api('GET', `/v1/contacts/${cd.id}`)).status, 404);
    const invalid = await h.api('POST', '/v1/erasures', { body: { customers: [] } });
    assert.deepEqual([invalid.status, invalid.body.error?.code], [400, 'parameter_invalid'], invalid.text);

    // Owners and admins may erase; developers, agents and viewers may not.
    for (const role of ['developer', 'agent', 'viewer'] as const) {
      const person = await personWithRole(h, h.account.id, role);
      const headers = await sessionHeaders(h, person, h.account.id, 'live');
      const res = await h.api('POST', '/v1/erasures', { key: null, headers, body: { customers: [d] } });
      assert.deepEqual([res.status, res.body.error?.code], [403, 'permission_denied'], role);
    }
    const admin = await personWithRole(h, h.account.id, 'admin');
    const res = await h.api('POST', '/v1/erasures', {
      key: null,
      headers: await sessionHeaders(h, admin, h.account.id, 'live'),
      body: { customers: ['+16505559999'] },
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.requestedBy.type, 'user');
  });
});

/** The analytics answer's counts over the whole range (`total`: one per step a message reached). */
function totals(answer: any): Record<string, number> {
  const t = answer.total ?? {};
  return Object.fromEntries(
    ['accepted', 'sent', 'delivered', 'read', 'failed', 'canceled', 'billable'].map((k) => [k, t[k]]),
  );
}
