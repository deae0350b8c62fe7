/**
 * What the set-based batch path (issue 41: every table written in one statement per batch, the
 * recipients read at once) could break: a batch of new and known customers, one customer named
 * several times (their messages leave in the batch's order), a suppressed customer named by BSUID
 * and by `ct_` id among other items, a retried batch (the same answer, nothing queued twice), and
 * last (it leaves 2,100 messages queued) a batch of 1,000 racing single sends to the same customers
 * (never a 503 or a deadlock's answer).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { eventually } from '../helpers.js';
import { batchApi, batchItem, type BatchAnswer, type BatchScope } from './kit.js';

export function setBasedCases(scope: () => BatchScope): void {
  const api = batchApi(scope);
  const item = batchItem(scope, '650561');
  /** A customer writes to the batch account's number (their window opens); @returns their contact. */
  const writes = async (from: string, userId?: string): Promise<Contact> => {
    const { h, acct } = scope();
    const res = await fetch(`${h.simUrl}/_simulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from, to: acct.phoneNumberId, text: 'Hello', ...(userId ? { userId } : {}) }),
    });
    assert.equal(res.status, 200, await res.text());
    await h.sim.webhooks.idle();
    return eventually(async () =>
      (await api<{ data: Contact[] }>('GET', '/v1/contacts?limit=100')).body.data.find((c) => c.phone === from),
    );
  };
  const messagesOf = (answer: BatchAnswer) =>
    answer.data.map((d) => ('message' in d ? d.message : null)) as (Message | null)[];

  it('stores a batch of new and known customers: known ones keep their contact, free-form only inside the window', async () => {
    const known = await writes('+16505610901', 'US.6505610901000000001');
    const other = await writes('+16505610902');
    const res = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: {
        messages: [
          item(1),
          { to: known.phone, type: 'text', text: 'Your order is ready.' },
          item(2),
          { to: other.id, type: 'text', text: 'By contact id.' },
          { to: '+16505610903', type: 'text', text: 'Nobody wrote from here.' },
          item(902),
          { ...item(0), to: 'US.6505610333000000001' },
          { ...item(0), to: known.userId },
          { ...item(0), to: 'US.6505610333000000001' },
        ],
      },
    });
    assert.equal(res.status, 201, res.text);
    const [a, b, c, d, e, f, g, h, i] = res.body.data;
    const [byNewUser, byKnownUser, byNewUserAgain] = [g, h, i].map((x) => (x as { message: Message }).message);
    assert.equal(byKnownUser!.contactId, known.id, "a template to a known customer's BSUID finds their contact");
    assert.ok(byNewUser!.contactId?.startsWith('ct_'), 'a new BSUID gets a contact');
    assert.equal(byNewUserAgain!.contactId, byNewUser!.contactId, 'one contact for a BSUID named twice');
    assert.equal((e as { error: { code: string } }).error.code, 'outside_customer_window');
    const stored = [a, b, c, d, f].map((x) => (x as { message: Message }).message);
    assert.equal(stored[1]!.contactId, known.id, 'the known customer keeps their contact');
    assert.deepEqual([stored[3]!.contactId, stored[3]!.to], [other.id, other.phone], 'a ct_ id is sent to its number');
    assert.equal(stored[4]!.contactId, other.id, 'a template to a known number finds its contact');
    const fresh = [stored[0]!, stored[2]!];
    assert.ok(
      fresh.every((m) => m.contactId?.startsWith('ct_')),
      'new customers get contacts',
    );
    assert.notEqual(fresh[0]!.contactId, fresh[1]!.contactId);
    const contacts = (await api<{ data: Contact[] }>('GET', '/v1/contacts?limit=100')).body.data;
    assert.equal(contacts.filter((x) => x.phone === '+16505610001').length, 1, 'one contact per customer');
    assert.equal(contacts.filter((x) => x.phone === '+16505610903').length, 0, 'a refused item makes no contact');
  });

  it("sends a customer named several times in one batch their messages in the batch's order", async () => {
    const { h } = scope();
    const to = '+16505610500';
    const items = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? item(600 + i) : { ...item(0), to }));
    const res = await api<BatchAnswer>('POST', '/v1/messages/batch', { body: { messages: items } });
    assert.equal(res.status, 201, res.text);
    const theirs = messagesOf(res.body).filter((m) => m?.to === to);
    assert.equal(theirs.length, 8);
    const ids = theirs.map((m) => m!.id);
    const sent = await eventually(async () => {
      const seen = [...h.sim.state.messages.values()].filter((m) => ids.includes(m.callbackData ?? ''));
      return seen.length === ids.length && seen.map((m) => m.callbackData);
    });
    assert.deepEqual(sent, ids, 'sent in the order of the batch');
    assert.equal(new Set(theirs.map((m) => m!.contactId)).size, 1, 'one contact');
  });

  it('refuses, inside a batch, a suppressed customer named by BSUID and by ct_ id, and sends the others', async () => {
    const userId = 'US.6505610777000000001';
    const contact = await writes('+16505610777', userId);
    assert.equal(contact.userId, userId);
    const suppressed = await api('POST', '/v1/suppressions', { body: { to: contact.phone } });
    assert.equal(suppressed.status, 201, suppressed.text);
    const res = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: {
        messages: [
          item(700),
          { ...item(0), to: userId },
          { ...item(0), to: contact.id },
          { to: contact.id, type: 'text', text: 'Reply by id' },
          { ...item(0), to: contact.phone },
          item(701),
        ],
      },
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      res.body.data.map((d) => ('error' in d ? d.error.code : 'accepted')),
      [
        'accepted',
        'recipient_suppressed',
        'recipient_suppressed',
        'recipient_suppressed',
        'recipient_suppressed',
        'accepted',
      ],
    );
  });

  it('answers a retried batch as the first time and queues none of its messages twice', async () => {
    const { h } = scope();
    const messages = Array.from({ length: 200 }, (_, i) => item(800 + (i % 100), { clientReference: `retry-${i}` }));
    const send = () =>
      api<BatchAnswer>('POST', '/v1/messages/batch', {
        body: { messages },
        headers: { 'idempotency-key': 'sb-retry' },
      });
    const first = await send();
    assert.equal(first.status, 201, first.text);
    const again = await send();
    assert.equal(again.status, 201, again.text);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body, 'the same answer');
    const ids = messagesOf(first.body).map((m) => m!.id);
    const listed: string[] = [];
    for (let after = ''; ; ) {
      const page = await api<{ data: Message[]; has_more: boolean }>(
        'GET',
        `/v1/messages?batch=${first.body.batch.id}&limit=100${after ? `&starting_after=${after}` : ''}`,
      );
      listed.push(...page.body.data.map((m) => m.id));
      if (!page.body.has_more) break;
      after = page.body.data.at(-1)!.id;
    }
    assert.deepEqual([...listed].sort(), [...ids].sort(), 'each message stored once');
    const platform = await eventually(async () => {
      const seen = [...h.sim.state.messages.values()].filter((m) => ids.includes(m.callbackData ?? ''));
      return seen.length >= ids.length && seen;
    }, 60_000);
    assert.equal(platform.length, ids.length, 'each sent once');
  });
  it('accepts a batch of 1,000 while single sends to the same customers race it: no 503, no deadlock', async () => {
    const customer = (i: number) => `+1650562${String(i % 100).padStart(4, '0')}`;
    const batch = (reverse: boolean) => {
      const order = Array.from({ length: 1000 }, (_, i) => (reverse ? 999 - i : i));
      return api<BatchAnswer>('POST', '/v1/messages/batch', {
        body: { messages: order.map((i) => ({ ...item(0), to: customer(i), variables: { '1': `Race ${i}` } })) },
      });
    };
    const singles = Array.from({ length: 100 }, (_, i) =>
      api<Message>('POST', '/v1/messages', { body: { ...item(0), to: customer(99 - i) } }),
    );
    const answers = await Promise.all([batch(false), ...singles, batch(true)]);
    assert.deepEqual(
      answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.text.slice(0, 200)}`),
      [],
      'every send accepted',
    );
    const first = answers[0] as { body: BatchAnswer };
    assert.equal(first.body.batch.accepted, 1000);
    const contacts = new Set(messagesOf(first.body).map((m) => m!.contactId));
    assert.equal(contacts.size, 100, 'one contact per customer');
  });
}
