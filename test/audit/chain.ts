/** Sealing and `audit verify`: a whole chain passes; an edited row and a removed one are named; the retention keeps it whole. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { AuditRetention } from '../../src/audit/audit-retention.js';
import type { Harness } from '../harness.js';
import { cli, suppressSomeone } from './kit.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function chainCases(harness: () => Harness) {
  it('seals entries into the chain in order, and verify passes with the counts', async () => {
    const h = harness();
    await suppressSomeone(h);
    await h.deps.auditChains.sealAll();
    const r = await h.api('GET', '/v1/audit_events?limit=100', { key: h.account.liveKey });
    const seqs = r.body.data.map((e: { seq: number }) => e.seq).sort((a: number, b: number) => a - b);
    assert.deepEqual(
      seqs,
      seqs.map((_: number, i: number) => i + 1),
    );
    const v = await cli(h, 'audit', 'verify', '--account', h.account.id);
    assert.equal(v.code, 0, v.out + v.err);
    assert.match(v.out, new RegExp(`OK: ${seqs.length} entries verified in 1 chains, 0 not sealed yet`));
  });

  it('fails naming a hand-edited entry, and passes again once it is put back', async () => {
    const h = harness();
    const id = await suppressSomeone(h);
    await h.deps.auditChains.sealAll();
    const entry = (await h.api('GET', `/v1/audit_events?objectId=${id}`, { key: h.account.liveKey })).body.data[0];
    await sql`update audit_events set action = 'suppression.lifted' where id = ${entry.id}`.execute(h.deps.store.read);
    const v = await cli(h, 'audit', 'verify');
    assert.equal(v.code, 1);
    assert.match(v.out, new RegExp(`entry ${entry.id} \\(seq ${entry.seq}\\) was edited`));
    await sql`update audit_events set action = ${entry.action} where id = ${entry.id}`.execute(h.deps.store.read);
    assert.equal((await cli(h, 'audit', 'verify')).code, 0);
  });

  it('fails naming the gap a removed entry leaves, and the head when the last one is removed', async () => {
    const h = harness();
    const other = await h.newAccount('audit gap');
    // Its chain is broken on purpose here: the harness's closing check leaves it out.
    h.brokenChains.add(other.id);
    const ids = [await suppressSomeone(h, other.liveKey), await suppressSomeone(h, other.liveKey)];
    await suppressSomeone(h, other.liveKey);
    await h.deps.auditChains.sealAll();
    const list = (await h.api('GET', '/v1/audit_events', { key: other.liveKey })).body.data;
    const second = list.find((e: { object: { id: string } }) => e.object.id === ids[1]);
    await sql`delete from audit_events where id = ${second.id}`.execute(h.deps.store.read);
    const v = await cli(h, 'audit', 'verify', '--account', other.id);
    assert.equal(v.code, 1);
    assert.match(v.out, new RegExp(`chain ${other.id}: missing entry after seq ${second.seq - 1}`));
    const newest = list[0];
    await sql`delete from audit_events where chain = ${other.id} and seq >= ${second.seq}`.execute(h.deps.store.read);
    const head = await cli(h, 'audit', 'verify', '--account', other.id);
    assert.equal(head.code, 1);
    assert.match(head.out, new RegExp(`missing entry after seq ${second.seq - 1}`));
    assert.ok(newest.seq > second.seq);
  });

  it('the retention removes old entries, moves the anchor, and verify still passes', async () => {
    const h = harness();
    await suppressSomeone(h);
    await h.deps.auditChains.sealAll();
    const before = (await h.api('GET', '/v1/audit_events?limit=100', { key: h.account.liveKey })).body.data.length;
    assert.ok(before > 0);
    // A clock 400 days on: past the default year, every sealed entry of the account goes.
    const later = new AuditRetention({ store: h.deps.store, clock: { now: () => Date.now() + 400 * DAY_MS } });
    assert.ok((await later.sweep()) >= before);
    const after = (await h.api('GET', '/v1/audit_events?limit=100', { key: h.account.liveKey })).body.data;
    assert.equal(after.length, 0);
    const v = await cli(h, 'audit', 'verify', '--account', h.account.id);
    assert.equal(v.code, 0, v.out);
    // New entries continue the chain after the anchor.
    await suppressSomeone(h);
    await h.deps.auditChains.sealAll();
    assert.equal((await cli(h, 'audit', 'verify', '--account', h.account.id)).code, 0);
  });
}

/** A key made and revoked with the CLI: recorded as the operator, its hint only. */
export function keyCases(harness: () => Harness) {
  it('records a key created and revoked through the CLI, as the operator, without the key', async () => {
    const h = harness();
    const made = await cli(h, 'keys', 'create', '--account', h.account.id, '--mode', 'test');
    assert.equal(made.code, 0, made.err);
    const key = JSON.parse(made.out) as { id: string; key: string };
    assert.equal((await cli(h, 'keys', 'revoke', key.id)).code, 0);
    const r = await h.api('GET', `/v1/audit_events?objectType=api_key&objectId=${key.id}`, { key: h.account.liveKey });
    assert.deepEqual(
      r.body.data.map((e: { action: string }) => e.action),
      ['api_key.revoked', 'api_key.created'],
    );
    assert.equal(r.body.data[1].actor.type, 'cli');
    assert.ok(!JSON.stringify(r.body.data).includes(key.key));
  });
}
