/**
 * Graph nodes addressed by id alone (`/{version}/{id}`): a media id (get, delete), a template id
 * (get, edit), a business phone number (get, with `fields`, docs/platform.md §7), an upload session
 * (status, file data). An id that is none of these, or a method a node does not take, answers
 * 100/33 as the platform does; `GET /{waba-id}/phone_numbers` lists a WABA's numbers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { SimContext } from './context.js';
import { objectNotFound } from './graph-errors.js';
import { authenticate, authorizeNumber, authorizeWaba, fail, isGraphError, params, type Grant } from './graph-http.js';
import { deleteMedia, getMedia, originOf } from './media.routes.js';
import type { SimNumber } from './state.js';
import { editTemplate, getTemplate, type TemplateActions } from './templates.routes.js';
import { nonexistingField, parseFields } from './templates/list.js';
import { receiveUploadData, uploadStatus } from './uploads.routes.js';

/** Fields a phone number node answers when none are asked for. */
const NUMBER_DEFAULTS = ['verified_name', 'code_verification_status', 'display_phone_number', 'quality_rating', 'platform_type', 'throughput', 'id'];

/**
 * A phone number node with the asked fields (docs/platform.md §7: `throughput.level` STANDARD = 80 msg/s, HIGH =
 * 1,000). Values other than `throughput` are the simulator's stand-ins: GREEN quality, TIER_1K,
 * "Simulated Business" (UNCONFIRMED shape beyond `level`, after third-party references).
 */
function numberFields(number: SimNumber, fields: string[] | null) {
  const parsed = parsePhoneNumberFromString(`+${number.displayPhoneNumber}`);
  const all: Record<string, unknown> = {
    verified_name: 'Simulated Business',
    code_verification_status: 'VERIFIED',
    display_phone_number: parsed?.formatInternational() ?? `+${number.displayPhoneNumber}`,
    quality_rating: 'GREEN',
    platform_type: 'CLOUD_API',
    throughput: { level: number.throughputLevel ?? 'STANDARD' },
    messaging_limit_tier: number.throughputLevel === 'HIGH' ? 'TIER_UNLIMITED' : 'TIER_1K',
    name_status: 'APPROVED',
    status: 'CONNECTED',
    is_official_business_account: false,
    id: number.phoneNumberId,
  };
  const asked = fields ?? NUMBER_DEFAULTS;
  const unknown = asked.find((f) => !(f in all));
  if (unknown) return nonexistingField(unknown, 'WhatsAppBusinessPhoneNumber');
  return Object.fromEntries([...asked.filter((f) => f !== 'id'), 'id'].map((f) => [f, all[f]]));
}

/** Registers `GET/POST/DELETE /{version}/{id}` and `GET /{version}/{waba-id}/phone_numbers`. */
export function registerObjectRoutes(app: FastifyInstance, ctx: SimContext, templates: TemplateActions): void {
  const { state } = ctx;
  const grantOf = (request: FastifyRequest, reply: FastifyReply): Grant | null => {
    const grant = authenticate(state, ctx.appSecret, request);
    if (isGraphError(grant)) {
      fail(reply, grant);
      return null;
    }
    return grant;
  };

  app.get<{ Params: { version: string; id: string } }>('/:version/:id', async (request, reply) => {
    const { id } = request.params;
    if (id.startsWith('upload:')) return uploadStatus(ctx, request, reply, id);
    const grant = grantOf(request, reply);
    if (!grant) return reply;
    const answer = getMedia(ctx, request, reply, grant, id) ?? getTemplate(ctx, request, reply, grant, id);
    if (answer !== null) return answer;
    if (state.numbers.has(id)) {
      const number = authorizeNumber(state, grant, id, 'get');
      if (isGraphError(number)) return fail(reply, number);
      const shaped = numberFields(number, parseFields(params(request).fields));
      return isGraphError(shaped) ? fail(reply, shaped) : shaped;
    }
    return fail(reply, objectNotFound(id, 'get'));
  });

  app.post<{ Params: { version: string; id: string } }>('/:version/:id', async (request, reply) => {
    const { id } = request.params;
    if (id.startsWith('upload:')) return receiveUploadData(ctx, request, reply, id);
    const grant = grantOf(request, reply);
    if (!grant) return reply;
    return editTemplate(ctx, templates, request, reply, grant, id) ?? fail(reply, objectNotFound(id, 'post'));
  });

  app.delete<{ Params: { version: string; id: string } }>('/:version/:id', async (request, reply) => {
    const grant = grantOf(request, reply);
    if (!grant) return reply;
    return deleteMedia(ctx, request, reply, grant, request.params.id) ?? fail(reply, objectNotFound(request.params.id, 'delete'));
  });

  app.get<{ Params: { version: string; wabaId: string } }>('/:version/:wabaId/phone_numbers', async (request, reply) => {
    const grant = grantOf(request, reply);
    if (!grant) return reply;
    const ok = authorizeWaba(grant, request.params.wabaId, 'get');
    if (isGraphError(ok)) return fail(reply, ok);
    const fields = parseFields(params(request).fields);
    const data = [];
    for (const n of state.numbers.values()) {
      if (n.wabaId !== request.params.wabaId || n.provisional) continue;
      const shaped = numberFields(n, fields);
      if (isGraphError(shaped)) return fail(reply, shaped);
      data.push(shaped);
    }
    const cursor = (s: string) => Buffer.from(s).toString('base64url');
    return { data, paging: { cursors: { before: cursor(`${originOf(request)}:0`), after: cursor(`${data.length}`) } } };
  });
}
