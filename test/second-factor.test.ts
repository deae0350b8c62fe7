/**
 * The second factor and the password change (issue 39, docs/api.md §D26): setting TOTP up with
 * recovery codes, the sign-in's second step (a new session, codes within ±1 step and never twice,
 * recovery codes once, wrong codes counted by the sign-in limiter, the pending session refused
 * elsewhere), turning it off, and changing one's password. Codes are computed with otpauth, on a
 * clock the tests move. The cases are in test/second-factor/.
 */
import { after, before, describe } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import { startHarness, type Harness } from './harness.js';
import { passwordCases } from './second-factor/password.js';
import { setupCases } from './second-factor/setup.js';
import { signInCases } from './second-factor/sign-in.js';

describe('the second factor and the password', () => {
  let h: Harness;
  const clock = new ManualClock(Date.now());

  before(async () => {
    h = await startHarness({ clock });
  });
  after(() => h.close());

  setupCases(() => h, clock);
  signInCases(() => h, clock);
  passwordCases(() => h);
});
