/**
 * Customer messages and sends: the window an inbound message opens, a send answered like the
 * platform with its sent, delivered and read (signed, fixture-shaped), and the failures it reports
 * asynchronously (131047 outside the window, 131026 for recipients ending 0001); a customer the
 * business blocked cannot write to it.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually, fixture, valueOf } from '../helpers.js';
import { PNID, shape, TOKEN, type SimulatorKit } from './kit.js';

export function messageCases(kit: SimulatorKit): void {
  const { received, graph, control, text, statusesFor } = kit;
  it('opens a window with an inbound message shaped like the platform fixture', async () => {
    const res = await control('POST', '/_simulator/inbound', {
      from: '+16505551234',
      to: PNID,
      text: 'Does it come in another color?',
    });
    assert.match(res.body.wamid, /^wamid\./);
    const hook = await eventually(async () =>
      received.find((r) => valueOf(r.body).messages?.[0]?.id === res.body.wamid),
    );
    assert.ok(hook.valid, 'signed with X-Hub-Signature-256 over the raw body');
    assert.deepEqual(shape(hook.body).sort(), shape(fixture('webhook-inbound-text.json')).sort());
  });

  it('answers a send like the platform and reports sent, delivered and read, signed and fixture-shaped', async () => {
    const res = await graph(text('+16505551234', { biz_opaque_callback_data: 'msg_123' }));
    assert.equal(res.status, 200);
    assert.deepEqual(shape(res.body).sort(), shape(fixture('send-message-response.json')).sort());
    assert.deepEqual(res.body.contacts[0], { input: '+16505551234', wa_id: '16505551234' });
    const wamid = res.body.messages[0].id;
    await eventually(async () => statusesFor(wamid).length === 3);
    const [sent, delivered, read] = statusesFor(wamid);
    assert.deepEqual([sent.status, delivered.status, read.status], ['sent', 'delivered', 'read']);
    assert.equal(sent.biz_opaque_callback_data, 'msg_123');
    assert.match(sent.timestamp, /^\d+$/);
    const sentHook = received.find((r) => valueOf(r.body).statuses?.[0] === sent)!;
    assert.ok(sentHook.valid);
    // Meta's documented sent status, without `conversation` (omitted since v24.0, see
    // webhook-status-minimal-v24.json), with the echoed `biz_opaque_callback_data`.
    const expected = [
      ...shape(fixture('webhook-status-sent.json')).filter((p) => !p.includes('conversation')),
      '.entry[].changes[].value.statuses[].biz_opaque_callback_data',
    ];
    assert.deepEqual(
      shape(sentHook.body)
        .filter((p) => !p.includes('conversation'))
        .sort(),
      expected.sort(),
    );
  });

  it('fails free-form sends outside the window with 131047, asynchronously like the platform', async () => {
    const res = await graph(text('+16505559999'));
    assert.equal(res.status, 200);
    const [failed] = await eventually(
      async () => statusesFor(res.body.messages[0].id).length > 0 && statusesFor(res.body.messages[0].id),
    );
    assert.equal(failed.status, 'failed');
    assert.deepEqual(
      shape({ errors: failed.errors }).sort(),
      shape({ errors: valueOf(fixture('webhook-status-failed-131047.json')).statuses[0].errors }).sort(),
    );
    assert.equal(failed.errors[0].code, 131047);
  });

  it('fails recipients ending 0001 with 131026', async () => {
    await control('POST', '/_simulator/inbound', { from: '+16505550001', to: PNID, text: 'hi' });
    const res = await graph(text('+16505550001'));
    const [failed] = await eventually(
      async () => statusesFor(res.body.messages[0].id).length > 0 && statusesFor(res.body.messages[0].id),
    );
    assert.deepEqual([failed.status, failed.errors[0].code], ['failed', 131026]);
  });

  it("refuses a blocked customer's messages, as the platform does, until the business unblocks them", async () => {
    const from = '+16505551240';
    const write = (text: string) => control('POST', '/_simulator/inbound', { from, to: PNID, text });
    assert.equal((await write('Hello')).status, 200, 'a user who wrote in the last 24 hours can be blocked');
    const blockUsers = (method: string) =>
      fetch(`${kit.base()}/v23.0/${PNID}/block_users`, {
        method,
        headers: { 'content-type': 'application/json', authorization: TOKEN },
        body: JSON.stringify({ messaging_product: 'whatsapp', block_users: [{ user: from }] }),
      });
    assert.equal((await blockUsers('POST')).status, 200);
    const refused = await write('Are you there?');
    assert.equal(refused.status, 409);
    assert.match(refused.body.error, /blocked this customer .*cannot message it/);
    // A later customer's message arrives (webhooks go out in order); the blocked one never did.
    const other = await control('POST', '/_simulator/inbound', { from: '+16505551241', to: PNID, text: 'Hi' });
    assert.equal(other.status, 200);
    await eventually(async () => received.some((r) => valueOf(r.body).messages?.[0]?.id === other.body.wamid));
    const texts = received.flatMap((r) => valueOf(r.body).messages ?? []).map((m: any) => m.text?.body);
    assert.ok(!texts.includes('Are you there?'), 'nothing of the blocked customer reached the business');
    assert.equal((await blockUsers('DELETE')).status, 200);
    assert.equal((await write('Back again')).status, 200, 'unblocked, they write again');
  });
}
