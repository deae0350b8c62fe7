/**
 * The one error class of the service, with the closed list of error codes of docs/api.md §D3.
 *
 * Domain code throws `TidingsError` with a code; only the HTTP layer (`http/errors.ts`) knows
 * which status each code maps to.
 */

/** Every error code a client may see in `error.code`. Add new codes here and in `STATUS_BY_CODE`. */
export const ERROR_CODES = [
  'invalid_json',
  'parameter_missing',
  'parameter_invalid',
  'parameter_unknown',
  'request_too_large',
  'batch_rejected',
  'phone_number_invalid',
  'template_invalid',
  'variables_invalid',
  'template_values_missing',
  'idempotency_key_missing',
  'idempotency_key_invalid',
  'media_type_unsupported',
  'media_too_large',
  'media_empty',
  'api_key_missing',
  'api_key_invalid',
  'signature_invalid',
  'permission_denied',
  'live_mode_required',
  'suppression_override_not_allowed',
  'operator_only',
  'cross_site_request',
  'session_expired',
  'sign_in_failed',
  'second_factor_invalid',
  'second_factor_already_set_up',
  'second_factor_not_set_up',
  'password_incorrect',
  'sign_in_locked',
  'password_too_weak',
  'link_invalid',
  'sso_required',
  'owner_required',
  'last_owner',
  'member_not_found',
  'api_key_not_found',
  'session_not_found',
  'template_not_found',
  'message_not_found',
  'media_not_found',
  'reply_target_not_found',
  'contact_not_found',
  'recipient_not_supported',
  'route_not_found',
  'webhook_endpoint_not_found',
  'event_not_found',
  'suppression_not_found',
  'erasure_not_found',
  'template_not_editable',
  'media_in_use',
  'client_reference_in_use',
  'message_not_cancelable',
  'template_name_taken',
  'template_name_reserved',
  'template_not_approved',
  'template_category_not_allowed',
  'template_paused',
  'template_disabled',
  'outside_customer_window',
  'block_window_closed',
  'contact_not_blockable',
  'recipient_suppressed',
  'suppression_is_block',
  'idempotency_key_reused',
  'idempotency_request_in_progress',
  'range_not_satisfiable',
  'rate_limited',
  'platform_rate_limited',
  'platform_error',
  'platform_unavailable',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One problem of a request, among all reported at once: a content rule (docs/api.md §D7), a rich message's limit (docs/api.md §D15), a schema error (docs/api.md §7.1). */
export interface Issue {
  code: string;
  field: string;
  message: string;
}

/** The platform's own error, as reported to the client in `error.platformError`. */
export interface PlatformErrorInfo {
  code: string;
  message: string;
}

/** One item's refusal in a request of many (a batch send), as `error.items` and a batch's answer carry it. */
export interface ItemRefusal {
  index: number;
  error: { code: ErrorCode; message: string; param?: string; issues?: Issue[] };
}

export interface TidingsErrorOptions {
  /** batch_rejected: every item's refusal. */
  items?: ItemRefusal[];
  /** The request field at fault, as a path (`to`, `variables.first_name`). */
  param?: string;
  issues?: Issue[];
  platformError?: PlatformErrorInfo;
  /** Seconds the client should wait before retrying (sets `Retry-After`). */
  retryAfterSeconds?: number;
  /**
   * The request changed something before it was refused (e.g. a message stored, then refused by
   * the platform): its answer is stored under the Idempotency-Key and replayed, never run again.
   * Default false: a refusal that changed nothing is not stored (docs/api.md §D4).
   */
  stored?: boolean;
  cause?: unknown;
}

export class TidingsError extends Error {
  override name = 'TidingsError';
  readonly code: ErrorCode;
  readonly param: string | undefined;
  readonly issues: Issue[] | undefined;
  readonly platformError: PlatformErrorInfo | undefined;
  readonly items: ItemRefusal[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly stored: boolean;

  constructor(code: ErrorCode, message: string, options: TidingsErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.param = options.param;
    this.issues = options.issues;
    this.platformError = options.platformError;
    this.items = options.items;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.stored = options.stored ?? false;
  }
}
