/**
 * Conformance with a real client library: whatsapp-api-js (npm) drives the simulator through sends
 * of every kind, media upload/retrieve/download/delete and mark-as-read, and verifies the signature
 * of every webhook the simulator sends with its own verifier (which escapes non-ASCII as Meta
 * does), including non-ASCII ones. The library calls https://graph.facebook.com; its fetch is
 * pointed at the simulator's address, nothing else is changed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WhatsAppAPI } from 'whatsapp-api-js';
import {
  ActionButtons,
  ActionCTA,
  ActionList,
  Body,
  BodyComponent,
  BodyParameter,
  Button,
  Contacts,
  Document,
  Image,
  Interactive,
  ListSection,
  Location,
  Name,
  PayloadComponent,
  Reaction,
  Row,
  Sticker,
  Template,
  Text,
} from 'whatsapp-api-js/messages';
import { PNID, SECRET, TOKEN, WABA, startSim, type SimHarness } from './conformance/sim.js';
import { eventually, fieldOf, valueOf } from './helpers.js';

describe('conformance: whatsapp-api-js against the simulator', () => {
  let s: SimHarness;
  let api: WhatsAppAPI;
  const phone = '16505551234';
  /** whatsapp-api-js 6.3 types a recipient as needing a BSUID; a phone alone is what it sends for `{ phone }`. */
  const toPhone = { phone } as unknown as { bsuid: string };
  before(async () => {
    s = await startSim({ parentUserIds: true });
    api = new WhatsAppAPI({
      token: TOKEN,
      appSecret: SECRET,
      // v25.0, Tidings' default: a send may name a BSUID alone (docs/platform.md §0.2).
      v: 'v25.0',
      ponyfill: {
        fetch: ((url: string | URL, init?: RequestInit) =>
          fetch(String(url).replace('https://graph.facebook.com', s.base), init)) as typeof fetch,
      },
    });
    await s.control('POST', '/_simulator/inbound', {
      from: `+${phone}`,
      to: PNID,
      text: 'Olá! Quero saber do pedido 😊',
      name: 'Zoë',
    });
  });
  after(() => s.close());

  it('sends every kind of message and gets the platform’s answer', async () => {
    const created = await s.graph('POST', `/v23.0/${WABA}/message_templates`, {
      name: 'client_quick',
      language: 'en_US',
      category: 'MARKETING',
      components: [
        { type: 'BODY', text: 'Hi {{1}}, your cart is waiting.', example: { body_text: [['Ann']] } },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop' }] },
      ],
    });
    await s.control('POST', `/_simulator/templates/${created.body.id}/review`, { decision: 'APPROVED' });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('\x89PNG client')], { type: 'image/png' }), 'c.png');
    const image = (await api.uploadMedia(PNID, form)) as { id: string };
    const messages = [
      new Text('Olá, Zoë! 🎉'),
      new Image(image.id, true, 'A caption'),
      new Document('https://example.com/a.pdf', false, 'Invoice', 'invoice.pdf'),
      new Location(-122.14, 37.48, 'HQ', '1 Hacker Way'),
      new Contacts([new Name('Ann Smith', 'Ann')]),
      new Interactive(new ActionButtons(new Button('yes', 'Yes'), new Button('no', 'No')), new Body('Proceed?')),
      new Interactive(
        new ActionList('Options', new ListSection('Sizes', new Row('s', 'Small'), new Row('m', 'Medium', 'Fits most'))),
        new Body('Pick a size'),
      ),
      new Interactive(new ActionCTA('Open', 'https://example.com'), new Body('See the offer')),
      new Sticker('https://example.com/s.webp', false),
      new Template('client_quick', 'en_US', new BodyComponent(new BodyParameter('Ann')), new PayloadComponent('STOP')),
    ];
    const ids: string[] = [];
    for (const m of messages) {
      const res = (await api.sendMessage(PNID, toPhone, m)) as any;
      assert.equal(res.error, undefined, `${m._type}: ${JSON.stringify(res.error)}`);
      assert.deepEqual(res.contacts, [{ input: phone, wa_id: phone }]);
      ids.push(res.messages[0].id);
    }
    const reaction = (await api.sendMessage(PNID, toPhone, new Reaction(ids[0]!, '👍'))) as any;
    assert.match(reaction.messages[0].id, /^wamid\./);
    for (const id of ids) await eventually(async () => s.statuses(id).find((x) => x.status === 'read'));
    assert.ok(ids.every((id) => !s.statuses(id).some((x) => x.status === 'failed')));
    // To a BSUID: the answer names the user id.
    const user = s.sim.state.userIdForPhone(phone);
    const byBsuid = (await api.sendMessage(PNID, { bsuid: user }, new Text('by BSUID'))) as any;
    assert.deepEqual(byBsuid.contacts, [{ input: user, user_id: user }]);
    // Errors come back in the envelope the library reads.
    const refused = (await new WhatsAppAPI({
      token: 'EAAG-not-issued',
      secure: false,
      v: 'v23.0',
      ponyfill: {
        fetch: ((url: string | URL, init?: RequestInit) =>
          fetch(String(url).replace('https://graph.facebook.com', s.base), init)) as typeof fetch,
      },
    }).sendMessage(PNID, toPhone, new Text('x'))) as any;
    assert.equal(refused.error.code, 190);
  });

  it('uploads, retrieves, downloads and deletes media', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4 client')], { type: 'application/pdf' }), 'c.pdf');
    const { id } = (await api.uploadMedia(PNID, form)) as { id: string };
    const info = (await api.retrieveMedia(id, PNID)) as any;
    assert.deepEqual(
      [info.id, info.mime_type, info.file_size, info.messaging_product],
      [id, 'application/pdf', 15, 'whatsapp'],
    );
    const file = await api.fetchMedia(info.url);
    assert.equal(file.status, 200);
    assert.equal(Buffer.from(await file.arrayBuffer()).toString(), '%PDF-1.4 client');
    assert.deepEqual(await api.deleteMedia(id), { success: true });
    assert.equal(((await api.retrieveMedia(id)) as any).error.code, 100);
    // A customer's image, downloaded the same way.
    const res = await s.control('POST', '/_simulator/inbound', {
      from: `+${phone}`,
      to: PNID,
      type: 'image',
      image: { caption: 'Café' },
    });
    const incoming = valueOf((await s.inboundHook(res.body.wamid)).body).messages[0].image;
    const url = ((await api.retrieveMedia(incoming.id)) as any).url;
    assert.equal((await api.fetchMedia(url)).headers.get('content-type'), 'image/jpeg');
  });

  it('marks a customer message read with a typing indicator', async () => {
    const res = await s.control('POST', '/_simulator/inbound', { from: `+${phone}`, to: PNID, text: 'read me' });
    assert.deepEqual(await api.markAsRead(PNID, res.body.wamid, 'text'), { success: true });
    assert.equal(((await api.markAsRead(PNID, 'wamid.nothing')) as any).error.code, 100);
  });

  it('verifies the signature of every webhook the simulator sent, and reads messages and statuses from them', async () => {
    const seen = { messages: [] as any[], statuses: [] as any[] };
    api.on.message = (args) => void seen.messages.push(args);
    api.on.status = (args) => void seen.statuses.push(args);
    await s.sim.webhooks.idle();
    const nonAscii = s.hooks.filter((h) => /\\u[0-9a-f]{4}/.test(h.raw.toString()));
    assert.ok(nonAscii.length >= 2, 'some webhooks carry non-ASCII text');
    for (const h of s.hooks) {
      const raw = h.raw.toString('utf8');
      if (fieldOf(h.body) === 'messages') await api.post(h.body, raw, h.signature);
      else assert.ok(await api.verifyRequestSignature(raw, h.signature), fieldOf(h.body));
    }
    assert.ok(
      seen.messages.some(
        (m) => m.message.text?.body === 'Olá! Quero saber do pedido 😊' && m.contact.profile.name === 'Zoë',
      ),
    );
    const user = s.sim.state.userIdForPhone(phone);
    assert.ok(seen.messages.every((m) => m.recipient.bsuid === user && m.recipient.pbsuid?.startsWith('US.ENT.')));
    assert.ok(seen.statuses.some((x) => x.status === 'read'));
    assert.ok(
      seen.statuses.every((x) => x.recipient.bsuid === user),
      'every status names the BSUID',
    );
    // A tampered body does not verify.
    const h = s.hooks[0]!;
    await assert.rejects(api.post(h.body, h.raw.toString().replace('whatsapp', 'whatsApp'), h.signature));
  });
});
