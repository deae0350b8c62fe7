/**
 * A template as a Graph node addressed by its id (objects.routes.ts routes `/{version}/{id}` here
 * when the id is a template's): `GET /{template-id}` with `fields`, and `POST /{template-id}`, an
 * edit with the platform's limits (docs/platform.md §2.4: an approved template once a day and 10
 * times in 30 days, its category fixed; a TTL alone changes at once; Direct Send's templates not at all).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.js';
import { selectFields } from '../../lib/graph-fields.js';
import { graphError } from '../../lib/graph-errors.js';
import { authorizeWaba, fail, isGraphError, params, type Grant } from '../graph-http.js';
import { readTemplateTtl } from '../ttl.js';
import { checkComponents } from './create-rules.js';
import { templateFields } from './list.js';
import { readOptions } from './options.js';
import type { TemplateActions } from './review.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `GET /{template-id}` (template-get-by-id-response.json, template-get-status-response.json); null when no template. */
export function getTemplate(ctx: SimContext, request: FastifyRequest, reply: FastifyReply, grant: Grant, id: string) {
  const t = ctx.state.templates.get(id);
  if (!t) return null;
  const ok = authorizeWaba(grant, t.wabaId, 'get');
  if (isGraphError(ok)) return fail(reply, ok);
  const fields = selectFields(params(request).fields);
  const shaped = isGraphError(fields) ? fields : templateFields(t, fields);
  return isGraphError(shaped) ? fail(reply, shaped) : shaped;
}

/** `POST /{template-id}`: edit (docs/platform.md §2.4, template-edit-request.json); null when no template. */
export function editTemplate(
  ctx: SimContext,
  actions: TemplateActions,
  request: FastifyRequest,
  reply: FastifyReply,
  grant: Grant,
  id: string,
) {
  const { state } = ctx;
  const t = state.templates.get(id);
  if (!t) return null;
  const ok = authorizeWaba(grant, t.wabaId, 'post');
  if (isGraphError(ok)) return fail(reply, ok);
  // Direct Send's templates can't be edited (…/whatsapp/direct-send/api-reference/: 2388318; taken
  // as a subcode of 100, as the other 2388xxx template codes, UNCONFIRMED).
  if (t.source === 'AUTO_GENERATED')
    return fail(reply, graphError(100, "Can't update a Direct Send template.", 2388318));
  if (!['APPROVED', 'REJECTED', 'PAUSED'].includes(t.status))
    return fail(reply, graphError(100, "Message template status can't be changed while it is in review.", 2388039));
  const b = params(request);
  const category = b.category === undefined ? t.category : String(b.category).toUpperCase();
  const ttl = readTemplateTtl(category, b.message_send_ttl_seconds);
  if (isGraphError(ttl)) return fail(reply, ttl);
  // Only the TTL changes: kept at once, without a review or counting as an edit (Meta's TTL page
  // says the TTL of a template can be changed with the same call; that this skips review and the
  // edit limits is UNCONFIRMED).
  const others = Object.keys(b).filter((k) => k !== 'message_send_ttl_seconds' && k !== 'access_token');
  if (ttl !== undefined && others.length === 0) {
    t.messageSendTtlSeconds = ttl;
    state.changed();
    return { success: true };
  }
  if (t.status === 'APPROVED') {
    if (category !== t.category)
      return fail(reply, graphError(100, 'The category of an approved template cannot change.', 2388039));
    const now = Date.now();
    if (t.edits.some((e) => now - e < DAY_MS) || t.edits.filter((e) => now - e < 30 * DAY_MS).length >= 10) {
      return fail(
        reply,
        graphError(100, 'An approved template can be edited once a day and 10 times in 30 days.', 2388039),
      );
    }
  }
  const options = readOptions(b);
  if (isGraphError(options)) return fail(reply, options);
  if (Array.isArray(b.components)) {
    const wrong = checkComponents(state, category, t.parameterFormat ?? 'POSITIONAL', b.components);
    if (wrong) return fail(reply, wrong);
    t.components = b.components;
  }
  Object.assign(t, options);
  if (ttl !== undefined) t.messageSendTtlSeconds = ttl;
  else if (category === 'MARKETING') delete t.messageSendTtlSeconds; // not for marketing on Cloud API (ttl.ts)
  t.category = category;
  t.edits.push(Date.now());
  t.status = 'PENDING';
  t.rejectedReason = null;
  state.changed();
  if (state.config.review === 'auto') ctx.later(state.config.reviewDelayMs, () => actions.review(t));
  return { success: true };
}
