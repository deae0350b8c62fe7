/**
 * A suppression covers the person, not the address (issue 38, finding 1; consent/person-cover.ts):
 * made by phone, BSUID, parent BSUID or for a contact, it refuses a send to any of the contact's
 * addresses, at accept and at dispatch alike, on an in-memory directory and lookup; and on random
 * people (some known by no contact) addressed at random, the two checks agree with who is suppressed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PersonDirectory } from '../../src/consent/person-cover.js';
import type { ActiveSuppression, SuppressionLookup } from '../../src/consent/suppression-decision.js';
import { SuppressionGate } from '../../src/messages/accept/suppression-gate.js';
import { SuppressionCheck } from '../../src/messages/dispatch/suppression-check.js';
import { AUTH, BSUID, PHONE, queued, suppression } from './kit.js';

/** The cases of a customer known by phone, BSUID, parent BSUID and `ct_` id. */
export function personCases(): void {
  describe('a suppression covers the person, however the send addresses them (issue 38, finding 1)', () => {
    const PARENT = 'US.ENT.11815799212886844830';
    const person = { contactId: 'ct_1', phone: PHONE, userId: BSUID, parentUserId: PARENT };
    /** A directory with one contact, answering only for addresses it holds. */
    const directory: PersonDirectory = {
      peopleOf: async (_scope, addresses) =>
        addresses.some((a) => [person.contactId, person.phone, person.userId, person.parentUserId].includes(a))
          ? [person]
          : [],
    };
    /** A lookup that, like the database, answers only the suppressions naming a customer it is asked about. */
    const asked = (found: ActiveSuppression[]): SuppressionLookup => ({
      async activeFor(_a, _m, _n, customers) {
        return found.filter((s) =>
          customers.some(
            (c) =>
              (s.phone !== null && c.phone === s.phone) ||
              (s.bsuid !== null && c.bsuid === s.bsuid) ||
              (s.contactId !== null && c.contactId === s.contactId),
          ),
        );
      },
      async overrideAllowed() {
        return false;
      },
    });
    const made = {
      'by phone': suppression({}),
      'by BSUID': suppression({ phone: null, bsuid: BSUID }),
      'by parent BSUID': suppression({ phone: null, bsuid: PARENT }),
      'for the contact only': suppression({ phone: null, contactId: 'ct_1' }),
    };
    for (const [how, s] of Object.entries(made)) {
      it(`a suppression made ${how} refuses a send to each address, at accept and at dispatch alike`, async () => {
        for (const to of [PHONE, BSUID, PARENT, 'ct_1']) {
          const atAccept = await new SuppressionGate(asked([s]), directory).refusals(AUTH, [
            { to, category: null, ignore: false },
            { to: '+16505550000', category: null, ignore: false },
          ]);
          const atDispatch = await new SuppressionCheck(asked([s]), directory).barred([queued(to, false)]);
          assert.deepEqual([...atAccept.keys()], [0], `${how}, sent to ${to}: refused at accept`);
          assert.equal(atAccept.get(0)?.code, 'recipient_suppressed');
          assert.equal(
            atDispatch.get('msg_1')?.message,
            atAccept.get(0)?.message,
            `${how}, sent to ${to}: at dispatch`,
          );
        }
      });
    }

    it('reads nothing, not even the contacts, when the account has no active suppression', async () => {
      let reads = 0;
      const counting: PersonDirectory = { peopleOf: async () => (reads++, []) };
      const none = { ...asked([]), noneActive: async () => true };
      assert.equal(
        (await new SuppressionGate(none, counting).refusals(AUTH, [{ to: BSUID, category: null, ignore: false }])).size,
        0,
      );
      assert.equal(reads, 0);
    });

    it('agrees at accept and at dispatch with who is suppressed, on random people addressed at random (seeded)', async () => {
      let seed = 38;
      const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
      // People: a contact with a random set of identifiers, or an address no contact holds.
      const people = Array.from({ length: 30 }, (_, i) => {
        const known = rand(4) !== 0;
        const phone = rand(3) !== 0 || !known ? `+1650555${String(1000 + i)}` : null;
        const userId = known && (rand(3) !== 0 || phone === null) ? `US.${7000 + i}` : null;
        const parentUserId = known && userId !== null && rand(2) === 0 ? `US.ENT.${7000 + i}` : null;
        const contactId = known ? `ct_${i}` : null;
        const addresses = [phone, userId, parentUserId, contactId].filter((a): a is string => a !== null);
        return { phone, userId, parentUserId, contactId, addresses };
      });
      const contacts = people.flatMap((p) => (p.contactId ? [{ ...p, contactId: p.contactId }] : []));
      let directoryReads = 0;
      const directory: PersonDirectory = {
        peopleOf: async (_scope, addresses) => (
          directoryReads++, contacts.filter((c) => c.addresses.some((a) => addresses.includes(a)))
        ),
      };
      // Suppressions made by a random address of a random third of the people, as the service stores them.
      const suppressed = new Set<number>();
      const found: ActiveSuppression[] = [];
      for (const [i, p] of people.entries()) {
        if (rand(3) !== 0) continue;
        suppressed.add(i);
        const by = p.addresses[rand(p.addresses.length)]!;
        const address = by.startsWith('ct_') ? (p.phone ?? p.userId!) : by;
        found.push(
          suppression({
            id: `sup_${String(i).padStart(3, '0')}`,
            phone: address.startsWith('+') ? address : null,
            bsuid: address.startsWith('+') ? null : address,
            contactId: p.contactId,
          }),
        );
      }
      for (let round = 0; round < 5; round++) {
        const sends = Array.from({ length: 40 }, () => {
          const who = rand(people.length);
          const p = people[who]!;
          return { who, to: p.addresses[rand(p.addresses.length)]! };
        });
        directoryReads = 0;
        const atAccept = await new SuppressionGate(asked(found), directory).refusals(
          AUTH,
          sends.map((x) => ({ to: x.to, category: null, ignore: false })),
        );
        assert.equal(directoryReads, 1, 'one read of the contacts for the whole request');
        const atDispatch = await new SuppressionCheck(asked(found), directory).barred(
          sends.map((x, i) => ({ ...queued(x.to, false), message_id: `msg_${i}` })),
        );
        for (const [i, x] of sends.entries()) {
          const want = suppressed.has(x.who);
          assert.equal(atAccept.has(i), want, `round ${round}: ${x.to} (person ${x.who}) at accept`);
          assert.equal(atDispatch.has(`msg_${i}`), want, `round ${round}: ${x.to} (person ${x.who}) at dispatch`);
        }
      }
    });
  });
}
