/**
 * Contacts stored before the search index (migration 0012): their words filled and indexed, on a
 * database of their own as the release before the index left it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchContacts } from '../../src/contacts/contact-search.repository.js';
import { connectDatabase } from '../../src/db/connect.js';
import { iso } from '../../src/lib/clock.js';
import { searchTerms } from '../../src/lib/search-text.js';
import { olderDatabase } from '../older-database.js';

export function migrationCases(): void {
  describe('contact search index for contacts stored before it (migration 0012)', () => {
    it('fills the words of every stored contact and indexes them', async () => {
      // The database as the release before the index left it.
      const { config, older: old, closeOlder, remove } = await olderDatabase('0011_dispatch_due_order');
      const at = iso(Date.parse('2026-03-01T00:00:00Z'));
      const names = ['Ñandú Old', 'Chloé Old', null];
      await old
        .insertInto('contacts')
        .values(
          names.map((name, k) => ({
            id: `ct_old${k}`,
            account_id: 'acct_x',
            phone_number_id: '1234',
            mode: 'live',
            phone: `+1650555010${k}`,
            profile_name: name,
            last_activity_at: at,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      await closeOlder();

      const store = await connectDatabase(config);
      try {
        const scope = { phoneNumberId: '1234', mode: 'live' as const, limit: 10 };
        assert.deepEqual(
          (await searchContacts(store.read, { ...scope, terms: searchTerms('nandu') })).map((r) => r.id),
          ['ct_old0'],
        );
        assert.deepEqual(
          (await searchContacts(store.read, { ...scope, terms: searchTerms('chloe') })).map((r) => r.id),
          ['ct_old1'],
        );
        assert.deepEqual(
          (await searchContacts(store.read, { ...scope, terms: searchTerms('0102') })).map((r) => r.id),
          ['ct_old2'],
        );
        assert.equal((await searchContacts(store.read, { ...scope, terms: searchTerms('old') })).length, 2);
      } finally {
        await store.close();
        await remove();
      }
    });
  });
}
