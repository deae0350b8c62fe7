/**
 * What a send is checked for up front: an E.164 number (normalised when written with spaces and
 * dashes), the customer's 24-hour window, and the fields its type takes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { messagesKit, CUSTOMER } from './kit.js';

export function checkCases(harness: () => Harness): void {
  const { send } = messagesKit(harness);
  describe('what a send is checked for', () => {
    it('refuses a number that is not E.164 with 400 phone_number_invalid', async () => {
      for (const to of ['16505551234', '+1650555', 'hello', '+1 (650) 555-12345678']) {
        const res = await send({ to });
        assert.equal(res.status, 400, to);
        assert.equal(res.body.error.code, 'phone_number_invalid');
        assert.equal(res.body.error.param, 'to');
      }
    });

    it('normalises a valid number written with spaces and dashes', async () => {
      const res = await send({ to: '+1 650-555-1234' });
      assert.equal(res.status, 201);
      assert.equal(res.body.to, CUSTOMER);
    });

    it('refuses text sends outside the 24-hour window up front with 409 outside_customer_window', async () => {
      const h = harness();
      const res = await send({ to: '+16505559876' });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'outside_customer_window');
      assert.equal(res.body.error.param, 'to');
      assert.equal(
        h.sim.state.messages.size > 0 && [...h.sim.state.messages.values()].some((m) => m.to === '16505559876'),
        false,
      );
    });

    it('checks which fields a type takes', async () => {
      const h = harness();
      let res = await h.api('POST', '/v1/messages/', { body: { to: CUSTOMER, type: 'text' } });
      assert.deepEqual([res.status, res.body.error.code, res.body.error.param], [400, 'parameter_missing', 'text']);
      res = await send({ caption: 'no' });
      assert.deepEqual([res.status, res.body.error.code, res.body.error.param], [400, 'parameter_unknown', 'caption']);
      res = await send({ text: '   ' });
      assert.deepEqual([res.status, res.body.error.code], [400, 'parameter_invalid']);
      res = await send({ text: 'x'.repeat(4097) });
      assert.deepEqual([res.status, res.body.error.code, res.body.error.param], [400, 'parameter_invalid', 'text']);
      res = await h.api('POST', '/v1/messages/', { body: { to: CUSTOMER, type: 'template', templateId: 'tpl_nope' } });
      assert.deepEqual([res.status, res.body.error.code], [404, 'template_not_found']);
      res = await h.api('POST', '/v1/messages/', { body: { to: CUSTOMER, type: 'media', mediaId: 'med_nope' } });
      assert.deepEqual([res.status, res.body.error.code], [404, 'media_not_found']);
    });
  });
}
