/**
 * Every field of the Graph nodes the simulator has, in one table keyed by node type, each with the
 * value the simulator gives it (docs/platform.md §0.1). A field whose value is `undefined` is unset:
 * it is accepted and left out of the answer, as Graph leaves unset fields out rather than sending
 * null (template-list-response.json: `previous_category` on one template only). A field not in the
 * table is refused with 100 "Tried accessing nonexisting field" (error-100-nonexisting-field.json).
 *
 * Sources of the lists: Meta's Graph API reference "WhatsApp Business Phone Number"
 * (graph-api/reference/whats-app-business-account-to-number-current-status, its Fields table) and
 * "WhatsApp Message Template" (graph-api/reference/whats-app-business-hsm, Fields); Meta's
 * "Messaging limits" page (`whatsapp_business_manager_messaging_limit` replaces the deprecated
 * `messaging_limit_tier`); Meta's "Send marketing messages" page (`degrees_of_freedom_spec` as read
 * back); Meta's "Messaging and calling health status" page (`health_status`); pywa 0bcf2f19
 * `BusinessPhoneNumber` and `TemplateDetails`, the fields it asks for by default. Values that are not
 * the simulator's own state are stand-ins; docs/simulator.md lists which are UNCONFIRMED.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { PHONE_NUMBER_DEFAULT_FIELDS, type NodeType, type PhoneNumberField } from '../lib/graph-fields.js';
import type { SimNumber, SimTemplate } from './model.js';
import { templateTtlSeconds } from './ttl.js';

/** A stand-in Graph id derived from another (15 digits, first digit `prefix`): the business, the app. */
const derivedId = (prefix: number, from: string) => `${prefix}${from.replace(/\D/g, '').slice(-14).padStart(14, '0')}`;
const parsed = (n: SimNumber) => parsePhoneNumberFromString(`+${n.displayPhoneNumber}`);
const VERIFIED_NAME = 'Simulated Business';
const available = (entity_type: string, id: string) => ({ entity_type, id, can_send_message: 'AVAILABLE' });

/**
 * The business phone number (`GET /{phone-number-id}`, `GET /{waba-id}/phone_numbers`):
 * docs/platform.md §7 for `throughput` (STANDARD = 80 msg/s, HIGH = 1,000).
 */
const PHONE_NUMBER_VALUES: Record<PhoneNumberField, (n: SimNumber) => unknown> = {
  id: (n) => n.phoneNumberId,
  account_mode: () => 'LIVE',
  // A base64 blob, as the display-name certificate is; made up from the number and its name.
  certificate: (n) =>
    Buffer.from(`tidings-simulator certificate ${n.phoneNumberId} ${VERIFIED_NAME}`).toString('base64'),
  code_verification_status: () => 'VERIFIED',
  // No welcome message, ice breakers or commands configured (they are left out until set).
  conversational_automation: (n) => ({ enable_welcome_message: false, id: n.phoneNumberId }),
  country_code: (n) => parsed(n)?.country ?? parsed(n)?.getPossibleCountries()[0],
  country_dial_code: (n) => parsed(n)?.countryCallingCode,
  display_phone_number: (n) => parsed(n)?.formatInternational() ?? `+${n.displayPhoneNumber}`,
  eligibility_for_api_business_global_search: () => 'NON_ELIGIBLE_UNDEFINED_COUNTRY',
  // The number, its WABA, the business and the app, all able to send (health status page).
  health_status: (n) => ({
    can_send_message: 'AVAILABLE',
    entities: [
      available('PHONE_NUMBER', n.phoneNumberId),
      available('WABA', n.wabaId),
      available('BUSINESS', derivedId(3, n.wabaId)),
      available('APP', derivedId(4, n.wabaId)),
    ],
  }),
  is_official_business_account: () => false,
  is_on_biz_app: () => false,
  // Registering a number for Cloud API sets a two-step verification PIN.
  is_pin_enabled: () => true,
  is_preverified_number: () => false,
  // Only numbers added through Embedded Signup have one.
  last_onboarded_time: () => undefined,
  messaging_limit_tier: (n) => (n.throughputLevel === 'HIGH' ? 'TIER_UNLIMITED' : 'TIER_1K'),
  name_status: () => 'APPROVED',
  // No new display name asked for.
  new_certificate: () => undefined,
  new_name_status: () => 'NONE',
  platform_type: () => 'CLOUD_API',
  quality_rating: () => 'GREEN',
  quality_score: () => ({ score: 'GREEN' }),
  search_visibility: () => 'VISIBLE',
  status: () => 'CONNECTED',
  throughput: (n) => ({ level: n.throughputLevel ?? 'STANDARD' }),
  verified_name: () => VERIFIED_NAME,
  // No callback override: the simulator posts to the one URL it is configured with.
  webhook_configuration: () => undefined,
  // A 1,000 msg/s number needs an unlimited messaging limit (docs/platform.md §7).
  whatsapp_business_manager_messaging_limit: (n) => (n.throughputLevel === 'HIGH' ? 'TIER_UNLIMITED' : 'TIER_2K'),
};
const PHONE_NUMBER: NodeType<SimNumber> = {
  name: 'WhatsAppBusinessPhoneNumber',
  defaults: PHONE_NUMBER_DEFAULT_FIELDS,
  fields: PHONE_NUMBER_VALUES,
};

