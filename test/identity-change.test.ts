/**
 * Customers who change their number or BSUID (issue 42, item 2; docs/api.md §D31,
 * docs/platform.md §4.19): the simulator's control calls send the `user_changed_user_id` and `user_changed_number`
 * system messages over real HTTP; the contact moves to the new address and keeps its id, timeline
 * and window, `contact.changed_identity` is recorded, and a suppressed customer is refused at the
 * old address, the new one, the parent BSUID and the `ct_` id. A new address another contact holds
 * merges the two; a send to a parent BSUID is delivered through the simulator. On both dialects.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Contact } from '../src/contacts/contact.schemas.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { exported } from './contact-export/kit.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture } from './helpers.js';

describe('identity changes (issue 42, item 2)', () => {
  let h: Harness;
  let templateId: string;
  before(async () => {
    h = await startHarness({ simulator: { bsuid: true, parentUserIds: true } });
    templateId = (await approvedTemplate(h, { name: 'identity_notice', body: 'Your order shipped.' })).id;
  });
  after(() => h.close());

  const contactByPhone = async (phone: string) =>
    (await h.api<{ data: Contact[] }>('GET', `/v1/contacts?q=${encodeURIComponent(phone.slice(1))}`)).body.data.find(
      (c) => c.phone === phone,
    );
  const contact = async (id: string) => (await h.api<Contact>('GET', `/v1/contacts/${id}`)).body;
  /** A simulator control call changing a user's number or BSUID; @returns its answer once the service took the webhook. */
  const change = async (user: string, what: 'number' | 'user_id', body: Record<string, unknown> = {}) => {
    const res = await fetch(`${h.simUrl}/_simulator/users/${encodeURIComponent(user)}/${what}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as any;
    assert.equal(res.status, 200, JSON.stringify(answer));
    assert.equal(answer.webhook, 'delivered');
    assert.equal(answer.message.type, 'system');
    return answer as { user: { userId: string; phone: string }; previous: { userId: string }; message: any };
  };
  const suppress = async (to: string) => {
    const res = await h.api('POST', '/v1/suppressions', { body: { to } });
    assert.equal(res.status, 201, res.text);
  };
  const refused = (res: { status: number; body: any }, what: string) =>
    assert.deepEqual([res.status, res.body.error?.code], [409, 'recipient_suppressed'], what);
  /**
   * A template (which needs no open window, so only the suppression can refuse it) to each address,
   * and a text to each of `open` (addresses the contact holds now: its window is open).
   */
  const refusedEverywhere = async (tos: string[], open: string[]) => {
    for (const to of tos)
      refused(
        await h.api('POST', '/v1/messages', { body: { to, type: 'template', templateId } }),
        `a template to ${to}`,
      );
    for (const to of open)
      refused(
        await h.api('POST', '/v1/messages', { body: { to, type: 'text', text: 'Your order shipped.' } }),
        `a text to ${to}`,
      );
  };
  const identityEvents = async (contactId: string) =>
    ((await h.api('GET', '/v1/events?type=contact.changed_identity&limit=100')).body.data as any[]).filter(
      (e) => e.data.object.contactId === contactId,
    );
  const inboundOf = async (contactId: string) =>
    ((await h.api('GET', '/v1/inbound_messages?limit=100')).body.data as any[]).filter(
      (m) => m.contactId === contactId,
    );

  it('a suppressed customer who changes BSUID keeps their contact, timeline and window, and is refused at every address', async () => {
    const phone = '+16505571001';
    await h.customerWrites(phone.slice(1), 'Hi there');
    const before = await eventually(() => contactByPhone(phone));
    assert.ok(before.userId && before.parentUserId, 'the simulator names the customer by BSUID and parent BSUID');
    await suppress(before.userId!);
    const timeline = await inboundOf(before.id);
    assert.equal(timeline.length, 1);

    const answer = await change(phone, 'user_id');
    assert.equal(answer.message.system.type, 'user_changed_user_id');
    assert.equal(answer.message.system.previous_user_id, before.userId);
    const moved = await eventually(async () => {
      const c = await contact(before.id);
      return c.userId === answer.user.userId && c;
    });
    assert.notEqual(moved.userId, before.userId);
    assert.notEqual(moved.parentUserId, before.parentUserId);
    assert.equal(moved.phone, phone);
    // A system message is no customer message: the window and the timeline are as they were.
    assert.equal(moved.lastInboundAt, before.lastInboundAt);
    assert.deepEqual(moved.window, before.window);
    assert.deepEqual(
      (await inboundOf(before.id)).map((m) => m.id),
      timeline.map((m) => m.id),
    );
    assert.ok(moved.suppression, 'the contact shows its suppression');

    const [event] = await identityEvents(before.id);
    assert.ok(event, 'contact.changed_identity');
    assert.equal(event.data.object.change, 'user_id');
    assert.deepEqual(event.data.object.previous, { phone, userId: before.userId, parentUserId: before.parentUserId });
    assert.deepEqual(event.data.object.current, { phone, userId: moved.userId, parentUserId: moved.parentUserId });

    // A late status report on a message sent before the change, naming the old BSUID: the
    // contact keeps the new one and no contact is made of the old (the webhook answered 200 once stored).
    const late = structuredClone(fixture('webhook-status-delivered.json'));
    const lv = late.entry[0].changes[0].value;
    lv.metadata.phone_number_id = h.account.phoneNumberId;
    lv.contacts = [{ profile: { name: 'Customer' }, wa_id: phone.slice(1), user_id: before.userId }];
    Object.assign(lv.statuses[0], {
      id: 'wamid.identity-late-status',
      recipient_id: phone.slice(1),
      recipient_user_id: before.userId,
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
    assert.equal((await h.platformWebhook(late)).status, 200);
    assert.equal((await contact(before.id)).userId, moved.userId, 'a late report does not move the contact back');
    const now = [moved.userId!, moved.parentUserId!, phone, before.id];
    await refusedEverywhere([before.userId!, before.parentUserId!, ...now], now);
  });

  it('a suppressed customer who changes number is refused at the old number, the new one and both BSUIDs', async () => {
    const phone = '+16505571002';
    const next = '+16505571003';
    await h.customerWrites(phone.slice(1), 'Hello');
    const before = await eventually(() => contactByPhone(phone));
    await suppress(phone);
    // The customer stopped marketing messages (user_preferences): that consent follows them too.
    const stop = await fetch(`${h.simUrl}/_simulator/users/${phone.slice(1)}/marketing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: 'stop' }),
    });
    assert.equal(stop.status, 200);
    await eventually(async () => (await contact(before.id)).marketingConsent?.value === 'revoked');

    const answer = await change(phone, 'number', { phone: next });
    assert.equal(answer.message.system.type, 'user_changed_number');
    assert.equal(answer.message.from, phone.slice(1));
    assert.equal(answer.message.system.wa_id, next.slice(1));
    const moved = await eventually(async () => {
      const c = await contact(before.id);
      return c.phone === next && c;
    });
    assert.equal(moved.userId, answer.user.userId, 'the BSUID is regenerated with the number');
    assert.notEqual(moved.userId, before.userId);
    assert.equal(moved.lastInboundAt, before.lastInboundAt, 'the window is kept');
    assert.equal(moved.marketingConsent?.value, 'revoked', 'the marketing consent is kept');
    assert.equal(await contactByPhone(phone), undefined, 'no contact holds the old number');
    const [event] = await identityEvents(before.id);
    assert.equal(event.data.object.change, 'number');
    assert.equal(event.data.object.previous.phone, phone);
    assert.equal(event.data.object.current.phone, next);

    const now = [next, moved.userId!, moved.parentUserId!, before.id];
    await refusedEverywhere([phone, before.userId!, before.parentUserId!, ...now], now);
    // The customer's export names the addresses they left, and their suppression and consent with them.
    const { status, document } = await exported(h, before.id, { 'x-api-key': h.account.liveKey });
    assert.equal(status, 200);
    assert.deepEqual(
      [...document.formerAddresses].sort(),
      [phone, before.userId!, before.parentUserId!].filter(Boolean).sort(),
    );
    // Both made at the old number: the API's suppression and the platform's marketing stop.
    assert.deepEqual(
      document.consent.suppressions
        .filter((x: { active: boolean }) => x.active)
        .map((x: { reason: string }) => x.reason)
        .sort(),
      ['api', 'platform_preference'],
    );
    assert.equal(document.consent.marketing[0]?.value, 'revoked');
    // The customer writes from the new number: the same contact, its timeline grows.
    await h.customerWrites(next.slice(1), 'New number, same me');
    const timeline = await eventually(async () => {
      const messages = await inboundOf(before.id);
      return messages.length === 2 && messages;
    });
    assert.equal(timeline.length, 2);
    assert.equal((await contact(before.id)).phone, next);
  });

  it('a new number another contact holds already merges the two into the older', async () => {
    const phone = '+16505571004';
    const taken = '+16505571005';
    await h.customerWrites(phone.slice(1), 'First');
    const older = await eventually(() => contactByPhone(phone));
    await h.customerWrites(taken.slice(1), 'Second');
    const newer = await eventually(() => contactByPhone(taken));
    assert.notEqual(older.id, newer.id);

    await change(phone, 'number', { phone: taken });
    const merged = await eventually(async () => {
      const c = await contactByPhone(taken);
      return c?.id === older.id && c;
    });
    assert.equal((await h.api('GET', `/v1/contacts/${newer.id}`)).status, 404, 'the newer contact is merged away');
    assert.equal((await inboundOf(merged.id)).length, 2, "the newer contact's message moved to the survivor");
    const [event] = await identityEvents(older.id);
    assert.equal(event.data.object.current.phone, taken);
  });

  it('a send addressed to a parent BSUID goes out as `recipient` and is delivered', async () => {
    const phone = '+16505571006';
    await h.customerWrites(phone.slice(1), 'Reach me by parent');
    const c = await eventually(() => contactByPhone(phone));
    const sent = await h.api<Message>('POST', '/v1/messages', {
      body: { to: c.parentUserId, type: 'text', text: 'Hello by parent BSUID' },
    });
    assert.equal(sent.status, 201, sent.text);
    assert.equal(sent.body.to, c.parentUserId);
    const delivered = await eventually(async () => {
      const m = (await h.api<Message>('GET', `/v1/messages/${sent.body.id}`)).body;
      return (m.status === 'delivered' || m.status === 'read' || m.status === 'failed') && m;
    });
    assert.ok(['delivered', 'read'].includes(delivered.status), JSON.stringify(delivered.error));
    assert.equal(delivered.contactId, c.id);
    const request = [...h.sim.state.messages.values()].find((m) => m.callbackData === sent.body.id);
    assert.ok(request, 'the platform request');
    assert.equal(request.to, null, 'sent to the BSUID (`recipient`), not to a phone number');
    assert.equal(request.userId, c.userId, 'the simulator reached the user the parent BSUID names');
  });

  it('an erased customer who opted out and then changes BSUID is still refused at the new one', async () => {
    const phone = '+16505571010';
    await h.customerWrites(phone.slice(1), 'Hi');
    const c = await eventually(() => contactByPhone(phone));
    await suppress(phone);
    const asked = await h.api('POST', `/v1/contacts/${c.id}/erase`);
    assert.equal(asked.status, 202, asked.text);
    await eventually(
      async () => (await h.api('GET', `/v1/erasures/${asked.body.id}`)).body.status === 'completed',
      30_000,
    );
    const answer = await change(phone, 'user_id');
    assert.equal(answer.message.system.previous_user_id, c.userId);
    // No contact is left to move: the tombstones follow the person (docs/api.md §D31).
    assert.equal(await contactByPhone(phone), undefined);
    for (const to of [answer.user.userId, phone, c.userId!])
      refused(
        await h.api('POST', '/v1/messages', { body: { to, type: 'template', templateId } }),
        `a template to ${to}`,
      );
  });

  it("reads the platform's own shapes: `new_wa_id` (long documented) and Meta's page's `user_changed_user_id`", async () => {
    const phone = '+16505571008';
    await h.customerWrites(phone.slice(1), 'Hi');
    const before = await eventually(() => contactByPhone(phone));
    const seconds = String(Math.floor(Date.now() / 1000));
    // Meta's page (a 2025 mirror): a BSUID change naming the number the customer keeps.
    const byId = structuredClone(fixture('webhook-system-user-changed-user-id-meta.json'));
    const v1 = byId.entry[0].changes[0].value;
    v1.metadata.phone_number_id = h.account.phoneNumberId;
    Object.assign(v1.messages[0], { from: phone.slice(1), id: 'wamid.identity-fixture-1', timestamp: seconds });
    Object.assign(v1.messages[0].system, {
      wa_id: phone.slice(1),
      user_id: 'US.80080080080080080080',
      type: 'user_changed_user_id',
    });
    assert.equal((await h.platformWebhook(byId)).status, 200);
    await eventually(async () => (await contact(before.id)).userId === 'US.80080080080080080080');
    // restfb's real payload: a number change with `new_wa_id` (no BSUID given: the contact keeps its).
    const byNumber = structuredClone(fixture('webhook-system-user-changed-number-restfb.json'));
    const v2 = byNumber.entry[0].changes[0].value;
    v2.metadata.phone_number_id = h.account.phoneNumberId;
    v2.contacts[0].wa_id = phone.slice(1);
    Object.assign(v2.messages[0], { from: phone.slice(1), id: 'wamid.identity-fixture-2', timestamp: seconds });
    v2.messages[0].system.new_wa_id = '16505571009';
    assert.equal((await h.platformWebhook(byNumber)).status, 200);
    const moved = await eventually(async () => {
      const c = await contact(before.id);
      return c.phone === '+16505571009' && c;
    });
    assert.equal(moved.userId, 'US.80080080080080080080');
    assert.equal(moved.lastInboundAt, before.lastInboundAt);
    assert.equal((await inboundOf(before.id)).length, 1, 'no system message in the timeline');
    assert.deepEqual((await identityEvents(before.id)).map((e) => e.data.object.change).sort(), ['number', 'user_id']);
  });

  it('the control calls refuse what they cannot do', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${h.simUrl}/_simulator/users/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    assert.equal((await post('US.00000000000000000001/user_id', {})).status, 404);
    assert.equal((await post('16505571007/number', {})).status, 400);
    assert.equal((await post('16505571007/number', { phone: '16505571007' })).status, 400);
    assert.equal((await post('16505571007/user_id', { colour: 'red' })).status, 400);
  });
});
