// test-runner: no database
/**
 * Issue 22, item 8: the simulator serves every field Meta documents on the nodes it has (a business
 * phone number, a message template), takes Graph's nested field syntax, and refuses only fields
 * Meta does not document, with error 100 in Meta's shape (error-100-nonexisting-field.json). Over
 * real HTTP against the simulator alone.
 *
 * The field lists below are written out here, not imported, so that the test checks the simulator
 * against the sources rather than against itself: Meta's Graph API reference of the WhatsApp Business
 * Phone Number and of the WhatsApp Message Template, Meta's "Messaging limits" and "Send marketing
 * messages" pages, and what pywa (0bcf2f19) asks for by default when it reads a number or lists
 * templates (docs/platform.md §0.1).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PNID, WABA, startSim, type SimHarness } from './conformance/sim.js';
import { fixture } from './helpers.js';

/** Phone number fields: Meta's reference, plus the messaging limit field and pywa's defaults. */
const NUMBER_FIELDS = [
  'id',
  'account_mode',
  'certificate',
  'code_verification_status',
  'conversational_automation',
  'display_phone_number',
  'eligibility_for_api_business_global_search',
  'health_status',
  'is_official_business_account',
  'is_on_biz_app',
  'is_pin_enabled',
  'is_preverified_number',
  'last_onboarded_time',
  'messaging_limit_tier',
  'name_status',
  'new_certificate',
  'new_name_status',
  'platform_type',
  'quality_rating',
  'quality_score',
  'search_visibility',
  'status',
  'throughput',
  'verified_name',
  'webhook_configuration',
  'whatsapp_business_manager_messaging_limit',
  'country_code',
  'country_dial_code',
];

/** Template fields: Meta's reference of the WhatsApp Message Template (what pywa asks for, and bid_spec). */
const TEMPLATE_FIELDS = [
  'id',
  'bid_spec',
  'category',
  'components',
  'correct_category',
  'cta_url_link_tracking_opted_out',
  'degrees_of_freedom_spec',
  'language',
  'library_template_name',
  'message_send_ttl_seconds',
  'name',
  'parameter_format',
  'previous_category',
  'quality_score',
  'rejected_reason',
  'status',
  'sub_category',
];

/** Asserts `body` is Graph's answer to a `fields=` request: no error, only asked fields, `id` always. */
function onlyAsked(res: { status: number; body: any }, asked: string[]): void {
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.error, undefined);
  for (const key of Object.keys(res.body)) assert.ok(asked.includes(key), `${key} was not asked for`);
  assert.equal(typeof res.body.id, 'string');
}

/** Asserts `body` is Meta's answer to a field the node does not have (error-100-nonexisting-field.json). */
function nonexisting(res: { status: number; body: any }, field: string, node: string): void {
  const real = fixture('error-100-nonexisting-field.json');
  assert.equal(res.status, 400);
  assert.deepEqual(Object.keys(res.body), Object.keys(real));
  assert.deepEqual(Object.keys(res.body.error).sort(), Object.keys(real.error).sort());
  assert.deepEqual([res.body.error.type, res.body.error.code], [real.error.type, real.error.code]);
  assert.equal(res.body.error.message, `(#100) Tried accessing nonexisting field (${field}) on node type (${node})`);
}

