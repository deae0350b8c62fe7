/** Marking a customer's messages read at the platform: the typing indicator, earlier unread messages, test keys. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { InboundMessage } from '../../src/messages/schemas/message.schemas.js';
import { contactsKit, type BsuidCustomer, type ContactsScope } from './kit.js';

/** The cases; they mark read the message of the customer the BSUID cases recorded in `bsuid`. */
export function readCases(scope: () => ContactsScope, bsuid: BsuidCustomer): void {
  const { simState, simInbound } = contactsKit(scope);

  it('marks a customer message read at the platform, with the typing indicator when asked; test keys skip the platform', async () => {
    const { h, clock } = scope();
    const inbound = (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${bsuid.inboundWamid}`)).body;
    const res = await h.api<InboundMessage>('POST', `/v1/inbound_messages/${inbound.id}/read`, {
      body: { typingIndicator: true },
      headers: { 'idempotency-key': 'read-1' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.readAt, new Date(clock.now()).toISOString());
    const again = await h.api<InboundMessage>(
      'POST',
      `/v1/inbound_messages/${encodeURIComponent(bsuid.inboundWamid)}/read`,
    );
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.readAt, res.body.readAt);
    const reads = (await simState()).reads.filter((r: any) => r.wamid === bsuid.inboundWamid);
    assert.deepEqual(
      reads.map((r: any) => r.typingIndicator),
      ['text', null],
    );
    // The same Idempotency-Key replays the answer without a third platform call.
    assert.equal(
      (
        await h.api('POST', `/v1/inbound_messages/${inbound.id}/read`, {
          body: { typingIndicator: true },
          headers: { 'idempotency-key': 'read-1' },
        })
      ).status,
      200,
    );
    assert.equal((await simState()).reads.filter((r: any) => r.wamid === bsuid.inboundWamid).length, 2);
    assert.equal((await h.api('POST', '/v1/inbound_messages/in_nothing/read')).body.error.code, 'message_not_found');

    const test = await h.api<InboundMessage>('POST', '/v1/test_helpers/inbound_messages', {
      key: h.account.testKey,
      body: { from: '+16505550199', text: 'hi' },
    });
    const testRead = await h.api<InboundMessage>('POST', `/v1/inbound_messages/${test.body.id}/read`, {
      key: h.account.testKey,
      body: { typingIndicator: true },
    });
    assert.equal(testRead.status, 200, testRead.text);
    assert.notEqual(testRead.body.readAt, null);
    assert.equal(
      (await simState()).reads.some((r: any) => r.wamid === test.body.platformMessageId),
      false,
    );
  });

  it("marks a customer's earlier unread messages read with the one the call names, in one platform call, and no one else's", async () => {
    const { h } = scope();
    const [m1, m2, m3] = [
      await simInbound({ from: '+16505550301', text: 'one' }),
      await simInbound({ from: '+16505550301', text: 'two' }),
      await simInbound({ from: '+16505550301', text: 'three' }),
    ];
    const other = await simInbound({ from: '+16505550302', text: 'someone else' });
    const readsBefore = (await simState()).reads.length;
    const res = await h.api<InboundMessage>('POST', `/v1/inbound_messages/${encodeURIComponent(m2!.wamid)}/read`);
    assert.equal(res.status, 200, res.text);
    const readAt = async (wamid: string) =>
      (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${encodeURIComponent(wamid)}`)).body.readAt;
    assert.deepEqual(
      [await readAt(m1!.wamid), await readAt(m2!.wamid), await readAt(m3!.wamid), await readAt(other.wamid)],
      [res.body.readAt, res.body.readAt, null, null],
    );
    assert.deepEqual(
      (await simState()).reads.slice(readsBefore).map((r: any) => r.wamid),
      [m2!.wamid],
    );
  });
}
