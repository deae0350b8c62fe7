/** What the contact cases share: the fixture's customer, the scope the entry fills, and reads and posts made one way. */
import assert from 'node:assert/strict';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Harness } from '../harness.js';
import { fixture, valueOf } from '../helpers.js';

/** The business number and customer of webhook-inbound-text-with-user-id.json. */
export const FIXTURE_NUMBER = '1122334455667';
export const FIXTURE_CUSTOMER = '+972987654321';
export const FIXTURE_USER_ID = 'US.13491208655302741918';
export const FIXTURE_PARENT = 'US.ENT.11815799212886844830';

export type Page<T> = { data: T[]; has_more: boolean };

/** The harness on its manual clock, and the live key of the account that owns the fixture's number. */
export interface ContactsScope {
  h: Harness;
  clock: ManualClock;
  fixtureKey: string;
}

/** The username-only customer one case records and later cases answer and mark read. */
export interface BsuidCustomer {
  contact: Contact;
  inboundWamid: string;
}

/** Helpers on the scope `scope()` returns when they are called. */
export function contactsKit(scope: () => ContactsScope) {
  /** The fixture, sent now (its 2023 timestamp would leave the window closed), with `edit` applied to its value. */
  const fixturePayload = (edit: (value: any) => void = () => {}) => {
    const payload = fixture('webhook-inbound-text-with-user-id.json');
    const value = valueOf(payload);
    value.messages[0].timestamp = String(Math.floor(scope().clock.now() / 1000));
    edit(value);
    return payload;
  };
  const simState = async () => (await fetch(`${scope().h.simUrl}/_simulator/state`)).json() as Promise<any>;
  const simInbound = async (body: Record<string, unknown>) => {
    const res = await fetch(`${scope().h.simUrl}/_simulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: scope().h.account.phoneNumberId, ...body }),
    });
    assert.equal(res.status, 200);
    return (await res.json()) as { wamid: string; webhook: string };
  };
  const contactsOf = async (query: string, key = scope().h.account.liveKey) => {
    const res = await scope().h.api<Page<Contact>>('GET', `/v1/contacts?${query}`, { key });
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  return { fixturePayload, simState, simInbound, contactsOf };
}
