/**
 * Contact search (issue 23, item 4): `GET /v1/contacts?q=` through the search index of migration
 * 0012, on the database under test. Names are found however they are typed (case, accents, width,
 * unspaced scripts), numbers by their digits; the index follows renames, merges and sends; pages
 * keep the list's order and scope whichever way the index is read (few matches or many); the index
 * agrees with the service's own word rule on random names; contacts stored before the index are
 * indexed by the migration.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SPARSE_ALWAYS, WALK_WINDOW, searchContacts } from '../src/contacts/contact-search.repository.js';
import * as contactsRepo from '../src/contacts/contact.repository.js';
import type { Contact } from '../src/contacts/contact.schemas.js';
import { connectDatabase } from '../src/db/connect.js';
import { iso } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { contactSearchText, phoneWords, searchTerms } from '../src/lib/search-text.js';
import { approvedTemplate } from './factories.js';
import { DIALECT } from './database.js';
import { startHarness, type Harness } from './harness.js';
import { olderDatabase } from './older-database.js';

type Page<T> = { data: T[]; has_more: boolean };

describe('contact search', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const search = async (q: string, key = h.account.liveKey, extra = '') => {
    const res = await h.api<Page<Contact>>('GET', `/v1/contacts?limit=100&q=${encodeURIComponent(q)}${extra}`, { key });
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  const phonesOf = async (q: string) => (await search(q)).data.map((c) => c.phone ?? c.userId).sort();
  const writes = async (body: Record<string, unknown>) => {
    const res = await fetch(`${h.simUrl}/_simulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: h.account.phoneNumberId, text: 'hello', ...body }),
    });
    assert.equal(res.status, 200, await res.clone().text());
  };

  it('finds a customer by any word of their name however it is typed, by username, and by the digits of their number', async () => {
    await writes({ from: '+16505550111', name: 'Ñandú García' });
    await writes({ from: '+16505550112', name: 'María López' });
    await writes({ from: '+16505550113', name: 'ｍａｒｉａ Ｂｅｌｌ' });
    await writes({ from: '+4915112345678', name: 'Jürgen Straße' });
    await writes({ from: '+818012345678', name: '王小明' });
    await writes({ userId: 'GB.10293847561029384756', username: '@noa.k', name: 'Noa' });
    // A name far longer than any the platform shows is indexed by its start (the index's entries are bounded).
    await writes({ from: '+16505550177', name: `Longname ${'長'.repeat(3000)} Tail` });

    const cases: [string, string[]][] = [
      ['Ñandú', ['+16505550111']],
      ['nandu', ['+16505550111']],
      ['ÑANDU', ['+16505550111']],
      ['ñan', ['+16505550111']],
      ['maria', ['+16505550112', '+16505550113']],
      ['MARÍA lóp', ['+16505550112']],
      ['lopez maria', ['+16505550112']],
      ['aria', []], // a term begins a word; it is not any substring of one
      ['bell', ['+16505550113']], // typed plainly, stored full-width
      ['strasse', ['+4915112345678']],
      ['jurgen', ['+4915112345678']],
      ['小明', ['+818012345678']],
      ['王', ['+818012345678']],
      ['noa.k', ['GB.10293847561029384756']],
      ['@noa', ['GB.10293847561029384756']],
      ['0111', ['+16505550111']],
      ['+1 (650) 555-0111', ['+16505550111']],
      ['6505550111', ['+16505550111']],
      ['555011', ['+16505550111', '+16505550112', '+16505550113']],
      ['15112345678', ['+4915112345678']],
      ['4915112', ['+4915112345678']],
      ['garcía 0111', ['+16505550111']],
      ['garcía 0112', []],
      ['%', []],
      ['"*', []],
      ['longname', ['+16505550177']],
      ['0177', ['+16505550177']],
    ];
    for (const [q, expected] of cases) assert.deepEqual(await phonesOf(q), expected, `q=${q}`);
    // Scope: the test key of the same number sees none of the live contacts.
    assert.deepEqual((await search('maria', h.account.testKey)).data, []);
  });

  it('follows renames, merges and sends: old words no longer find a contact, new ones do', async () => {
    await writes({ from: '+16505550111', name: 'Ñandú Pérez' });
    assert.deepEqual(await phonesOf('garcia'), []);
    assert.deepEqual(await phonesOf('perez nandu'), ['+16505550111']);

    // A send to a new number makes its contact in the accept's own statement: found by its digits.
    const template = await approvedTemplate(h, { name: 'search_notice', body: 'Your parcel is on its way.' });
    const sent = await h.api('POST', '/v1/messages/', {
      body: { to: '+16505550199', type: 'template', templateId: template.id },
    });
    assert.equal(sent.status, 201, sent.text);
    assert.deepEqual(await phonesOf('0199'), ['+16505550199']);

    // Two contacts of one person (by phone, then by BSUID) merged: the one removed leaves the index,
    // and a contact stored after it (which may take its row's place) is not found by its words.
    const userId = 'US.55501234567890123456';
    await writes({ from: '+16505550140', name: 'Ada Quist' });
    await writes({ userId, username: '@adaq', name: 'Ada Quist' });
    assert.equal((await search('quist')).data.length, 2);
    await writes({ from: '+16505550140', userId, name: 'Ada Quist' });
    assert.equal((await search('quist')).data.length, 1);
    await writes({ from: '+16505550141', name: 'Zed Newcomer' });
    assert.deepEqual(await phonesOf('quist'), ['+16505550140']);
    assert.deepEqual(await phonesOf('adaq'), ['+16505550140']);
    assert.deepEqual(await phonesOf('newcomer'), ['+16505550141']);
  });

  it(`pages through matches in list order and scope, whether few (≤ ${SPARSE_ALWAYS}), some, common or countless, across walk windows`, async () => {
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

describe("a number's searchable words", () => {
  it('take the national number after the calling code as libphonenumber-js reads it, in every region tried', () => {
    const numbers = [
      '+16505550102',
      '+12425551234',
      '+447700900123',
      '+4915112345678',
      '+818012345678',
      '+972987654321',
      '+5511987654321',
      '+8613800138000',
      '+33612345678',
      '+390612345678',
      '+8801712345678',
      '+35312345678',
      '+79161234567',
      '+2348031234567',
      '+80012345678',
    ];
    for (const phone of numbers)
      assert.equal(phoneWords(phone)[1], parsePhoneNumberFromString(phone)!.nationalNumber, phone);
  });
});

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
