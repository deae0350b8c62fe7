/**
 * Opt-out and opt-in keywords: how a text folds to its keyword, and a customer suppressed by STOP in
 * any of its forms and languages (not by a sentence), the suppression lifted by START.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import {
  foldKeyword,
  keywordOf,
  DEFAULT_OPT_IN_KEYWORDS,
  DEFAULT_OPT_OUT_KEYWORDS,
} from '../../src/consent/keywords.js';
import { eventually } from '../helpers.js';
import { consentKit, type Consent, type Page } from './kit.js';

export function keywordCases(consent: () => Consent): void {
  const { active, sendText, events, textWebhook } = consentKit(consent);
  describe('keywords', () => {
    it('folds a text to its keyword: case, accents, punctuation and emoji around it ignored; a sentence is no keyword', () => {
      const keywords = { optOut: DEFAULT_OPT_OUT_KEYWORDS, optIn: DEFAULT_OPT_IN_KEYWORDS };
      for (const text of [' Stop! ', 'stop', 'STOP 🛑', 'Arrêt.', 'BAJA', '¡Baja!', 'Unsubscribe', '"Quit"'])
        assert.equal(keywordOf(text, keywords), 'out', text);
      for (const text of ['START', ' start!', 'Unstop']) assert.equal(keywordOf(text, keywords), 'in', text);
      for (const text of ['stop sending me offers', 'please stop', 'yes', 'Hello', '', '🛑'])
        assert.equal(keywordOf(text, keywords), null, text);
      assert.equal(foldKeyword('  ÁRRÊT!! '), 'arret');
    });

    it('suppresses a customer who writes STOP in five forms and languages, not one who writes a sentence; START lifts it', async () => {
      const { h } = consent();
      const forms = [' Stop! ', 'stop', 'ARRÊT', 'BAJA', 'Unsubscribe 🙏'];
      const phones = forms.map((_, i) => `+1650557010${i}`);
      for (const [i, text] of forms.entries()) await h.customerWrites(phones[i]!.slice(1), text);
      await h.customerWrites('16505570199', 'stop sending me offers');
      for (const phone of phones) {
        const [s] = await eventually(async () => ((await active(phone)).length > 0 ? active(phone) : null));
        assert.deepEqual(
          [s!.reason, s!.scope, s!.source, s!.phoneNumberId, s!.active],
          ['opt_out_keyword', 'all', 'keyword', h.account.phoneNumberId, true],
        );
      }
      assert.deepEqual(await active('+16505570199'), [], 'a sentence is not a keyword');
      // The contact shows it.
      const [contact] = (await h.api<{ data: Contact[] }>('GET', `/v1/contacts?q=${phones[1]!.slice(1)}`)).body.data;
      assert.deepEqual(
        [contact?.phone, contact?.suppression?.reason, contact?.suppression?.scope],
        [phones[1], 'opt_out_keyword', 'all'],
      );
      assert.equal(
        (await h.api<Contact>('GET', '/v1/contacts/' + contact!.id)).body.suppression?.id,
        (await active(phones[1]!))[0]!.id,
      );
      const [plain] = (await h.api<{ data: Contact[] }>('GET', '/v1/contacts?q=16505570199')).body.data;
      assert.deepEqual([plain?.suppression, plain?.marketingConsent], [null, null]);
      const suppressed = (await events('contact.suppressed')).map((e) => e.data.object.phone);
      for (const phone of phones) assert.ok(suppressed.includes(phone), `contact.suppressed for ${phone}`);

      // A send to them is refused up front; the one who wrote a sentence is not suppressed.
      const refused = await sendText(phones[0]!);
      assert.deepEqual(
        [refused.status, refused.body.error.code, refused.body.error.param],
        [409, 'recipient_suppressed', 'to'],
      );
      assert.match(refused.body.error.message, /opt_out_keyword, since \d{4}-\d\d-\d\dT/);
      assert.equal((await sendText('+16505570199')).status, 201);

      await h.customerWrites(phones[0]!.slice(1), 'START');
      await eventually(async () => (await active(phones[0]!)).length === 0);
      // The first STOP, delivered again after the START (webhooks come at least once): still lifted.
      const [first] = (await h.api<Page>('GET', '/v1/suppressions?active=false&limit=100')).body.data.filter(
        (s) => s.phone === phones[0],
      );
      assert.equal(
        (
          await h.platformWebhook(
            textWebhook(
              phones[0]!.slice(1),
              'wamid.consent-stop-again',
              Math.floor(Date.parse(first!.createdAt) / 1000),
            ),
          )
        ).status,
        200,
      );
      assert.deepEqual(await active(phones[0]!), []);
      const lifted = (await events('contact.unsuppressed')).map((e) => e.data.object);
      assert.ok(lifted.some((s) => s.phone === phones[0] && s.liftedBy === 'keyword' && s.liftedAt !== null));
      assert.equal((await sendText(phones[0]!)).status, 201);
    });
  });
}
