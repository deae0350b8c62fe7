/**
 * Customers as the platform knows them: by BSUID (phone with user ids, username only, sends to a
 * BSUID, one window per user, 131062); their media made downloadable (id → URL → bytes, stale URLs
 * 404); their messages marked read, with a typing indicator.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAMPLES } from '../../src/simulator/samples.js';
import { PNID, TOKEN, WABA, type SimHarness } from '../conformance/sim.js';
import { eventually, fixture, valueOf } from '../helpers.js';
import { platformKit } from './kit.js';

export function customerCases(sim: () => SimHarness): void {
  const { send, failedCode } = platformKit(sim);
  describe('customers', () => {
    it('knows customers by BSUID: phone with user ids, username only, sends to a BSUID, one window per user, 131062', async () => {
      const s = sim();
      await s.config({ parentUserIds: false });
      const withIds = await s.control('POST', '/_simulator/inbound', {
        from: '+16505551003',
        to: PNID,
        text: 'hi',
        userId: 'US.13491208655302741918',
        parentUserId: 'US.ENT.11815799212886844830',
        name: 'Test Name',
      });
      const a = valueOf((await s.inboundHook(withIds.body.wamid)).body);
      assert.deepEqual(a.contacts[0], {
        profile: { name: 'Test Name' },
        wa_id: '16505551003',
        user_id: 'US.13491208655302741918',
        parent_user_id: 'US.ENT.11815799212886844830',
      });
      assert.equal(a.messages[0].from, '16505551003');
      const only = await s.control('POST', '/_simulator/inbound', {
        to: PNID,
        text: 'hello',
        userId: 'GB.99887766554433221100',
        username: '@sheena',
        name: 'Sheena',
      });
      const b = valueOf((await s.inboundHook(only.body.wamid)).body);
      assert.deepEqual(b.contacts[0], {
        profile: { name: 'Sheena', username: '@sheena' },
        user_id: 'GB.99887766554433221100',
      });
      assert.equal(b.messages[0].from, undefined);
      assert.equal(b.messages[0].from_user_id, 'GB.99887766554433221100');
      // A send by BSUID: contacts [{input, user_id}], no phone in its statuses; the window opened by the user is open.
      const res = await send({
        messaging_product: 'whatsapp',
        recipient: 'GB.99887766554433221100',
        type: 'text',
        text: { body: 'hi' },
      });
      assert.deepEqual(res.body.contacts, [{ input: 'GB.99887766554433221100', user_id: 'GB.99887766554433221100' }]);
      const sent = await eventually(async () => s.statuses(res.body.messages[0].id).find((x) => x.status === 'sent'));
      assert.equal(sent.recipient_id, undefined);
      assert.equal(sent.recipient_user_id, 'GB.99887766554433221100');
      // The same user reached by parent BSUID or phone shares one window.
      const byParent = await send({
        messaging_product: 'whatsapp',
        recipient: 'US.ENT.11815799212886844830',
        type: 'text',
        text: { body: 'hi' },
      });
      assert.equal(await failedCode(byParent.body.messages[0].id), null);
      const both = await send({
        messaging_product: 'whatsapp',
        to: '+16505551003',
        recipient: 'GB.99887766554433221100',
        type: 'text',
        text: { body: 'to wins' },
      });
      assert.deepEqual(both.body.contacts, [{ input: '+16505551003', wa_id: '16505551003' }]);
      // Authentication templates with OTP buttons need a phone number (docs/platform.md §4.9).
      const auth = await s.graph(
        'POST',
        `/v23.0/${WABA}/message_templates`,
        fixture('template-create-request-authentication.json'),
      );
      assert.equal(auth.body.status, 'APPROVED');
      const otp = await send({
        messaging_product: 'whatsapp',
        recipient: 'GB.99887766554433221100',
        type: 'template',
        template: {
          name: 'authentication_code_copy_code_button',
          language: { code: 'en_US' },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
          ],
        },
      });
      assert.equal(otp.body.error.code, 131062);
    });

    it('makes a customer’s media downloadable: id → URL (5 min) → bytes with the token; stale URLs are 404', async () => {
      const s = sim();
      const data = Buffer.from('%PDF-1.4 from the customer');
      const res = await s.control('POST', '/_simulator/inbound', {
        from: '+16505551004',
        to: PNID,
        type: 'document',
        document: {
          data: data.toString('base64'),
          mimeType: 'application/pdf',
          filename: 'invoice.pdf',
          caption: 'my invoice',
        },
      });
      const doc = valueOf((await s.inboundHook(res.body.wamid)).body).messages[0].document;
      assert.deepEqual([doc.filename, doc.caption, doc.mime_type], ['invoice.pdf', 'my invoice', 'application/pdf']);
      const info = await s.graph('GET', `/v23.0/${doc.id}`);
      assert.equal(info.body.sha256.length, 64);
      const got = await fetch(info.body.url, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.deepEqual([got.status, got.headers.get('content-type')], [200, 'application/pdf']);
      assert.deepEqual(Buffer.from(await got.arrayBuffer()), data);
      const sample = await s.control('POST', '/_simulator/inbound', {
        from: '+16505551004',
        to: PNID,
        type: 'sticker',
      });
      const sticker = valueOf((await s.inboundHook(sample.body.wamid)).body).messages[0].sticker;
      const bytes = Buffer.from(
        await (
          await fetch((await s.graph('GET', `/v23.0/${sticker.id}`)).body.url, {
            headers: { authorization: `Bearer ${TOKEN}` },
          })
        ).arrayBuffer(),
      );
      assert.deepEqual(bytes, Buffer.from(SAMPLES.sticker.base64, 'base64'));
      await s.config({ mediaUrlTtlMs: 0 });
      try {
        const stale = (await s.graph('GET', `/v23.0/${doc.id}`)).body.url;
        assert.equal((await fetch(stale, { headers: { authorization: `Bearer ${TOKEN}` } })).status, 404);
      } finally {
        await s.config({ mediaUrlTtlMs: 300_000 });
      }
    });

    it('marks a customer message read, with a typing indicator, and refuses an unknown wamid', async () => {
      const s = sim();
      const inbound = await s.control('POST', '/_simulator/inbound', { from: '+16505551005', to: PNID, text: 'hi' });
      const req = {
        ...fixture('mark-as-read-request.json'),
        message_id: inbound.body.wamid,
        typing_indicator: { type: 'text' },
      };
      assert.deepEqual((await send(req)).body, fixture('success-true-response.json'));
      const state = await s.control('GET', '/_simulator/state');
      assert.deepEqual(
        state.body.reads
          .map((r: any) => [r.wamid, r.typingIndicator])
          .find((r: string[]) => r[0] === inbound.body.wamid),
        [inbound.body.wamid, 'text'],
      );
      const unknown = await send({ ...fixture('mark-as-read-request.json'), message_id: 'wamid.unknown' });
      assert.deepEqual([unknown.status, unknown.body.error.code], [400, 100]);
    });
  });
}
