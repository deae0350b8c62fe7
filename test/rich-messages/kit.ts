/** What the rich-message cases share: the customer who opened the window, and sends and reads made one way. */
import assert from 'node:assert/strict';
import { sentAndRecorded } from '../factories.js';
import type { Harness } from '../harness.js';

export const CUSTOMER = '+16505551234';

/** Helpers on the harness `harness()` returns when they are called. */
export function richKit(harness: () => Harness) {
  const send = (body: Record<string, unknown>, key?: string) =>
    harness().api('POST', '/v1/messages/', { body: { to: CUSTOMER, ...body }, ...(key ? { key } : {}) });
  /** Sends, waits for dispatch, and returns the message and the Graph request the simulator recorded. */
  const sendAndRecord = (body: Record<string, unknown>) => sentAndRecorded(harness(), { to: CUSTOMER, ...body });
  /** The fields every platform request of a send to CUSTOMER starts with. */
  const envelope = (id: string) => ({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: CUSTOMER,
    biz_opaque_callback_data: id,
  });
  /** A customer message through the simulator's control API (docs/simulator.md). */
  const customer = async (body: Record<string, unknown>): Promise<string> => {
    const answer = await harness().customerSends(CUSTOMER, body);
    assert.equal(answer.webhook, 'delivered');
    return answer.wamid;
  };
  const inboundByWamid = async (wamid: string) =>
    (await harness().api('GET', `/v1/inbound_messages/${encodeURIComponent(wamid)}`)).body;
  return { send, sendAndRecord, envelope, customer, inboundByWamid };
}
