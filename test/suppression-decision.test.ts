// test-runner: no database
/**
 * The one suppression decision (consent/suppression-decision.ts), rule by rule, and the two send
 * checks that ask it (at accept, messages/accept/suppression-gate.ts; at dispatch,
 * messages/dispatch/suppression-check.ts) agreeing on every case when given the same suppressions.
 * The lookup here is an in-memory SuppressionLookup (the port), not the database: the database's
 * answers are tested end to end in consent.test.ts. The person's addresses (a send to a BSUID
 * covered by a suppression made by phone…) are in suppression-decision/by-person.ts, and the
 * contacts' reads shared by concurrent sends in suppression-decision/shared-reads.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ActiveSuppression,
  decide,
  type SuppressionLookup,
  type SuppressionVerdict,
} from '../src/consent/suppression-decision.js';
import { SuppressionGate } from '../src/messages/accept/suppression-gate.js';
import { SuppressionCheck } from '../src/messages/dispatch/suppression-check.js';
import { personCases } from './suppression-decision/by-person.js';
import { sharedReadCases } from './suppression-decision/shared-reads.js';
import { AUTH, BSUID, NOBODY, PHONE, queued, suppression } from './suppression-decision/kit.js';

/** The cases: suppressions found, the send, whether overrides are allowed, and the verdict's kind. */
const CASES: {
  name: string;
  found: ActiveSuppression[];
  to: string;
  category: string | null;
  ignore: boolean;
  allowed: boolean;
  kind: SuppressionVerdict['kind'];
}[] = [
  { name: 'nothing found', found: [], to: PHONE, category: null, ignore: false, allowed: false, kind: 'pass' },
  {
    name: 'another customer',
    found: [suppression({ phone: '+16505550000' })],
    to: PHONE,
    category: null,
    ignore: false,
    allowed: false,
    kind: 'pass',
  },
  {
    name: 'by number',
    found: [suppression({})],
    to: PHONE,
    category: null,
    ignore: false,
    allowed: false,
    kind: 'suppressed',
  },
  {
    name: 'by BSUID',
    found: [suppression({ phone: null, bsuid: BSUID })],
    to: BSUID,
    category: null,
    ignore: false,
    allowed: false,
    kind: 'suppressed',
  },
  {
    name: 'a number suppression does not match a BSUID alone (a contact holding both adds the number: by-person.ts)',
    found: [suppression({})],
    to: BSUID,
    category: null,
    ignore: false,
    allowed: false,
    kind: 'pass',
  },
  {
    name: 'all scope, utility template',
    found: [suppression({})],
    to: PHONE,
    category: 'UTILITY',
    ignore: false,
    allowed: false,
    kind: 'suppressed',
  },
  {
    name: 'marketing scope, marketing template',
    found: [suppression({ scope: 'marketing' })],
    to: PHONE,
    category: 'MARKETING',
    ignore: false,
    allowed: false,
    kind: 'suppressed',
  },
  {
    name: 'marketing scope, category in lower case',
    found: [suppression({ scope: 'marketing' })],
    to: PHONE,
    category: 'marketing',
    ignore: false,
    allowed: false,
    kind: 'suppressed',
  },
  {
    name: 'marketing scope, utility template',
    found: [suppression({ scope: 'marketing' })],
    to: PHONE,
    category: 'UTILITY',
    ignore: false,
    allowed: false,
    kind: 'pass',
  },
  {
    name: 'marketing scope, not a template',
    found: [suppression({ scope: 'marketing' })],
    to: PHONE,
    category: null,
    ignore: false,
    allowed: false,
    kind: 'pass',
  },
  {
    name: 'ignore, allowed',
    found: [suppression({})],
    to: PHONE,
    category: null,
    ignore: true,
    allowed: true,
    kind: 'overridden',
  },
  {
    name: 'ignore, not allowed',
    found: [suppression({})],
    to: PHONE,
    category: null,
    ignore: true,
    allowed: false,
    kind: 'override_refused',
  },
  {
    name: 'ignore with nothing to ignore',
    found: [],
    to: PHONE,
    category: null,
    ignore: true,
    allowed: false,
    kind: 'pass',
  },
  {
    name: 'blocked',
    found: [suppression({ reason: 'blocked' })],
    to: PHONE,
    category: null,
    ignore: false,
    allowed: true,
    kind: 'suppressed',
  },
  {
    name: 'marketing-only first, all-scope second: the all-scope one covers a utility send',
    found: [suppression({ id: 'sup_1', scope: 'marketing' }), suppression({ id: 'sup_2' })],
    to: PHONE,
    category: 'UTILITY',
    ignore: false,
    allowed: false,
    kind: 'suppressed',
  },
];

/** An in-memory lookup answering `found` and counting the override reads. */
function lookup(found: ActiveSuppression[], allowed: boolean): SuppressionLookup & { overrideReads: number } {
  return {
    overrideReads: 0,
    async activeFor() {
      return found;
    },
    async overrideAllowed() {
      this.overrideReads++;
      return allowed;
    },
  };
}

describe('the suppression decision', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const verdict = await decide(
        c.found,
        { addresses: new Set([c.to]), category: c.category, ignore: c.ignore },
        async () => c.allowed,
      );
      assert.equal(verdict.kind, c.kind);
      if (verdict.kind !== 'pass')
        assert.equal(verdict.suppression.id, c.kind === 'suppressed' && c.found.length > 1 ? 'sup_2' : 'sup_1');
    });
  }

  it('reads the override setting only for a covered send that asks to ignore, once per request', async () => {
    const l = lookup([suppression({})], true);
    const gate = new SuppressionGate(l, NOBODY);
    const refused = await gate.refusals(AUTH, [
      { to: PHONE, category: null, ignore: false },
      { to: '+16505550000', category: null, ignore: true },
      { to: PHONE, category: null, ignore: true },
      { to: PHONE, category: null, ignore: true },
    ]);
    assert.deepEqual([...refused.keys()], [0]);
    assert.equal(l.overrideReads, 1);
  });

  it('gives the same answer at accept and at dispatch for every case a queued message can be in', async () => {
    // The queue keeps no template category, so the dispatch check sees every message as category null.
    for (const c of CASES.filter((x) => x.category === null)) {
      const atAccept = await new SuppressionGate(lookup(c.found, c.allowed), NOBODY).refusals(AUTH, [
        { to: c.to, category: null, ignore: c.ignore },
      ]);
      const atDispatch = await new SuppressionCheck(lookup(c.found, c.allowed), NOBODY).barred([
        queued(c.to, c.ignore),
      ]);
      assert.equal(
        atAccept.size,
        atDispatch.size,
        `${c.name}: accept refuses ${atAccept.size}, dispatch ${atDispatch.size}`,
      );
      const refusal = atAccept.get(0);
      if (refusal?.code === 'recipient_suppressed') assert.equal(atDispatch.get('msg_1')?.message, refusal.message);
      if (refusal?.code === 'suppression_override_not_allowed')
        assert.equal(atDispatch.get('msg_1')?.code, 'recipient_suppressed', 'a queued message fails as suppressed');
    }
  });
});

personCases();
sharedReadCases();
