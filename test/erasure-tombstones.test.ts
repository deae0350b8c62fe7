/**
 * What an erasure keeps, beside what it removes (docs/api.md §D28): the dispatcher's own reading of
 * the suppression list still finds an erased customer's STOP by their number and by their BSUID
 * (a send accepted in another process before the tombstone reached it is still never delivered),
 * and a file also sent to another customer is not deleted with the erased one's messages.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Contact } from '../src/contacts/contact.schemas.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import type { Erasure } from '../src/privacy/erasure/erasure.schemas.js';
import { dispatched, uploaded } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';

describe('what an erasure keeps (issue 40)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const contactOf = async (phone: string) =>
    (await h.api<{ data: Contact[] }>('GET', '/v1/contacts?limit=100')).body.data.find((c) => c.phone === phone);
  const erase = async (contactId: string) => {
    const asked = await h.api<Erasure>('POST', `/v1/contacts/${contactId}/erase`);
    assert.equal(asked.status, 202, asked.text);
    return eventually(async () => {
      const e = (await h.api<Erasure>('GET', `/v1/erasures/${asked.body.id}`)).body;
      return e.status === 'completed' && e;
    }, 30_000);
  };

  it("leaves the dispatcher's check refusing the erased customer's number and BSUID", async () => {
    const phone = '+16505558303';
    const bsuid = 'US.8303000000000000001';
    await h.customerSends(phone, { text: 'STOP', name: 'Cordelia Stopwell', userId: bsuid });
    await eventually(async () => {
      const list = (await h.api('GET', '/v1/suppressions?active=true&limit=100')).body.data as any[];
      return list.some((s) => s.phone === phone);
    });
    const contact = (await contactOf(phone))!;
    const check = (c: { phone?: string; bsuid?: string }) =>
      h.deps.dispatchSuppressions.activeFor(h.account.id, 'live', h.account.phoneNumberId, [
        { phone: c.phone ?? null, bsuid: c.bsuid ?? null, contactId: null },
      ]);
    assert.equal((await check({ phone })).length, 1, 'suppressed before the erasure');

    await erase(contact.id);
    assert.equal(
      (await h.api('GET', '/v1/suppressions?active=true&limit=100')).body.data.length,
      0,
      'no row names them',
    );
    const [byPhone, byBsuid, other] = [
      await check({ phone }),
      await check({ bsuid }),
      await check({ phone: '+16505558304' }),
    ];
    assert.deepEqual(
      [byPhone.map((s) => [s.phone, s.reason]), byBsuid.map((s) => [s.bsuid, s.reason]), other],
      [[[phone, 'opt_out_keyword']], [[bsuid, 'opt_out_keyword']], []],
    );
  });

  it("keeps a file another customer's message also names, and deletes one only the erased customer's name", async () => {
    const [erased, kept] = ['+16505558401', '+16505558402'];
    for (const phone of [erased, kept]) await h.customerSends(phone, { text: 'Hello', name: 'Shared File' });
    const shared = await uploaded(h, 'sample.jpg', 'image/jpeg');
    const own = await uploaded(h, 'sample.png', 'image/png');
    const send = async (to: string, mediaId: string) => {
      const res = await h.api<Message>('POST', '/v1/messages', { body: { to, type: 'media', mediaId } });
      assert.equal(res.status, 201, res.text);
      await dispatched(h, res.body.id);
      return res.body;
    };
    await send(erased, shared.id);
    await send(erased, own.id);
    const theirs = await send(kept, shared.id);

    const done = await erase((await eventually(() => contactOf(erased)))!.id);
    assert.equal(done.progress.files, 1, JSON.stringify(done.progress));
    assert.equal((await h.api('GET', `/v1/media/${shared.id}`)).status, 200, 'the shared file stays');
    assert.equal((await h.api('GET', `/v1/media/${own.id}`)).status, 404, 'their own file went');
    const still = (await h.api<Message>('GET', `/v1/messages/${theirs.id}`)).body;
    assert.deepEqual([still.to, still.mediaId], [kept, shared.id]);
  });
});
