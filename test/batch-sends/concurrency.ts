/**
 * Sends under ordinary concurrent load never answer 503 (issue 38, finding 6): batches to the same
 * customers accepted together while earlier ones are dispatched and reported, and cancels racing the
 * promotion of due scheduled sends. On PostgreSQL both met row locks taken in different orders
 * (contacts by id against contacts by phone; a cancel's message before its scheduled row against a
 * promotion's scheduled rows before their messages) and one unit in a cycle was rolled back as a
 * deadlock: 8 of 20 batches and 5 cancels answered 503 in the review's runs. Every unit now takes
 * rows in one order, and one that still meets a deadlock runs again (src/db/retry.ts).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { approvedTemplate } from '../factories.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import type { BatchAnswer } from './kit.js';

/** Batches of 200 to the same 50 customers, 4 at once (half of them in reverse order), in 5 waves. */
const WAVES = 5;
const AT_ONCE = 4;
const ITEMS = 200;
const CUSTOMERS = 50;
/** Rounds of 600 scheduled sends falling due, each raced by 200 cancels and a bulk cancel. */
const ROUNDS = 3;

export function concurrentBatchCases(scope: () => { h: Harness; acct: Harness['account']; templateId: string }): void {
  it('accepts every one of concurrent batches to the same customers, while earlier ones are sent and reported: no 503', async () => {
    const { h, acct, templateId } = scope();
    const customer = (i: number) => `+1650558${String(i % CUSTOMERS).padStart(4, '0')}`;
    const answers: { status: number; text: string }[] = [];
    for (let wave = 0; wave < WAVES; wave++) {
      const batches = Array.from({ length: AT_ONCE }, (_, b) => {
        const order = Array.from({ length: ITEMS }, (_, i) => i);
        if (b % 2 === 1) order.reverse();
        const messages = order.map((i) => ({
          to: customer(i),
          type: 'template',
          templateId,
          variables: { '1': `Customer ${i}` },
        }));
        return h.api<BatchAnswer>('POST', '/v1/messages/batch', { key: acct.liveKey, body: { messages } });
      });
      answers.push(...(await Promise.all(batches)));
    }
    assert.deepEqual(
      answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.text.slice(0, 200)}`),
      [],
      'every batch is accepted',
    );
  });
}

export function cancelRaceCases(scope: () => { h: Harness; clock: ManualClock }): void {
  it('answers every cancel racing the promotion of due scheduled sends with 200 or 409, never 503', async () => {
    const { h, clock } = scope();
    // An account whose key admits a batch of 600 and the cancels that race it.
    const acct = await h.newAccount('Race Co', { rateLimit: 10_000 });
    const key = acct.liveKey;
    const { id: templateId } = await approvedTemplate(h, { name: 'race_notice', body: 'Your slot is confirmed.' }, key);
    const wrong: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const sendAt = new Date(clock.now() + 61_000).toISOString();
      const items = Array.from({ length: 600 }, (_, i) => ({
        to: `+165055${round}${String(i).padStart(4, '0')}`,
        type: 'template',
        templateId,
        sendAt,
        clientReference: `race${round}/${String(i).padStart(3, '0')}`,
      }));
      const accepted = await h.api<BatchAnswer>('POST', '/v1/messages/batch', { key, body: { messages: items } });
      assert.equal(accepted.status, 201, accepted.text.slice(0, 500));
      const ids = accepted.body.data.map((d) => ('message' in d ? d.message.id : ''));
      // Due now: the dispatcher's poll promotes them in units of 500 while the cancels arrive, in an
      // order unlike the promotion's, with a bulk cancel among them.
      clock.advance(62_000);
      const picked = ids.filter((_, i) => i % 3 === 0).sort((x, y) => (x.slice(-3) < y.slice(-3) ? -1 : 1));
      const answers = await Promise.all([
        ...picked.map((id) => h.api<Message>('POST', `/v1/messages/${id}/cancel`, { key })),
        h.api('POST', '/v1/messages/cancel', { key, body: { clientReferencePrefix: `race${round}/5` } }),
      ]);
      for (const a of answers)
        if (a.status !== 200 && !(a.status === 409 && a.body.error?.code === 'message_not_cancelable'))
          wrong.push(`${a.status} ${a.text.slice(0, 200)}`);
    }
    assert.deepEqual(wrong, []);
    // And nothing is lost: every message ends canceled or leaves the schedule.
    await eventually(async () => {
      const page = await h.api<{ data: Message[] }>('GET', '/v1/messages?limit=100&status=scheduled', { key });
      return page.status === 200 && page.body.data.length === 0;
    });
  });
}
