/**
 * What the analytics cases share: status reports made from the fixtures, a status webhook for a
 * harness's number, GET /v1/analytics/messages asserted 200, template sends taken by the platform,
 * a shuffle the same on every run, and the figures to compare.
 */
import assert from 'node:assert/strict';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { dispatched } from '../factories.js';
import type { Harness } from '../harness.js';
import { fixture } from '../helpers.js';

/** The first status item of a fixture, as a template for our own reports. */
export const statusItem = (name: string) => fixture(name).entry[0].changes[0].value.statuses[0];

/** A status webhook for the harness's number, of these status items. */
export function statusHook(h: Harness, statuses: object[]): object {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: h.account.phoneNumberId },
              statuses,
            },
          },
        ],
      },
    ],
  };
}

/** A status item for `wamid` at second `at` (Unix), priced as a utility template unless `pricing` says otherwise. */
export function report(wamid: string, status: string, at: number, extra: Record<string, unknown> = {}): object {
  const base = {
    ...statusItem('webhook-status-sent.json'),
    id: wamid,
    status,
    timestamp: String(at),
    recipient_id: '16505550100',
  };
  delete (base as { conversation?: unknown }).conversation;
  return { ...base, pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' }, ...extra };
}

/** GET /v1/analytics/messages?`query` with `key` (and `headers`), asserted 200: the answer. */
export async function analytics(
  h: Harness,
  query: string,
  key = h.account.liveKey,
  headers: Record<string, string> = {},
) {
  const res = await h.api('GET', `/v1/analytics/messages?${query}`, { key, headers });
  assert.equal(res.status, 200, res.text);
  return res;
}

/** Sends `n` template messages with the live key and waits until the platform took each: their ids and wamids. */
export async function sendTemplates(
  h: Harness,
  templateId: string,
  n: number,
  first = 0,
): Promise<{ id: string; wamid: string }[]> {
  const out: { id: string; wamid: string }[] = [];
  for (let i = first; i < first + n; i++) {
    const res = await h.api<Message>('POST', '/v1/messages', {
      body: {
        to: `+1650555${String(100 + i).padStart(4, '0')}`,
        type: 'template',
        templateId,
        variables: { '1': '1042' },
      },
    });
    assert.equal(res.status, 201, res.text);
    out.push({ id: res.body.id, wamid: (await dispatched(h, res.body.id)).platformMessageId! });
  }
  return out;
}

/** A shuffle that is the same on every run (a linear congruential generator). */
export function shuffled<T>(items: T[], seed = 7): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The figures of `figures` that `like` names, to compare with `like`. */
export function pick(figures: Record<string, unknown>, like: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(like).map((k) => [k, figures[k]]));
}
