/**
 * What the live-key message cases share: the customer whose window the entry opened, and a text
 * send to them through POST /v1/messages/.
 */
import type { Harness } from '../harness.js';

/** The customer who wrote first (the entry's `before`): their window is open for every case. */
export const CUSTOMER = '+16505551234';

/** The calls, on what `harness` gives when a case runs (after the entry's `before`). */
export function messagesKit(harness: () => Harness) {
  /** A text send to the customer, `body` overriding its fields, with `headers` if given: the answer. */
  const send = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    harness().api('POST', '/v1/messages/', {
      body: { to: CUSTOMER, type: 'text', text: 'Your order shipped', ...body },
      ...(headers ? { headers } : {}),
    });
  return { send };
}
