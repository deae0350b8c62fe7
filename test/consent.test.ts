/**
 * Issue 28, consent (docs/api.md §D23, README "Consent…"): opt-out and opt-in keywords, the
 * suppression list's API, sends refused up front (the override rule; the held list), queued sends
 * failed at dispatch with no platform call, a suppression covering the person however the send
 * addresses them (issue 38), the confirmation reply inside and outside the window,
 * `user_preferences` and 131050, consent per mode (issue 38), and a seeded walk that tries to break
 * all of it at once (property.ts; FUZZ_SEED replays it). On both dialects, through the simulator
 * over HTTP. The cases are in
 * test/consent/, a module a subject, all on this file's one harness.
 */
import { after, before, describe } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { blockCases } from './consent/blocks.js';
import { byPersonCases } from './consent/by-person.js';
import { confirmationReplyCases } from './consent/confirmation-reply.js';
import { keywordCases } from './consent/keywords.js';
import type { Consent } from './consent/kit.js';
import { marketingCases } from './consent/marketing.js';
import { modeCases } from './consent/modes.js';
import { overrideCases } from './consent/override.js';
import { propertyCases } from './consent/property.js';
import { refusalCases } from './consent/refusals.js';
import { suppressionListCases } from './consent/suppression-list.js';

describe('consent: suppressions, keywords, marketing preferences (issue 28)', () => {
  const clock = new ManualClock();
  let h: Harness;
  let templateId: string;
  before(async () => {
    h = await startHarness({ clock });
    templateId = (
      await approvedTemplate(h, { name: 'consent_notice', body: 'Your order shipped. Reply STOP to opt out.' })
    ).id;
  });
  after(() => h.close());
  const consent = (): Consent => ({ h, clock, templateId });

  keywordCases(consent);
  refusalCases(consent);
  suppressionListCases(consent);
  confirmationReplyCases(consent);
  marketingCases(consent);
  blockCases(consent);
  byPersonCases(consent);
  modeCases(consent);
  overrideCases(consent);
  propertyCases(consent);
});
