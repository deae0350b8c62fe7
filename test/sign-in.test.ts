/**
 * Signing in with a password (issue 39, docs/api.md §D26): the answer that never tells whether
 * an email exists, the lockout per email and per address, the breached-password rule, and the
 * session a sign-in starts (fixation, cross-site writes, sign-out, idle expiry). The cases are in
 * test/sign-in/, on this file's one harness (with a clock the tests move).
 */
import { after, before, describe } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import { startHarness, type Harness } from './harness.js';
import { meCases } from './sign-in/me.js';
import { passwordCases } from './sign-in/password.js';
import { sessionCases } from './sign-in/sessions.js';

describe('signing in', () => {
  let h: Harness;
  const clock = new ManualClock(Date.now());

  before(async () => {
    h = await startHarness({ clock });
  });
  after(() => h.close());

  passwordCases(() => h);
  sessionCases(() => h, clock);
  meCases(() => h);
});
