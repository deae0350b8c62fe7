/**
 * The audit trail (issue 39 item 6, docs/api.md §D27): changes through the API recorded with their
 * actor and request; the sealer and `audit verify` (a hand-edited row and a removed one named); the
 * retention and its anchor; `GET /v1/audit_events` with its filters, paging and exports. The cases
 * are in test/audit/, on this file's one harness.
 */
import { after, before, describe } from 'node:test';
import { chainCases, keyCases } from './audit/chain.js';
import { customerCases } from './audit/customers.js';
import { listCases } from './audit/list.js';
import { sendCases } from './audit/sends.js';
import { templateCases } from './audit/templates.js';
import { endpointCases } from './audit/endpoints.js';
import { startHarness, type Harness } from './harness.js';

describe('the audit trail', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());
  listCases(() => h);
  keyCases(() => h);
  chainCases(() => h);
  sendCases(() => h);
  templateCases(() => h);
  endpointCases(() => h);
  customerCases(() => h);
});
