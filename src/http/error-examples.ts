/**
 * An example of each error code's envelope, for the OpenAPI document: every error response of an
 * operation shows one example per code it can answer (`errorsByStatus` in http/route.ts), keyed by
 * the code. The messages are the service's own (or one instance of them, where they name a value).
 * A `Record` over every code: a new code without an example does not compile. Each example is
 * validated against the envelope's schema by test/openapi-examples.test.ts.
 */
import type { ErrorCode } from '../errors.js';

/** An example request id, as `x-request-id` and `error.requestId` carry them. */
export const EXAMPLE_REQUEST_ID = 'req_0VbcP2yXhw5l2n7Jw3aLkQ9d';

type Example = {
  message: string;
  param?: string;
  issues?: { code: string; field: string; message: string }[];
  platformError?: { code: string; message: string } | null;
  items?: { index: number; error: { code: ErrorCode; message: string; param?: string } }[];
};

export const ERROR_EXAMPLES: Record<ErrorCode, Example> = {
  invalid_json: { message: 'The request body is not valid JSON: Unexpected end of JSON input' },
  // A schema error lists every problem of the request at once in `issues` (http/validation.ts).
  parameter_missing: {
    message: '2 problems in the request body: Missing required parameter: to. Missing required parameter: type.',
    param: 'to',
    issues: [
      { code: 'missing', field: 'to', message: 'Missing required parameter: to.' },
      { code: 'missing', field: 'type', message: 'Missing required parameter: type.' },
    ],
  },
  parameter_invalid: {
    message: 'Invalid query parameter limit: must be at most 100.',
    param: 'limit',
    issues: [{ code: 'too_large', field: 'limit', message: 'Invalid query parameter limit: must be at most 100.' }],
  },
  parameter_unknown: {
    message: 'Unknown parameter: replyto. Did you mean replyTo?',
    param: 'replyto',
    issues: [{ code: 'unknown', field: 'replyto', message: 'Unknown parameter: replyto. Did you mean replyTo?' }],
  },
  request_too_large: { message: "The request body (20 MB) is larger than 1 MB, this operation's limit." },
  phone_number_invalid: {
    message: '"+1650555" is not a phone number in E.164 format (for example +16505551234).',
    param: 'to',
  },
  template_invalid: {
    message: 'The template breaks content rules; see issues.',
    issues: [{ code: 'placeholder_at_end', field: 'body', message: 'The body cannot end with a placeholder.' }],
  },
  variables_invalid: { message: 'The template has no placeholder "3"; use 1–2 or first_name.', param: 'variables.3' },
  template_values_missing: {
    message:
      'Give every placeholder of the template a value (missing "first_name", "2"): or send "useExamples": true to send the template\'s examples for the ones left out.',
    param: 'variables.first_name',
    issues: [
      {
        code: 'missing',
        field: 'variables.first_name',
        message: 'No value for "first_name" (the template\'s example: "Maria").',
      },
      { code: 'missing', field: 'variables.2', message: 'No value for "2" (the template\'s example: "Tuesday").' },
    ],
  },
  idempotency_key_missing: { message: 'This operation requires an Idempotency-Key header.', param: 'Idempotency-Key' },
  idempotency_key_invalid: {
    message: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
    param: 'Idempotency-Key',
  },
  media_type_unsupported: {
    message:
      'The platform does not accept this file (its content is image/gif). Accepted: JPEG, PNG, MP4, 3GPP, AAC, AMR, MP3, M4A, Ogg Opus, WebP, PDF, TXT, Word, Excel, PowerPoint.',
    param: 'file',
  },
  media_too_large: { message: "The file is larger than the platform's 5 MB limit for image/jpeg.", param: 'file' },
  media_empty: { message: 'The file is empty.', param: 'file' },
  api_key_missing: { message: 'Send your API key in the x-api-key header.' },
  api_key_invalid: { message: 'The API key is not valid (unknown, malformed or revoked).' },
  signature_invalid: { message: 'X-Hub-Signature-256 does not match the app secret; nothing was changed.' },
  permission_denied: { message: 'This key lacks the messages:send scope.' },
  suppression_override_not_allowed: {
    message:
      'This account does not allow "suppression": "ignore"; an operator can allow it with npx tidings accounts consent <account id> --allow-suppression-override.',
    param: 'suppression',
  },
  cross_site_request: {
    message:
      "This request came from https://evil.example, not from this service's own pages; signed-in writes must come from them.",
  },
  session_expired: { message: 'Your session has expired or was signed out; sign in again.' },
  sign_in_failed: { message: 'The email or password is wrong.' },
  second_factor_invalid: { message: 'The code is wrong or was used already.', param: 'code' },
  second_factor_already_set_up: { message: 'Your second factor is on already; turn it off first.' },
  second_factor_not_set_up: { message: 'You have no second factor set up.' },
  password_incorrect: { message: 'Your password is not right.', param: 'currentPassword' },
  sign_in_locked: { message: 'Too many failed sign-ins; try again in 8 s.' },
  password_too_weak: {
    message: 'This password appears in lists of breached passwords; choose another.',
    param: 'password',
  },
  link_invalid: { message: 'This link is not valid (used, revoked or expired); ask for a new one.', param: 'token' },
  sso_required: { message: 'Acme requires single sign-on: sign in with Okta.' },
  owner_required: { message: "Only an owner may change an owner's role." },
  last_owner: { message: "usr_0VbcOa1Zt3QmH8s2Kp4xRw7e is the account's last owner; make another owner first." },
  member_not_found: { message: 'No member usr_0VbcOa1Zt3QmH8s2Kp4xRw7e in this account.', param: 'id' },
  api_key_not_found: { message: 'No API key key_0VbcOa1Zt3QmH8s2Kp4xRw7e in this account.', param: 'id' },
  session_not_found: { message: 'No session ses_0VbcOa1Zt3QmH8s2Kp4xRw7e of yours.', param: 'id' },
  operator_only: {
    message:
      "allowSuppressionOverride is an operator's decision, not a key's: run npx tidings accounts consent acc_0VbcNy2Rf4mT6hK8pW1sDq3e --allow-suppression-override on the service's host.",
    param: 'allowSuppressionOverride',
  },
  live_mode_required: { message: 'This operation needs a live key; test keys cannot change what the platform holds.' },
  template_not_found: { message: 'No template tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e in this account.', param: 'templateId' },
  message_not_found: { message: 'No message msg_0VbcO6ls4dKMJjI1trWFw2Zd.', param: 'id' },
  media_not_found: { message: 'No media med_0VbcOd9Lm2Xq5Tb7Wy1zHs3u in this account.', param: 'mediaId' },
  reply_target_not_found: { message: 'No message msg_0VbcO6ls4dKMJjI1trWFw2Zd to reply to.', param: 'replyTo' },
  contact_not_found: { message: 'No contact ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b.', param: 'id' },
  recipient_not_supported: {
    message:
      'The platform cannot send an authentication template with a one-tap, zero-tap or copy-code button to a business-scoped user id (error 131062); send it to the phone number.',
    param: 'to',
  },
  route_not_found: { message: 'No route GET /v1/widgets.' },
  webhook_endpoint_not_found: { message: 'No webhook endpoint we_0VbdA4kNp8Rz1Yc6Vx2mQt5g.', param: 'id' },
  suppression_not_found: { message: 'No suppression sup_0VbdT4mR9nW2Kp7Xy1zLb5d in this account.', param: 'id' },
  erasure_not_found: { message: 'No erasure era_0VbdT4mR9nW2Kp7Xy1zLb5d in this account.', param: 'id' },
  event_not_found: { message: 'No event evt_0VbdB7hJs3Wn9Lq1Pz5xKr2c.', param: 'id' },
  template_not_editable: {
    message: 'An approved template cannot be edited; only pending and rejected ones can.',
    param: 'status',
  },
  client_reference_in_use: {
    message:
      'clientReference "order-1042" was given to another message of this account in the last 24 hours; give each message its own.',
    param: 'clientReference',
  },
  message_not_cancelable: {
    message:
      "msg_0VbcO6ls4dKMJjI1trWFw2Zd is sent: only a scheduled message, or one still waiting in its number's queue, can be canceled.",
    param: 'id',
  },
  batch_rejected: {
    message:
      "All 2 messages of the batch were refused, so nothing was stored or sent; error.items gives each one's reason.",
    items: [
      {
        index: 0,
        error: {
          code: 'phone_number_invalid',
          message: 'to is not a valid phone number: +1650555.',
          param: 'messages[0].to',
        },
      },
      {
        index: 1,
        error: {
          code: 'template_not_found',
          message: 'No template tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e.',
          param: 'messages[1].templateId',
        },
      },
    ],
  },
  media_in_use: {
    message:
      'med_0VbcO2Hx8rTq4Ln6Wj1sPk3a cannot be deleted now: the header of template tpl_0VbcNqW3m9Xk2Rt5Lp8dYh4c (order_shipped) uses it.',
    param: 'id',
  },
  template_name_taken: { message: 'This account already has a template named order_shipped in en_US.', param: 'name' },
  template_name_reserved: {
    message: 'order_shipped was deleted less than 30 days ago; the platform keeps the name reserved until then.',
    param: 'name',
  },
  template_not_approved: {
    message: 'Template tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e is processing; only approved templates can be sent.',
    param: 'templateId',
  },
  template_category_not_allowed: {
    message:
      'The platform re-categorised template tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e as MARKETING; only utility templates can be sent.',
    param: 'templateId',
  },
  template_paused: {
    message:
      'The platform paused template tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e after poor customer feedback; it cannot be sent until the platform unpauses it (it says when: template.unpaused). Send another template meanwhile.',
    param: 'templateId',
  },
  template_disabled: {
    message:
      'The platform disabled template tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e for good after repeated pauses; create a new template with improved content.',
    param: 'templateId',
  },
  block_window_closed: {
    message:
      'ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b last wrote more than 24 hours ago; the platform blocks only customers who wrote in the last 24 hours.',
    param: 'id',
  },
  contact_not_blockable: {
    message:
      'ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b has neither a phone number nor a business-scoped user id the platform could block.',
    param: 'id',
  },
  recipient_suppressed: {
    message:
      '+16505551234 is suppressed (opt_out_keyword, since 2026-11-21T14:30:58.000Z, sup_0VbdT4mR9nW2Kp7Xy1zLb5d): they asked for no more messages. Lift it (DELETE /v1/suppressions/{id}) if they opt back in, or send "suppression": "ignore" for a notice they must get, where the account allows it.',
    param: 'to',
  },
  suppression_is_block: {
    message:
      'sup_0VbdT4mR9nW2Kp7Xy1zLb5d is the block of ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b (since 2026-11-21T14:30:58.000Z): the platform blocks this customer until they are unblocked, so lifting the suppression alone would not let a message through. Unblock them with POST /v1/contacts/ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b/unblock, which lifts it.',
    param: 'id',
  },
  outside_customer_window: {
    message:
      "No message from +16505551234 in the last 24 hours, so only a template can be sent to them (the platform's customer service window).",
    param: 'to',
  },
  idempotency_key_reused: {
    message: 'This Idempotency-Key was used with a different request; use a new key for a new request.',
    param: 'Idempotency-Key',
  },
  idempotency_request_in_progress: {
    message: 'A request with this Idempotency-Key is still running; retry shortly.',
    param: 'Idempotency-Key',
  },
  range_not_satisfiable: {
    message: 'The range bytes=2048- starts beyond the file (1024 bytes); see Content-Range.',
    param: 'Range',
  },
  rate_limited: { message: 'This key is limited to 100 requests per second; retry after 1 s.' },
  platform_rate_limited: {
    message: 'The platform rate-limited this request; retry after the delay given.',
    platformError: { code: '130429', message: 'Rate limit hit' },
  },
  platform_error: {
    message: 'The platform refused the request: (#131009) Parameter value is not valid',
    platformError: { code: '131009', message: 'Parameter value is not valid' },
  },
  platform_unavailable: { message: 'The platform did not give a usable answer; retry later.', platformError: null },
  service_unavailable: { message: 'The service could not complete the request; retry later.' },
};

/** The envelope an error with `code` answers, as an example. */
export function errorExample(code: ErrorCode): { error: Example & { code: ErrorCode; requestId: string } } {
  const { message, ...rest } = ERROR_EXAMPLES[code];
  return { error: { code, message, ...rest, requestId: EXAMPLE_REQUEST_ID } };
}
