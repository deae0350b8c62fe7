/**
 * Thirty invalid requests and exactly what each answers (status, code, param): written before the
 * route and write-path rework of issue 12 and kept unchanged after it, so the public API's refusals
 * stay what clients branch on.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './harness.js';

const TEMPLATE = {
  name: 'table_check',
  category: 'UTILITY',
  language: 'en_US',
  body: 'Hello {{1}}, your order is ready.',
  variables: [{ example: 'Ana' }],
};

type Case = [
  title: string,
  method: 'POST' | 'PATCH' | 'GET',
  url: string,
  body: unknown,
  status: number,
  code: string,
  param: string | undefined,
];

const CASES: Case[] = [
  ['send: no body fields', 'POST', '/v1/messages/', {}, 400, 'parameter_missing', 'to'],
  ['send: no type', 'POST', '/v1/messages/', { to: '+16505551234', text: 'hi' }, 400, 'parameter_missing', 'type'],
  [
    'send: unknown type',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'sms', text: 'hi' },
    400,
    'parameter_invalid',
    'type',
  ],
  [
    'send: to is a number',
    'POST',
    '/v1/messages/',
    { to: 16505551234, type: 'text', text: 'hi' },
    400,
    'parameter_invalid',
    'to',
  ],
  [
    'send: to cannot be a phone number',
    'POST',
    '/v1/messages/',
    { to: 'call me', type: 'text', text: 'hi' },
    400,
    'phone_number_invalid',
    'to',
  ],
  [
    'send: text missing',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'text' },
    400,
    'parameter_missing',
    'text',
  ],
  [
    'send: text empty',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'text', text: '' },
    400,
    'parameter_invalid',
    'text',
  ],
  [
    'send: text blank',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'text', text: '   ' },
    400,
    'parameter_invalid',
    'text',
  ],
  [
    'send: text too long',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'text', text: 'x'.repeat(4097) },
    400,
    'parameter_invalid',
    'text',
  ],
  [
    'send: caption on a text',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'text', text: 'hi', caption: 'x' },
    400,
    'parameter_unknown',
    'caption',
  ],
  [
    'send: unknown field',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'text', text: 'hi', priority: 'high' },
    400,
    'parameter_unknown',
    'priority',
  ],
  [
    'send: template without templateId',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'template' },
    400,
    'parameter_missing',
    'templateId',
  ],
  [
    'send: variables not strings',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'template', templateId: 'tpl_x', variables: { '1': 5 } },
    400,
    'parameter_invalid',
    'variables.1',
  ],
  [
    'send: media without mediaId',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'media' },
    400,
    'parameter_missing',
    'mediaId',
  ],
  [
    'send: text on a media message',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'media', mediaId: 'med_x', text: 'hi' },
    400,
    'parameter_unknown',
    'text',
  ],
  [
    'send: replyTo empty',
    'POST',
    '/v1/messages/',
    { to: '+16505551234', type: 'text', text: 'hi', replyTo: '' },
    400,
    'parameter_invalid',
    'replyTo',
  ],
  [
    'template: no name',
    'POST',
    '/v1/templates/validate',
    { ...TEMPLATE, name: undefined },
    400,
    'parameter_missing',
    'name',
  ],
  [
    'template: category a number',
    'POST',
    '/v1/templates/validate',
    { ...TEMPLATE, category: 1 },
    400,
    'parameter_invalid',
    'category',
  ],
  [
    'template: variables not a list',
    'POST',
    '/v1/templates/validate',
    { ...TEMPLATE, variables: { example: 'Ana' } },
    400,
    'parameter_invalid',
    'variables',
  ],
  [
    'template: unknown variable field',
    'POST',
    '/v1/templates/validate',
    { ...TEMPLATE, variables: [{ example: 'Ana', colour: 'red' }] },
    400,
    'parameter_unknown',
    'variables.0.colour',
  ],
  [
    'template: header type unknown',
    'POST',
    '/v1/templates/validate',
    { ...TEMPLATE, header: { type: 'gif', mediaId: 'med_x' } },
    400,
    'parameter_invalid',
    'header.type',
  ],
  [
    'template: body too long for the schema',
    'POST',
    '/v1/templates/validate',
    { ...TEMPLATE, body: 'x'.repeat(4097) },
    400,
    'parameter_invalid',
    'body',
  ],
  ['template update: empty', 'PATCH', '/v1/templates/tpl_x', {}, 400, 'parameter_missing', undefined],
  ['webhook endpoint: no url', 'POST', '/v1/webhook_endpoints', { events: ['*'] }, 400, 'parameter_missing', 'url'],
  [
    'webhook endpoint: http url',
    'POST',
    '/v1/webhook_endpoints',
    { url: 'http://hooks.example.com/x', events: ['*'] },
    400,
    'parameter_invalid',
    'url',
  ],
  [
    'webhook endpoint: unknown event type',
    'POST',
    '/v1/webhook_endpoints',
    { url: 'https://hooks.example.com/x', events: ['message.nope'] },
    400,
    'parameter_invalid',
    'events.0',
  ],
  [
    'webhook endpoint: events empty',
    'POST',
    '/v1/webhook_endpoints',
    { url: 'https://hooks.example.com/x', events: [] },
    400,
    'parameter_invalid',
    'events',
  ],
  ['list: limit too large', 'GET', '/v1/messages?limit=101', undefined, 400, 'parameter_invalid', 'limit'],
  ['list: unknown status', 'GET', '/v1/messages?status=lost', undefined, 400, 'parameter_invalid', 'status'],
  [
    'list: unknown starting_after',
    'GET',
    '/v1/templates/?starting_after=tpl_nope',
    undefined,
    400,
    'parameter_invalid',
    'starting_after',
  ],
];

describe('invalid requests: status, code and param (a table kept unchanged across issue 12)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it('has thirty cases', () => assert.equal(CASES.length, 30));

  for (const [title, method, url, body, status, code, param] of CASES) {
    it(`${title}: ${status} ${code}${param ? ` (${param})` : ''}`, async () => {
      const res = await h.api(method, url, body === undefined ? {} : { body });
      assert.deepEqual([res.status, res.body.error?.code, res.body.error?.param], [status, code, param], res.text);
    });
  }
});
