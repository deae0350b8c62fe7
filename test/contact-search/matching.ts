/**
 * Which contacts a search finds: a name by any of its words however it is typed (case, accents,
 * width, unspaced scripts), a username, a number by its digits; the index following renames, merges
 * and sends.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { approvedTemplate } from '../factories.js';
import type { Harness } from '../harness.js';
import { searchKit } from './kit.js';

export function matchingCases(harness: () => Harness): void {
  const { search, phonesOf, writes } = searchKit(harness);
  describe('matching', () => {
    it('finds a customer by any word of their name however it is typed, by username, and by the digits of their number', async () => {
      const h = harness();
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
      const h = harness();
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
  });
}