describe('simulator: the fields Meta documents (issue 22)', () => {
  let s: SimHarness;
  before(async () => {
    s = await startSim();
    await s.config({ latencyMs: 0 });
    await s.control('POST', '/_simulator/inbound', { from: '+16505553001', to: PNID, text: 'hi' });
  });
  after(() => s.close());

  it('serves every documented phone number field, alone, all together and on the WABA’s list', async () => {
    for (const field of NUMBER_FIELDS) onlyAsked(await s.graph('GET', `/v23.0/${PNID}?fields=${field}`), [field, 'id']);
    const all = await s.graph('GET', `/v23.0/${PNID}?fields=${NUMBER_FIELDS.join(',')}`);
    onlyAsked(all, NUMBER_FIELDS);
    const n = all.body;
    assert.equal(n.id, PNID);
    assert.ok(['LIVE', 'SANDBOX'].includes(n.account_mode));
    assert.match(n.certificate, /^[A-Za-z0-9+/]+=*$/, 'a certificate is base64');
    assert.equal(typeof n.is_pin_enabled, 'boolean');
    assert.equal(typeof n.is_official_business_account, 'boolean');
    assert.equal(n.new_name_status, 'NONE');
    assert.ok(['VISIBLE', 'NON_VISIBLE', 'HIDDEN'].includes(n.search_visibility), n.search_visibility);
    assert.equal(typeof n.conversational_automation.enable_welcome_message, 'boolean');
    assert.equal(n.conversational_automation.id, PNID);
    // Meta's health status page: the number, its WABA, the business and the app.
    assert.equal(n.health_status.can_send_message, 'AVAILABLE');
    assert.deepEqual(
      n.health_status.entities.map((e: any) => e.entity_type),
      ['PHONE_NUMBER', 'WABA', 'BUSINESS', 'APP'],
    );
    assert.deepEqual(
      n.health_status.entities.slice(0, 2).map((e: any) => e.id),
      [PNID, WABA],
    );
    assert.deepEqual(n.throughput, { level: 'STANDARD' });
    assert.deepEqual(n.quality_score, { score: 'GREEN' });
    assert.match(n.whatsapp_business_manager_messaging_limit, /^TIER_/);
    assert.deepEqual([n.country_code, n.country_dial_code], ['US', '1']);
    // What Meta leaves out when it is unset (no new name asked for, no Embedded Signup, no override).
    for (const unset of ['new_certificate', 'last_onboarded_time', 'webhook_configuration'])
      assert.ok(!(unset in n), `${unset} is unset`);
    const list = await s.graph('GET', `/v23.0/${WABA}/phone_numbers?fields=${NUMBER_FIELDS.join(',')}`);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.deepEqual(
      list.body.data.find((x: any) => x.id === PNID),
      n,
    );
  });

  it('serves every documented template field, degrees_of_freedom_spec as Meta shows it', async () => {
    const spec = {
      creative_features_spec: {
        image_touchups: { enroll_status: 'OPT_IN' },
        text_formatting_optimization: { enroll_status: 'OPT_OUT' },
      },
    };
    const body = {
      name: 'fields_marketing',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'New arrivals this week.' }],
      degrees_of_freedom_spec: spec,
      cta_url_link_tracking_opted_out: true,
    };
    const created = await s.graph('POST', `/v23.0/${WABA}/message_templates`, body);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.id as string;
    for (const field of TEMPLATE_FIELDS) onlyAsked(await s.graph('GET', `/v23.0/${id}?fields=${field}`), [field, 'id']);
    const all = await s.graph('GET', `/v23.0/${id}?fields=${TEMPLATE_FIELDS.join(',')}`);
    onlyAsked(all, TEMPLATE_FIELDS);
    // Meta's "Send marketing messages" page: written as an object, read back as a key/value list.
    assert.deepEqual(all.body.degrees_of_freedom_spec, {
      creative_features_spec: [
        { key: 'IMAGE_TOUCHUPS', value: { enroll_status: 'OPT_IN' } },
        { key: 'TEXT_FORMATTING_OPTIMIZATION', value: { enroll_status: 'OPT_OUT' } },
      ],
    });
    assert.equal(all.body.cta_url_link_tracking_opted_out, true);
    const malformed = {
      ...body,
      name: 'fields_malformed',
      degrees_of_freedom_spec: { creative_features_spec: { image_touchups: { enroll_status: 'MAYBE' } } },
    };
    assert.equal((await s.graph('POST', `/v23.0/${WABA}/message_templates`, malformed)).body.error.code, 100);
    assert.deepEqual(
      [all.body.name, all.body.category, all.body.parameter_format],
      ['fields_marketing', 'MARKETING', 'POSITIONAL'],
    );
    // pywa lists templates asking for every field: the list answers, and leaves out what is unset.
    const pywa = TEMPLATE_FIELDS.filter((f) => f !== 'bid_spec');
    const utility = await s.graph('POST', `/v23.0/${WABA}/message_templates`, {
      name: 'fields_utility',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Your order shipped.' }],
    });
    const list = await s.graph('GET', `/v23.0/${WABA}/message_templates?fields=${pywa.join(',')}&limit=50`);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const plain = list.body.data.find((t: any) => t.id === utility.body.id);
    for (const unset of [
      'degrees_of_freedom_spec',
      'library_template_name',
      'cta_url_link_tracking_opted_out',
      'previous_category',
    ])
      assert.ok(!(unset in plain), `${unset} is unset`);
    assert.deepEqual(
      list.body.data.find((t: any) => t.id === id).degrees_of_freedom_spec,
      all.body.degrees_of_freedom_spec,
    );
  });

  it('takes nested field syntax and field modifiers, as Graph’s field expansion does', async () => {
    const nested = await s.graph(
      'GET',
      `/v23.0/${PNID}?fields=${encodeURIComponent('throughput{level},health_status{can_send_message,entities{entity_type}},verified_name')}`,
    );
    assert.equal(nested.status, 200, JSON.stringify(nested.body));
    assert.deepEqual(Object.keys(nested.body), ['throughput', 'health_status', 'verified_name', 'id']);
    assert.deepEqual(nested.body.throughput, { level: 'STANDARD' });
    assert.deepEqual(nested.body.health_status, {
      can_send_message: 'AVAILABLE',
      entities: [
        { entity_type: 'PHONE_NUMBER' },
        { entity_type: 'WABA' },
        { entity_type: 'BUSINESS' },
        { entity_type: 'APP' },
      ],
    });
    const list = await s.graph(
      'GET',
      `/v23.0/${WABA}/message_templates?fields=${encodeURIComponent('name,quality_score{score},components.limit(1)')}`,
    );
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.deepEqual(Object.keys(list.body.data[0].quality_score), ['score']);
    assert.ok(Array.isArray(list.body.data[0].components));
    const broken = await s.graph('GET', `/v23.0/${PNID}?fields=${encodeURIComponent('throughput{level')}`);
    assert.deepEqual([broken.status, broken.body.error.code], [400, 100]);
  });

  it('still refuses fields Meta does not document, in Meta’s shape', async () => {
    nonexisting(
      await s.graph('GET', `/v23.0/${PNID}?fields=id,not_a_field`),
      'not_a_field',
      'WhatsAppBusinessPhoneNumber',
    );
    nonexisting(
      await s.graph('GET', `/v23.0/${PNID}?fields=${encodeURIComponent('bogus{level}')}`),
      'bogus',
      'WhatsAppBusinessPhoneNumber',
    );
    nonexisting(
      await s.graph('GET', `/v23.0/${WABA}/phone_numbers?fields=display_phone_number,message_templates`),
      'message_templates',
      'WhatsAppBusinessPhoneNumber',
    );
    const t = await s.graph('GET', `/v23.0/${WABA}/message_templates?fields=id&limit=1`);
    nonexisting(
      await s.graph('GET', `/v23.0/${t.body.data[0].id}?fields=name,nonsense`),
      'nonsense',
      'WhatsAppMessageTemplate',
    );
    nonexisting(
      await s.graph('GET', `/v23.0/${WABA}/message_templates?fields=name,display_phone_number`),
      'display_phone_number',
      'WhatsAppMessageTemplate',
    );
  });
});
