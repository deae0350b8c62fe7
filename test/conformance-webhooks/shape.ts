/**
 * The shape comparison itself (test/conformance/shape.ts): it fails on a missing or extra field,
 * another type, or another enum value.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameShape } from '../conformance/shape.js';

export function shapeCases(): void {
  describe('conformance: the shape comparison itself', () => {
    it('fails on a missing or extra field, another type, or another enum value', () => {
      const base = { a: { status: 'sent', n: 1, list: [{ x: 'y' }] } };
      assert.throws(() => assertSameShape({ a: { status: 'sent', n: 1, list: [{}] } }, base, 'missing'));
      assert.throws(() => assertSameShape({ a: { status: 'sent', n: 1, list: [{ x: 'y', z: 1 }] } }, base, 'extra'));
      assert.throws(() => assertSameShape({ a: { status: 'sent', n: '1', list: [{ x: 'y' }] } }, base, 'type'));
      assert.throws(() => assertSameShape({ a: { status: 'read', n: 1, list: [{ x: 'y' }] } }, base, 'enum'));
      assertSameShape(
        { a: { status: 'sent', n: 2, list: [{ x: 'other' }] } },
        base,
        'values of non-enum fields may differ',
      );
    });
  });
}
