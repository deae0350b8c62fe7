/**
 * Contact search (issue 23, item 4): `GET /v1/contacts?q=` through the search index of migration
 * 0012, on the database under test. Names are found however they are typed (case, accents, width,
 * unspaced scripts), numbers by their digits; the index follows renames, merges and sends; pages
 * keep the list's order and scope whichever way the index is read (few matches or many); the index
 * agrees with the service's own word rule on random names; contacts stored before the index are
 * indexed by the migration. The cases are in test/contact-search/, a module a subject: those of the
 * search on this file's one harness, the migration's on a database of its own.
 */
import { after, before, describe } from 'node:test';
import { matchingCases } from './contact-search/matching.js';
import { migrationCases } from './contact-search/migration.js';
import { pagingCases } from './contact-search/paging.js';
import { phoneWordCases } from './contact-search/phone-words.js';
import { startHarness, type Harness } from './harness.js';

describe('contact search', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());
  const harness = () => h;

  matchingCases(harness);
  pagingCases(harness);
});

phoneWordCases();
migrationCases();
