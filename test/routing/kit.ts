/** What the routing cases share: the scope the entry fills, and sends, reads and clock moves made one way. */
import assert from 'node:assert/strict';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import type { Template } from '../../src/templates/template.schemas.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';

const HOUR = 3600_000;

/** The harness on its manual clock, and the approved template `order_update` that routed sends fall back to. */
export interface RoutingScope {
  h: Harness;
  clock: ManualClock;
  fallbackTemplate: Template;
}

/** Helpers on the scope `scope()` returns when they are called. */
export function routingKit(scope: () => RoutingScope) {
  const at = (ms: number) => new Date(scope().clock.now() + ms).toISOString();
  const get = async (id: string, key = scope().h.account.liveKey) =>
    (await scope().h.api<Message>('GET', `/v1/messages/${id}`, { key })).body;
  const send = async (body: Record<string, unknown>, key = scope().h.account.liveKey) => {
    const res = await scope().h.api<Message>('POST', '/v1/messages', { key, body });
    assert.equal(res.status, 201, res.text);
    return res.body;
  };
  /** The message once it left the queue: the platform took it, or it failed. */
  const settled = (id: string, key = scope().h.account.liveKey) =>
    eventually(async () => {
      const m = await get(id, key);
      return (
        (m.platformMessageId !== null ||
          m.status === 'failed' ||
          (key === scope().h.account.testKey && m.status !== 'scheduled' && m.status !== 'accepted')) &&
        m
      );
    });
  /** Requests the simulator took for a message (by the `msg_` id Tidings puts in biz_opaque_callback_data). */
  const requests = (id: string): any[] =>
    [...scope().h.sim.state.messages.values()].filter((m) => m.callbackData === id).map((m) => m.body);
  const directSend = async (phoneNumberId: string, status: 'enabled' | 'not_enabled' | 'blocked') => {
    const res = await fetch(`${scope().h.simUrl}/_simulator/numbers/${phoneNumberId}/direct_send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    assert.equal(res.status, 200, await res.text());
  };
  const numberOf = async (key = scope().h.account.liveKey) =>
    (await scope().h.api('GET', '/v1/phone_numbers', { key })).body.data.find((n: { sender: boolean }) => n.sender);
  /** The customer writes now; the send is accepted for an hour ahead, valid a day; the clock then passes the window's end. */
  const acceptedThenWindowCloses = async (
    to: string,
    body: Record<string, unknown>,
    key = scope().h.account.liveKey,
    phoneNumberId?: string,
  ) => {
    // The customer's message carries the simulator's time (the real one): the clock starts from it.
    scope().clock.set(Date.now());
    await scope().h.customerWrites(to, 'Where is my order?', phoneNumberId);
    const message = await send({ to, sendAt: at(HOUR), validityPeriod: 86_400, route: 'auto', ...body }, key);
    assert.equal(message.status, 'scheduled');
    assert.equal(message.route, 'auto');
    scope().clock.advance(24 * HOUR + 30 * 60_000);
    return message;
  };
  const FALLBACK = () => ({
    templateName: 'order_update',
    language: 'en_US',
    variables: { first_name: 'Ana', '2': 'A-77' },
  });
  return { at, get, send, settled, requests, directSend, numberOf, acceptedThenWindowCloses, FALLBACK };
}
