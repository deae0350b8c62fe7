/**
 * What is done to customers and files is recorded in its unit, with its actor: a block and an
 * unblock (`contact.blocked`, `contact.unblocked`), an upload and a deletion (`media.uploaded`,
 * `media.deleted`), and a scheduled send canceled (`message.canceled`, one for each of a bulk cancel).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { AuditEvent } from '../../src/audit/audit.schemas.js';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Page } from '../../src/http/paging.js';
import { uploaded } from '../factories.js';
import type { Harness } from '../harness.js';

async function entries(h: Harness, query: string): Promise<AuditEvent[]> {
  const r = await h.api('GET', `/v1/audit_events?${query}`, { key: h.account.liveKey });
  assert.equal(r.status, 200, r.text);
  return r.body.data;
}

/** The actions recorded about `objectId`, oldest first. */
const actionsOn = async (h: Harness, objectId: string) =>
  (await entries(h, `objectId=${objectId}`)).map((e) => e.action).reverse();

export function customerCases(harness: () => Harness) {
  it('records a block and an unblock of a customer, each with the key that asked', async () => {
    const h = harness();
    const phone = '+16505573201';
    await h.customerWrites(phone);
    const page = await h.api<Page<Contact>>('GET', `/v1/contacts?q=${phone.slice(1)}`, { key: h.account.liveKey });
    const contact = page.body.data.find((c) => c.phone === phone)!;
    assert.ok(contact, page.text);
    const blocked = await h.api('POST', `/v1/contacts/${contact.id}/block`, { key: h.account.liveKey });
    assert.equal(blocked.status, 200, blocked.text);
    // Blocking a blocked customer changes nothing: nothing is recorded for it.
    await h.api('POST', `/v1/contacts/${contact.id}/block`, { key: h.account.liveKey });
    const unblocked = await h.api('POST', `/v1/contacts/${contact.id}/unblock`, { key: h.account.liveKey });
    assert.equal(unblocked.status, 200, unblocked.text);
    const recorded = (await entries(h, `objectId=${contact.id}`)).reverse();
    assert.deepEqual(
      recorded.map((e) => [e.action, e.actor.type, e.mode]),
      [
        ['contact.blocked', 'key', 'live'],
        ['contact.unblocked', 'key', 'live'],
      ],
    );
    assert.deepEqual(recorded[0]!.changes!.after, { phoneNumberId: h.account.phoneNumberId, source: 'api' });
    assert.match(recorded[0]!.requestId ?? '', /^req_/);
  });

  it('records a file uploaded and the file deleted, with what it was', async () => {
    const h = harness();
    const media = await uploaded(h, 'sample.jpg', 'image/jpeg');
    const deleted = await h.api('DELETE', `/v1/media/${media.id}`, { key: h.account.liveKey });
    assert.equal(deleted.status, 200, deleted.text);
    const [gone, made, ...more] = await entries(h, `objectId=${media.id}`);
    assert.equal(more.length, 0);
    assert.deepEqual([made!.action, gone!.action], ['media.uploaded', 'media.deleted']);
    assert.equal((made!.changes!.after as { id: string }).id, media.id);
    assert.deepEqual(gone!.changes!.before, made!.changes!.after);
    assert.equal(gone!.changes!.after, null);
  });

  it('records each scheduled send canceled, alone and in a bulk cancel', async () => {
    const h = harness();
    const sendAt = new Date(Date.now() + 3600_000).toISOString();
    const schedule = async (to: string, clientReference: string) => {
      await h.customerWrites(to);
      const r = await h.api('POST', '/v1/messages', {
        key: h.account.liveKey,
        body: { type: 'text', to, text: 'Later', sendAt, clientReference },
      });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.status, 'scheduled');
      return r.body.id as string;
    };
    const alone = await schedule('+16505573211', 'audit-cancel-alone');
    const many = [await schedule('+16505573212', 'audit-bulk-1'), await schedule('+16505573213', 'audit-bulk-2')];
    const one = await h.api('POST', `/v1/messages/${alone}/cancel`, { key: h.account.liveKey });
    assert.equal(one.status, 200, one.text);
    const bulk = await h.api('POST', '/v1/messages/cancel', {
      key: h.account.liveKey,
      body: { clientReferencePrefix: 'audit-bulk-' },
    });
    assert.equal(bulk.body.canceled, 2, bulk.text);
    for (const id of [alone, ...many]) {
      assert.deepEqual(await actionsOn(h, id), ['message.created', 'message.canceled']);
      const [canceled] = await entries(h, `action=message.canceled&objectId=${id}`);
      assert.deepEqual(canceled!.changes, { before: { status: 'scheduled' }, after: { status: 'canceled' } });
      assert.equal(canceled!.actor.type, 'key');
    }
  });
}
