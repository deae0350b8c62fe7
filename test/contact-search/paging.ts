/**
 * Pages of matches in the list's order and scope however the index is read (few matches or many,
 * across walk windows, with the window filter), and the index agreeing with the service's own word
 * rule on random names and queries.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SPARSE_ALWAYS, WALK_WINDOW } from '../../src/contacts/contact-search.repository.js';
import * as contactsRepo from '../../src/contacts/contact.repository.js';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import { iso } from '../../src/lib/clock.js';
import { newId } from '../../src/lib/ids.js';
import { contactSearchText, searchTerms } from '../../src/lib/search-text.js';
import { DIALECT } from '../database.js';
import type { Harness } from '../harness.js';
import { searchKit, type Page } from './kit.js';

export function pagingCases(harness: () => Harness): void {
  const { search } = searchKit(harness);
  describe('paging and the word rule', () => {
    it(`pages through matches in list order and scope, whether few (≤ ${SPARSE_ALWAYS}), some, common or countless, across walk windows`, async () => {
      const h = harness();
      const account = await h.newAccount('Search paging', { rateLimit: 10_000 });
      const number = account.phoneNumberId;
      const base = Date.parse('2026-01-01T00:00:00Z');
      const rows: contactsRepo.ContactWrite[] = [];
      let i = 0;
      const add = (name: string, mode: 'live' | 'test', minutes: number, inbound = false) => {
        const at = iso(base + minutes * 60_000);
        rows.push({
          id: newId('ct'),
          account_id: account.id,
          phone_number_id: number,
          mode,
          phone: `+1415${String(2_000_000 + i++).padStart(7, '0')}`,
          user_id: null,
          parent_user_id: null,
          profile_name: name,
          username: null,
          last_inbound_at: inbound ? at : null,
          last_outbound_at: inbound ? null : at,
          last_activity_at: at,
          created_at: at,
          updated_at: at,
        });
      };
      // Newest: WALK_WINDOW + 200 contacts, most of them "filler" (common: a first window fills the
      // page), a few "rare" (read through the index at once) and "some" (a first window finds few,
      // then the rest is read through the index). Older: the rest of "some", then more "zed" than the
      // index counts (20,000 on SQLite, 2,000 on PostgreSQL: walked on, across windows finding nothing).
      for (let k = 0; k < WALK_WINDOW + 200; k++)
        add(k % 150 === 0 ? `Rare ${k}` : k % 300 === 7 ? `Some ${k}` : `Filler ${k}`, 'live', 1_000_000 + k);
      for (let k = 0; k < SPARSE_ALWAYS + 100; k++) add(`Some old ${k}`, 'live', 500_000 + k, k % 3 === 0);
      for (let k = 0; k < (DIALECT === 'sqlite' ? 20_000 : 2_000) + 100; k++) add(`Zed ${k}`, 'live', k, k % 2 === 0);
      for (let k = 0; k < 50; k++) add(`Zed Some Rare other mode ${k}`, 'test', 2_000_000 + k);
      await h.deps.store.write(async (tx) => {
        for (let k = 0; k < rows.length; k += 1000) await contactsRepo.insertContacts(tx, rows.slice(k, k + 1000));
      });
      const expected = (pred: (r: contactsRepo.ContactWrite) => boolean) =>
        rows
          .filter((r) => r.mode === 'live' && pred(r))
          .sort((a, b) =>
            a.last_activity_at === b.last_activity_at
              ? a.id < b.id
                ? 1
                : -1
              : a.last_activity_at < b.last_activity_at
                ? 1
                : -1,
          )
          .map((r) => r.id);
      const all = async (q: string, limit: number, extra = '') => {
        const ids: string[] = [];
        let cursor = '';
        for (;;) {
          const res = await h.api<Page<Contact>>(
            'GET',
            `/v1/contacts?limit=${limit}&q=${encodeURIComponent(q)}${extra}${cursor}`,
            { key: account.liveKey },
          );
          assert.equal(res.status, 200, res.text);
          ids.push(...res.body.data.map((c) => c.id));
          if (!res.body.has_more) return ids;
          cursor = `&starting_after=${res.body.data.at(-1)!.id}`;
        }
      };
      const named = (prefix: string) => (r: contactsRepo.ContactWrite) => r.profile_name!.startsWith(prefix);
      assert.deepEqual(await all('zed', 100), expected(named('Zed ')));
      assert.deepEqual(await all('filler', 100), expected(named('Filler')));
      assert.deepEqual(await all('rare', 7), expected(named('Rare')));
      assert.deepEqual(await all('some', 30), expected(named('Some')));
      // Terms of one or two characters go to the walk first, whatever they match.
      assert.deepEqual(await all('ze', 100), expected(named('Zed ')));
      assert.deepEqual(await all('so', 30), expected(named('Some')));
      assert.deepEqual(await all('r', 7), expected(named('Rare')));
      // The window filter applies with the search, both ways.
      const windowStart = Date.now() - 86_400_000;
      const closed = (r: contactsRepo.ContactWrite) =>
        r.last_inbound_at === null || Date.parse(r.last_inbound_at) <= windowStart;
      assert.deepEqual(
        await all('zed', 100, '&windowOpen=false'),
        expected((r) => named('Zed ')(r) && closed(r)),
      );
      assert.deepEqual(
        await all('some', 100, '&windowOpen=false'),
        expected((r) => named('Some')(r) && closed(r)),
      );
      // A term no stored word begins: nothing, at once.
      assert.deepEqual(await all('zzz', 20), []);
    });

    it("agrees with the service's word rule on random names and queries", async () => {
      const h = harness();
      const account = await h.newAccount('Search reference');
      const syllables = [
        'ma',
        'rí',
        'a',
        'jo',
        'sé',
        'ñan',
        'dú',
        'lu',
        'kas',
        'zoë',
        'ße',
        'øs',
        'el',
        'Ан',
        'на',
        'ki',
        'ra',
      ];
      let seed = 7;
      const rand = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
      const word = () => Array.from({ length: 1 + rand(3) }, () => syllables[rand(syllables.length)]).join('');
      const rows: contactsRepo.ContactWrite[] = [];
      for (let k = 0; k < 400; k++) {
        const at = iso(Date.parse('2026-02-01T00:00:00Z') + rand(10_000_000) * 1000);
        rows.push({
          id: newId('ct'),
          account_id: account.id,
          phone_number_id: account.phoneNumberId,
          mode: 'live',
          phone: `+44770090${String(1000 + k)}`,
          user_id: null,
          parent_user_id: null,
          profile_name: `${word()} ${word()}`,
          username: rand(3) === 0 ? `@${word()}` : null,
          last_inbound_at: null,
          last_outbound_at: at,
          last_activity_at: at,
          created_at: at,
          updated_at: at,
        });
      }
      await h.deps.store.write((tx) => contactsRepo.insertContacts(tx, rows).then(() => {}));
      const order = [...rows].sort((a, b) =>
        a.last_activity_at === b.last_activity_at
          ? a.id < b.id
            ? 1
            : -1
          : a.last_activity_at < b.last_activity_at
            ? 1
            : -1,
      );
      for (let k = 0; k < 120; k++) {
        const source = rows[rand(rows.length)]!;
        const words = contactSearchText(source).split(' ');
        const pick = () => words[rand(words.length)]!.slice(0, 1 + rand(4));
        const q =
          k % 10 === 0
            ? source.phone!.slice(-3 - rand(5))
            : k % 3 === 0
              ? `${pick()} ${word().toUpperCase()}`
              : `${pick().toUpperCase()} ${pick()}`;
        const terms = searchTerms(q);
        const want = order
          .filter(
            (r) =>
              terms.length > 0 &&
              terms.every((t) =>
                contactSearchText(r)
                  .split(' ')
                  .some((w) => w.startsWith(t)),
              ),
          )
          .slice(0, 100)
          .map((r) => r.id);
        assert.deepEqual(
          (await search(q, account.liveKey)).data.map((c) => c.id),
          want,
          `q=${q}`,
        );
      }
    });
  });
}
