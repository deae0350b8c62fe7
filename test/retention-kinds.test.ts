/**
 * A retention for every kind of data (issue 40, item 3; docs/api.md §D17), on the database under
 * test and the manual clock: events go past their account's days with their deliveries and
 * attempts; the platform's raw payloads are cut (a customer message keeps what its resource shows)
 * and `platform.webhook` events removed; inactive contacts are chosen for erasure (through a small
 * implementation of the retention's own port, which records what it is handed: the erasure feature
 * fills the real one, and the end-to-end test of erasing them is the coordinator's at merge); every
 * sweep goes in bounded units and caps an account's rows; another account is untouched; the
 * settings are checked (service, CLI, GET /v1/account); the metrics count what went.
 */
import { after, before, describe } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import { startHarness, type Harness } from './harness.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';
import { contactAndSettingCases } from './retention-kinds/contacts-settings.js';
import { eventAndPayloadCases } from './retention-kinds/events-payloads.js';

describe('a retention for every kind of data (manual clock)', () => {
  let h: Harness;
  let receiver: Receiver;
  const clock = new ManualClock(Date.now());
  before(async () => {
    h = await startHarness({ clock, env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
    receiver = await startReceiver();
    // The CLI reads the same configuration as the service: the harness's data dir and database.
    Object.assign(process.env, h.env);
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });
  const ctx = () => ({ h, clock, receiver });
  eventAndPayloadCases(ctx);
  contactAndSettingCases(ctx);
});
