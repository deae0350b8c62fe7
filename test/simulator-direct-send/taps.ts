/** A tap on a Direct Send's reply button arrives as `button`, in the template quick-reply format. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { fixture, eventually, valueOf } from '../helpers.js';
import { PNID, type DirectSendKit } from './kit.js';

export function tapCases(kit: DirectSendKit): void {
  const { received, send, control } = kit;
  it('delivers a reply-button tap on a Direct Send in the template quick-reply format', async () => {
    const from = '+16505557006';
    const interactive = {
      type: 'button',
      body: { text: 'Is 3 pm fine for your delivery?' },
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'slot_ok', title: 'Yes' } },
          { type: 'reply', reply: { id: 'slot_change', title: 'Change it' } },
        ],
      },
    };
    const res = await send({ to: from, type: 'interactive', interactive, category: 'utility' });
    assert.equal(res.status, 200);
    const wamid = res.body.messages[0].id;
    const tap = await control('POST', '/_simulator/inbound', {
      from,
      to: PNID,
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'slot_ok', title: 'Yes' } },
    });
    assert.equal(tap.status, 200);
    const hook = await eventually(async () =>
      received.find((r) => valueOf(r.body).messages?.[0]?.id === tap.body.wamid),
    );
    const message = valueOf(hook.body).messages[0];
    assert.equal(message.type, 'button');
    assert.deepEqual(message.button, { payload: 'slot_ok', text: 'Yes' });
    assert.equal(message.context.id, wamid);
    assert.equal(message.interactive, undefined);
    const expected = valueOf(fixture('webhook-inbound-template-quick-reply-button.json')).messages[0];
    assert.deepEqual(Object.keys(message).sort(), Object.keys(expected).sort());
    assert.deepEqual(Object.keys(message.context).sort(), Object.keys(expected.context).sort());
  });
}
