/**
 * The sending pipeline (messages/dispatch/): a send is accepted without the platform, then sent at
 * the number's pace, in order per customer, with the platform's refusals, limits and outages
 * handled as README "Sending" says, through the real simulator over HTTP. The cases are in
 * test/dispatch/, a module a subject: most on this file's one harness, those that need other
 * options (a short platform timeout, a manual clock) on harnesses of their own.
 */
import { after, before, describe } from 'node:test';
import type { Dispatch } from './dispatch/kit.js';
import { outageCases } from './dispatch/outages.js';
import { paceCases } from './dispatch/pace.js';
import { sendOptionCases } from './dispatch/send-options.js';
import { tierCases } from './dispatch/tiers.js';
import { validityCases } from './dispatch/validity.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';

describe('dispatch', () => {
  let h: Harness;
  let templateId: string;
  before(async () => {
    h = await startHarness({ env: { DISPATCH_RETRY_MAX_MS: '2000' } });
    templateId = (await approvedTemplate(h, { name: 'dispatch_notice', body: 'Your order shipped.' })).id;
  });
  after(() => h.close());
  const templates = new Map<string, string>();
  const dispatch = (): Dispatch => ({ h, templateId, templates });

  outageCases(dispatch);
  paceCases(dispatch);
  sendOptionCases(dispatch);
  tierCases(dispatch);
});

validityCases();
