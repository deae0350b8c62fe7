// test-runner: no database
/** The message status machine (docs/api.md §D8): forward only, failed from accepted or sent. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyReport, INITIAL_STATUS, type StatusFields } from '../src/messages/record/status-machine.js';

const base: StatusFields = { ...INITIAL_STATUS };
const T1 = '2026-11-21T10:00:01.000Z';
const T2 = '2026-11-21T10:00:02.000Z';
const T3 = '2026-11-21T10:00:03.000Z';

function run(reports: Parameters<typeof applyReport>[1][]): StatusFields {
  let state = { ...base };
  for (const r of reports) state = { ...state, ...(applyReport(state, r) ?? {}) };
  return state;
}

describe('status machine', () => {
  it('moves accepted → sent → delivered → read with each step timestamp', () => {
    const s = run([
      { status: 'sent', at: T1 },
      { status: 'delivered', at: T2 },
      { status: 'read', at: T3 },
    ]);
    assert.deepEqual([s.status, s.sent_at, s.delivered_at, s.read_at], ['read', T1, T2, T3]);
  });

  it('reaches the same state whatever order the reports arrive in', () => {
    const reports = [
      { status: 'sent', at: T1 },
      { status: 'delivered', at: T2 },
      { status: 'read', at: T3 },
    ] as const;
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
      [2, 0, 1],
      [0, 2, 1],
      [1, 0, 2],
    ];
    for (const order of orders) {
      const s = run(order.map((i) => reports[i]!));
      assert.deepEqual([s.status, s.sent_at, s.delivered_at, s.read_at], ['read', T1, T2, T3], `order ${order}`);
    }
  });

  it('never moves back: a late delivered after read changes no status', () => {
    const s = run([
      { status: 'read', at: T3 },
      { status: 'delivered', at: T2 },
    ]);
    assert.equal(s.status, 'read');
  });

  it('fills the steps a skipped report implies (read without delivered)', () => {
    const s = run([{ status: 'read', at: T3 }]);
    assert.deepEqual([s.sent_at, s.delivered_at, s.read_at], [T3, T3, T3]);
  });

  it('lets failed follow accepted or sent, with the error', () => {
    const fromAccepted = run([
      { status: 'failed', at: T1, error: { code: '131026', message: 'Message undeliverable' } },
    ]);
    assert.deepEqual([fromAccepted.status, fromAccepted.error_code, fromAccepted.failed_at], ['failed', '131026', T1]);
    const fromSent = run([
      { status: 'sent', at: T1 },
      { status: 'failed', at: T2, error: { code: '131047', message: 'Re-engagement message' } },
    ]);
    assert.equal(fromSent.status, 'failed');
    assert.equal(fromSent.sent_at, T1);
  });

  it('refuses failed after delivered or read, and anything after failed', () => {
    assert.equal(
      run([
        { status: 'delivered', at: T1 },
        { status: 'failed', at: T2 },
      ]).status,
      'delivered',
    );
    assert.equal(
      run([
        { status: 'read', at: T1 },
        { status: 'failed', at: T2 },
      ]).status,
      'read',
    );
    const s = run([
      { status: 'failed', at: T1, error: { code: '1', message: 'x' } },
      { status: 'read', at: T2 },
    ]);
    assert.deepEqual([s.status, s.read_at], ['failed', null]);
  });

  it('treats a duplicate report as no change', () => {
    const once = run([{ status: 'sent', at: T1 }]);
    assert.equal(applyReport(once, { status: 'sent', at: T1 }), null);
  });
});

describe('status machine: pricing', () => {
  const pricing = { billable: true, model: 'PMP', category: 'utility', type: 'regular' };
  it('keeps the pricing a report carries, the latest standing, and a field a report lacks as it was', () => {
    const sent = run([{ status: 'sent', at: T1, pricing }]);
    assert.deepEqual(
      [sent.pricing_billable, sent.pricing_model, sent.pricing_category, sent.pricing_type],
      [1, 'PMP', 'utility', 'regular'],
    );
    const later = {
      ...sent,
      ...applyReport(sent, {
        status: 'delivered',
        at: T2,
        pricing: { billable: true, model: 'CBP', category: 'marketing', type: null },
      }),
    };
    assert.deepEqual(
      [later.pricing_model, later.pricing_category, later.pricing_type],
      ['CBP', 'marketing', 'regular'],
    );
  });

  it('treats a repeated report with the same pricing as no change, and prices even a failed message', () => {
    const sent = run([{ status: 'sent', at: T1, pricing }]);
    assert.equal(applyReport(sent, { status: 'sent', at: T1, pricing }), null);
    const failed = run([{ status: 'failed', at: T1 }]);
    assert.deepEqual(applyReport(failed, { status: 'sent', at: T2, pricing }), {
      pricing_billable: 1,
      pricing_model: 'PMP',
      pricing_category: 'utility',
      pricing_type: 'regular',
    });
  });
});
