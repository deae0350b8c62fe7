/**
 * Messages to an unreachable user: held, undelivered, then dropped once their TTL passed, or
 * delivered when the user is reachable again within it (time moved on a `ManualClock`).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually } from '../helpers.js';
import type { DirectSendKit } from './kit.js';

export function heldCases(kit: DirectSendKit): void {
  const { clock, send, control, utilityText, statusesFor, statusNames, idle } = kit;
  it('holds messages to an unreachable user and drops them, undelivered, once their TTL passed', async () => {
    const to = '+16505557007';
    const off = await control('POST', `/_simulator/users/${encodeURIComponent(to)}/reachable`, { reachable: false });
    assert.equal(off.status, 200);
    assert.equal(off.body.user.unreachable, true);
    assert.equal(
      (await control('POST', `/_simulator/users/${encodeURIComponent(to)}/reachable`, { reachable: 'no' })).status,
      400,
    );
    const res = await send(utilityText(to, 'Your code expires soon.', { ttl_seconds: 30 }));
    const wamid = res.body.messages[0].id;
    await eventually(async () => statusNames(wamid).includes('sent'));
    await idle();
    assert.deepEqual(statusNames(wamid), ['sent'], 'no delivered while unreachable');

    clock.advance(31_000);
    const on = await control('POST', '/_simulator/users/16505557007/reachable', { reachable: true });
    assert.deepEqual([on.body.delivered, on.body.expired], [[], [wamid]]);
    await idle();
    assert.deepEqual(statusNames(wamid), ['sent'], 'dropped silently: no delivered, no failed');
    const kept = (await control('GET', '/_simulator/state')).body.messages.find((m: any) => m.wamid === wamid);
    assert.equal(kept.expired, true);
    assert.equal(kept.expiredAt, clock.now() - 1000, 'when its 30 seconds ran out');
    assert.equal(kept.held, undefined);
  });

  it('delivers held messages when the user is reachable again within their TTL; GET /state drops the expired ones', async () => {
    const to = '+16505557008';
    await control('POST', `/_simulator/users/${to}/reachable`, { reachable: false });
    const direct = (await send(utilityText(to, 'Your table is ready.', { ttl_seconds: 60 }))).body.messages[0].id;
    const short = (await send(utilityText(to, 'Your code is 991.', { ttl_seconds: 30 }))).body.messages[0].id;
    await eventually(async () => statusNames(direct).includes('sent') && statusNames(short).includes('sent'));
    clock.advance(45_000);
    // Read lazily: the 30-second one is dropped when the state is looked at.
    const state = (await control('GET', '/_simulator/state')).body;
    assert.equal(state.messages.find((m: any) => m.wamid === short).expired, true);
    const held = state.messages.find((m: any) => m.wamid === direct);
    assert.deepEqual([held.held, held.ttlSeconds], [true, 60]);
    assert.equal(state.users.find((u: any) => u.phone === '16505557008').unreachable, true);

    const on = await control('POST', `/_simulator/users/${to}/reachable`, { reachable: true });
    assert.deepEqual([on.body.delivered, on.body.expired], [[direct], []]);
    await eventually(async () => statusNames(direct).includes('read'));
    assert.deepEqual(statusNames(direct), ['sent', 'delivered', 'read']);
    assert.ok(statusesFor(direct).every((s: any) => typeof s.template_id === 'string'));
    assert.deepEqual(statusNames(short), ['sent']);
  });
}
