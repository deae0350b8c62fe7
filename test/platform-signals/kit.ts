/**
 * What the platform-signal cases share: the entry's harness, its WABA and webhook receiver
 * (`SignalHarness`), and the calls they make on them: the live key, a fixture put under the account,
 * the events of a type, GET /v1/account/signals.
 */
import type { Harness } from '../harness.js';
import { fixture } from '../helpers.js';
import type { Receiver } from '../receiver.js';

/** The entry's harness, the account's WABA id, and the receiver behind its webhook endpoints. */
export interface SignalHarness {
  h: Harness;
  wabaId: string;
  receiver: Receiver;
}

/** The calls, on what `harness` gives when a case runs (after the entry's `before`). */
export function signalsKit(harness: () => SignalHarness) {
  const key = () => harness().h.account.liveKey;
  /** A fixture put under the account's WABA (and number, for values that name one). */
  function ours(name: string): any {
    const { h, wabaId } = harness();
    const body = structuredClone(fixture(name));
    body.entry[0].id = wabaId;
    const value = body.entry[0].changes[0].value;
    if (value.metadata) value.metadata.phone_number_id = h.account.phoneNumberId;
    return body;
  }
  const events = async (type: string) =>
    (await harness().h.api('GET', `/v1/events?type=${type}&limit=100`, { key: key() })).body.data as any[];
  const signals = async () => (await harness().h.api('GET', '/v1/account/signals', { key: key() })).body;
  return { key, ours, events, signals };
}
