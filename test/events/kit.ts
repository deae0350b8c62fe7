/** What the event cases share: the scope the entry fills, an account with an endpoint and a receiver, a customer's message. */
import assert from 'node:assert/strict';
import type { Harness } from '../harness.js';
import { startReceiver, type Receiver } from '../receiver.js';

export type Account = Harness['account'];

/** The harness, and the receivers started so far (the entry closes them after the last case). */
export interface EventsScope {
  h: Harness;
  receivers: Receiver[];
}

/** Helpers on the scope `scope()` returns when they are called. */
export function eventsKit(scope: () => EventsScope) {
  /** A fresh account (so no other test's endpoints receive its events) with an endpoint and a receiver. */
  async function setup(events: string[] = ['*'], mode: 'live' | 'test' = 'live') {
    const { h, receivers } = scope();
    const account = await h.newAccount();
    const receiver = await startReceiver();
    receivers.push(receiver);
    const key = mode === 'live' ? account.liveKey : account.testKey;
    const res = await h.api('POST', '/v1/webhook_endpoints', {
      key,
      body: { url: receiver.url, events, description: 'orders' },
    });
    assert.equal(res.status, 201, res.text);
    receiver.secrets = [res.body.secret];
    return { account, receiver, key, endpoint: res.body };
  }

  const customerWrites = async (account: Account, from: string, text = 'Hello', contextMessageId?: string) => {
    const { h } = scope();
    const res = await fetch(`${h.simUrl}/_simulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from,
        to: account.phoneNumberId,
        text,
        name: 'Maria',
        ...(contextMessageId ? { contextMessageId } : {}),
      }),
    });
    const { wamid } = (await res.json()) as { wamid: string };
    await h.sim.webhooks.idle();
    return wamid;
  };
  // The types of the events received, each event once: delivery is at least once, and a delivery
  // retried after a slow answer (a loaded machine) brings the same event, the same webhook-id, again.
  const types = (r: Receiver) => [...new Map(r.received.map((x) => [x.body.id as string, x.type])).values()];
  return { setup, customerWrites, types };
}
