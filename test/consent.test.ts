/**
 * Issue 28, consent (docs/api.md §D23, README "Consent…"): opt-out and opt-in keywords, the
 * suppression list's API, sends refused up front (the override rule; the held list), queued sends
 * failed at dispatch with no platform call, the confirmation reply inside and outside the window,
 * `user_preferences` and 131050. On both dialects, through the simulator over HTTP.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CONSENT_REPLY_JOB } from '../src/consent/consent-intake.js';
import type { ConsentSettings, Suppression } from '../src/consent/consent.schemas.js';
import type { Contact } from '../src/contacts/contact.schemas.js';
import { foldKeyword, keywordOf, DEFAULT_OPT_IN_KEYWORDS, DEFAULT_OPT_OUT_KEYWORDS } from '../src/consent/keywords.js';
import { ManualClock } from '../src/lib/clock.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { parseWebhook } from '../src/platform/cloud-api/webhook-payload.js';
import { approvedTemplate } from './factories.js';
import { DIALECT } from './database.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture } from './helpers.js';

type Page = { data: Suppression[]; has_more: boolean };

describe('consent: suppressions, keywords, marketing preferences (issue 28)', () => {
  const clock = new ManualClock();
  let h: Harness;
  let templateId: string;
  before(async () => {
    h = await startHarness({ clock });
    templateId = (
      await approvedTemplate(h, { name: 'consent_notice', body: 'Your order shipped. Reply STOP to opt out.' })
    ).id;
  });
  after(() => h.close());

  const active = async (phone: string) =>
    (await h.api<Page>('GET', '/v1/suppressions?active=true&limit=100')).body.data.filter((s) => s.phone === phone);
  const sendText = (to: string, extra: Record<string, unknown> = {}) =>
    h.api<Message>('POST', '/v1/messages', {
      body: { to, type: 'text', text: 'Your parcel is at the door.', ...extra },
    });
  const sendTemplate = (to: string, extra: Record<string, unknown> = {}) =>
    h.api<Message>('POST', '/v1/messages', { body: { to, type: 'template', templateId, ...extra } });
  const events = async (type: string) =>
    (await h.api('GET', `/v1/events?type=${type}&limit=100`)).body.data as { data: { object: Suppression } }[];

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
          textWebhook(phones[0]!.slice(1), 'wamid.consent-stop-again', Math.floor(Date.parse(first!.createdAt) / 1000)),
        )
      ).status,
      200,
    );
    assert.deepEqual(await active(phones[0]!), []);
    const lifted = (await events('contact.unsuppressed')).map((e) => e.data.object);
    assert.ok(lifted.some((s) => s.phone === phones[0] && s.liftedBy === 'keyword' && s.liftedAt !== null));
    assert.equal((await sendText(phones[0]!)).status, 201);
  });

  it('refuses a send to a suppressed customer with 409; "suppression": "ignore" only where the account allows it', async () => {
    const phone = '+16505570201';
    await h.customerWrites(phone.slice(1), 'Hi');
    assert.equal((await h.api('POST', '/v1/suppressions', { body: { to: phone } })).status, 201);
    assert.equal((await sendText(phone)).body.error.code, 'recipient_suppressed');
    assert.equal((await sendTemplate(phone)).body.error.code, 'recipient_suppressed');
    let res = await sendText(phone, { suppression: 'ignore' });
    assert.deepEqual(
      [res.status, res.body.error.code, res.body.error.param],
      [403, 'suppression_override_not_allowed', 'suppression'],
    );
    assert.equal(
      (await h.api<ConsentSettings>('PATCH', '/v1/account/consent', { body: { allowSuppressionOverride: true } })).body
        .allowSuppressionOverride,
      true,
    );
    res = await sendText(phone, { suppression: 'ignore' });
    assert.equal(res.status, 201, res.text);
    assert.equal((await sendText(phone)).status, 409, 'without the override it is still refused');
    await h.api('PATCH', '/v1/account/consent', { body: { allowSuppressionOverride: false } });
    assert.equal((await sendText(phone, { suppression: 'ignore' })).status, 403);
    assert.equal((await sendText(phone, { suppression: 'sometimes' })).status, 400);
  });

  it("holds the account's list for the accept check until it changes: a suppression, a lift, and (PostgreSQL) another process's suppression are each seen", async () => {
    const [phone, other] = ['+16505570211', '+16505570212'];
    assert.equal((await sendTemplate(phone)).status, 201, 'the list is read and held');
    const created = await h.api<Suppression>('POST', '/v1/suppressions', { body: { to: phone } });
    assert.equal(
      (await sendTemplate(phone)).body.error?.code,
      'recipient_suppressed',
      'a suppression made here is seen at once',
    );
    await h.api('DELETE', `/v1/suppressions/${created.body.id}`);
    assert.equal((await sendTemplate(phone)).status, 201, 'and its lift');
    if (DIALECT !== 'postgres') return;
    const peer = await h.startPeer();
    assert.equal((await sendTemplate(other)).status, 201);
    assert.equal(
      (
        await peer.app.inject({
          method: 'POST',
          url: '/v1/suppressions',
          headers: { 'x-api-key': h.account.liveKey, 'content-type': 'application/json' },
          payload: { to: other },
        })
      ).statusCode,
      201,
    );
    await eventually(async () => (await sendTemplate(other)).status === 409).finally(() => peer.close()); // told by NOTIFY once the peer's unit commits
  });

  it('refuses only the suppressed customer among concurrent sends and in a batch', async () => {
    const phones = ['+16505570301', '+16505570302', '+16505570303', '+16505570304'];
    await h.api('POST', '/v1/suppressions', { body: { to: phones[2] } });
    const answers = await Promise.all(phones.map((p) => sendTemplate(p)));
    assert.deepEqual(
      answers.map((a) => a.status),
      [201, 201, 409, 201],
    );
    const batch = await h.api('POST', '/v1/messages/batch', {
      body: { messages: phones.map((to) => ({ to, type: 'template', templateId })) },
    });
    assert.equal(batch.status, 201, batch.text);
    assert.deepEqual(
      batch.body.data.map((r: any) => r.error?.code ?? 'accepted'),
      ['accepted', 'accepted', 'recipient_suppressed', 'accepted'],
    );
    assert.equal(batch.body.data[2].error.param, 'messages[2].to');
  });

  it('fails a scheduled message whose customer was suppressed meanwhile, with no platform call', async () => {
    const phone = '+16505570401';
    const sendAt = new Date(clock.now() + 61_000).toISOString();
    const scheduled = await sendTemplate(phone, { sendAt });
    const other = await sendTemplate('+16505570402', { sendAt });
    assert.equal(scheduled.body.status, 'scheduled', scheduled.text);
    assert.equal((await h.api('POST', '/v1/suppressions', { body: { to: phone } })).status, 201);
    clock.advance(62_000);
    const failed = await eventually(async () => {
      const m = (await h.api<Message>('GET', `/v1/messages/${scheduled.body.id}`)).body;
      return m.status === 'failed' && m;
    });
    assert.equal(failed.error?.code, 'recipient_suppressed');
    await eventually(
      async () => (await h.api<Message>('GET', `/v1/messages/${other.body.id}`)).body.platformMessageId !== null,
    );
    assert.equal(
      [...h.sim.state.messages.values()].filter((m) => m.callbackData === scheduled.body.id).length,
      0,
      'never sent to the platform',
    );
  });

  it('lists, creates idempotently, lifts, and refuses bad input', async () => {
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
    assert.deepEqual((await h.api('DELETE', `/v1/suppressions/${first.body.id}`, { key: other.liveKey })).status, 404);
  });

  it('sends the confirmation reply once inside the window the STOP opened, and none outside it', async () => {
    await h.api('PATCH', '/v1/account/consent', { body: { optOutReply: 'You will get no more messages from us.' } });
    const inside = '16505570601';
    const wamid = await h.customerWrites(inside, 'STOP');
    const reference = `consent_reply_${wamid}`;
    const replies = async () =>
      (await h.api<{ data: Message[] }>('GET', `/v1/messages?clientReference=${encodeURIComponent(reference)}`)).body
        .data;
    const [reply] = await eventually(async () => ((await replies()).length > 0 ? replies() : null));
    assert.deepEqual([reply!.to, reply!.text], [`+${inside}`, 'You will get no more messages from us.']);
    // The platform delivers the same webhook again: the job runs again and sends nothing more.
    const redelivered = textWebhook(inside, wamid, Math.floor(clock.now() / 1000));
    assert.equal((await h.platformWebhook(redelivered)).status, 200);
    await eventually(async () => (await h.deps.jobs.pending(CONSENT_REPLY_JOB)) === 0);
    assert.equal((await replies()).length, 1);

    // A STOP written 25 hours ago (delivered late): suppressed, but its window is closed.
    const outside = '16505570602';
    const late = textWebhook(outside, 'wamid.consent-late-stop', Math.floor((clock.now() - 25 * 3600_000) / 1000));
    assert.equal((await h.platformWebhook(late)).status, 200);
    await eventually(async () => (await active(`+${outside}`)).length > 0);
    await eventually(async () => (await h.deps.jobs.pending(CONSENT_REPLY_JOB)) === 0);
    assert.equal(
      (await h.api<{ data: Message[] }>('GET', '/v1/messages?clientReference=consent_reply_wamid.consent-late-stop'))
        .body.data.length,
      0,
    );
    await h.api('PATCH', '/v1/account/consent', { body: { optOutReply: null } });
  });

  it('applies user_preferences from the fixture: stop suppresses marketing only, repeats and older reports change nothing', async () => {
    const parsed = parseWebhook(fixture('webhook-user-preferences-resume.json'))!;
    assert.deepEqual(parsed.userPreferences, [
      {
        phoneNumberId: '106540352242922',
        waId: '16505551234',
        userId: null,
        category: 'marketing_messages',
        value: 'resume',
        at: '2024-11-15T21:22:01.000Z',
        detail: 'User requested to resume marketing messages',
      },
    ]);
    assert.equal(parsed.ignored, 0);
    const phone = '+16505570701';
    const report = (value: 'stop' | 'resume', seconds: number) => {
      const body = structuredClone(fixture('webhook-user-preferences-resume.json'));
      const v = body.entry[0].changes[0].value;
      v.metadata.phone_number_id = h.account.phoneNumberId;
      v.contacts[0].wa_id = phone.slice(1);
      Object.assign(v.user_preferences[0], {
        wa_id: phone.slice(1),
        value,
        timestamp: seconds,
        detail: `User requested to ${value} marketing messages`,
      });
      return body;
    };
    const t = Math.floor(clock.now() / 1000);
    assert.equal((await h.platformWebhook(report('stop', t))).status, 200);
    const [stop] = await active(phone);
    assert.deepEqual([stop?.reason, stop?.scope, stop?.source], ['platform_preference', 'marketing', 'webhook']);
    await h.platformWebhook(report('stop', t));
    assert.equal((await active(phone)).length, 1, 'a repeat adds nothing');
    assert.equal((await events('contact.suppressed')).filter((e) => e.data.object.phone === phone).length, 1);
    // A marketing-scope suppression does not refuse a utility template.
    assert.equal((await sendTemplate(phone)).status, 201);
    // An older resume, delivered late, does not undo the newer stop.
    await h.platformWebhook(report('resume', t - 60));
    assert.equal((await active(phone)).length, 1);
    await h.platformWebhook(report('resume', t + 60));
    assert.deepEqual(await active(phone), []);
    // And the older stop, delivered again after the resume, does not bring it back.
    await h.platformWebhook(report('stop', t));
    assert.deepEqual(await active(phone), []);
  });

  it('takes a failed status with 131050 as a marketing stop', async () => {
    const phone = '+16505570801';
    const res = await sendTemplate(phone);
    const sent = await eventually(
      async () => (await h.api<Message>('GET', `/v1/messages/${res.body.id}`)).body.platformMessageId,
    );
    const failed = await fetch(`${h.simUrl}/_simulator/messages/${encodeURIComponent(sent)}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'failed', errorCode: 131050 }),
    });
    assert.equal(failed.status, 200, await failed.text());
    const [s] = await eventually(async () => ((await active(phone)).length > 0 ? active(phone) : null));
    assert.deepEqual([s!.reason, s!.scope], ['platform_preference', 'marketing']);
    const [contact] = (await h.api<{ data: Contact[] }>('GET', `/v1/contacts?q=${phone.slice(1)}`)).body.data;
    assert.deepEqual(
      [contact?.marketingConsent?.value, contact?.suppression?.reason],
      ['revoked', 'platform_preference'],
    );
  });

  it("takes the simulator's marketing stop end to end, and its resume", async () => {
    const phone = '+16505570901';
    const marketing = (value: string) =>
      fetch(`${h.simUrl}/_simulator/users/${encodeURIComponent(phone)}/marketing`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ value, to: h.account.phoneNumberId }),
      });
    const stop = await marketing('stop');
    assert.equal(stop.status, 200, await stop.clone().text());
    assert.deepEqual((await stop.json()).value.user_preferences[0].category, 'marketing_messages');
    const [s] = await eventually(async () => ((await active(phone)).length > 0 ? active(phone) : null));
    assert.deepEqual([s!.reason, s!.scope, s!.source], ['platform_preference', 'marketing', 'webhook']);
    assert.equal((await marketing('resume')).status, 200);
    await eventually(async () => (await active(phone)).length === 0);
    assert.equal((await marketing('later')).status, 400);

    // Stopped again, and lifted in Tidings by hand: a marketing template sent to them anyway (outside
    // Tidings, straight to the platform) fails with 131050, and that brings the suppression back.
    assert.equal((await marketing('stop')).status, 200);
    const [again] = await eventually(async () => ((await active(phone)).length > 0 ? active(phone) : null));
    assert.equal((await h.api('DELETE', `/v1/suppressions/${again!.id}`)).status, 200);
    const creds = await h.deps.accounts.senderCredentials(h.account.phoneNumberId);
    const graph = (path: string, body: unknown) =>
      fetch(`${h.simUrl}/v23.0${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${creds.accessToken}` },
        body: JSON.stringify(body),
      });
    const simTemplate = await fetch(`${h.simUrl}/_simulator/templates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        wabaId: creds.wabaId,
        name: 'consent_offer',
        language: 'en_US',
        category: 'MARKETING',
        body: 'Our winter sale starts today.',
      }),
    });
    assert.equal(simTemplate.status, 200, await simTemplate.clone().text());
    const sent = await graph(`/${h.account.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      to: phone.slice(1),
      type: 'template',
      template: { name: 'consent_offer', language: { code: 'en_US' } },
    });
    assert.equal(sent.status, 200, await sent.clone().text());
    const wamid = (await sent.json()).messages[0].id as string;
    await eventually(async () => h.sim.state.messages.get(wamid)?.statuses.includes('failed'));
    const [back] = await eventually(async () => ((await active(phone)).length > 0 ? active(phone) : null));
    assert.deepEqual([back!.reason, back!.scope], ['platform_preference', 'marketing']);
  });

  it('takes blocks through the port the Block Users API calls: an opt-in keyword never lifts a block, an unblock does', async () => {
    const phone = '+16505571001';
    await h.customerWrites(phone.slice(1), 'Hello');
    const contact = (await h.api<{ data: Contact[] }>('GET', `/v1/contacts?q=${phone.slice(1)}`)).body.data[0]!;
    const port = h.deps.suppressions.forBlocks();
    const entry = {
      accountId: h.account.id,
      phoneNumberId: h.account.phoneNumberId,
      contactId: contact.id,
      phone,
      bsuid: contact.userId,
      at: new Date(clock.now()).toISOString(),
    };
    await h.deps.store.write((tx) => port.blocked(tx, [entry]));
    await h.deps.store.write((tx) => port.blocked(tx, [entry]));
    const blocked = await active(phone);
    assert.deepEqual(
      blocked.map((s) => [s.reason, s.source, s.scope, s.contactId]),
      [['blocked', 'block', 'all', contact.id]],
      'blocked once',
    );
    assert.equal((await sendText(phone)).body.error.code, 'recipient_suppressed');
    await h.customerWrites(phone.slice(1), 'START');
    assert.equal((await active(phone)).length, 1, 'START does not lift a block');
    await h.deps.store.write((tx) => port.unblocked(tx, [entry]));
    assert.deepEqual(await active(phone), []);
    const lifted = (await h.api<Page>('GET', '/v1/suppressions?reason=blocked&active=false')).body.data.find(
      (s) => s.id === blocked[0]!.id,
    );
    assert.equal(lifted?.liftedBy, 'block');
  });

  /** A customer's text message webhook, as the platform sends it (docs/platform.md §4.5), with `seconds` as its timestamp. */
  function textWebhook(from: string, wamid: string, seconds: number) {
    const body = structuredClone(fixture('webhook-inbound-text.json'));
    const v = body.entry[0].changes[0].value;
    v.metadata.phone_number_id = h.account.phoneNumberId;
    v.contacts = [{ profile: { name: 'Customer' }, wa_id: from }];
    v.messages = [{ from, id: wamid, timestamp: String(seconds), type: 'text', text: { body: 'STOP' } }];
    return body;
  }
});
