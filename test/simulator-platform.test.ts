// test-runner: no database
/**
 * The platform behaviour later issues build on (Part B): throughput tiers, lost answers, BSUIDs,
 * media download, mark as read, rich sends, template buttons and the customer's answers. The cases
 * are in test/simulator-platform/, a module a subject, all on this file's one simulator.
 */
import { after, before, describe } from 'node:test';
import { startSim, type SimHarness } from './conformance/sim.js';
import { answerCases } from './simulator-platform/answers.js';
import { customerCases } from './simulator-platform/customers.js';
import { richSendCases } from './simulator-platform/rich-sends.js';
import { throughputCases } from './simulator-platform/throughput.js';

describe('simulator: platform behaviour (Part B)', () => {
  let s: SimHarness;
  before(async () => {
    s = await startSim();
  });
  after(() => s.close());
  const sim = () => s;

  throughputCases(sim);
  customerCases(sim);
  richSendCases(sim);
  answerCases(sim);
});
