/**
 * Blocks through the port the Block Users API calls: an opt-in keyword never lifts a block, an
 * unblock does.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import { consentKit, type Consent, type Page } from './kit.js';

export function blockCases(consent: () => Consent): void {
  const { active, sendText } = consentKit(consent);
  describe('blocks', () => {
    it('takes blocks through the port the Block Users API calls: an opt-in keyword never lifts a block, an unblock does', async () => {
      const { h, clock } = consent();
      const phone = '+16505571001';
      await h.customerWrites(phone.slice(1), 'Hello');
      const contact = (await h.api<{ data: Contact[] }>('GET', `/v1/contacts?q=${phone.slice(1)}`)).body.data[0]!;
      const port = h.deps.suppressions.forBlocks();
      const entry = {
        accountId: h.account.id,
        mode: 'live' as const,
        phoneNumberId: h.account.phoneNumberId,
        contactId: contact.id,
        phone,
        bsuid: contact.userId,
        at: new Date(clock.now()).toISOString(),
      };
      await h.deps.store.write((tx) => port.blocked(tx, [entry]));
      await h.deps.store.write((tx) => port.blocked(tx, [entry]));
      const blocked = await active(phone);
      assert.deepEqual(
        blocked.map((s) => [s.reason, s.source, s.scope, s.contactId]),
        [['blocked', 'block', 'all', contact.id]],
        'blocked once',
      );
      assert.equal((await sendText(phone)).body.error.code, 'recipient_suppressed');
      await h.customerWrites(phone.slice(1), 'START');
      assert.equal((await active(phone)).length, 1, 'START does not lift a block');
      await h.deps.store.write((tx) => port.unblocked(tx, [entry]));
      assert.deepEqual(await active(phone), []);
      const lifted = (await h.api<Page>('GET', '/v1/suppressions?reason=blocked&active=false')).body.data.find(
        (s) => s.id === blocked[0]!.id,
      );
      assert.equal(lifted?.liftedBy, 'block');
    });
  });
}
