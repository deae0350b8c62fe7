// test-runner: one database (the OpenAPI document is built from the routes' schemas, the same on either dialect)
/**
 * The OpenAPI document tells the truth about what the service does (security issue 10, finding 7):
 * required headers, every error status an operation can answer, the upload form, and paging. It is
 * complete (issue 14): every operation has a summary, a declared tag, its error responses as the
 * envelope, and examples that validate against their schemas; Redocly's lint (redocly.yaml) passes.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES } from '../src/errors.js';
import { findExamples, schemaValidator } from './openapi-examples.js';
import { startHarness, type Harness } from './harness.js';
import { ROOT } from './helpers.js';

describe('the OpenAPI document', () => {
  let h: Harness;
  let doc: any;
  before(async () => {
    h = await startHarness();
    doc = (await h.api('GET', '/v1/openapi.json', { key: null })).body;
  });
  after(() => h.close());

  const header = (operation: any, name: string) =>
    operation.parameters?.find((p: any) => p.in === 'header' && p.name === name);

  it('shows Idempotency-Key as required where a missing one is refused, optional where it is honoured', async () => {
    assert.equal(header(doc.paths['/v1/templates'].post, 'idempotency-key')?.required, true);
    assert.notEqual(header(doc.paths['/v1/messages'].post, 'idempotency-key')?.required, true);
    assert.ok(header(doc.paths['/v1/messages'].post, 'idempotency-key'));
    const missing = await h.api('POST', '/v1/templates/', {
      body: { name: 'x', category: 'UTILITY', language: 'en_US', body: 'Hello there {{1}} friend' },
    });
    assert.deepEqual(
      [missing.status, missing.body.error.code, missing.body.error.param],
      [400, 'idempotency_key_missing', 'Idempotency-Key'],
    );
  });

  it('lists 400 on every operation that takes a body or an Idempotency-Key (roll_secret among them)', () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        if (method !== 'post' && method !== 'patch') continue;
        assert.ok(operation.responses['400'], `${method.toUpperCase()} ${path} lacks 400`);
      }
    }
    assert.ok(doc.paths['/v1/webhook_endpoints/{id}/roll_secret'].post.responses['400']);
  });

  it('describes the upload form, so client generators and fuzzers see the file part', () => {
    const body = doc.paths['/v1/media'].post.requestBody;
    const schema = body.content['multipart/form-data'].schema;
    assert.deepEqual(schema.required, ['file']);
    assert.equal(schema.properties.file.format, 'binary');
  });

  it('accepts an empty starting_after as the first page, as its schema allows', async () => {
    for (const path of ['/v1/messages', '/v1/templates/', '/v1/media', '/v1/events', '/v1/webhook_endpoints']) {
      const res = await h.api('GET', `${path}?starting_after=`);
      assert.equal(res.status, 200, `${path}: ${res.text}`);
    }
  });

  /** Lints `document` with the project's redocly.yaml; answers the exit status and the output. */
  const lint = (document: unknown) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(document));
      const result = spawnSync(
        path.join(ROOT, 'node_modules/.bin/redocly'),
        ['lint', file, `--config=${path.join(ROOT, 'redocly.yaml')}`, '--format=stylish', '--max-problems=100'],
        { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      );
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it("passes Redocly's lint (redocly.yaml: recommended-strict and the completeness rules) with no error and no warning", () => {
    const { status, output } = lint(doc);
    assert.equal(status, 0, output);
    assert.doesNotMatch(output, /warning|error/i, output);
  });

  it('is linted by rules that catch a missing summary, an undeclared or undescribed tag, no 4xx, an error without the envelope, a wrong example', () => {
    const broken = structuredClone(doc);
    delete broken.paths['/v1/messages'].get.summary;
    broken.paths['/v1/events'].get.tags = ['Widgets'];
    delete broken.tags.find((t: any) => t.name === 'Media').description;
    const phoneNumbers = broken.paths['/v1/phone_numbers'].get;
    for (const status of Object.keys(phoneNumbers.responses))
      if (status.startsWith('4')) delete phoneNumbers.responses[status];
    broken.paths['/v1/media/{id}'].get.responses['404'].content['application/json'].schema = { type: 'object' };
    broken.components.schemas.Media.examples[0].sizeBytes = 'large';
    const { status, output } = lint(broken);
    assert.notEqual(status, 0, output);
    for (const rule of [
      'operation-summary',
      'operation-tag-defined',
      'tag-description',
      'operation-4xx-response',
      'rule/error-responses-use-the-envelope',
      'no-invalid-schema-examples',
    ]) {
      assert.match(output, new RegExp(`error +${rule.replace('/', '\\/')} `), `${rule} is not enforced:\n${output}`);
    }
  });

  it('declares each tag once, with a description, and puts every operation under exactly one of them', () => {
    const declared = doc.tags.map((t: any) => t.name);
    assert.equal(new Set(declared).size, declared.length);
    for (const tag of doc.tags) assert.ok(tag.description, `tag ${tag.name} has no description`);
    const used = new Set<string>();
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        assert.ok(operation.summary, `${method} ${path} has no summary`);
        assert.equal(operation.tags?.length, 1, `${method} ${path}`);
        assert.ok(declared.includes(operation.tags[0]), `${method} ${path}: undeclared tag ${operation.tags[0]}`);
        used.add(operation.tags[0]);
      }
    }
    assert.deepEqual(
      declared.filter((t: string) => !used.has(t)),
      [],
      'a declared tag no operation uses',
    );
  });

  it('answers every error as the envelope, with an example of each code a response lists', () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const errors = Object.entries<any>(operation.responses).filter(([status]) => Number(status) >= 400);
        assert.ok(
          errors.some(([status]) => status.startsWith('4')),
          `${method} ${path} has no 4xx`,
        );
        for (const [status, response] of errors) {
          const media = response.content['application/json'];
          assert.equal(media.schema.$ref, '#/components/schemas/ErrorEnvelope', `${method} ${path} ${status}`);
          const codes = [...response.description.matchAll(/`([a-z_]+)`/g)]
            .map((m) => m[1])
            .filter((c) => c !== 'error');
          assert.ok(
            codes.length > 0 && codes.every((c) => (ERROR_CODES as readonly string[]).includes(c)),
            `${method} ${path} ${status}: ${response.description}`,
          );
          assert.deepEqual(Object.keys(media.examples).sort(), [...codes].sort(), `${method} ${path} ${status}`);
          for (const [code, example] of Object.entries<any>(media.examples))
            assert.equal(example.value.error.code, code);
        }
      }
    }
  });

  it('has examples of the main resources and of every JSON request body, and each validates against its own schema', () => {
    for (const name of [
      'Message',
      'InboundMessage',
      'Template',
      'Media',
      'WebhookEndpoint',
      'Event',
      'Delivery',
      'ErrorEnvelope',
      'SendTextMessage',
      'SendTemplateMessage',
      'SendMediaMessage',
    ]) {
      assert.ok(doc.components.schemas[name].examples?.length > 0, `${name} has no example`);
    }
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const json = operation.requestBody?.content['application/json'];
        if (json)
          assert.ok(
            json.example !== undefined || Object.keys(json.examples ?? {}).length > 0,
            `${method} ${path}: its body has no example`,
          );
      }
    }
    const validate = schemaValidator(doc);
    const examples = findExamples(doc);
    assert.ok(examples.length > 100, `only ${examples.length} examples found`);
    const failures = examples.flatMap((e) => validate(e.schema, e.value).map((problem) => `${e.at}: ${problem}`));
    assert.deepEqual(failures, []);
    // An event's object is the resource its type names, as that resource's GET returns it.
    for (const example of doc.components.schemas.Event.examples) {
      const resource =
        example.type === 'message.received'
          ? 'InboundMessage'
          : example.type.startsWith('message.')
            ? 'Message'
            : 'Template';
      assert.deepEqual(validate(`/components/schemas/${resource}`, example.data.object), [], example.type);
    }
  });

  it('refuses a wrong example: a misspelt field, a wrong type, a missing required field', () => {
    const validate = schemaValidator(doc);
    const message = doc.components.schemas.Message.examples[0];
    assert.deepEqual(validate('/components/schemas/Message', message), []);
    assert.notDeepEqual(validate('/components/schemas/Message', { ...message, platformMessageID: 'x' }), []);
    assert.notDeepEqual(validate('/components/schemas/Message', { ...message, status: 'seen' }), []);
    const { to: _to, ...noRecipient } = doc.components.schemas.SendTextMessage.examples[0];
    assert.notDeepEqual(
      validate('/paths/~1v1~1messages/post/requestBody/content/application~1json/schema', noRecipient),
      [],
    );
    assert.notDeepEqual(
      validate('/paths/~1v1~1messages/post/requestBody/content/application~1json/schema', {
        ...noRecipient,
        to: '+16505551234',
        text: 7,
      }),
      [],
    );
  });

  it('maps each tagged union\'s tag values to its branches, so clients see `type: "text"`, not the schema\'s name', () => {
    const ref = (name: string) => `#/components/schemas/${name}`;
    const send = doc.paths['/v1/messages'].post.requestBody.content['application/json'].schema;
    assert.deepEqual(send.discriminator.mapping, {
      template: ref('SendTemplateMessage'),
      text: ref('SendTextMessage'),
      media: ref('SendMediaMessage'),
      interactive: ref('SendInteractiveMessage'),
      location: ref('SendLocationMessage'),
      contacts: ref('SendContactsMessage'),
      reaction: ref('SendReactionMessage'),
    });
    const interactive = doc.components.schemas.SendInteractiveMessage.properties.interactive;
    assert.deepEqual(interactive.discriminator.mapping, {
      buttons: ref('InteractiveButtons'),
      list: ref('InteractiveList'),
      cta_url: ref('InteractiveCtaUrl'),
    });
    const header =
      doc.paths['/v1/templates'].post.requestBody.content['application/json'].schema.properties.header.anyOf[0];
    assert.deepEqual(header.discriminator.mapping, {
      text: ref('TextHeader'),
      image: ref('MediaHeader'),
      video: ref('MediaHeader'),
      document: ref('MediaHeader'),
    });
  });

  it('lists each path once, without a trailing slash, while both forms are served', async () => {
    assert.deepEqual(
      Object.keys(doc.paths).filter((p) => p.endsWith('/')),
      [],
    );
    assert.equal((await h.api('GET', '/v1/templates')).status, 200);
    assert.equal((await h.api('GET', '/v1/templates/')).status, 200);
  });
});
