/**
 * Every webhook the simulator sent in the cases before, signed over the bytes it sent.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SimHarness } from '../conformance/sim.js';

export function signatureCases(sim: () => SimHarness): void {
  describe('signatures', () => {
    it('signs every webhook it sent over the bytes it sent', () => {
      const s = sim();
      assert.ok(s.hooks.length > 20);
      assert.ok(s.hooks.every((h) => h.valid && [...h.raw].every((b) => b < 0x80)));
    });
  });
}
