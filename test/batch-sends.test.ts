/**
 * Batch and scheduled sends (docs/api.md §D18, README "Sending in bulk and later"): a batch checks
 * each item on its own and accepts the valid ones together; a scheduled message enters its queue at
 * its time and not before, across restarts and processes; a batch counts its messages as reports
 * arrive and completes once; a dry run stores nothing; messages are canceled until they are taken;
 * concurrent batches and cancels never answer 503; the set-based path keeps all of it (issue 41).
 */
import { after, before, describe } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import { batchCheckCases } from './batch-sends/batch-checks.js';
import { batchCases } from './batch-sends/batches.js';
import { cancelRaceCases, concurrentBatchCases } from './batch-sends/concurrency.js';
import { progressCases } from './batch-sends/progress.js';
import { batchRecordCases } from './batch-sends/records.js';
import { scheduleCases } from './batch-sends/scheduled.js';
import { setBasedCases } from './batch-sends/set-based.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';

describe('batch sends', () => {
  let h: Harness;
  let templateId: string;
  let acct: Harness['account'];
  before(async () => {
    h = await startHarness();
    acct = await h.newAccount('Batch Co', { rateLimit: 10_000 });
    templateId = (
      await approvedTemplate(
        h,
        { name: 'batch_notice', body: 'Hello {{1}}, your order shipped.', variables: [{ example: 'Jessica' }] },
        acct.liveKey,
      )
    ).id;
  });
  after(() => h.close());

  batchCases(() => ({ h, acct, templateId }));
  batchRecordCases(() => ({ h, acct, templateId }));
  concurrentBatchCases(() => ({ h, acct, templateId }));
});

describe('set-based batches (issue 41)', () => {
  let h: Harness;
  let templateId: string;
  let acct: Harness['account'];
  before(async () => {
    h = await startHarness();
    // Its own number at the top tier: the cases wait for the platform to get what they queued.
    acct = await h.newAccount('Set Co', { rateLimit: 10_000, throughput: 1000 });
    templateId = (
      await approvedTemplate(
        h,
        { name: 'set_notice', body: 'Hello {{1}}, your order shipped.', variables: [{ example: 'Jessica' }] },
        acct.liveKey,
      )
    ).id;
  });
  after(() => h.close());

  setBasedCases(() => ({ h, acct, templateId }));
});

describe('scheduled sends and cancelling', () => {
  const clock = new ManualClock();
  let h: Harness;
  let templateId: string;
  before(async () => {
    h = await startHarness({ clock });
    templateId = (await approvedTemplate(h, { name: 'later_notice', body: 'Your appointment is tomorrow.' })).id;
  });
  after(() => h.close());

  scheduleCases(() => ({ h, clock, templateId }));
  batchCheckCases(() => ({ h, clock }));
  cancelRaceCases(() => ({ h, clock }));
});

describe('batch progress', () => {
  let h: Harness;
  let templateId: string;
  before(async () => {
    h = await startHarness();
    templateId = (await approvedTemplate(h, { name: 'progress_notice', body: 'Your order shipped.' })).id;
  });
  after(() => h.close());

  progressCases(() => ({ h, templateId }));
});
