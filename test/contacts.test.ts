/**
 * Customers and conversations (issue 16): contacts known by phone number and/or business-scoped
 * user id (BSUID), made from the platform's real payloads (webhook-inbound-text-with-user-id.json)
 * and from the simulator's username-only customers; sends to a BSUID or a `ct_` id; the window as
 * a property of the contact on the manual clock; lists, search, paging and the timeline; the
 * inbound list; mark as read with the typing indicator, as the simulator recorded it.
 */
import { after, before, describe } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import { bsuidCases } from './contacts/bsuid.js';
import { identityCases } from './contacts/identities.js';
import { FIXTURE_NUMBER, type BsuidCustomer } from './contacts/kit.js';
import { listCases } from './contacts/lists.js';
import { readCases } from './contacts/reads.js';
import { windowCases } from './contacts/window.js';
import { startHarness, type Harness } from './harness.js';

describe('contacts', () => {
  let h: Harness;
  const clock = new ManualClock(Date.now());
  let fixtureKey: string;

  before(async () => {
    h = await startHarness({ clock });
    const account = await h.deps.accounts.createAccount({
      name: 'Fixture',
      wabaId: '102290129340398',
      phoneNumberId: FIXTURE_NUMBER,
      phoneNumber: '+972123456789',
      accessToken: 'EAAG-contacts-token',
    });
    h.sim.registerToken('EAAG-contacts-token', '102290129340398', [FIXTURE_NUMBER]);
    fixtureKey = (await h.deps.keys.createKey({ accountId: account.id, mode: 'live' })).key;
  });
  after(() => h.close());

  const scope = () => ({ h, clock, fixtureKey });
  /** Recorded by the BSUID cases, marked read by the read cases. */
  const bsuid = {} as BsuidCustomer;

  identityCases(scope);
  bsuidCases(scope, bsuid);
  readCases(scope, bsuid);
  listCases(scope);
  windowCases(scope);
});
