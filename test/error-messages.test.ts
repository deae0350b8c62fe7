/**
 * Errors that say everything at once (issue 22, item 7): every schema problem of a request in one
 * answer, in `issues`; unknown fields named, with the field meant; hints for Meta's payload shapes
 * and for a template's name given as its id; sizes written for people.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { closestName, formatBytes, sizeOver } from '../src/lib/text.js';
import { approvedTemplate } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { ROOT } from './helpers.js';
import { multipart } from './multipart.js';

type Issue = { code: string; field: string; message: string };

describe('error messages', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const send = (body: unknown) => h.api('POST', '/v1/messages/', { body });
  const issuesOf = (res: { body: any }) => (res.body.error.issues as Issue[]).map((i) => `${i.code} ${i.field}`);

  it('lists every problem of a body in one answer: {} names both to and type', async () => {
    const res = await send({});
    assert.equal(res.status, 400);
    assert.deepEqual([res.body.error.code, res.body.error.param], ['parameter_missing', 'to']);
    assert.deepEqual(issuesOf(res), ['missing to', 'missing type']);
    assert.match(
      res.body.error.message,
      /^2 problems in the request body: Missing required parameter: to\. Missing required parameter: type\.$/,
    );
  });

  it('names an unknown field, and the field it is probably a slip for', async () => {
    const res = await send({ to: '+16505551234', type: 'text', txt: 'hi' });
    assert.equal(res.status, 400);
    assert.deepEqual(issuesOf(res), ['missing text', 'unknown txt']);
    const unknown = res.body.error.issues.find((i: Issue) => i.field === 'txt');
    assert.equal(unknown.message, 'Unknown parameter: txt. Did you mean text?');
    assert.match(res.body.error.message, /Unknown parameter: txt\. Did you mean text\?/);
    const snake = await send({ to: '+16505551234', type: 'media', media_id: 'med_x' });
    assert.match(snake.body.error.issues.find((i: Issue) => i.field === 'media_id').message, /Did you mean mediaId\?/);
  });

  it('speaks of the branch the type chose, not of every type of message', async () => {
    const res = await send({ to: '+16505551234', type: 'media', text: 'Your receipt' });
    assert.deepEqual(issuesOf(res), ['missing mediaId', 'unknown text']);
    assert.match(res.body.error.issues[1].message, /carries its words in caption/);
  });

  it("hints at the right shape for Meta's text object and Meta's envelope fields", async () => {
    const res = await send({ to: '+16505551234', type: 'text', text: { body: 'hi' } });
    assert.deepEqual([res.status, res.body.error.code, res.body.error.param], [400, 'parameter_invalid', 'text']);
    assert.equal(
      res.body.error.message,
      'Invalid parameter text: must be a string, not an object. `text` is a string here: send "text": "…" (Meta\'s {"body": …} shape is not used).',
    );
    const meta = await send({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+16505551234',
      type: 'text',
      text: { body: 'hi' },
    });
    assert.deepEqual(issuesOf(meta), ['unknown messaging_product', 'unknown recipient_type', 'wrong_type text']);
    assert.match(meta.body.error.issues[0].message, /fills in the platform's messaging_product; leave it out/);
  });

  it("answers a template's name given as templateId with the template's id", async () => {
    const template = await approvedTemplate(h, {
      name: 'order_shipped',
      body: 'Hello {{1}}, your parcel left our warehouse today.',
      variables: [{ example: 'Maria' }],
    });
    const res = await send({ to: '+16505551234', type: 'template', templateId: 'order_shipped' });
    assert.deepEqual(
      [res.status, res.body.error.code, res.body.error.param],
      [404, 'template_not_found', 'templateId'],
    );
    assert.match(res.body.error.message, /^order_shipped is a template name, not an id: templateId takes a tpl_ id\./);
    assert.ok(res.body.error.message.includes(`send "templateId": "${template.id}"`), res.body.error.message);
    const unknown = await send({ to: '+16505551234', type: 'template', templateId: 'no_such_template' });
    assert.match(
      unknown.body.error.message,
      /No template no_such_template in this account; templateId takes a tpl_ id/,
    );
    // Meta's `name` is not Tidings' field: the hint says which are.
    const metaName = await send({ to: '+16505551234', type: 'template', name: 'order_shipped' });
    assert.match(
      metaName.body.error.issues.find((i: Issue) => i.field === 'name').message,
      /templateName with language/,
    );
  });

  it('says an empty id is empty, rather than "No media  in this account."', async () => {
    const res = await send({ to: '+16505551234', type: 'media', mediaId: '' });
    assert.deepEqual(
      [res.status, res.body.error.code, res.body.error.param, res.body.error.message],
      [400, 'parameter_invalid', 'mediaId', 'Invalid parameter mediaId: must not be empty.'],
    );
    const template = await send({ to: '+16505551234', type: 'template', templateId: '' });
    assert.equal(template.body.error.message, 'Invalid parameter templateId: must not be empty.');
  });

  it('lists the tags a nested tagged union takes', async () => {
    const res = await h.api('POST', '/v1/templates/validate', {
      body: { name: 'x', category: 'UTILITY', language: 'en_US', body: 'Hello there', header: { type: 'gif' } },
    });
    assert.deepEqual([res.body.error.code, res.body.error.param], ['parameter_invalid', 'header.type']);
    assert.equal(res.body.error.message, 'Invalid parameter header.type: must be one of text, image, video, document.');
  });

  it('writes fields as issues do elsewhere (variables[0].example) and every query problem at once', async () => {
    const res = await h.api('POST', '/v1/templates/validate', {
      body: {
        name: 'x',
        category: 'UTILITY',
        language: 'en_US',
        body: 'Hello {{1}} there',
        variables: [{ example: 1 }],
        footer: 5,
      },
    });
    assert.deepEqual(
      [res.body.error.param, ...issuesOf(res)],
      ['variables.0.example', 'wrong_type variables[0].example', 'wrong_type footer'],
    );
    assert.equal(res.body.error.issues[1].message, 'Invalid parameter footer: must be a string or null, not 5.');
    const query = await h.api('GET', '/v1/messages?limit=0&status=lost');
    assert.deepEqual(issuesOf(query), ['too_small limit', 'not_allowed status']);
  });

  it('states the body limit and the size sent in human units (a 20 MB body)', async () => {
    const res = await h.api('POST', '/v1/messages/', {
      raw: 'x'.repeat(20 * 1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    assert.deepEqual([res.status, res.body.error.code], [400, 'request_too_large']);
    assert.equal(res.body.error.message, "The request body (20 MB) is larger than 640 KB, this operation's limit.");
  });

  it("states an upload's limit in human units", async () => {
    const png = fs.readFileSync(path.join(ROOT, 'test/fixtures/media/sample.png'));
    const { body, contentType } = multipart({
      file: { filename: 'big.png', type: 'image/png', data: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]) },
    });
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/media/',
      headers: { 'x-api-key': h.account.liveKey, 'content-type': contentType },
      payload: body,
    });
    assert.equal(
      JSON.parse(res.body).error.message,
      "The file is larger than the platform's 5 MB limit for image/png.",
    );
  });
});

describe('sizes and names for people', () => {
  it('formats sizes in binary units, one decimal at most', () => {
    assert.deepEqual([102_400 * 1024, 5 * 1024 * 1024, 500 * 1024, 1536, 900, 1, 1024 * 1024 - 1].map(formatBytes), [
      '100 MB',
      '5 MB',
      '500 KB',
      '1.5 KB',
      '900 bytes',
      '1 byte',
      '1 MB',
    ]);
    assert.equal(sizeOver(20 * 1024 * 1024, 1024 * 1024), '20 MB');
    assert.equal(sizeOver(1024 * 1024 + 10, 1024 * 1024), 'more than 1 MB');
  });

  it('finds the name a slip was meant for, and nothing for a name that is no slip', () => {
    const fields = ['to', 'type', 'text', 'replyTo', 'validityPeriod'];
    assert.deepEqual(
      ['txt', 'reply_to', 'replyto', 'validity_period', 'tpye', 'priority', 'x'.repeat(100)].map((w) =>
        closestName(w, fields),
      ),
      ['text', 'replyTo', 'replyTo', 'validityPeriod', 'type', undefined, undefined],
    );
  });
});
