/**
 * Consent per mode (issue 38, finding 2; docs/api.md §5.3, §D23): a test key never reads or changes
 * what live sends obey. It does not see a customer's STOP, cannot lift it (404) nor change the
 * account's consent settings (403 `live_mode_required`); its own suppressions cover test sends
 * only (a test key's block too), and their events are test events.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Suppression } from '../../src/consent/consent.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { eventually } from '../helpers.js';
import { consentKit, type Consent, type Page } from './kit.js';

export function modeCases(consent: () => Consent): void {
  const { active, events } = consentKit(consent);
  describe('consent per mode', () => {
    it("a test key neither sees nor lifts a customer's STOP, and live sends still obey it", async () => {
      const { h, templateId } = consent();
      const test = h.account.testKey;
      const phone = '+16505571101';
      await h.customerWrites(phone.slice(1), 'STOP');
      const [stop] = await eventually(async () => {
        const found = await active(phone);
        return found.length > 0 && found;
      });
      const listed = (await h.api<Page>('GET', '/v1/suppressions?limit=100', { key: test })).body.data;
      assert.ok(!listed.some((s) => s.id === stop!.id || s.phone === phone), 'the test key lists no live suppression');
      const lift = await h.api('DELETE', `/v1/suppressions/${stop!.id}`, { key: test });
      assert.deepEqual([lift.status, lift.body.error?.code], [404, 'suppression_not_found']);
      assert.equal((await active(phone)).length, 1, 'still active');
      const live = await h.api<Message>('POST', '/v1/messages', { body: { to: phone, type: 'template', templateId } });
      assert.equal(live.body.error?.code, 'recipient_suppressed', 'the next live send is refused');
      assert.ok(
        !(await events('contact.unsuppressed')).some((e) => e.data.object.id === stop!.id),
        'no live contact.unsuppressed',
      );
    });

    it("a test key's suppression covers test sends only; its events are test events", async () => {
      const { h, templateId } = consent();
      const test = h.account.testKey;
      const phone = '+16505571102';
      const send = (key: string) =>
        h.api<Message>('POST', '/v1/messages', { key, body: { to: phone, type: 'template', templateId } });
      const made = await h.api<Suppression>('POST', '/v1/suppressions', { key: test, body: { to: phone } });
      assert.equal(made.status, 201, made.text);
      assert.equal((await send(test)).body.error?.code, 'recipient_suppressed', 'a test send obeys it');
      assert.equal((await send(h.account.liveKey)).status, 201, 'a live send does not');
      assert.deepEqual(await active(phone), [], 'the live list does not hold it');
      const lifted = await h.api<Suppression>('DELETE', `/v1/suppressions/${made.body.id}`, { key: test });
      assert.deepEqual([lifted.status, lifted.body.active], [200, false]);
      assert.equal((await send(test)).status, 201);
      const testEvents = async (type: string) =>
        (await h.api('GET', `/v1/events?type=${type}&limit=100`, { key: test })).body.data as {
          data: { object: Suppression };
        }[];
      for (const type of ['contact.suppressed', 'contact.unsuppressed']) {
        assert.ok(
          (await testEvents(type)).some((e) => e.data.object.id === made.body.id),
          `${type} in test mode`,
        );
        assert.ok(!(await events(type)).some((e) => e.data.object.id === made.body.id), `no live ${type}`);
      }
      // A live key cannot lift a test key's suppression either.
      const again = await h.api<Suppression>('POST', '/v1/suppressions', { key: test, body: { to: phone } });
      assert.equal((await h.api('DELETE', `/v1/suppressions/${again.body.id}`)).status, 404);
    });

    it("a test key's block suppresses for test sends only", async () => {
      const { h, templateId } = consent();
      const test = h.account.testKey;
      const phone = '+16505571103';
      const wrote = await h.api('POST', '/v1/test_helpers/inbound_messages', {
        key: test,
        body: { from: phone, text: 'hi' },
      });
      assert.ok(wrote.status < 300, wrote.text);
      const contact = (await h.api('GET', `/v1/contacts?q=${phone.slice(1)}`, { key: test })).body.data[0];
      assert.equal((await h.api('POST', `/v1/contacts/${contact.id}/block`, { key: test })).status, 200);
      const testList = (
        await h.api<Page>('GET', '/v1/suppressions?reason=blocked&active=true&limit=100', { key: test })
      ).body.data;
      assert.ok(
        testList.some((s) => s.phone === phone || s.contactId === contact.id),
        'a test suppression',
      );
      assert.deepEqual(await active(phone), [], 'no live suppression');
      const live = await h.api<Message>('POST', '/v1/messages', { body: { to: phone, type: 'template', templateId } });
      assert.equal(live.status, 201, live.text);
    });

    it("a test key can neither read nor change the account's consent settings (403 live_mode_required)", async () => {
      const { h } = consent();
      const test = h.account.testKey;
      const before = (await h.api('GET', '/v1/account/consent')).body;
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { optOutKeywords: ['halt'] }],
        ['PATCH', { optOutReply: 'Bye.' }],
      ] as const) {
        const res = await h.api(method, '/v1/account/consent', { key: test, ...(body ? { body } : {}) });
        assert.deepEqual([res.status, res.body.error?.code], [403, 'live_mode_required'], `${method} ${res.text}`);
      }
      assert.deepEqual((await h.api('GET', '/v1/account/consent')).body, before, 'the live settings are unchanged');
    });
  });
}
