// test-runner: no database
/**
 * Conformance, webhooks: for every webhook fixture, the simulator is put in the same situation and
 * what it sends is compared with the fixture (same fields at every level, same types, same enum
 * values; see test/conformance/shape.ts). Where a fixture is from another era than the payloads the
 * simulator is configured for, the fields that era lacks or adds are named with the reason. The
 * cases are in test/conformance-webhooks/, a module a subject, all on this file's one simulator and
 * in this order: the template case needs the simulator the cases before it warmed up, and the
 * signatures case reads every webhook they made.
 */
import { after, before, describe } from 'node:test';
import { startSim, type SimHarness } from './conformance/sim.js';
import { inboundCases } from './conformance-webhooks/inbound.js';
import { shapeCases } from './conformance-webhooks/shape.js';
import { signatureCases } from './conformance-webhooks/signatures.js';
import { statusCases } from './conformance-webhooks/statuses.js';
import { templateCases } from './conformance-webhooks/templates.js';

describe('conformance: webhooks the simulator sends, against the fixtures', () => {
  let s: SimHarness;
  before(async () => {
    s = await startSim();
  });
  after(() => s.close());
  const sim = () => s;

  inboundCases(sim);
  statusCases(sim);
  templateCases(sim);
  signatureCases(sim);
});

shapeCases();
