/**
 * The suppression list's API: listed, created idempotently, lifted, bad input refused, other
 * accounts kept out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Suppression } from '../../src/consent/consent.schemas.js';
import type { Consent, Page } from './kit.js';

export function suppressionListCases(consent: () => Consent): void {
  describe('the suppression list', () => {
    it('lists, creates idempotently, lifts, and refuses bad input', async () => {
      const { h } = consent();
      const phone = '+16505570501';
      const first = await h.api<Suppression>('POST', '/v1/suppressions', { body: { to: phone, scope: 'all' } });
      assert.equal(first.status, 201, first.text);
      assert.match(first.body.id, /^sup_/);
      assert.deepEqual(
        [first.body.reason, first.body.source, first.body.phoneNumberId, first.body.active],
        ['api', 'api', null, true],
      );
      const again = await h.api<Suppression>('POST', '/v1/suppressions', { body: { to: phone } });
      assert.deepEqual([again.status, again.body.id], [200, first.body.id]);
      const listed = (await h.api<Page>('GET', '/v1/suppressions?reason=api&active=true&limit=100')).body.data;
      assert.equal(listed.filter((s) => s.phone === phone).length, 1);

      const lifted = await h.api<Suppression>('DELETE', `/v1/suppressions/${first.body.id}`);
      assert.deepEqual([lifted.status, lifted.body.active, lifted.body.liftedBy], [200, false, 'api']);
      assert.ok(lifted.body.liftedAt);
      assert.equal(
        (await h.api<Suppression>('DELETE', `/v1/suppressions/${first.body.id}`)).body.liftedAt,
        lifted.body.liftedAt,
        'lifting again changes nothing',
      );
      const kept = (await h.api<Page>('GET', '/v1/suppressions?active=false&limit=100')).body.data.find(
        (s) => s.id === first.body.id,
      );
      assert.equal(kept?.active, false, 'the lifted row is kept');
      assert.equal(
        (await h.api('POST', '/v1/suppressions', { body: { to: phone } })).status,
        201,
        'a new suppression after the lift',
      );

      const bad = async (method: 'POST' | 'DELETE' | 'GET', url: string, body?: unknown) => {
        const res = await h.api(method, url, body === undefined ? {} : { body });
        return [res.status, res.body.error?.code];
      };
      assert.deepEqual(await bad('POST', '/v1/suppressions', { to: '+1650' }), [400, 'phone_number_invalid']);
      assert.deepEqual(await bad('POST', '/v1/suppressions', { to: phone, scope: 'some' }), [400, 'parameter_invalid']);
      assert.deepEqual(await bad('POST', '/v1/suppressions', { to: phone, phoneNumberId: '999999' }), [
        400,
        'parameter_invalid',
      ]);
      assert.deepEqual(await bad('POST', '/v1/suppressions', { to: 'ct_nobody' }), [404, 'contact_not_found']);
      assert.deepEqual(await bad('DELETE', '/v1/suppressions/sup_nothing'), [404, 'suppression_not_found']);
      assert.deepEqual(await bad('GET', '/v1/suppressions?starting_after=sup_nothing'), [400, 'parameter_invalid']);
      // Another account sees none of them.
      const other = await h.newAccount('Consent Other');
      assert.deepEqual((await h.api<Page>('GET', '/v1/suppressions', { key: other.liveKey })).body.data, []);
      assert.deepEqual(
        (await h.api('DELETE', `/v1/suppressions/${first.body.id}`, { key: other.liveKey })).status,
        404,
      );
    });
  });
}
