/**
 * The Cloud API facade end to end, as a client's code sees it (issue 43, docs/api.md §D34, §D35):
 * one whatsapp-api-js client for the calls (its token a Tidings key, its fetch pointed at the
 * service's `/graph`) and one whatsapp-api-js receiver for the webhooks (its own `get()` and
 * `post()`), nothing else changed. A customer writes; the app is told, marks it read, answers with a
 * file it uploads; the statuses of its own sends come back under the ids its sends were answered
 * with; the customer's reply names that id; the customer's photo is fetched through the URL the
 * facade gives.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { WhatsAppAPI } from 'whatsapp-api-js';
import { Image, Text } from 'whatsapp-api-js/messages';
import { facadeClient, registerApp, startApp, type App } from './cloud-api-receiver.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, ROOT } from './helpers.js';
import { ALLOW_PRIVATE, FAST_POLICY } from './receiver.js';

describe('the Cloud API facade, a client’s round trip', () => {
  let h: Harness;
  let app: App;
  let api: WhatsAppAPI;
  before(async () => {
    h = await startHarness({ env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
    app = await startApp('round-trip');
    api = facadeClient(h, h.account.liveKey, app.appSecret);
  });
  after(async () => {
    await app.close();
    await h.close();
  });

  it('hears the customer, answers, and follows its own messages by the ids it was given', async () => {
    const created = await registerApp(h, app);
    assert.equal(created.status, 201, created.text);
    const PNID = h.account.phoneNumberId;
    const customer = '16505550142';
    const update = (pick: (u: App['updates'][number]) => boolean) =>
      eventually(async () => app.updates.find(pick), 15_000);

    // The customer writes: the app is told in Meta's shape, and marks it read by its wamid.
    const wamid = await h.customerWrites(`+${customer}`, 'Hi! Is my order ready?');
    const heard = await update((u) => u.kind === 'message' && u.args.message.id === wamid);
    assert.deepEqual(
      [heard.args.from, heard.args.phoneID, heard.args.message.text.body],
      [customer, PNID, 'Hi! Is my order ready?'],
    );
    assert.deepEqual(await api.markAsRead(PNID, wamid, 'text'), { success: true });
    assert.ok(h.sim.state.reads.some((r) => r.wamid === wamid && r.typingIndicator === 'text'));

    // It answers with text and with a photo it uploads; each answer's id is Tidings' own.
    const to = { phone: customer } as unknown as { bsuid: string };
    const text = (await api.sendMessage(PNID, to, new Text('Yes: it is ready for pickup.'))) as any;
    const form = new FormData();
    const jpeg = fs.readFileSync(path.join(ROOT, 'test/fixtures/media/sample.jpg'));
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'receipt.jpg');
    const uploaded = (await api.uploadMedia(PNID, form)) as { id: string };
    const photo = (await api.sendMessage(PNID, to, new Image(uploaded.id, true, 'Your receipt'))) as any;
    assert.ok(photo.messages, JSON.stringify(photo));
    const ids = [text.messages[0].id, photo.messages[0].id] as string[];
    for (const id of ids) assert.match(id, /^msg_/);

    // Their statuses come back under those ids, verified by whatsapp-api-js, through read.
    for (const id of ids) {
      for (const status of ['sent', 'delivered', 'read'])
        await update((u) => u.kind === 'status' && u.args.id === id && u.args.status === status);
    }
    const platformId = (await h.api('GET', `/v1/messages/${ids[0]}`)).body.platformMessageId;

    // The customer replies to the text and sends a photo: the reply names our id, the photo a med_ id
    // whose bytes the app fetches through the URL the facade gives.
    const reply = await h.customerSends(`+${customer}`, {
      type: 'text',
      text: { body: 'Great, see you at 5.' },
      contextMessageId: platformId,
    });
    const replied = await update((u) => u.kind === 'message' && u.args.message.id === reply.wamid);
    assert.equal(replied.args.message.context.id, ids[0]);
    const sentPhoto = await h.customerSends(`+${customer}`, { type: 'image', image: { caption: 'The car park' } });
    const seen = await update((u) => u.kind === 'message' && u.args.message.id === sentPhoto.wamid);
    const mediaId = seen.args.message.image.id as string;
    assert.match(mediaId, /^med_/);
    const media = await eventually(async () => {
      const m = (await api.retrieveMedia(mediaId)) as any;
      return m.url ? m : null;
    });
    const bytes = Buffer.from(await (await api.fetchMedia(media.url)).arrayBuffer());
    assert.equal(createHash('sha256').update(bytes).digest('hex'), media.sha256);
    assert.equal(bytes.length, media.file_size);
    assert.equal(app.refused, 0, 'every delivery verified');
  });
});
