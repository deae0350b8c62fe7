/** Templates end to end through the simulator (docs/api.md §3.1, §4.1–4.5, §D6–§D7). */
import { after, before, describe } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { creationCases } from './templates/creation.js';
import { lifecycleCases } from './templates/lifecycle.js';
import { pagingCases } from './templates/paging.js';
import { submissionCases } from './templates/submission.js';

describe('templates', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  creationCases(() => h);
  submissionCases(() => h);
  lifecycleCases(() => h);
});

pagingCases();
