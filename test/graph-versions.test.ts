/**
 * Graph API versions (issue 42, docs/api.md §D33, docs/platform.md §0.2): the version setting and
 * its checks, the end-of-life warning by the clock (90 days ahead, not before), the start's log and
 * refusal, `/health/ready` and the account signals, the simulator's answers by version, and the
 * service against the simulator at v23.0 and at the default v25.0, on both dialects. The cases are
 * in test/graph-versions/, a module a subject.
 */
import { describe } from 'node:test';
import { configCases } from './graph-versions/config.js';
import { serviceCases } from './graph-versions/service.js';
import { simulatorCases } from './graph-versions/simulator.js';
import { startCases } from './graph-versions/start.js';

describe('Graph API versions (issue 42)', () => {
  configCases();
  startCases();
  simulatorCases();
  serviceCases();
});
