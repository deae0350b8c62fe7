/**
 * The send checks' reads of people are shared by concurrent sends (lib/read-batcher.ts, used by the
 * contacts' `peopleOf`): calls of one group in the same turn, or while its read is under way, make
 * one read; a failed read fails each of its callers; `maxKeys` bounds a read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReadBatcher } from '../../src/lib/read-batcher.js';

export function sharedReadCases(): void {
  describe('reads shared by concurrent callers', () => {
    it('reads once for the calls of one turn, once more for those made while it ran, and apart per group', async () => {
      const reads: [string, string[]][] = [];
      let release: () => void = () => {};
      const gate = new Promise<void>((r) => (release = r));
      const b = new ReadBatcher<string, string>({
        read: async (group, keys) => (reads.push([group, keys]), await gate, keys.map((k) => `${group}:${k}`)),
      });
      const first = Promise.all(['a', 'b', 'c'].map((k) => b.load('n1', [k])));
      const other = b.load('n2', ['x']);
      await new Promise((r) => setImmediate(r));
      const later = Promise.all([b.load('n1', ['d']), b.load('n1', ['e', 'f'])]);
      release();
      const [answers, otherAnswer, laterAnswers] = await Promise.all([first, other, later]);
      assert.deepEqual(answers[0], ['n1:a', 'n1:b', 'n1:c'], 'each caller gets the whole read');
      assert.deepEqual(otherAnswer, ['n2:x']);
      assert.deepEqual(laterAnswers[1], ['n1:d', 'n1:e', 'n1:f']);
      assert.deepEqual(reads, [
        ['n1', ['a', 'b', 'c']],
        ['n2', ['x']],
        ['n1', ['d', 'e', 'f']],
      ]);
    });

    it('fails every caller of a failed read, and no more; keeps each read within maxKeys', async () => {
      let reads = 0;
      const b = new ReadBatcher<number, number>({
        maxKeys: 3,
        read: async (_g, keys) => {
          reads++;
          if (keys.includes(0)) throw new Error('boom');
          return keys;
        },
      });
      const results = await Promise.allSettled([b.load('g', [0]), b.load('g', [1, 2]), b.load('g', [3, 4])]);
      assert.deepEqual(
        results.map((r) => r.status),
        ['rejected', 'rejected', 'fulfilled'],
      );
      assert.deepEqual((results[2] as PromiseFulfilledResult<number[]>).value, [3, 4]);
      assert.equal(reads, 2);
    });
  });
}
