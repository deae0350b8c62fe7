/**
 * The facade's errors (docs/api.md §D34): every refusal in Meta's envelope (src/lib/graph-errors.ts,
 * docs/platform.md §6.1) with the closest Meta code, and Tidings' own code and message in
 * `error_data.details` (`"outside_customer_window: …"`), so a Cloud API client's error handling
 * works unchanged and a person reading the answer still learns what Tidings said. One table, here.
 *
 * The client never sees 130429 or 131056: Tidings paces sends itself, so the facade has no reason
 * to answer them (the send is queued instead).
 */
import type { FastifyReply } from 'fastify';
import type { ErrorCode, TidingsError } from '../errors.js';
import { STATUS_BY_CODE } from '../http/errors.js';
import { graphError, objectNotFound, type GraphError } from '../lib/graph-errors.js';

/** A refusal a facade handler throws: answered as it is. */
export class GraphFailure extends Error {
  override name = 'GraphFailure';
  constructor(readonly graph: GraphError) {
    super(graph.body.error.message);
  }
}

/**
 * Meta's code for each Tidings code the facade can meet, or its code and subcode (a code absent
 * here is 100, Invalid parameter). Sources: Meta's error codes page (docs/platform.md §6.2) for
 * 131047, 131050, 131053, 131062, 132000, 132001, 132015, 132016; the template management answers
 * for 100 / 2388024 and 100 / 2388023 (the simulator answers them so, docs/platform.md §2);
 * Graph's own codes for 2, 4, 10, 104, 190, 2500.
 */
const META_CODE: Partial<Record<ErrorCode, number | [code: number, subcode: number]>> = {
  // The key: 104 without one, 190 for one Tidings did not issue, 10 for one lacking the permission.
  api_key_missing: 104,
  api_key_invalid: 190,
  permission_denied: 10,
  live_mode_required: 10,
  // The key's own request rate (docs/api.md §D5): Graph's application request limit, not 130429.
  rate_limited: 4,
  outside_customer_window: 131047,
  // Meta's code for a customer who stopped marketing messages (docs/platform.md §4.11): the closest
  // to an opted-out customer, and to a blocked one (Meta documents no code for those,
  // docs/platform.md §4.17).
  recipient_suppressed: 131050,
  suppression_override_not_allowed: 10,
  recipient_not_supported: 131062,
  phone_number_invalid: 131009,
  contact_not_found: 131009,
  variables_invalid: 132000,
  template_values_missing: 132000,
  template_not_found: 132001,
  template_not_approved: 132001,
  template_paused: 132015,
  template_disabled: 132016,
  template_category_not_allowed: 131009,
  template_name_taken: [100, 2388024],
  template_name_reserved: [100, 2388023],
  media_type_unsupported: 131053,
  media_too_large: 131053,
  media_empty: 131053,
  media_not_found: 131009,
  reply_target_not_found: 131009,
  platform_unavailable: 2,
  // The platform's throughput limit met by a call Tidings makes at once (a mark as read): the
  // client retries later, as after Graph's 2; never 130429 (Tidings paces sends itself).
  platform_rate_limited: 2,
  service_unavailable: 2,
  route_not_found: 2500,
};

/** The platform's pacing codes, which the facade never passes on (docs/api.md §D34). */
const PACED = new Set([130429, 131056]);

/** The HTTP status Meta answers each Graph code with (docs/platform.md §6.1); 400 otherwise. */
function statusOf(code: number, tidingsStatus: number): number {
  if (code === 2) return 503;
  if (code === 190) return 401;
  if (code === 4) return 429;
  // Tidings' own conflicts of the idempotency key keep their 409 (a client retries them).
  if (tidingsStatus === 409 && code === 100) return 409;
  return graphError(code).status;
}

/**
 * A Tidings refusal in Meta's envelope. A platform error Tidings passes on (`platform_error` with
 * `platformError.code` numeric) keeps the platform's own code. An object that does not exist (a
 * message, a file, a template by id) is Meta's 100 / subcode 33, as Graph answers for an id it
 * will not show (`missing` names the id and the method).
 */
export function graphErrorOf(error: TidingsError, missing?: { id: string; method: string }): GraphError {
  if (
    missing &&
    (error.code === 'message_not_found' || error.code === 'media_not_found' || error.code === 'template_not_found')
  )
    return objectNotFound(missing.id, missing.method);
  const passedOn = error.code === 'platform_error' ? Number(error.platformError?.code) : Number.NaN;
  const [code, subcode] = Number.isSafeInteger(passedOn)
    ? [PACED.has(passedOn) ? 2 : passedOn]
    : [META_CODE[error.code] ?? 100].flat();
  const graph = graphError(code!, `${error.code}: ${error.message}`, subcode);
  const status = statusOf(code!, STATUS_BY_CODE[error.code]);
  return { status, body: graph.body };
}

/** Sends a Graph error (with Graph's `WWW-Authenticate` on a 190, as the platform does). */
export function sendGraphError(reply: FastifyReply, e: GraphError): FastifyReply {
  if (e.body.error.code === 190) reply.header('www-authenticate', 'OAuth "Facebook Platform" "invalid_token"');
  return reply.code(e.status).type('application/json; charset=utf-8').send(e.body);
}
