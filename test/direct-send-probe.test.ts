/**
 * Direct Send, learned once (docs/api.md §D19, issue 42 item 7), through the simulator on both
 * databases: while a number's capability is unknown (or a refusal expired), one routed send probes
 * it and the others wait for its answer, then take the learned route; a probe whose holder died is
 * taken over when its lease ends; an operator sets the capability with `tidings numbers
 * direct-send`; routing outcomes are counted per number (`tidings_routed_sends_total`) and listed
 * with `GET /v1/messages?deliveredAs=`. On PostgreSQL a second service process dispatches beside
 * the first, so the probe is single-flight across processes.
 *
 * The Direct Sends that reach the simulator are counted there: its refusals with code 100 (the
 * not-enabled answer, `GET /_simulator/stats`) and the sends it took with `"category": "utility"`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../src/cli/main.js';
import { iso } from '../src/lib/clock.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { DIALECT } from './database.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';
import { TOKEN, scrapeOf } from './metrics/kit.js';

const SENDS = 60;
const DAY = 24 * 3600_000;

describe('Direct Send, learned once', () => {
  let h: Harness;
  let peer: Awaited<ReturnType<Harness['startPeer']>> | null = null;
  let recipient = 0;
  before(async () => {
    h = await startHarness({ env: { METRICS_TOKEN: TOKEN } });
    // Several dispatcher processes share a number only on PostgreSQL (SQLite is one process).
    if (DIALECT === 'postgres') peer = await h.startPeer();
  });
  after(async () => {
    await peer?.close();
    await h.close();
  });

  /** A new account with the fallback template `order_update`, its number's Direct Send at the simulator as given. */
  const account = async (name: string, atSimulator: 'enabled' | 'not_enabled') => {
    const acct = await h.newAccount(name, { rateLimit: 10_000 });
    const res = await fetch(`${h.simUrl}/_simulator/numbers/${acct.phoneNumberId}/direct_send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: atSimulator }),
    });
    assert.equal(res.status, 200, await res.text());
    await approvedTemplate(
      h,
      { name: 'order_update', body: 'Your order {{1}} has an update.', variables: [{ example: 'A-1' }] },
      acct.liveKey,
    );
    return acct;
  };
  /** `n` routed texts at once, to customers who never wrote (the window closed): their ids. */
  const routedSends = async (acct: Harness['account'], n: number) => {
    const answers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        h.api<Message>('POST', '/v1/messages', {
          key: acct.liveKey,
          body: {
            to: `+1650557${String(recipient++).padStart(4, '0')}`,
            type: 'text',
            text: `Your order A-${i} has shipped.`,
            route: 'auto',
            fallback: { templateName: 'order_update', language: 'en_US', variables: { '1': `A-${i}` } },
          },
        }),
      ),
    );
    for (const a of answers) assert.equal(a.status, 201, a.text);
    return answers.map((a) => a.body.id);
  };
  /** The messages once each left the queue (the platform took it, or it failed). */
  const settled = async (acct: Harness['account'], ids: string[]) => {
    const done = new Map<string, Message>();
    await eventually(async () => {
      for (const id of ids.filter((x) => !done.has(x))) {
        const m = (await h.api<Message>('GET', `/v1/messages/${id}`, { key: acct.liveKey })).body;
        if (m.platformMessageId !== null || m.status === 'failed') done.set(id, m);
      }
      return done.size === ids.length;
    }, 60_000);
    return ids.map((id) => done.get(id)!);
  };
  const refusedDirectSends = () => h.sim.state.sendStats.refused.get(100) ?? 0;
  /** The Direct Sends the simulator took for these messages (by the `msg_` id in biz_opaque_callback_data). */
  const directSendsTaken = (ids: string[]) => {
    const mine = new Set(ids);
    return [...h.sim.state.messages.values()].filter(
      (m) => mine.has(m.callbackData ?? '') && (m.body as { category?: string }).category === 'utility',
    ).length;
  };
  const capability = async (acct: Harness['account']) =>
    (await h.api('GET', '/v1/phone_numbers', { key: acct.liveKey })).body.data.find(
      (n: { sender: boolean }) => n.sender,
    ).directSend;
  const numberRow = (phoneNumberId: string) =>
    h.deps.store.read
      .selectFrom('phone_numbers')
      .selectAll()
      .where('phone_number_id', '=', phoneNumberId)
      .executeTakeFirstOrThrow();
  const listed = async (acct: Harness['account'], deliveredAs: string) =>
    (await h.api('GET', `/v1/messages?deliveredAs=${deliveredAs}&limit=100`, { key: acct.liveKey })).body.data.map(
      (m: Message) => m.id,
    );

  it(`sends one Direct Send of ${SENDS} routed sends from a number whose capability is unknown and the platform refuses it; the rest go as their fallback`, async () => {
    const acct = await account('Unknown Refused', 'not_enabled');
    assert.equal(await capability(acct), 'unknown');
    const refusedBefore = refusedDirectSends();
    const ids = await routedSends(acct, SENDS);
    const messages = await settled(acct, ids);
    assert.equal(refusedDirectSends() - refusedBefore, 1, 'one probe reached the platform');
    assert.equal(directSendsTaken(ids), 0);
    assert.deepEqual(
      messages.filter((m) => m.deliveredAs !== 'template').map((m) => [m.id, m.status, m.deliveredAs]),
      [],
    );
    assert.equal(await capability(acct), 'not_enabled');
    const row = await numberRow(acct.phoneNumberId);
    assert.deepEqual([row.direct_send_probe_id, row.direct_send_probe_until], [null, null], 'the probe ended');

    // Routing outcomes: counted per number and how, and listed by how.
    const scrape = await scrapeOf(h);
    const labels = { phone_number_id: acct.phoneNumberId, mode: 'live' };
    // On PostgreSQL the peer sent some: the counters are per process.
    if (!peer) assert.equal(scrape.sum('tidings_routed_sends_total', { ...labels, delivered_as: 'template' }), SENDS);
    assert.ok(scrape.sum('tidings_routed_sends_total', { ...labels, delivered_as: 'template' }) > 0);
    assert.equal(scrape.sum('tidings_routed_sends_total', { ...labels, delivered_as: 'direct_send' }), 0);
    assert.deepEqual((await listed(acct, 'template')).sort(), [...ids].sort());
    assert.deepEqual(await listed(acct, 'direct_send'), []);
    const bad = await h.api('GET', '/v1/messages?deliveredAs=fax', { key: acct.liveKey });
    assert.deepEqual([bad.status, bad.body.error.code], [400, 'parameter_invalid']);
  });

  it(`sends all ${SENDS} as Direct Sends after one probe where the platform has Direct Send enabled`, async () => {
    const acct = await account('Unknown Enabled', 'enabled');
    const refusedBefore = refusedDirectSends();
    const ids = await routedSends(acct, SENDS);
    const messages = await settled(acct, ids);
    assert.equal(refusedDirectSends() - refusedBefore, 0);
    assert.equal(directSendsTaken(ids), SENDS, 'each once, as a Direct Send');
    assert.deepEqual(
      messages.filter((m) => m.deliveredAs !== 'direct_send').map((m) => m.id),
      [],
    );
    assert.equal(await capability(acct), 'enabled');
    assert.deepEqual((await listed(acct, 'direct_send')).sort(), [...ids].sort());
    const scrape = await scrapeOf(h);
    const labels = { phone_number_id: acct.phoneNumberId, mode: 'live', delivered_as: 'direct_send' };
    if (!peer) assert.equal(scrape.sum('tidings_routed_sends_total', labels), SENDS);
  });

  it('probes once more when a refusal is a day old', async () => {
    const acct = await account('Refused Yesterday', 'not_enabled');
    // The platform refused it 25 hours ago (as a send then learned it).
    await h.deps.store.write((tx) =>
      tx
        .updateTable('phone_numbers')
        .set({ direct_send: 'not_enabled', direct_send_checked_at: iso(Date.now() - DAY - 3600_000) })
        .where('phone_number_id', '=', acct.phoneNumberId)
        .execute(),
    );
    const refusedBefore = refusedDirectSends();
    const ids = await routedSends(acct, 30);
    const messages = await settled(acct, ids);
    assert.equal(refusedDirectSends() - refusedBefore, 1);
    assert.ok(messages.every((m) => m.deliveredAs === 'template'));
    const row = await numberRow(acct.phoneNumberId);
    assert.ok(Date.parse(row.direct_send_checked_at!) > Date.now() - 60_000, 'the refusal learned again');
  });

  it('takes over the probe of a process that died holding it, once its lease ends, and sends nothing before', async () => {
    const acct = await account('Dead Prober', 'not_enabled');
    // A process took the probe for a message, then died: its lease runs 6 s more.
    const until = Date.now() + 6000;
    await h.deps.store.write((tx) =>
      tx
        .updateTable('phone_numbers')
        .set({ direct_send_probe_id: 'msg_died', direct_send_probe_until: iso(until) })
        .where('phone_number_id', '=', acct.phoneNumberId)
        .execute(),
    );
    const refusedBefore = refusedDirectSends();
    const ids = await routedSends(acct, 20);
    // Each was claimed and put back to wait for the probe (due later than it was accepted, not an attempt).
    await eventually(async () => {
      const rows = await h.deps.store.read
        .selectFrom('dispatches')
        .select(['not_before', 'created_at', 'attempts'])
        .where('message_id', 'in', ids)
        .execute();
      return rows.length === ids.length && rows.every((r) => r.not_before > r.created_at && r.attempts === 0);
    });
    assert.ok(Date.now() < until, 'checked while the dead lease still ran');
    assert.equal(refusedDirectSends() - refusedBefore, 0, 'no Direct Send while the lease runs');
    assert.equal([...h.sim.state.messages.values()].filter((m) => ids.includes(m.callbackData ?? '')).length, 0);
    const messages = await settled(acct, ids);
    assert.equal(refusedDirectSends() - refusedBefore, 1, 'one probe after the lease ended');
    assert.ok(messages.every((m) => m.deliveredAs === 'template'));
    const row = await numberRow(acct.phoneNumberId);
    assert.deepEqual([row.direct_send, row.direct_send_probe_id], ['not_enabled', null]);
  });

  describe('tidings numbers direct-send', () => {
    before(() => {
      // The CLI reads the same configuration as the service: the harness's data dir and database.
      Object.assign(process.env, h.env);
    });
    const cli = async (...argv: string[]) => {
      let out = '';
      let err = '';
      const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
      return { code, out, err };
    };

    it('marks a number enabled when Meta enables the account: its routed sends go direct with no probe refused, and the change is audited', async () => {
      const acct = await account('Operator Enabled', 'enabled');
      const res = await cli('numbers', 'direct-send', acct.phoneNumberId, '--enabled', '--json');
      assert.equal(res.code, 0, res.err);
      assert.deepEqual(JSON.parse(res.out), {
        phoneNumberId: acct.phoneNumberId,
        accountId: acct.id,
        directSend: 'enabled',
        before: 'unknown',
      });
      assert.equal(await capability(acct), 'enabled');
      const audited = (
        await h.api('GET', '/v1/audit_events?action=phone_number.direct_send_set', { key: acct.liveKey })
      ).body.data;
      assert.equal(audited.length, 1);
      assert.deepEqual(
        [audited[0].object.id, audited[0].changes],
        [acct.phoneNumberId, { before: { directSend: 'unknown' }, after: { directSend: 'enabled' } }],
      );
      const ids = await routedSends(acct, 10);
      const messages = await settled(acct, ids);
      assert.ok(messages.every((m) => m.deliveredAs === 'direct_send'));
      assert.equal(directSendsTaken(ids), 10);

      const back = await cli('numbers', 'direct-send', acct.phoneNumberId, '--unknown');
      assert.equal(back.code, 0, back.err);
      assert.match(back.out, new RegExp(`${acct.phoneNumberId}: Direct Send enabled → unknown`));
      assert.equal(await capability(acct), 'unknown');
    });

    it('refuses no flag, two flags, and a number the service does not have', async () => {
      const none = await cli('numbers', 'direct-send', h.account.phoneNumberId);
      assert.notEqual(none.code, 0);
      assert.match(none.err, /exactly one of --enabled, --not-enabled, --blocked, --unknown \(0 given\)/);
      const two = await cli('numbers', 'direct-send', h.account.phoneNumberId, '--enabled', '--blocked');
      assert.notEqual(two.code, 0);
      assert.match(two.err, /\(2 given\)/);
      const unknown = await cli('numbers', 'direct-send', '999000111222333', '--enabled', '--json');
      assert.equal(unknown.code, 1);
      assert.equal(JSON.parse(unknown.err.trim().split('\n').at(-1)!).error.code, 'phone_number_not_found');
    });
  });
});
