/** The customer service window as a property of the contact, closing 24 hours after they last wrote (manual clock). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import { contactsKit, type ContactsScope } from './kit.js';

export function windowCases(scope: () => ContactsScope): void {
  const { contactsOf } = contactsKit(scope);

  it('closes the window 24 hours after the customer last wrote, however they are addressed (manual clock)', async () => {
    const { h, clock } = scope();
    const key = h.account.testKey;
    const contact = (await contactsOf('q=0102', key)).data[0]!;
    assert.equal(contact.window.open, true);
    assert.equal(contact.window.expiresAt, new Date(Date.parse(contact.lastInboundAt!) + 86_400_000).toISOString());
    assert.deepEqual((await contactsOf('windowOpen=false', key)).data, []);
    const start = clock.now();
    try {
      clock.set(Date.parse(contact.window.expiresAt!) - 1);
      assert.equal((await h.api<Contact>('GET', `/v1/contacts/${contact.id}`, { key })).body.window.open, true);
      clock.set(Date.parse(contact.window.expiresAt!));
      const closed = (await h.api<Contact>('GET', `/v1/contacts/${contact.id}`, { key })).body;
      assert.deepEqual(closed.window, { open: false, expiresAt: contact.window.expiresAt });
      assert.ok((await contactsOf('windowOpen=false', key)).data.some((c) => c.id === contact.id));
      assert.ok(!(await contactsOf('windowOpen=true', key)).data.some((c) => c.id === contact.id));
      const bySend = await h.api('POST', '/v1/messages/', {
        key,
        body: { to: contact.id, type: 'text', text: 'late' },
      });
      assert.deepEqual([bySend.status, bySend.body.error?.code], [409, 'outside_customer_window']);
    } finally {
      clock.set(start);
    }
  });
}
