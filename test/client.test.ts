// test-runner: one database (the typed client against the service; the routes it calls are tested on both dialects by their own files)
/**
 * The typed client (clients/typescript, issue 14 item 6): generated from the OpenAPI document and
 * kept in step with it, it sends a message against the real service (over HTTP, the simulator
 * behind it) and reads it back; its errors are the envelope; the typed client guide's example
 * (docs/guides/typed-client.md) runs as written.
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createTidingsClient, idempotencyKey, type TidingsClient } from '@tidings/client';
import { CLIENT_DIR, generateClient, openApiDocument, SCHEMA_FILE } from '../scripts/client-generate.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, ROOT } from './helpers.js';

describe('the typed client', () => {
  let h: Harness;
  let live: TidingsClient;
  before(async () => {
    h = await startHarness();
    live = createTidingsClient({ baseUrl: h.url, apiKey: h.account.liveKey });
  });
  after(() => h.close());

  it('is generated from the document the service serves, and the checked-in schema.ts is that generation', async () => {
    const served = (await h.api('GET', '/v1/openapi.json', { key: null })).body;
    assert.deepEqual(await openApiDocument(), served);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-client-'));
    try {
      const generated = await generateClient(dir);
      const diff = spawnSync('diff', ['-u', path.join(CLIENT_DIR, SCHEMA_FILE), generated], { encoding: 'utf8' });
      assert.equal(
        diff.status,
        0,
        `clients/typescript/${SCHEMA_FILE} is stale: run \`npm run client:generate\` and commit it.\n${diff.stdout.slice(0, 4000)}${diff.stderr}`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends a message with a live key and reads it back, by id, until read', async () => {
    await h.customerWrites('+16505551234', 'Where is my order?');
    const sent = await live.POST('/v1/messages', {
      params: { header: idempotencyKey('order-1042-shipped') },
      body: { to: '+16505551234', type: 'text', text: 'Your order 1042 has shipped.' },
    });
    assert.equal(sent.response.status, 201, JSON.stringify(sent.error));
    assert.ok(sent.data);
    assert.match(sent.data.id, /^msg_/);
    assert.equal(sent.data.status, 'accepted');

    const read = await eventually(async () => {
      const { data } = await live.GET('/v1/messages/{id}', { params: { path: { id: sent.data!.id } } });
      return data?.status === 'read' && data;
    });
    assert.equal(read.text, 'Your order 1042 has shipped.');
    assert.ok(read.readAt);
    // By the platform's id too: a wamid may hold `/`, `+` and `=`, and the client percent-encodes it.
    assert.match(read.platformMessageId ?? '', /^wamid\./);
    const byWamid = await live.GET('/v1/messages/{id}', { params: { path: { id: read.platformMessageId! } } });
    assert.equal(byWamid.data?.id, sent.data.id);

    // The same key and body again: the first answer, replayed; nothing sent twice.
    const again = await live.POST('/v1/messages', {
      params: { header: idempotencyKey('order-1042-shipped') },
      body: { to: '+16505551234', type: 'text', text: 'Your order 1042 has shipped.' },
    });
    assert.equal(again.data?.id, sent.data.id);
    assert.equal(again.response.headers.get('idempotent-replayed'), 'true');
    const listed = await live.GET('/v1/messages', { params: { query: { to: '+16505551234' } } });
    assert.deepEqual(
      listed.data?.data.map((m) => m.id),
      [sent.data.id],
    );
  });

  it('runs the whole path on a test key, through the test helper', async () => {
    const test = createTidingsClient({ baseUrl: h.url, apiKey: h.account.testKey });
    const inbound = await test.POST('/v1/test_helpers/inbound_messages', {
      body: { from: '+16505550002', text: 'hi' },
    });
    assert.equal(inbound.response.status, 201, JSON.stringify(inbound.error));
    const sent = await test.POST('/v1/messages', { body: { to: '+16505550002', type: 'text', text: 'Hello' } });
    assert.equal(sent.data?.testMode, true, JSON.stringify(sent.error));
    const delivered = await eventually(async () => {
      const { data } = await test.GET('/v1/messages/{id}', { params: { path: { id: sent.data!.id } } });
      return (data?.status === 'delivered' || data?.status === 'read') && data;
    });
    assert.equal(delivered.platformMessageId, null);
  });

  it('answers errors as the envelope, with the status, and no data', async () => {
    const closed = await live.POST('/v1/messages', { body: { to: '+16505559876', type: 'text', text: 'Hello' } });
    assert.equal(closed.data, undefined);
    assert.equal(closed.response.status, 409);
    assert.equal(closed.error?.error.code, 'outside_customer_window');
    assert.equal(closed.error?.error.requestId, closed.response.headers.get('x-request-id'));

    const missing = await live.GET('/v1/templates/{id}', { params: { path: { id: 'tpl_missing' } } });
    assert.deepEqual([missing.response.status, missing.error?.error.code], [404, 'template_not_found']);

    const stranger = createTidingsClient({ baseUrl: `${h.url}/`, apiKey: 'sk_live_not_a_key' });
    const refused = await stranger.GET('/v1/phone_numbers');
    assert.deepEqual([refused.response.status, refused.error?.error.code], [401, 'api_key_invalid']);
  });

  it('refuses an Idempotency-Key the service would refuse, and makes one when none is given', () => {
    assert.throws(() => idempotencyKey(''), TypeError);
    assert.throws(() => idempotencyKey('has space'), TypeError);
    assert.throws(() => idempotencyKey('x'.repeat(256)), TypeError);
    const made = idempotencyKey()['idempotency-key'];
    assert.match(made, /^[\x21-\x7e]{1,255}$/);
    assert.notEqual(made, idempotencyKey()['idempotency-key']);
    assert.throws(() => createTidingsClient({ baseUrl: h.url, apiKey: '' }), TypeError);
  });

  it("runs the typed client guide's example as written (clients/typescript/examples/send.ts, the same text)", async () => {
    const example = fs.readFileSync(path.join(CLIENT_DIR, 'examples/send.ts'), 'utf8');
    const guide = fs.readFileSync(path.join(ROOT, 'docs/guides/typed-client.md'), 'utf8');
    assert.ok(
      guide.includes(`\`\`\`ts\n${example}\`\`\``),
      'docs/guides/typed-client.md shows clients/typescript/examples/send.ts as it is',
    );

    const other = await h.newAccount('Other');
    await h.customerWrites('+16505551234', 'Where is my order?', other.phoneNumberId);
    // Another process (the service answers from this one, so nothing here may block).
    const { stdout: output } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(CLIENT_DIR, 'examples/send.ts')],
      {
        cwd: ROOT,
        env: { ...process.env, TIDINGS_URL: h.url, TIDINGS_API_KEY: other.liveKey },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    const [first, second] = output.trim().split('\n');
    const [id, status] = first!.split(' ');
    assert.match(id!, /^msg_/);
    assert.equal(status, 'accepted');
    assert.equal(second!.split(' ')[0], id);
    const stored = await createTidingsClient({ baseUrl: h.url, apiKey: other.liveKey }).GET('/v1/messages/{id}', {
      params: { path: { id: id! } },
    });
    assert.equal(stored.data?.text, 'Your order 1042 arrives on Friday, between 8:00 and 12:00.');
  });
});
