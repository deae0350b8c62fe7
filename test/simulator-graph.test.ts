// test-runner: no database
/**
 * Issue 15 (Part A): each difference from Meta's Graph API found with pywa and whatsapp-api-js,
 * one test each, over real HTTP against the simulator alone.
 */
import { after, before, describe } from 'node:test';
import { startSim, type SimHarness } from './conformance/sim.js';
import { errorCases } from './simulator-graph/errors.js';
import { mediaCases } from './simulator-graph/media.js';
import { requestCases } from './simulator-graph/requests.js';
import { templateCases } from './simulator-graph/templates.js';
import { webhookCases } from './simulator-graph/webhooks.js';

describe('simulator: Graph API fidelity (issue 15)', () => {
  let s: SimHarness;
  before(async () => {
    s = await startSim();
  });
  after(() => s.close());

  requestCases(() => s);
  templateCases(() => s);
  webhookCases(() => s);
  mediaCases(() => s);
  errorCases(() => s);
});
