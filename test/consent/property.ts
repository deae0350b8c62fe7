/**
 * A seeded walk that tries to break the consent promise (issue 38): a customer who opted out is never
 * messaged, however they are addressed, and a test key never reads or changes what live sends obey.
 * On a fresh account, four customers (walk-model.ts) whose live contacts learn their BSUID and
 * parent BSUID at random moments; each step one of: a customer's message (learning an identifier,
 * STOP or START), a suppression by any address with a live or a test key, a lift by id with either
 * key (another mode's: 404; a block's: 409 `suppression_is_block`), a block or unblock, and a send
 * (text, routed text or template; single, batch, or scheduled a minute ahead with a change of
 * consent before its time) to any address. After each send: refused at accept (409 `recipient_suppressed`) or
 * failed at dispatch with it, and then never seen by the platform, exactly when the model says the
 * customer is suppressed in the send's mode; otherwise accepted and sent (a live one once to the
 * platform, a test one never). At the end each key lists exactly its mode's active suppressions.
 *
 * Bounded by a count of steps (CONSENT_WALK_STEPS, default 120); FUZZ_SEED replays a walk, and a
 * failure names its seed and the steps that led to it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Suppression } from '../../src/consent/consent.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { approvedTemplate } from '../factories.js';
import { eventually, fixture } from '../helpers.js';
import type { Consent, Page } from './kit.js';
import { ConsentModel, customers, MODES, rng, type Mode } from './walk-model.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261202);
const STEPS = Number(process.env.CONSENT_WALK_STEPS ?? 120);

/** One walk, on its own account of the entry's harness. */
async function walk(c: Consent, seed: number, steps: number, log: string[]): Promise<void> {
  const { h, clock } = c;
  const r = rng(seed);
  const account = await h.newAccount('Consent walk', { rateLimit: 10_000 });
  const key = (mode: Mode) => (mode === 'live' ? account.liveKey : account.testKey);
  const api = <T = any>(mode: Mode, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    h.api<T>(method, url, { key: key(mode), ...(body === undefined ? {} : { body }) });
  const templateId = (await approvedTemplate(h, { name: 'walk_notice', body: 'Your order shipped.' }, account.liveKey))
    .id;
  const model = new ConsentModel(customers(4, (phone) => h.sim.state.userIdForPhone(phone)));
  let wamids = 0;

  /** Customer `i` writes `text` to the live number, their webhook naming every identifier shown so far. */
  const writes = async (i: number, text: string) => {
    const p = model.people[i]!;
    clock.advance(1500); // A keyword acts on what was made before its message's second.
    const body = structuredClone(fixture('webhook-inbound-text.json'));
    const v = body.entry[0].changes[0].value;
    const [userId, parentUserId] = model.shown(p);
    v.metadata.phone_number_id = account.phoneNumberId;
    v.contacts = [
      {
        profile: { name: 'Customer' },
        wa_id: p.phone.slice(1),
        ...(userId ? { user_id: userId } : {}),
        ...(parentUserId ? { parent_user_id: parentUserId } : {}),
      },
    ];
    v.messages = [
      {
        from: p.phone.slice(1),
        id: `wamid.consent-walk-${seed}-${++wamids}`,
        timestamp: String(Math.floor(clock.now() / 1000)),
        type: 'text',
        text: { body: text },
      },
    ];
    assert.equal((await h.platformWebhook(body)).status, 200);
  };
  const contactOf = async (mode: Mode, phone: string) => {
    const found = (await api<{ data: Contact[] }>(mode, 'GET', `/v1/contacts?q=${phone.slice(1)}`)).body.data;
    assert.equal(found.length, 1, `one ${mode} contact for ${phone}`);
    return found[0]!;
  };
  const activeList = async (mode: Mode, reason?: string) =>
    (await api<Page>(mode, 'GET', `/v1/suppressions?active=true&limit=100${reason ? `&reason=${reason}` : ''}`)).body
      .data;
  /** The one active suppression of `reason` of customer `i` in `mode`, as the service lists it. */
  const listed = async (mode: Mode, i: number, reason: string): Promise<Suppression> => {
    const { contactId, phone } = model.people[i]!;
    const found = (await activeList(mode, reason)).filter((s) => s.contactId === contactId[mode] || s.phone === phone);
    assert.equal(found.length, 1, `one active ${reason} suppression of customer ${i} in ${mode}`);
    return found[0]!;
  };

  for (const p of model.people) {
    // Through the simulator, so the platform knows the customer wrote (a block needs it).
    await h.customerWrites(p.phone.slice(1), 'Hello', account.phoneNumberId);
    p.contactId.live = (await contactOf('live', p.phone)).id;
    const wrote = await api('test', 'POST', '/v1/test_helpers/inbound_messages', { from: p.phone, text: 'hi' });
    assert.ok(wrote.status < 300, wrote.text);
    p.contactId.test = (await contactOf('test', p.phone)).id;
  }

  /** The message once the dispatcher is done with it, and the platform requests made for it. */
  const settled = async (mode: Mode, id: string) => {
    const m = await eventually(async () => {
      const res = await api<Message>(mode, 'GET', `/v1/messages/${id}`);
      assert.equal(res.status, 200, res.text);
      const got = res.body;
      return got.status !== 'scheduled' && (got.platformMessageId !== null || got.status !== 'accepted') && got;
    });
    return { m, requests: [...h.sim.state.messages.values()].filter((s) => s.callbackData === id).length };
  };
  /** Checks a send the service accepted, against whether the model says the customer is suppressed now. */
  const checkSent = async (mode: Mode, i: number, id: string, what: string) => {
    const { m, requests } = await settled(mode, id);
    if (model.suppressed(mode, i)) {
      assert.deepEqual([m.status, m.error?.code], ['failed', 'recipient_suppressed'], `${what}: failed at dispatch`);
      assert.equal(requests, 0, `${what}: never reached the platform`);
    } else {
      assert.ok(['sent', 'delivered', 'read'].includes(m.status) || m.platformMessageId, `${what}: sent (${m.status})`);
      assert.equal(requests, mode === 'live' ? 1 : 0, `${what}: platform requests`);
    }
  };
  const sendBody = (mode: Mode, i: number, template = r.chance(0.5)) => ({
    to: r.pick(model.known(mode, i)),
    ...(template ? { type: 'template', templateId } : { type: 'text', text: 'Your parcel is at the door.' }),
  });
  /** A single send: refused exactly when the model says so, else accepted and then sent. */
  const send = async (mode: Mode, i: number, body: Record<string, unknown>, what: string) => {
    const res = await api<Message>(mode, 'POST', '/v1/messages', body);
    if (model.suppressed(mode, i)) {
      assert.deepEqual([res.status, res.body.error?.code], [409, 'recipient_suppressed'], `${what}: ${res.text}`);
      return null;
    }
    assert.equal(res.status, 201, `${what}: ${res.text}`);
    return res.body.id;
  };

  /** A change of consent: a suppression by any address, or a lift by id, with either key. */
  const suppress = async (mode: Mode, i: number) => {
    const to = r.pick(model.nameable(mode, i));
    log.push(`  ${mode} POST /v1/suppressions to ${to}`);
    const res = await api<Suppression>(mode, 'POST', '/v1/suppressions', { to });
    log.push(`    ${res.status} ${res.body.id}`);
    if (res.status === 201) return model.add({ id: res.body.id, mode, customer: i, address: to, reason: 'api' });
    assert.equal(res.status, 200, res.text);
    const known = model.suppressions.get(res.body.id);
    assert.ok(
      known?.active && known.mode === mode && known.customer === i,
      `200 answers a suppression of theirs: ${res.text}`,
    );
  };
  const lift = async (mode: Mode) => {
    const all = [...model.suppressions.values()];
    if (all.length === 0) return;
    const s = r.pick(all);
    log.push(`  ${mode} DELETE ${s.id} (${s.mode} ${s.reason} of ${s.customer}, ${s.active ? 'active' : 'lifted'})`);
    const res = await api<Suppression>(mode, 'DELETE', `/v1/suppressions/${s.id}`);
    if (s.mode !== mode) assert.deepEqual([res.status, res.body.error?.code], [404, 'suppression_not_found'], res.text);
    else if (s.reason === 'blocked' && s.active)
      assert.deepEqual([res.status, res.body.error?.code], [409, 'suppression_is_block'], res.text);
    else {
      assert.deepEqual([res.status, res.body.active], [200, false], res.text);
      s.active = false;
    }
  };
  const change = (mode: Mode, i: number) => (r.chance(0.6) ? suppress(mode, i) : lift(mode));

  for (let step = 0; step < steps; step++) {
    const mode = r.chance(0.6) ? 'live' : 'test';
    const i = r.int(model.people.length);
    const p = model.people[i]!;
    const kind = r.weighted({
      learn: 2,
      stop: 2,
      start: 2,
      suppress: 3,
      lift: 3,
      block: 1,
      send: 5,
      batch: 2,
      later: 3,
    });
    log.push(`${step}: ${kind} ${mode} customer ${i}`);
    if (kind === 'learn' || kind === 'stop' || kind === 'start') {
      if (model.blocked('live', i)) continue; // The platform carries no message of a blocked customer.
      if (kind === 'learn') {
        if (p.learned >= (p.parentUserId ? 2 : 1)) continue;
        p.learned++;
        await writes(i, 'Hi');
      } else if (kind === 'stop') {
        await writes(i, 'STOP');
        const s = await listed('live', i, 'opt_out_keyword');
        log.push(`    ${s.id}`);
        if (!model.suppressions.has(s.id))
          model.add({ id: s.id, mode: 'live', customer: i, address: p.phone, reason: 'opt_out_keyword' });
      } else {
        await writes(i, 'START');
        model.optIn(i);
      }
    } else if (kind === 'suppress') await suppress(mode, i);
    else if (kind === 'lift') await lift(mode);
    else if (kind === 'block') {
      const blocking = !model.blocked(mode, i);
      const res = await api(mode, 'POST', `/v1/contacts/${p.contactId[mode]}/${blocking ? 'block' : 'unblock'}`);
      assert.equal(res.status, 200, res.text);
      if (!blocking) model.unblock(mode, i);
      else {
        const s = await listed(mode, i, 'blocked');
        log.push(`    ${s.id}`);
        model.add({ id: s.id, mode, customer: i, address: p.contactId[mode], reason: 'blocked' });
      }
    } else if (kind === 'send') {
      // A text may be routed, with a template to fall back on (issue 38: routed sends are covered too).
      const plain = sendBody(mode, i);
      const body =
        plain.type === 'text' && r.chance(0.4) ? { ...plain, route: 'auto', fallback: { templateId } } : plain;
      log.push(
        `  ${body.type}${'route' in body ? ' routed' : ''} to ${body.to}, suppressed: ${model.suppressed(mode, i)}`,
      );
      const id = await send(mode, i, body, `step ${step}: a ${mode} ${body.type} to ${body.to}`);
      if (id) await checkSent(mode, i, id, `step ${step}: a ${mode} ${body.type} to ${body.to}`);
    } else if (kind === 'batch') {
      const who = Array.from({ length: 2 + r.int(3) }, () => r.int(model.people.length));
      const items = who.map((j) => sendBody(mode, j));
      log.push(
        `  to ${items.map((b, n) => `${b.to}${model.suppressed(mode, who[n]!) ? ' (suppressed)' : ''}`).join(', ')}`,
      );
      const res = await api(mode, 'POST', '/v1/messages/batch', { messages: items });
      const refused = who.map((j) => model.suppressed(mode, j));
      if (refused.every(Boolean)) {
        assert.deepEqual([res.status, res.body.error?.code], [400, 'batch_rejected'], res.text);
        assert.ok(
          res.body.error.items.every((e: any) => e.error.code === 'recipient_suppressed'),
          res.text,
        );
        continue;
      }
      assert.equal(res.status, 201, res.text);
      for (const [n, j] of who.entries()) {
        const item = res.body.data[n];
        if (refused[n]) assert.equal(item.error?.code, 'recipient_suppressed', `step ${step}: item ${n}`);
        else await checkSent(mode, j, item.message.id, `step ${step}: batch item ${n} to ${items[n]!.to}`);
      }
    } else {
      // Scheduled a minute ahead; consent may change before its time; at its time, the model then.
      const body = { ...sendBody(mode, i, true), sendAt: new Date(clock.now() + 61_000).toISOString() };
      log.push(`  scheduled to ${body.to}, suppressed: ${model.suppressed(mode, i)}`);
      const id = await send(mode, i, body, `step ${step}: a ${mode} scheduled send to ${body.to}`);
      if (r.chance(0.7)) await change(r.pick(MODES), i);
      clock.advance(62_000);
      if (id) await checkSent(mode, i, id, `step ${step}: a ${mode} scheduled send to ${body.to}`);
    }
  }
  for (const mode of MODES) {
    const ids = (await activeList(mode)).map((s) => s.id).sort();
    assert.deepEqual(ids, model.activeIds(mode).sort(), `the ${mode} key lists exactly its mode's active suppressions`);
  }
}

export function propertyCases(consent: () => Consent): void {
  describe('a seeded walk over customers, keys, suppressions and sends (issue 38)', () => {
    it(`never messages a customer who opted out, however addressed, in the mode they opted out of (${STEPS} steps)`, async () => {
      const log: string[] = [];
      const { h } = consent();
      // The customers' BSUIDs reach the service only when the walk says so, not on every status.
      await h.simulatorConfig({ bsuid: false });
      try {
        await walk(consent(), SEED, STEPS, log);
      } catch (err) {
        const steps = log.slice(-Number(process.env.CONSENT_WALK_LOG ?? 25)).join('\n    ');
        throw new Error(
          `consent walk, seed ${SEED} (FUZZ_SEED=${SEED} replays it): ${(err as Error).message}\n  last steps:\n    ${steps}`,
          { cause: err },
        );
      } finally {
        await h.simulatorConfig({ bsuid: true });
      }
    });
  });
}
