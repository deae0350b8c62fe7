/**
 * Media (docs/api.md §2.3, §4.8, §D4, §D9): upload, typing, limits, storage, registration, sends.
 * Registering a file again and template media headers: media-registration.test.ts. The cases are
 * in test/media/, a module a subject, all on this file's one harness.
 */
import { after, before, describe } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { refusalCases } from './media/refusals.js';
import { sendCases } from './media/sends.js';
import { servingCases } from './media/serving.js';
import { storageCases } from './media/storage.js';
import { uploadCases } from './media/uploads.js';

describe('media', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.customerWrites('+16505551234');
  });
  after(() => h.close());
  const harness = () => h;

  uploadCases(harness);
  refusalCases(harness);
  servingCases(harness);
  storageCases(harness);
  sendCases(harness);
});