/**
 * A message template (`GET /{template-id}`, `GET /{waba-id}/message_templates`): the defaults after
 * docs/platform.md §2.3, `quality_score` after docs/platform.md §2.8. `source` is `AUTO_GENERATED`
 * on the templates Direct Send generates, answered by default, as in Meta's example on
 * …/whatsapp/direct-send/view-generated-templates/; whether other templates have a `source` value
 * is UNCONFIRMED (left out).
 */
const TEMPLATE: NodeType<SimTemplate> = {
  name: 'WhatsAppMessageTemplate',
  // template-list-response-named-and-positional.json
  defaults: [
    'name',
    'parameter_format',
    'components',
    'language',
    'status',
    'category',
    'previous_category',
    'sub_category',
    'source',
  ],
  fields: {
    id: (t) => t.id,
    // Per-message pricing bids are not modelled: never set.
    bid_spec: () => undefined,
    category: (t) => t.category,
    components: (t) => t.components,
    // The category an advance notice announced, until the change happens; else the category
    // itself (docs/platform.md §2.7: `fields=category,correct_category` shows pending changes).
    correct_category: (t) => t.correctCategory ?? t.category,
    cta_url_link_tracking_opted_out: (t) => t.ctaUrlLinkTrackingOptedOut,
    // Written `{creative_features_spec: {image_touchups: {enroll_status}}}`, read back as a list of
    // `{key: "IMAGE_TOUCHUPS", value: {enroll_status}}` ("Send marketing messages").
    degrees_of_freedom_spec: (t) =>
      t.degreesOfFreedomSpec && {
        creative_features_spec: Object.entries(t.degreesOfFreedomSpec.creative_features_spec).map(([key, value]) => ({
          key: key.toUpperCase(),
          value,
        })),
      },
    language: (t) => t.language,
    // Set on a template made from the Template Library (templates/library.ts): Meta's page says a
    // template whose GET answer holds it "is a template created from the Template Library".
    library_template_name: (t) => t.libraryTemplateName,
    // As set at create or edit (-1 as given), else the category's default (ttl.ts).
    message_send_ttl_seconds: (t) => (t.messageSendTtlSeconds === -1 ? -1 : templateTtlSeconds(t)),
    name: (t) => t.name,
    parameter_format: (t) => t.parameterFormat ?? 'POSITIONAL',
    previous_category: (t) => t.previousCategory,
    // `date`: when the score last changed, else when the template was made.
    quality_score: (t) => ({
      score: t.qualityScore ?? 'UNKNOWN',
      date: Math.floor((t.qualityScoreAt ?? t.createdAt) / 1000),
    }),
    rejected_reason: (t) => t.rejectedReason ?? 'NONE',
    source: (t) => t.source,
    status: (t) => t.status,
    sub_category: (t) => (t.category === 'MARKETING' ? 'CUSTOM' : undefined),
  },
};

/** The node types the simulator serves, by what the routes call them. */
export const NODE_TYPES = { phoneNumber: PHONE_NUMBER, template: TEMPLATE } as const;
