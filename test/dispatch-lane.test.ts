// test-runner: no database
/**
 * A lane's state machine (src/messages/dispatch/lane.ts), on its own: the phases a drive goes
 * through (idle, driving, rerun), that a transition from a phase it may not leave throws, that a
 * wake while driving ends a wait for sends in flight, the hold of a number and the wake timer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LaneState } from '../src/messages/dispatch/lane.js';

const lane = () => new LaneState({ phoneNumberId: '106540352242922', mode: 'live' }, 'live:106540352242922');
const error = { code: '131049', message: 'This message was not delivered to maintain healthy ecosystem engagement.' };

describe("a dispatch lane's state machine", () => {
  it('starts idle, drives, and goes back to idle', () => {
    const s = lane();
    assert.equal(s.phase, 'idle');
    s.start();
    assert.equal(s.phase, 'driving');
    s.finish();
    assert.equal(s.phase, 'idle');
  });

  it('notes a wake while driving, and looks again once the pass is done', () => {
    const s = lane();
    s.start();
    s.rerun();
    assert.equal(s.phase, 'rerun');
    s.rerun();
    assert.equal(s.phase, 'rerun', 'a second wake changes nothing more');
    s.lookAgain();
    assert.equal(s.phase, 'driving');
    s.rerun();
    s.finish();
    assert.equal(s.phase, 'idle', 'a drive that stops ends even with a wake noted');
  });

  it('throws on a transition from a phase it may not leave, and stays where it was', () => {
    const s = lane();
    assert.throws(() => s.rerun(), /lane live:106540352242922: rerun is not allowed while idle/);
    assert.throws(() => s.lookAgain(), /lookAgain is not allowed while idle/);
    assert.throws(() => s.finish(), /finish is not allowed while idle/);
    assert.throws(() => s.nudged(), /nudged is not allowed while idle/);
    assert.equal(s.phase, 'idle');
    s.start();
    assert.throws(() => s.start(), /start is not allowed while driving \(only from idle\)/);
    assert.throws(() => s.lookAgain(), /lookAgain is not allowed while driving \(only from rerun\)/);
    assert.equal(s.phase, 'driving');
    s.rerun();
    assert.throws(() => s.start(), /start is not allowed while rerun/);
    assert.equal(s.phase, 'rerun');
  });

  it('ends a wait for sends in flight at the next wake, not at an earlier one', async () => {
    const s = lane();
    s.start();
    s.rerun();
    let ended = false;
    const nudge = s.nudged().then(() => (ended = true));
    await new Promise((r) => setImmediate(r));
    assert.equal(ended, false, 'a wake before the wait began does not end it');
    s.rerun();
    await nudge;
    assert.equal(ended, true);
  });

  it('holds the number until the latest end of its holds, showing the latest reason', () => {
    const s = lane();
    assert.equal(s.heldAt(1000), null);
    assert.equal(s.hold(5000, 'account_restricted', error), 5000);
    assert.deepEqual(s.heldAt(1000), { until: 5000, reason: 'account_restricted', error });
    const other = { code: '80007', message: 'Rate limit hit.' };
    assert.equal(s.hold(3000, 'graph_rate_limited', other), 5000, 'a shorter hold keeps the longer end');
    assert.deepEqual(s.heldAt(4999), { until: 5000, reason: 'graph_rate_limited', error: other });
    assert.equal(s.heldAt(5000), null, 'over at its end');
  });

  it('keeps one wake timer: a new one replaces it, and a cancelled one never fires', async () => {
    const s = lane();
    const fired: string[] = [];
    s.wakeIn(60_000, () => fired.push('later'));
    assert.equal(s.wakeSet, true);
    const woken = new Promise<void>((r) => s.wakeIn(-5, () => (fired.push('now'), r())));
    await woken;
    assert.deepEqual(fired, ['now'], 'the first timer was replaced');
    assert.equal(s.wakeSet, false, 'a timer that fired is cleared');
    s.wakeIn(0, () => fired.push('cancelled'));
    s.cancelWake();
    assert.equal(s.wakeSet, false);
    // Timers of one delay fire in the order they were set: once this one fired, the cancelled one would have.
    await new Promise((r) => setTimeout(r, 0));
    assert.deepEqual(fired, ['now']);
  });
});
