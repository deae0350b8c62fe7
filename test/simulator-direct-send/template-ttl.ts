/** `message_send_ttl_seconds` on template create and edit, and the TTL template sends are held for. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { V, WABA, type DirectSendKit } from './kit.js';

export function templateTtlCases(kit: DirectSendKit): void {
  const { clock, call, send, control } = kit;
  it('takes message_send_ttl_seconds on template create and edit, and gives template sends their TTL', async () => {
    const create = (name: string, category: string, ttl: unknown) =>
      call('POST', `/${V}/${WABA}/message_templates`, {
        name,
        language: 'en_US',
        category,
        message_send_ttl_seconds: ttl,
        components: [{ type: 'BODY', text: 'Your booking is confirmed.' }],
      });
    const made = await create('booking_confirmed', 'UTILITY', 600);
    assert.equal(made.status, 200);
    const got = await call('GET', `/${V}/${made.body.id}?fields=message_send_ttl_seconds,name`);
    assert.deepEqual([got.body.message_send_ttl_seconds, got.body.name], [600, 'booking_confirmed']);
    const listed = await call(
      'GET',
      `/${V}/${WABA}/message_templates?name=booking_confirmed&fields=message_send_ttl_seconds`,
    );
    assert.equal(listed.body.data[0].message_send_ttl_seconds, 600);
    const tooLong = await create('booking_too_long', 'UTILITY', 50_000);
    assert.deepEqual(
      [tooLong.status, tooLong.body.error.code, tooLong.body.error.error_data.details],
      [400, 100, 'The time-to-live value must be lower than or equal to 43200'],
    );
    assert.equal((await create('promo_ttl', 'MARKETING', 50_000)).body.error.code, 100);
    assert.equal((await create('code_ttl', 'AUTHENTICATION', 901)).status, 400);
    assert.equal(
      (await control('POST', `/_simulator/templates/${made.body.id}/review`, { decision: 'APPROVED' })).status,
      200,
    );
    // A TTL-only edit is kept at once; the default answers for a template without one.
    assert.deepEqual((await call('POST', `/${V}/${made.body.id}`, { message_send_ttl_seconds: 120 })).body, {
      success: true,
    });
    assert.equal(
      (await call('GET', `/${V}/${made.body.id}?fields=message_send_ttl_seconds`)).body.message_send_ttl_seconds,
      120,
    );
    const plain = (
      await call('GET', `/${V}/${WABA}/message_templates?name=plain_update&fields=message_send_ttl_seconds`)
    ).body.data[0];
    assert.equal(plain.message_send_ttl_seconds, 2_592_000);

    // A send of the approved template is held for the template's TTL.
    assert.equal(
      (await call('GET', `/${V}/${made.body.id}?fields=status`)).body.status,
      'APPROVED',
      'a TTL-only edit is not reviewed again',
    );
    const to = '+16505557009';
    await control('POST', `/_simulator/users/${to}/reachable`, { reachable: false });
    const res = await send({
      to,
      type: 'template',
      template: { name: 'booking_confirmed', language: { code: 'en_US' } },
    });
    assert.equal(res.status, 200);
    const message = (await control('GET', '/_simulator/state')).body.messages.find(
      (m: any) => m.wamid === res.body.messages[0].id,
    );
    assert.deepEqual([message.ttlSeconds, message.held, message.expiresAt], [120, true, clock.now() + 120_000]);
  });
}
