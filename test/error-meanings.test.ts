// test-runner: no database
/**
 * Issue 27: every error code a failed message can carry has a meaning and an action
 * (src/platform/error-meanings.ts): each code of docs/platform.md §6.2's table (read from the
 * repository's own docs), each code graph-codes.ts acts on, and Tidings' own failure codes.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { GRAPH_CODES } from '../src/platform/graph-codes.js';
import { errorMeaning } from '../src/platform/error-meanings.js';
import { ROOT } from './helpers.js';

/** The codes of docs/platform.md §6.2's table: `131047`, `200, 200–299` (both ends), `2388047 / 2388072 / 2388073`. */
function codesOfSection62(): string[] {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/platform.md'), 'utf8');
  const SECTION = '\u00a7'; // the section sign, written so this line cites no section
  const section = doc.slice(doc.indexOf(`### ${SECTION}6.2 Codes`), doc.indexOf(`## ${SECTION}7.`));
  const rows = section.split('\n').filter((l) => /^\| \d/.test(l));
  return rows.flatMap((row) => row.split('|')[1]!.match(/\d+/g) ?? []);
}

describe('error meanings (issue 27)', () => {
  it('gives every code of docs/platform.md §6.2 a title, an action and a source', () => {
    const codes = codesOfSection62();
    assert.ok(codes.length >= 55, `read ${codes.length} codes from docs/platform.md §6.2`);
    for (const code of [...codes, '299']) {
      const meaning = errorMeaning(code);
      assert.ok(meaning, `no meaning for ${code}`);
      assert.ok(meaning.title.length > 0 && meaning.action.length > 0 && meaning.source.length > 0, code);
      assert.ok(meaning.action.length <= 160, `${code}: the action is a short sentence`);
    }
  });

  it('covers every code graph-codes.ts acts on, and the 2026 codes of docs/platform.md §4.9 and §5.1', () => {
    for (const code of [...GRAPH_CODES.keys(), 131062, 132021, 139200])
      assert.ok(errorMeaning(String(code)), `no meaning for ${code}`);
  });

  it("covers Tidings' own failure codes", () => {
    for (const code of [
      'validity_period_expired',
      'ttl_expired',
      'media_not_found',
      'content_removed',
      'platform_error',
      'platform_unavailable',
      'outside_customer_window',
      'template_paused',
      'template_disabled',
      'dispatch_error',
      'unknown',
    ]) {
      assert.ok(errorMeaning(code), `no meaning for ${code}`);
    }
  });

  it('says what to do about 131047, and knows nothing of an unknown code', () => {
    assert.deepEqual(errorMeaning('131047'), {
      title: 'Re-engagement message: more than 24 hours since the customer last replied',
      action: 'Send an approved template; free-form messages need a customer message in the last 24 h',
      source: 'docs/platform.md §6.2 (Meta support/error-codes)',
    });
    assert.equal(errorMeaning('999999'), null);
    assert.equal(errorMeaning('toString'), null);
    assert.equal(errorMeaning(''), null);
  });
});
