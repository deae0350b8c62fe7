/**
 * What the blocking cases share: the entry's harness and its number's platform token and WABA
 * (`Blocks`), and the calls they make: the platform's blocklist of the number, the Block Users API
 * calls made so far, a contact by phone, a customer who wrote through the simulator or only to this
 * service.
 */
import assert from 'node:assert/strict';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Harness } from '../harness.js';
import { fixture, valueOf } from '../helpers.js';

export type Page<T> = { data: T[]; has_more: boolean };

/** The entry's harness, and its number's access token and WABA id at the platform. */
export interface Blocks {
  h: Harness;
  token: string;
  wabaId: string;
}

/** The calls, on what `blocks` gives when a case runs (after the entry's `before`). */
export function blocksKit(blocks: () => Blocks) {
  /** The platform's blocklist of the number, as the simulator holds it (its Graph `GET block_users`). */
  const platformList = async (): Promise<string[]> => {
    const { h, token } = blocks();
    const res = await fetch(`${h.simUrl}/v23.0/${h.account.phoneNumberId}/block_users?limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200);
    return ((await res.json()) as { data: { wa_id: string }[] }).data.map((u) => u.wa_id);
  };
  /** Calls of the Block Users API this service made so far (its platform metrics). */
  const blockCalls = async (): Promise<number> => {
    const metric = await blocks().h.deps.metrics.registry.getSingleMetric('tidings_platform_calls_total')!.get();
    return metric.values
      .filter((v) => v.labels.operation === 'block_users' || v.labels.operation === 'unblock_users')
      .reduce((n, v) => n + v.value, 0);
  };
  const contactByPhone = async (phone: string, key = blocks().h.account.liveKey): Promise<Contact> => {
    const page = (
      await blocks().h.api<Page<Contact>>('GET', `/v1/contacts?q=${encodeURIComponent(phone.slice(1))}`, { key })
    ).body;
    const found = page.data.find((c) => c.phone === phone);
    assert.ok(found, `no contact ${phone}`);
    return found;
  };
  /** A customer who wrote through the simulator (the platform saw it: its window is open there too). */
  const wroteNow = async (phone: string) => {
    await blocks().h.customerWrites(phone);
    return contactByPhone(phone);
  };
  /**
   * A customer message only this service saw, sent `agoMs` ago: the platform's webhook (fixture
   * webhook-inbound-text.json) addressed to the harness's number, posted to the service directly.
   */
  const wroteOnlyHere = async (phone: string, agoMs = 0) => {
    const { h, wabaId } = blocks();
    const payload = fixture('webhook-inbound-text.json');
    payload.entry[0].id = wabaId;
    const value = valueOf(payload);
    value.metadata.phone_number_id = h.account.phoneNumberId;
    value.contacts[0].wa_id = phone.slice(1);
    Object.assign(value.messages[0], {
      from: phone.slice(1),
      id: `wamid.blocks-${phone.slice(1)}`,
      timestamp: String(Math.floor((Date.now() - agoMs) / 1000)),
    });
    assert.equal((await h.platformWebhook(payload)).status, 200);
    return contactByPhone(phone);
  };

  return { platformList, blockCalls, contactByPhone, wroteNow, wroteOnlyHere };
}
