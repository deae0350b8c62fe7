/**
 * The Graph API's error answers (100, 130429, 131030, 132001, 190) against the fixtures.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameShape } from '../conformance/shape.js';
import { PNID, WABA, textTo } from '../conformance/sim.js';
import { fixture } from '../helpers.js';
import { to, type GraphSim } from './kit.js';

export function errorCases(graph: () => GraphSim): void {
  describe('error answers', () => {
    it('error answers', async () => {
      const { s } = graph();
      assertSameShape(
        (await s.graph('POST', `/v23.0/${PNID}/messages`, { to, type: 'text', text: { body: 'x' } })).body,
        fixture('error-100-invalid-parameter.json'),
        'error-100-invalid-parameter.json',
      );
      const missing = await s.graph('GET', '/v23.0/454545');
      assertSameShape(
        missing.body,
        fixture('error-100-object-does-not-exist.json'),
        'error-100-object-does-not-exist.json',
      );
      assert.equal(missing.body.error.message, fixture('error-100-object-does-not-exist.json').error.message);
      await s.config({ throughputByNumber: { [PNID]: 1 } });
      const burst = await Promise.all([1, 2, 3].map(() => s.graph('POST', `/v23.0/${PNID}/messages`, textTo(to))));
      await s.config({ throughputByNumber: {} });
      assertSameShape(
        burst.find((r) => r.status === 429)!.body,
        fixture('error-130429-rate-limit.json'),
        'error-130429-rate-limit.json',
      );
      await s.config({ errorRate: 1, errorCode: 131030 });
      const notAllowed = await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(to));
      await s.config({ errorRate: 0, errorCode: 131000 });
      assertSameShape(
        notAllowed.body,
        fixture('error-131030-recipient-not-in-allowed-list.json'),
        'error-131030-recipient-not-in-allowed-list.json',
      );
      const notFound = await s.graph('POST', `/v23.0/${PNID}/messages`, {
        messaging_product: 'whatsapp',
        to,
        type: 'template',
        template: { name: 'cg_quest_text', language: { code: 'en_US' } },
      });
      assertSameShape(
        notFound.body,
        fixture('error-132001-template-not-found.json'),
        'error-132001-template-not-found.json',
      );
      await s.control('POST', '/_simulator/tokens', { token: 'EAAG-expired', wabaId: WABA, expiresAt: 1714136400 });
      assertSameShape(
        (await s.graph('GET', `/v23.0/${PNID}`, undefined, { token: 'EAAG-expired' })).body,
        fixture('error-190-access-token-expired.json'),
        'error-190-access-token-expired.json',
      );
    });
  });
}
