/**
 * The calls the contact search cases share, on the entry's harness: a search through
 * GET /v1/contacts?q= asserted 200, the numbers (or BSUIDs) it finds, and a customer writing
 * through the simulator.
 */
import assert from 'node:assert/strict';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Harness } from '../harness.js';

export type Page<T> = { data: T[]; has_more: boolean };

/** The calls, on what `harness` gives when a case runs (after the entry's `before`). */
export function searchKit(harness: () => Harness) {
  const search = async (q: string, key = harness().account.liveKey, extra = '') => {
    const res = await harness().api<Page<Contact>>('GET', `/v1/contacts?limit=100&q=${encodeURIComponent(q)}${extra}`, {
      key,
    });
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  const phonesOf = async (q: string) => (await search(q)).data.map((c) => c.phone ?? c.userId).sort();
  /** A customer message through the simulator's control API (`body`: from, userId, name…), answered 200. */
  const writes = async (body: Record<string, unknown>) => {
    const h = harness();
    const res = await fetch(`${h.simUrl}/_simulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: h.account.phoneNumberId, text: 'hello', ...body }),
    });
    assert.equal(res.status, 200, await res.clone().text());
  };
  return { search, phonesOf, writes };
}
