// test-runner: no database
/**
 * The repository stands on its own (issue 11): a clone has everything its code, tests, scripts and
 * benchmarks read. A file that reaches outside it (a folder beside the clone, an absolute path of
 * one machine) fails this check.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './helpers.js';

/** Text files under these folders (and these files) are what runs or builds. */
const CHECKED = [
  'src',
  'test',
  'scripts',
  'bench',
  'dashboard',
  'bin',
  '.ci',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

/** Ways a file reaches outside the repository. */
const OUTSIDE = [
  { why: 'a folder beside the repository', pattern: /\.\.\/(?:\.\.\/)*shared\b/ },
  { why: 'an absolute path of one machine', pattern: /['"`](?:\/work|\/home|\/Users|\/root)\/[\w.-]+/ },
  { why: 'the parent of the repository root', pattern: /(?:resolve|join)\(\s*ROOT\s*,\s*['"`]\.\.['"`/]/ },
];

/** The repository's tracked files among CHECKED (git ls-files: what a clone has). */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--', ...CHECKED], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f !== '' && /\.(ts|tsx|mts|mjs|js|json|sh)$|^\.ci\/|^bin\//.test(f));
}

/** Every place in `text` that reaches outside the repository, as `line: why`. */
export function outsideReferences(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { why, pattern } of OUTSIDE)
      if (pattern.test(line)) found.push(`${i + 1}: ${why}: ${line.trim().slice(0, 120)}`);
  });
  return found;
}

describe('the repository on its own', () => {
  it('finds a planted reference to a folder beside the repository (the check can fail)', () => {
    // The planted paths are put together here, so this file itself names no outside document.
    const beside = ['..', 'shared', 'platform', 'fixtures'].join('/');
    assert.equal(outsideReferences(`const FIXTURES = path.resolve(ROOT, '${beside}');`).length, 2);
    assert.equal(outsideReferences(`readFileSync('/work/${['shared', 'spec', 'notes.txt'].join('/')}')`).length, 1);
    assert.deepEqual(outsideReferences("const FIXTURES = path.resolve(ROOT, 'test/fixtures/platform');"), []);
  });

  it('has no file that reads a path outside the repository', () => {
    const self = path.relative(ROOT, new URL(import.meta.url).pathname);
    const problems = trackedFiles()
      .filter((file) => file !== self)
      .flatMap((file) => outsideReferences(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((p) => `${file}:${p}`));
    assert.deepEqual(problems, []);
  });
});
