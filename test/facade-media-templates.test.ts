/**
 * The Cloud API facade's media and templates (docs/api.md §D34, "Media and templates"):
 * whatsapp-api-js, pointed at `<tidings>/graph` with a Tidings key as its token and nothing else
 * changed, uploads, retrieves, downloads and deletes files (its own and a customer's); templates are
 * created, listed, read, edited and deleted in Meta's shapes (plain fetch: the library has no
 * template calls), reach the simulator and come back APPROVED; refusals in Meta's codes.
 */
import { after, before, describe } from 'node:test';
import { facadeClient } from './cloud-api-receiver.js';
import { startHarness } from './harness.js';
import type { FacadeScope } from './facade-media-templates/kit.js';
import { mediaCases } from './facade-media-templates/media.js';
import { templateCases } from './facade-media-templates/templates.js';

describe('the Cloud API facade: media and templates', () => {
  let s: FacadeScope;
  before(async () => {
    // Reviews by hand (the simulator's control API), so a test decides when a template is approved.
    const h = await startHarness({ simulator: { review: 'manual' } });
    const credentials = await h.deps.accounts.credentialsForAccount(h.account.id);
    const api = facadeClient(h, h.account.liveKey, 'facade-test-secret');
    s = { h, api, pnid: h.account.phoneNumberId, waba: credentials.wabaId, simToken: credentials.accessToken };
  });
  after(() => s.h.close());

  mediaCases(() => s);
  templateCases(() => s);
});
