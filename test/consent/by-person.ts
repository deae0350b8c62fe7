/**
 * A suppression covers the person, not the address (issue 38, finding 1; docs/api.md §D23): made by
 * phone, it refuses a send to the customer's BSUID, parent BSUID or `ct_` id, and made by BSUID a
 * send to their phone; for a single send, a batch item and a routed send with a fallback; at
 * dispatch for a scheduled and a queued send suppressed after they were accepted (no platform
 * call); for an address the contact learns after the suppression was made, and across a merge; and
 * a customer's START lifts one a key made by their parent BSUID.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { eventually, fixture } from '../helpers.js';
import { consentKit, type Consent } from './kit.js';

/** A customer as a webhook names them: any of phone (E.164), BSUID and parent BSUID. */
interface Who {
  phone?: string;
  userId?: string;
  parentUserId?: string;
}

export function byPersonCases(consent: () => Consent): void {
  const { sendText, sendTemplate } = consentKit(consent);
  let wamids = 0;
  /** The customer writes `text` (a webhook naming them as `who` says); @returns their contact. */
  const writes = async (who: Who, text = 'Hi'): Promise<Contact> => {
    const { h, clock } = consent();
    const body = structuredClone(fixture('webhook-inbound-text.json'));
    const v = body.entry[0].changes[0].value;
    v.metadata.phone_number_id = h.account.phoneNumberId;
    v.contacts = [
      {
        profile: { name: 'Customer' },
        ...(who.phone ? { wa_id: who.phone.slice(1) } : {}),
        ...(who.userId ? { user_id: who.userId } : {}),
        ...(who.parentUserId ? { parent_user_id: who.parentUserId } : {}),
      },
    ];
    v.messages = [
      {
        ...(who.phone ? { from: who.phone.slice(1) } : { from_user_id: who.userId }),
        id: `wamid.by-person-${++wamids}`,
        timestamp: String(Math.floor(clock.now() / 1000)),
        type: 'text',
        text: { body: text },
      },
    ];
    assert.equal((await h.platformWebhook(body)).status, 200);
    const key = who.phone ?? who.userId!;
    const found = (await h.api<{ data: Contact[] }>('GET', '/v1/contacts?limit=100')).body.data.find(
      (c) => c.phone === key || c.userId === key,
    );
    assert.ok(found, `a contact for ${key}`);
    return found;
  };
  const suppress = async (to: string) => {
    const res = await consent().h.api('POST', '/v1/suppressions', { body: { to } });
    assert.equal(res.status, 201, res.text);
  };
  const refused = (res: { status: number; body: any }, what: string) =>
    assert.deepEqual([res.status, res.body.error?.code], [409, 'recipient_suppressed'], what);
  /** The message, once it failed. */
  const failed = (id: string) =>
    eventually(async () => {
      const m = (await consent().h.api<Message>('GET', `/v1/messages/${id}`)).body;
      return m.status === 'failed' && m;
    });
  /** The platform requests made for a message. */
  const requests = (id: string) => [...consent().h.sim.state.messages.values()].filter((m) => m.callbackData === id);

  describe('a suppression covers the person, however the send addresses them (issue 38, finding 1)', () => {
    it("made by phone, refuses a send to the customer's BSUID, parent BSUID and ct_ id, text and template alike", async () => {
      const who = { phone: '+16505579001', userId: 'US.9001000000000000001', parentUserId: 'US.ENT.9001000000000001' };
      const contact = await writes(who);
      await suppress(who.phone);
      for (const to of [who.phone, who.userId, who.parentUserId, contact.id]) {
        refused(await sendText(to), `a text to ${to}`);
        refused(await sendTemplate(to), `a template to ${to}`);
      }
      assert.equal((await sendTemplate('+16505579002')).status, 201, 'another customer is sent to');
    });

    it('made by parent BSUID before any contact existed, refuses a send to their phone once a webhook names both, and their contact shows it', async () => {
      const { h } = consent();
      const who = { phone: '+16505579061', userId: 'US.9061000000000000001', parentUserId: 'US.ENT.9061000000000001' };
      await suppress(who.parentUserId);
      const contact = await writes(who);
      refused(await sendTemplate(who.phone), 'a template to the phone');
      const shown = (await h.api<Contact>('GET', `/v1/contacts/${contact.id}`)).body;
      assert.equal(shown.suppression?.reason, 'api', 'GET /v1/contacts/{id} shows the suppression');
    });

    it('made by BSUID, refuses a send to their phone; and a batch refuses the item however it names them', async () => {
      const { h, templateId } = consent();
      const who = { phone: '+16505579011', userId: 'US.9011000000000000001' };
      const contact = await writes(who);
      await suppress(who.userId);
      refused(await sendTemplate(who.phone), 'a template to the phone');
      const batch = await h.api('POST', '/v1/messages/batch', {
        body: {
          messages: ['+16505579012', who.phone, contact.id, who.userId].map((to) => ({
            to,
            type: 'template',
            templateId,
          })),
        },
      });
      assert.equal(batch.status, 201, batch.text);
      assert.deepEqual(
        batch.body.data.map((r: any) => r.error?.code ?? 'accepted'),
        ['accepted', 'recipient_suppressed', 'recipient_suppressed', 'recipient_suppressed'],
      );
    });

    it('covers an address the contact learns after the suppression was made, and a contact merged in later', async () => {
      // Known by phone when suppressed; a later webhook shows their BSUID.
      const learns = { phone: '+16505579021', userId: 'US.9021000000000000001' };
      await writes({ phone: learns.phone });
      await suppress(learns.phone);
      await writes(learns);
      refused(await sendTemplate(learns.userId), 'the BSUID learnt since');
      // A username-only customer suppressed by BSUID, merged later into the older contact by phone.
      const merged = { phone: '+16505579022', userId: 'US.9022000000000000001' };
      await writes({ phone: merged.phone });
      await writes({ userId: merged.userId });
      await suppress(merged.userId);
      assert.equal((await sendTemplate(merged.phone)).status, 201, 'two contacts until a payload names both');
      await writes(merged);
      refused(await sendTemplate(merged.phone), 'the phone of the contact the BSUID merged into');
    });

    it("is lifted by the customer's START when a key made it by their parent BSUID (found by the consent walk, seed 2)", async () => {
      const { clock } = consent();
      const who = { phone: '+16505579071', userId: 'US.9071000000000000001', parentUserId: 'US.ENT.9071000000000001' };
      await writes(who);
      await suppress(who.parentUserId);
      refused(await sendTemplate(who.phone), 'suppressed by parent BSUID');
      clock.advance(2000); // START lifts what was made before its message's second.
      await writes(who, 'START');
      const after = await sendTemplate(who.phone);
      assert.equal(after.status, 201, `START lifted it: ${after.text}`);
    });

    it('refuses a routed send with a fallback to the BSUID of a customer suppressed by phone', async () => {
      const { templateId } = consent();
      const who = { phone: '+16505579031', userId: 'US.9031000000000000001' };
      await writes(who);
      await suppress(who.phone);
      refused(await sendText(who.userId, { route: 'auto', fallback: { templateId } }), 'a routed text');
    });

    it('fails at dispatch a scheduled send to a BSUID whose customer was suppressed by phone meanwhile, with no platform call', async () => {
      const { clock } = consent();
      const who = { phone: '+16505579041', userId: 'US.9041000000000000001' };
      await writes(who);
      const sendAt = new Date(clock.now() + 61_000).toISOString();
      const scheduled = await sendTemplate(who.userId, { sendAt });
      assert.equal(scheduled.body.status, 'scheduled', scheduled.text);
      await suppress(who.phone);
      clock.advance(62_000);
      assert.equal((await failed(scheduled.body.id)).error?.code, 'recipient_suppressed');
      assert.equal(requests(scheduled.body.id).length, 0, 'never sent to the platform');
    });

    it('fails at dispatch a queued send to a BSUID whose customer was suppressed by phone after it was accepted', async () => {
      const { h, clock } = consent();
      const who = { phone: '+16505579051', userId: 'US.9051000000000000001' };
      await writes(who);
      // The platform answers a retryable error: the message waits in the queue for its retry.
      await h.simulatorConfig({ errorRate: 1, errorCode: 131000 });
      const queued = await sendTemplate(who.userId);
      assert.equal(queued.status, 201, queued.text);
      try {
        await eventually(
          async () =>
            (
              await h.deps.store.read
                .selectFrom('dispatches')
                .select('attempts')
                .where('message_id', '=', queued.body.id)
                .executeTakeFirst()
            )?.attempts! > 0,
        );
      } finally {
        await h.simulatorConfig({ errorRate: 0 });
      }
      await suppress(who.phone);
      clock.advance(10 * 60_000);
      assert.equal((await failed(queued.body.id)).error?.code, 'recipient_suppressed');
      assert.equal(requests(queued.body.id).length, 0, 'never taken by the platform');
    });
  });
}
