/**
 * Exporting what is held on a customer (docs/api.md §D29): the ZIP holds every message of the
 * customer both ways with its statuses, their consent history, their events and their files, checked
 * against the database; nothing of another customer; owners and admins only; unknown and other
 * accounts' contacts are 404; the export is audited; the CLI writes the same archive; a reader that
 * goes away stops the export.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../src/cli/main.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { approvedTemplate, dispatched, uploaded } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';
import { sample } from './inbound-media/kit.js';
import { person } from './members/kit.js';
import { exported, rowsOf, sha256, unzip } from './contact-export/kit.js';
import { streamingCases } from './contact-export/streaming.js';

const ALICE = '+16505550101';
const BOB = '+16505550202';

describe('exporting a customer', () => {
  let h: Harness;
  let alice: string;
  let bob: string;
  const sent: Message[] = [];
  let inboundImage: string;

  before(async () => {
    h = await startHarness();
    Object.assign(process.env, h.env);
    await h.customerWrites(ALICE, 'Hello, is my order ready? alice-unique-phrase');
    await h.customerWrites(BOB, 'Bob here: bob-unique-phrase');
    await h.customerSends(ALICE, {
      type: 'image',
      image: { data: sample('sample.jpg').toString('base64'), mimeType: 'image/jpeg', caption: 'My receipt' },
    });
    const contacts = (await h.api('GET', '/v1/contacts?limit=10')).body.data as { id: string; phone: string }[];
    alice = contacts.find((c) => c.phone === ALICE)!.id;
    bob = contacts.find((c) => c.phone === BOB)!.id;
    inboundImage = await eventually(async () => {
      const page = (await h.api('GET', `/v1/inbound_messages?contact=${alice}&type=image`)).body.data;
      return page[0]?.media?.status === 'stored' && (page[0].media.id as string);
    });

    const photo = await uploaded(h, 'sample.png', 'image/png');
    const template = await approvedTemplate(h, { name: 'order_ready', body: 'Your order is ready.' });
    const bodies: Record<string, unknown>[] = [
      { to: ALICE, type: 'text', text: 'Your order shipped.' },
      { to: ALICE, type: 'location', location: { latitude: 37.4847, longitude: -122.1477, name: 'Pick-up point' } },
      { to: ALICE, type: 'media', mediaId: photo.id, caption: 'Your receipt' },
      { to: ALICE, type: 'template', templateId: template.id },
      { to: BOB, type: 'text', text: 'Bob, your parcel: bob-unique-reply' },
    ];
    for (const body of bodies) {
      const res = await h.api<Message>('POST', '/v1/messages/', { body });
      assert.equal(res.status, 201, res.text);
      sent.push(res.body);
    }
    // Each goes sent → delivered → read at the simulator, reported back by webhook.
    for (const m of sent) {
      await dispatched(h, m.id);
      await eventually(async () => (await h.api<Message>('GET', `/v1/messages/${m.id}`)).body.status === 'read');
    }
    // A suppression of Alice, then its lift: both in her consent history.
    const suppressed = await h.api('POST', '/v1/suppressions', { body: { to: ALICE } });
    assert.equal(suppressed.status, 201, suppressed.text);
    assert.equal((await h.api('DELETE', `/v1/suppressions/${suppressed.body.id}`)).status, 200);
    await h.api('POST', '/v1/suppressions', { body: { to: BOB } });
  });
  after(() => h.close());

  it("holds every message of the customer both ways with its statuses, their consent, events and files, as the database has them, and nothing of another's", async () => {
    const res = await exported(h, alice, { 'x-api-key': h.account.liveKey });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/zip');
    assert.equal(res.headers['content-disposition'], `attachment; filename="contact-${alice}.zip"`);
    const doc = res.document;
    assert.equal(res.entries[0]!.name, 'contact.json');
    assert.deepEqual(doc.contact, (await h.api('GET', `/v1/contacts/${alice}`)).body);

    const rows = await rowsOf(h, alice);
    assert.equal(rows.outbound.length, 4);
    assert.deepEqual(doc.messages.map((m: any) => m.id).sort(), rows.outbound);
    assert.deepEqual(doc.inboundMessages.map((m: any) => m.id).sort(), rows.inbound);
    assert.equal(rows.inbound.length, 2);
    assert.deepEqual(new Set(doc.messages.map((m: any) => m.type)), new Set(['text', 'location', 'media', 'template']));
    for (const m of doc.messages) {
      const { statuses, ...message } = m;
      assert.deepEqual(message, (await h.api('GET', `/v1/messages/${m.id}`)).body, 'as GET returns it');
      assert.deepEqual(statuses.map((s: any) => s.status).sort(), rows.statuses.get(m.id), m.id);
      assert.deepEqual(
        statuses.map((s: any) => s.status),
        ['sent', 'delivered', 'read'],
      );
    }
    for (const m of doc.inboundMessages)
      assert.deepEqual(m, (await h.api('GET', `/v1/inbound_messages/${m.id}`)).body, 'as GET returns it');

    // The suppression and its lift.
    assert.equal(doc.consent.suppressions.length, 1);
    assert.equal(doc.consent.suppressions[0].active, false);
    assert.equal(doc.consent.suppressions[0].phone, ALICE);
    assert.notEqual(doc.consent.suppressions[0].liftedAt, null);

    // The events about her: every one the database ties to her, each as delivered.
    assert.ok(rows.events.length >= 4, `events: ${rows.events.length}`);
    assert.deepEqual(doc.events.map((e: any) => e.id).sort(), rows.events);
    assert.ok(doc.events.some((e: any) => e.type === 'message.received'));

    // Her files: the image she sent and the one sent to her, byte for byte.
    const photo = sent.find((m) => m.type === 'media')!.mediaId!;
    assert.deepEqual(doc.files.map((f: any) => f.id).sort(), [inboundImage, photo].sort());
    for (const f of doc.files) {
      const entry = res.entries.find((e) => e.name === f.path);
      assert.ok(entry, f.path);
      assert.equal(entry.data.length, f.sizeBytes);
      assert.equal(sha256(entry.data), f.sha256);
      assert.equal(entry.compressed, false, 'files are stored as they are');
      const stored = fs.readFileSync(path.join(h.dataDir, 'media', f.id));
      assert.equal(sha256(stored), f.sha256);
    }
    assert.deepEqual(
      res.entries.map((e) => e.name),
      ['contact.json', ...doc.files.map((f: any) => f.path)],
    );

    const text = res.zip.toString('latin1') + res.entries[0]!.data.toString('utf8');
    for (const other of [bob, BOB, 'bob-unique-phrase', 'bob-unique-reply', sent.at(-1)!.id])
      assert.ok(!text.includes(other), `nothing of Bob: ${other}`);
    assert.ok(res.entries[0]!.data.toString('utf8').includes('alice-unique-phrase'));
  });

  it('records contact.exported with the actor who asked', async () => {
    const db = h.deps.store.read;
    const before = await db.selectFrom('audit_events').select('id').where('action', '=', 'contact.exported').execute();
    assert.equal((await exported(h, alice, { 'x-api-key': h.account.liveKey })).status, 200);
    const entries = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'contact.exported')
      .orderBy('created_at')
      .execute();
    assert.equal(entries.length, before.length + 1);
    const entry = entries.at(-1)!;
    assert.deepEqual(
      [entry.chain, entry.object_type, entry.object_id, entry.mode, entry.actor_type],
      [h.account.id, 'contact', alice, 'live', 'key'],
    );
    assert.ok(entry.request_id);
  });

  it('is for owners and admins: a developer, agent or viewer is refused with 403', async () => {
    for (const role of ['owner', 'admin'] as const) {
      const p = await person(h, role);
      const res = await p.api('GET', `/v1/contacts/${alice}/export`);
      assert.equal(res.status, 200, role);
    }
    for (const role of ['developer', 'agent', 'viewer'] as const) {
      const p = await person(h, role);
      const res = await p.api('GET', `/v1/contacts/${alice}/export`);
      assert.deepEqual([res.status, res.body.error.code], [403, 'permission_denied'], role);
    }
    const audited = await h.deps.store.read
      .selectFrom('audit_events')
      .select(['actor_type'])
      .where('action', '=', 'contact.exported')
      .where('actor_type', '=', 'user')
      .execute();
    assert.equal(audited.length, 2, 'the owner and the admin, named');
  });

  it("answers 404 contact_not_found for an unknown id, another account's contact and the other mode's key", async () => {
    const other = await h.newAccount('Other');
    const cases: [string, string][] = [
      ['ct_0000000000000000000000000', h.account.liveKey],
      [alice, other.liveKey],
      [alice, h.account.testKey],
    ];
    for (const [id, key] of cases) {
      const res = await exported(h, id, { 'x-api-key': key });
      assert.deepEqual([res.status, res.body?.error?.code], [404, 'contact_not_found'], `${id} ${key}`);
    }
  });

  it("exports a test key's customer in test mode", async () => {
    const customer = '+16505550303';
    const inbound = await h.api('POST', '/v1/test_helpers/inbound_messages', {
      key: h.account.testKey,
      body: { from: customer, text: 'Test hello' },
    });
    assert.equal(inbound.status, 201, inbound.text);
    const res = await h.api('POST', '/v1/messages/', {
      key: h.account.testKey,
      body: { to: customer, type: 'text', text: 'Test reply' },
    });
    assert.equal(res.status, 201, res.text);
    const contactId = res.body.contactId as string;
    assert.equal(inbound.body.contactId, contactId);
    const out = await exported(h, contactId, { 'x-api-key': h.account.testKey });
    assert.equal(out.status, 200);
    assert.equal(out.document.contact.testMode, true);
    assert.deepEqual(
      out.document.inboundMessages.map((m: any) => m.id),
      [inbound.body.id],
    );
    assert.deepEqual(
      out.document.messages.map((m: any) => m.id),
      [res.body.id],
    );
    assert.equal((await exported(h, contactId, { 'x-api-key': h.account.liveKey })).status, 404);
  });

  it('the CLI writes the same archive to a file, named for the operator in the audit trail', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-export-'));
    const file = path.join(dir, 'alice.zip');
    let out = '';
    let err = '';
    const io = { out: (t: string) => (out += t), err: (t: string) => (err += t) };
    const code = await runCli(['contacts', 'export', alice, '--account', h.account.id, '-o', file, '--json'], io);
    assert.equal(code, 0, err);
    assert.equal(JSON.parse(out).file, file);
    const fromCli = await unzip(fs.readFileSync(file));
    const fromApi = await exported(h, alice, { 'x-api-key': h.account.liveKey });
    assert.equal(fromApi.status, 200);
    assert.deepEqual(
      fromCli.map((e) => e.name),
      fromApi.entries.map((e) => e.name),
    );
    for (const [i, e] of fromCli.entries()) {
      if (e.name === 'contact.json') {
        const a = JSON.parse(e.data.toString('utf8'));
        const b = fromApi.document;
        // The CLI's read and the API's are a moment apart: the window's and the export's times aside.
        for (const d of [a, b]) {
          d.exportedAt = null;
          d.contact.window = null;
        }
        assert.deepEqual(a, b);
      } else assert.ok(e.data.equals(fromApi.entries[i]!.data), e.name);
    }
    const entry = await h.deps.store.read
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'contact.exported')
      .where('actor_type', '=', 'cli')
      .executeTakeFirst();
    assert.equal(entry?.object_id, alice);

    // An existing file is never overwritten; an unknown contact or another account's is refused.
    err = '';
    assert.equal(await runCli(['contacts', 'export', alice, '--account', h.account.id, '-o', file], io), 1);
    assert.match(err, /exists; name another/);
    const other = await h.newAccount('Another');
    err = '';
    const refused = await runCli(
      ['contacts', 'export', alice, '--account', other.id, '-o', path.join(dir, 'b.zip')],
      io,
    );
    assert.equal(refused, 1);
    assert.match(err, /No contact/);
    assert.ok(!fs.existsSync(path.join(dir, 'b.zip')));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  streamingCases(() => ({ h, alice, bob }));
});
