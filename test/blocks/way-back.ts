/**
 * A blocked customer's way back (issue 38, finding 5; docs/api.md §D23, §D25): a send's refusal
 * names the unblock call, not DELETE /v1/suppressions/{id}; that DELETE of a block's suppression is
 * refused (409 `suppression_is_block`, naming the unblock call) and the customer stays blocked; the
 * unblock lifts it, and the next send goes out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Suppression } from '../../src/consent/consent.schemas.js';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { eventually } from '../helpers.js';
import { blocksKit, type Blocks } from './kit.js';

export function wayBackCases(blocks: () => Blocks): void {
  const { platformList, wroteNow } = blocksKit(blocks);
  describe("a blocked customer's way back", () => {
    it('names the unblock call in the refusal, refuses lifting the block by DELETE /v1/suppressions/{id}, and lets the unblock through', async () => {
      const { h } = blocks();
      const key = h.account.liveKey;
      const c = await wroteNow('+16505550161');
      assert.equal((await h.api('POST', `/v1/contacts/${c.id}/block`, { key })).status, 200);
      const send = () =>
        h.api<Message>('POST', '/v1/messages', { key, body: { type: 'text', to: c.phone, text: 'Are you there?' } });
      const refused = await send();
      assert.deepEqual([refused.status, refused.body.error?.code], [409, 'recipient_suppressed'], refused.text);
      assert.match(refused.body.error.message, new RegExp(`POST /v1/contacts/${c.id}/unblock`));
      assert.doesNotMatch(refused.body.error.message, /DELETE \/v1\/suppressions/);
      const ignoring = await h.api('POST', '/v1/messages', {
        key,
        body: { type: 'text', to: c.phone, text: 'Are you there?', suppression: 'ignore' },
      });
      assert.equal(ignoring.body.error?.code, 'suppression_override_not_allowed', ignoring.text);
      assert.match(ignoring.body.error.message, new RegExp(`POST /v1/contacts/${c.id}/unblock`));

      const sup = (await h.api<Contact>('GET', `/v1/contacts/${c.id}`, { key })).body.suppression!;
      assert.equal(sup.reason, 'blocked');
      const lift = await h.api('DELETE', `/v1/suppressions/${sup.id}`, { key });
      assert.deepEqual(
        [lift.status, lift.body.error?.code, lift.body.error?.param],
        [409, 'suppression_is_block', 'id'],
        lift.text,
      );
      assert.match(lift.body.error.message, new RegExp(`POST /v1/contacts/${c.id}/unblock`));
      const still = (await h.api<Contact>('GET', `/v1/contacts/${c.id}`, { key })).body;
      assert.deepEqual([still.suppression?.id, still.blocked !== null], [sup.id, true], 'still blocked and suppressed');
      assert.ok((await platformList()).includes('16505550161'), 'still on the platform’s blocklist');
      assert.equal((await send()).status, 409, 'and still refused');

      assert.equal((await h.api('POST', `/v1/contacts/${c.id}/unblock`, { key })).status, 200);
      const lifted = await h.api<Suppression>('DELETE', `/v1/suppressions/${sup.id}`, { key });
      assert.deepEqual([lifted.status, lifted.body.liftedBy], [200, 'block'], 'a lifted block answers as it is');
      const sent = await send();
      assert.equal(sent.status, 201, sent.text);
      const out = await eventually(async () => {
        const m = (await h.api<Message>('GET', `/v1/messages/${sent.body.id}`, { key })).body;
        return m.platformMessageId !== null && m;
      });
      assert.notEqual(out.status, 'failed');
    });
  });
}
