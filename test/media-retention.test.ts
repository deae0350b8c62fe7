/**
 * Deleting files, retention and storage (issue 23, items 7 and 8; docs/api.md §D17), on the
 * database under test: `DELETE /v1/media/{id}` with the platform's copy, refused while a template
 * or a queued message uses the file; the storage figure kept with every insert and delete; the
 * sweep of bytes no row names; customers' files typed from their bytes; each account's retention of
 * customers' files and of message bodies (messages both ways, and their events), on the manual clock;
 * and the files and bodies of sends still waiting (test/media-retention/waiting-sends.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Media, MediaUsage } from '../src/media/media.schemas.js';
import { ORPHAN_AFTER_MS } from '../src/media/media-deletion.js';
import type { InboundMessage, Message } from '../src/messages/schemas/message.schemas.js';
import { ManualClock } from '../src/lib/clock.js';
import { approvedTemplate, uploaded } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, ROOT } from './helpers.js';
import { waitingBodyCases, waitingFileCases } from './media-retention/waiting-sends.js';
import { Scrape } from './prometheus-text.js';

const DAY = 24 * 60 * 60 * 1000;
const sample = (name: string) => fs.readFileSync(path.join(ROOT, 'test/fixtures/media', name));

describe('deleting files, storage and customer file types', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const usage = async (key = h.account.liveKey) => (await h.api<MediaUsage>('GET', '/v1/media/usage', { key })).body;
  const stored = (id: string) => fs.existsSync(path.join(h.dataDir, 'media', id));
  /** The simulator's media ids (uploads registered with it, and customers' files). */
  const simMedia = () => new Set(h.sim.state.media.keys());

  it('deletes an upload: its bytes, its row, its count in the storage figure and its copy at the platform', async () => {
    const before = await usage();
    const platformBefore = simMedia();
    const file = await uploaded(h, 'sample.png', 'image/png');
    const registered = [...simMedia()].filter((id) => !platformBefore.has(id));
    assert.equal(registered.length, 1, 'the live upload was registered with the platform');
    assert.deepEqual((await usage()).upload, {
      files: before.upload.files + 1,
      bytes: before.upload.bytes + file.sizeBytes,
    });
    assert.equal(stored(file.id), true);

    // A test key does not see, nor delete, a live file.
    assert.equal((await h.api('DELETE', `/v1/media/${file.id}`, { key: h.account.testKey })).status, 404);
    const res = await h.api('DELETE', `/v1/media/${file.id}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { id: file.id, deleted: true });
    assert.equal((await h.api('GET', `/v1/media/${file.id}`)).status, 404);
    assert.equal((await h.api('GET', `/v1/media/${file.id}/content`)).status, 404);
    assert.equal(stored(file.id), false);
    assert.deepEqual((await usage()).upload, before.upload);
    // The platform's copy is deleted in the background (a job).
    await eventually(async () => !h.sim.state.media.has(registered[0]!));
    // Deleting it again: it is gone.
    assert.equal((await h.api('DELETE', `/v1/media/${file.id}`)).body.error.code, 'media_not_found');
  });

  it("refuses a file a template's header uses, until the template is deleted", async () => {
    const image = await uploaded(h, 'sample.jpg', 'image/jpeg');
    const template = await approvedTemplate(h, {
      name: 'parcel_photo',
      body: 'Your parcel, as we packed it.',
      header: { type: 'image', mediaId: image.id },
    });
    const refused = await h.api('DELETE', `/v1/media/${image.id}`);
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.error.code, 'media_in_use');
    assert.match(refused.body.error.message, new RegExp(`template ${template.id} \\(parcel_photo, en_US\\)`));
    assert.equal(stored(image.id), true, 'nothing was deleted');
    assert.equal((await h.api('DELETE', `/v1/templates/${template.id}`)).status, 200);
    assert.equal((await h.api('DELETE', `/v1/media/${image.id}`)).status, 200);
  });

  it('keeps the storage figure in /metrics and types a customer file from its bytes, whatever was declared', async () => {
    const account = await h.newAccount('Typed files');
    // A PDF declared an image, and bytes that are nothing known declared a PNG.
    const pdf = await h.customerSends(
      '+16505551234',
      { type: 'image', image: { data: sample('sample.pdf').toString('base64'), mimeType: 'image/jpeg' } },
      account.phoneNumberId,
    );
    const junk = Buffer.alloc(3000, 0x01);
    const odd = await h.customerSends(
      '+16505551234',
      { type: 'image', image: { data: junk.toString('base64'), mimeType: 'image/png' } },
      account.phoneNumberId,
    );
    const kept = async (wamid: string) =>
      eventually(async () => {
        const m = (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${wamid}`, { key: account.liveKey })).body;
        return m.media?.status === 'stored' && m;
      });
    const asPdf = await kept(pdf.wamid);
    assert.equal(asPdf.media!.mimeType, 'image/jpeg', 'the declaration stays on the message');
    assert.equal(
      (await h.api<Media>('GET', `/v1/media/${asPdf.media!.id}`, { key: account.liveKey })).body.mimeType,
      'application/pdf',
    );
    const content = await h.app.inject({
      method: 'GET',
      url: `/v1/media/${asPdf.media!.id}/content`,
      headers: { 'x-api-key': account.liveKey },
    });
    assert.equal(content.headers['content-type'], 'application/pdf');
    assert.match(String(content.headers['content-disposition']), /^attachment;/);
    const asBytes = await kept(odd.wamid);
    const oddFile = (await h.api<Media>('GET', `/v1/media/${asBytes.media!.id}`, { key: account.liveKey })).body;
    assert.equal(oddFile.mimeType, 'application/octet-stream');

    const total = sample('sample.pdf').length + junk.length;
    assert.deepEqual((await usage(account.liveKey)).inbound, { files: 2, bytes: total });
    const scrape = new Scrape((await h.deps.metrics.scrape()).text);
    assert.equal(
      scrape.one('tidings_media_stored_bytes', { account: account.id, mode: 'live', source: 'inbound' }),
      total,
    );
    assert.equal(scrape.one('tidings_media_stored_files', { account: account.id, mode: 'live', source: 'inbound' }), 2);

    // Deleting a customer's file: the message shows it deleted, the figure drops.
    assert.equal((await h.api('DELETE', `/v1/media/${oddFile.id}`, { key: account.liveKey })).status, 200);
    const after = (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${odd.wamid}`, { key: account.liveKey }))
      .body;
    assert.deepEqual([after.media!.status, after.media!.id, after.media!.failureReason], ['deleted', oddFile.id, null]);
    assert.deepEqual((await usage(account.liveKey)).inbound, { files: 1, bytes: sample('sample.pdf').length });
  });

  it('sweeps bytes no row names once they are an hour old, and nothing else', async () => {
    const file = await uploaded(h, 'sample.txt', 'text/plain');
    const media = path.join(h.dataDir, 'media');
    const old = (Date.now() - ORPHAN_AFTER_MS - 60_000) / 1000;
    // What a crash between a deletion's commit and the removal of its bytes leaves, an hour on…
    fs.writeFileSync(path.join(media, 'med_0CrashedAfterCommit0000000'), 'orphan');
    fs.utimesSync(path.join(media, 'med_0CrashedAfterCommit0000000'), old, old);
    // …and an upload's bytes whose row is still to come (its platform registration under way).
    fs.writeFileSync(path.join(media, 'med_0UploadInFlight0000000000'), 'in flight');
    fs.utimesSync(path.join(media, file.id), old, old);
    assert.deepEqual(await h.deps.mediaDeletion.sweepOrphans(), ['med_0CrashedAfterCommit0000000']);
    assert.deepEqual(
      [stored('med_0CrashedAfterCommit0000000'), stored('med_0UploadInFlight0000000000'), stored(file.id)],
      [false, true, true],
    );
    fs.rmSync(path.join(media, 'med_0UploadInFlight0000000000'));
  });

  it('refuses a file a queued message is to send, and deletes it once the message went out', async () => {
    await h.customerWrites('+16505550123');
    const image = await uploaded(h, 'sample.png', 'image/png');
    // The dispatcher rests: the message stays queued.
    await h.deps.stopBackground();
    const sent = await h.api<Message>('POST', '/v1/messages/', {
      body: { to: '+16505550123', type: 'media', mediaId: image.id },
    });
    assert.equal(sent.status, 201, sent.text);
    const refused = await h.api('DELETE', `/v1/media/${image.id}`);
    assert.equal(refused.body.error?.code, 'media_in_use', refused.text);
    assert.match(refused.body.error.message, new RegExp(`message ${sent.body.id} is queued`));
    await h.restart();
    await eventually(
      async () => (await h.api<Message>('GET', `/v1/messages/${sent.body.id}`)).body.status !== 'accepted',
    );
    assert.equal((await h.api('DELETE', `/v1/media/${image.id}`)).status, 200);
  });
});

describe("retention of customers' files and message bodies (manual clock)", () => {
  let h: Harness;
  const clock = new ManualClock(Date.now());
  before(async () => {
    h = await startHarness({ clock });
  });
  after(() => h.close());
  waitingFileCases(() => ({ h, clock }));

  it("deletes customers' files, then removes what messages said both ways and in their events, keeping what they are", async () => {
    const account = await h.newAccount('Retained');
    const key = account.liveKey;
    const customer = '+16505550177';
    // Day 0: a customer's photo with a caption, a text, our reply and a template send with values.
    const photo = await h.customerSends(
      customer,
      {
        type: 'image',
        image: { data: sample('sample.jpg').toString('base64'), mimeType: 'image/jpeg', caption: 'The dent' },
      },
      account.phoneNumberId,
    );
    const text = await h.customerSends(
      customer,
      { type: 'text', text: { body: 'My order 1042 arrived damaged' } },
      account.phoneNumberId,
    );
    const photoMessage = await eventually(async () => {
      const m = (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${photo.wamid}`, { key })).body;
      return m.media?.status === 'stored' && m;
    });
    const reply = (
      await h.api<Message>('POST', '/v1/messages/', {
        key,
        body: { to: customer, type: 'text', text: 'Sorry! A new one ships today.' },
      })
    ).body;
    const template = await approvedTemplate(
      h,
      { name: 'claim_opened', body: 'Claim {{1}} is open.', variables: [{ example: 'C-1' }] },
      key,
    );
    const notice = (
      await h.api<Message>('POST', '/v1/messages/', {
        key,
        body: { to: customer, type: 'template', templateId: template.id, variables: { '1': 'C-77' } },
      })
    ).body;
    for (const m of [reply, notice])
      await eventually(async () => (await h.api<Message>('GET', `/v1/messages/${m.id}`, { key })).body.sentAt !== null);

    // Events kept for ever, so that what they carry is seen removed (the default, 30 days, would remove them).
    const change = { customerFilesDays: 30, messageBodiesDays: 60, eventsDays: null };
    assert.equal((await h.deps.retentionSettings.set(account.id, change)).messageBodiesDays, 60);
    const shown = (await h.api('GET', '/v1/account', { key })).body.retention;
    assert.deepEqual([shown.customerFilesDays, shown.messageBodiesDays, shown.eventsDays], [30, 60, null]);

    // Day 31: the photo goes; what was said stays.
    clock.advance(31 * DAY);
    const fresh = (
      await h.api<Message>('POST', '/v1/messages/', {
        key,
        body: { to: customer, type: 'template', templateId: template.id, variables: { '1': 'C-78' } },
      })
    ).body;
    await eventually(
      async () => (await h.api<Message>('GET', `/v1/messages/${fresh.id}`, { key })).body.sentAt !== null,
    );
    assert.equal((await h.deps.retention.sweep()).customerFiles, 1);
    assert.equal((await h.api('GET', `/v1/media/${photoMessage.media!.id}`, { key })).status, 404);
    const afterFiles = (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${photo.wamid}`, { key })).body;
    assert.deepEqual(
      [afterFiles.media!.status, afterFiles.text, afterFiles.contentRemovedAt],
      ['deleted', 'The dent', null],
    );
    assert.deepEqual((await h.api<MediaUsage>('GET', '/v1/media/usage', { key })).body.inbound, { files: 0, bytes: 0 });

    // Day 61: the day-0 bodies go, metadata stays; the day-31 message is untouched.
    clock.advance(30 * DAY);
    await h.deps.retention.sweep();
    const inText = (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${text.wamid}`, { key })).body;
    assert.equal(inText.text, null);
    assert.ok(inText.contentRemovedAt);
    assert.deepEqual([inText.type, inText.from, inText.platformMessageId], ['text', customer, text.wamid]);
    const inPhoto = (await h.api<InboundMessage>('GET', `/v1/inbound_messages/${photo.wamid}`, { key })).body;
    assert.deepEqual(
      [inPhoto.text, inPhoto.media!.status, inPhoto.media!.sha256],
      [null, 'deleted', photoMessage.media!.sha256],
    );
    const out = (await h.api<Message>('GET', `/v1/messages/${reply.id}`, { key })).body;
    assert.deepEqual([out.text, out.status === 'accepted', out.to, out.type], [null, false, customer, 'text']);
    assert.ok(out.contentRemovedAt);
    const tpl = (await h.api<Message>('GET', `/v1/messages/${notice.id}`, { key })).body;
    assert.deepEqual([tpl.variables, tpl.templateId], [null, template.id]);
    const kept = (await h.api<Message>('GET', `/v1/messages/${fresh.id}`, { key })).body;
    assert.deepEqual([kept.variables, kept.contentRemovedAt], [{ '1': 'C-78' }, null]);

    // Their events say nothing more either; the day-31 one still does.
    const events = (await h.api('GET', '/v1/events?limit=100', { key })).body.data as {
      type: string;
      data: { object: any };
    }[];
    const of = (type: string, id: string) =>
      events.find((e) => e.type === type && (e.data.object.id === id || e.data.object.platformMessageId === id))!.data
        .object;
    assert.deepEqual(
      [
        of('message.received', text.wamid).text,
        of('message.sent', reply.id).text,
        of('message.sent', notice.id).variables,
      ],
      [null, null, null],
    );
    assert.ok(of('message.sent', reply.id).contentRemovedAt);
    assert.deepEqual(of('message.sent', fresh.id).variables, { '1': 'C-78' });

    // A sweep with nothing come of age changes nothing (the watermark).
    const { customerFiles, bodyAccounts } = await h.deps.retention.sweep();
    assert.deepEqual([customerFiles, bodyAccounts], [0, 0]);
  });

  waitingBodyCases(() => ({ h, clock }));
});
