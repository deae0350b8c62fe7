/**
 * `POST /{version}/{phone-number-id}/messages` (docs/platform.md §1): sends of every type, mark as
 * read, recipients by phone number (`to`) or BSUID (`recipient`, from v25.0: versions.ts; `to` wins, docs/platform.md §4.9), the customer
 * service window per user (docs/platform.md §5), throughput and pair limits (docs/platform.md §7), and the send-time faults.
 * Direct Sends (`category`, direct-send.ts) go out of the window on a generated template; every
 * message gets its time-to-live (ttl.ts), held while its user is unreachable (reachability.ts).
 */
import { businessTakes } from '../meta-agent.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { SimContext } from '../context.js';
import { graphError, type GraphError } from '../../lib/graph-errors.js';
import { authenticate, authorizeNumber, badJson, fail, isGraphError, params } from '../graph-http.js';
import { newWamid } from '../identity.js';
import { mediaFitsMessage } from '../media-rules.js';
import type { SimMessage } from '../state.js';
import { directSendTemplate } from '../templates/generated.js';
import { buttonsOf } from '../templates/parts.js';
import { DEFAULT_TTL_SECONDS, templateTtlSeconds } from '../ttl.js';
import { BSUID_PATTERN } from '../users.js';
import { BSUID_ERA_MAJOR, majorOf } from '../versions.js';
import { checkDirectSendContent, readDirectSend } from './direct-send.js';
import { MEDIA_KINDS, checkFreeForm } from './rules.js';
import { checkTemplateSend } from './template-send.js';

const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;
const digits = (s: string) => s.replace(/\D/g, '');

/** Registers `POST /{version}/{phone-number-id}/messages` (sends and mark as read). */
export function registerSendRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;
  const throughputWindows = new Map<string, Map<number, number>>();
  let pair: { key: string; limiter: RateLimiterMemory } | null = null;

  const consume = async (limiter: RateLimiterMemory, key: string) => {
    try {
      await limiter.consume(key);
      return true;
    } catch (e) {
      if (e instanceof RateLimiterRes) return false;
      throw e;
    }
  };
  /** STANDARD numbers get `throughput` msg/s (80 by default), HIGH ones 1,000 (docs/platform.md §7). */
  const throughputOf = (phoneNumberId: string) =>
    state.config.throughputByNumber[phoneNumberId] ??
    (state.numbers.get(phoneNumberId)?.throughputLevel === 'HIGH' ? 1000 : state.config.throughput);
  const pairLimiter = () => {
    const { burst, windowSeconds } = state.config.pairLimit;
    const key = `${burst}/${windowSeconds}`;
    if (pair?.key !== key) pair = { key, limiter: new RateLimiterMemory({ points: burst, duration: windowSeconds }) };
    return pair.limiter;
  };

  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/messages',
    async (request, reply) => {
      // Every refusal is counted by code (state.sendStats), as the platform's own metrics would.
      const refuse = (reply: FastifyReply, e: GraphError) => {
        state.sendStats.refused.set(e.body.error.code, (state.sendStats.refused.get(e.body.error.code) ?? 0) + 1);
        return fail(reply, e);
      };
      const grant = authenticate(state, ctx.appSecret, request);
      if (isGraphError(grant)) return refuse(reply, grant);
      const number = authorizeNumber(state, grant, request.params.phoneNumberId, 'post');
      if (isGraphError(number)) return refuse(reply, number);
      const { errorRate, timeoutRate, lostAnswerRate } = state.config;
      if (Math.random() < timeoutRate) return ctx.hold(reply); // before anything is recorded
      if (Math.random() < errorRate) return refuse(reply, graphError(state.config.errorCode));
      if (badJson(request)) return refuse(reply, graphError(100, 'The request body is not valid JSON.'));
      const body = params(request);
      if (body.messaging_product !== 'whatsapp')
        return refuse(reply, graphError(100, 'The parameter messaging_product is required and must be "whatsapp".'));
      const pnid = number.phoneNumberId;

      // Mark as read (mark-as-read-request.json), with an optional typing indicator.
      if (body.status === 'read') {
        const inbound = typeof body.message_id === 'string' ? state.inbound.get(body.message_id) : undefined;
        if (!inbound || inbound.phoneNumberId !== pnid)
          return refuse(
            reply,
            graphError(
              100,
              `Invalid message_id: ${String(body.message_id ?? '')} is not a message this number received.`,
            ),
          ); // wording UNCONFIRMED
        const typing = body.typing_indicator;
        if (typing !== undefined && typing?.type !== 'text')
          return refuse(reply, graphError(100, 'Param typing_indicator.type must be text.'));
        state.addRead({
          wamid: body.message_id,
          phoneNumberId: pnid,
          typingIndicator: typing ? 'text' : null,
          at: Date.now(),
        });
        return { success: true };
      }
      if (number.upgradingUntil && number.upgradingUntil > Date.now())
        return refuse(reply, graphError(131057, 'The business phone number is being upgraded to a higher throughput.'));
      // Direct Send: the account's eligibility is checked before the recipient (direct-send.ts).
      const directSend = readDirectSend(number, body);
      if (isGraphError(directSend)) return refuse(reply, directSend);

      // The recipient: `to` (a phone number) wins over `recipient` (a BSUID or parent BSUID).
      const to = typeof body.to === 'string' ? digits(body.to) : '';
      const recipient = typeof body.recipient === 'string' && body.recipient !== '' ? body.recipient : null;
      if (to === '' && recipient === null) return refuse(reply, graphError(131008, 'The parameter to is required.'));
      if (to === '' && !BSUID_PATTERN.test(recipient!))
        return refuse(reply, graphError(100, 'Param recipient must be a business-scoped user ID.'));
      // `recipient` alone from v25.0 (versions.ts; the wording is the simulator's, UNCONFIRMED).
      if (to === '' && majorOf(request.params.version) < BSUID_ERA_MAJOR)
        return refuse(
          reply,
          graphError(100, `Param recipient requires Graph API v25.0 or later; this call is ${request.params.version}.`),
        );
      const user = to !== '' ? state.user({ phone: to }) : state.user({ userId: recipient });
      // Authentication messages can't go to a BSUID (Direct Send send-utility-and-authentication-messages).
      if (directSend?.category === 'AUTHENTICATION' && to === '') return refuse(reply, graphError(131062));

      const type = typeof body.type === 'string' ? body.type : 'text';
      let mediaIds: string[] = [];
      let templateCategory: string | undefined;
      let ttlSeconds = DEFAULT_TTL_SECONDS;
      if (directSend) {
        const wrong = checkDirectSendContent(directSend.category, type, body[type]);
        if (wrong) return refuse(reply, wrong);
        templateCategory = directSend.category;
        ttlSeconds = directSend.ttlSeconds;
      } else if (type === 'template') {
        const checked = checkTemplateSend(state, number.wabaId, body.template);
        if (isGraphError(checked)) return refuse(reply, checked);
        // docs/platform.md §4.9: authentication templates with one-tap, zero-tap or copy-code buttons need a phone number.
        if (
          to === '' &&
          checked.template.category === 'AUTHENTICATION' &&
          buttonsOf(checked.template.components).some((b) => String(b.type).toUpperCase() === 'OTP')
        ) {
          return refuse(reply, graphError(131062));
        }
        mediaIds = checked.mediaIds;
        templateCategory = checked.template.category;
        ttlSeconds = templateTtlSeconds(checked.template);
      } else {
        const wrong = checkFreeForm(type, body[type]);
        if (wrong) return refuse(reply, wrong);
        if (MEDIA_KINDS.has(type) && typeof body[type].id === 'string') mediaIds = [body[type].id];
      }

      // Counted when the request reached the platform, not after its processing time (latencyMs).
      if (!takeThroughput(pnid, throughputOf(pnid), Date.now() - reply.elapsedTime))
        return refuse(reply, graphError(130429));
      const userKey = user?.userId ?? recipient!;
      if (!(await consume(pairLimiter(), `${pnid}:${userKey}`))) return refuse(reply, graphError(131056));

      // The template Meta generates for (or matches to) a Direct Send's content; a business-given name
      // taken by another template fails the send later (132021).
      const generated = directSend ? directSendTemplate(state, number.wabaId, directSend, type, body[type]) : null;
      const windowOpen = Date.now() - (state.windows.get(`${pnid}:${userKey}`) ?? 0) <= CUSTOMER_WINDOW_MS;
      const message: SimMessage = {
        wamid: newWamid(),
        phoneNumberId: pnid,
        to: to === '' ? null : to,
        userId: userKey,
        recipient: to === '' ? recipient : null,
        type,
        body,
        callbackData: typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null,
        ...(templateCategory ? { templateCategory } : {}),
        ...(directSend ? { directSend: true } : {}),
        ...(generated && generated !== 'clash' ? { templateId: generated.id } : {}),
        ttlSeconds,
        windowOpen,
        statuses: [],
        createdAt: Date.now(),
        takenAt: ctx.clock.now(),
      };
      state.addMessage(message);
      state.sendStats.taken++;
      // Errors the platform reports asynchronously (docs/platform.md §5, §6.2): the send is accepted,
      // then a failed status arrives.
      let failure: number | null = null;
      const unusable = mediaIds.some((id) => {
        const m = state.media.get(id);
        return (
          !m ||
          m.phoneNumberId !== pnid ||
          m.expiresAt <= Date.now() ||
          (type !== 'template' && !mediaFitsMessage(type, m.mimeType))
        );
      });
      // A user the business blocked cannot be messaged (docs/platform.md §4.17); Meta says only "an
      // error", so the code is UNCONFIRMED: 131026, undeliverable, as a failed status.
      if ((to !== '' && to.endsWith('0001')) || !user || number.blocked?.[userKey]) failure = 131026;
      else if (unusable) failure = 131053;
      else if (generated === 'clash') failure = 132021;
      else if (templateCategory === 'MARKETING' && user?.marketingStoppedWabas?.includes(number.wabaId))
        failure = 131050;
      else if (type !== 'template' && !directSend && !windowOpen) failure = 131047;
      // Sent to a user out of reach: held for its TTL (reachability.ts).
      if (failure === null && user?.unreachable === true) {
        message.held = true;
        message.expiresAt = ctx.clock.now() + ttlSeconds * 1000;
      }
      ctx.progress(message, failure);
      // A service message takes the conversation from Meta's agent (meta-agent.ts, Meta webhooks/reference/standby).
      if (failure === null && type !== 'template') businessTakes(ctx, number, userKey);
      if (Math.random() < lostAnswerRate) return ctx.hold(reply); // taken in full, answer lost
      const contact = to !== '' ? { input: body.to, wa_id: to } : { input: recipient, user_id: recipient };
      return { messaging_product: 'whatsapp', contacts: [contact], messages: [{ id: message.wamid }] };
    },
  );

  /**
   * The number's throughput (docs/platform.md §7): at most `perSecond` sends arriving within each second (fixed
   * one-second windows, by arrival time). @returns false when this send is one too many.
   */
  function takeThroughput(phoneNumberId: string, perSecond: number, arrivedAt: number): boolean {
    const second = Math.floor(arrivedAt / 1000);
    let counts = throughputWindows.get(phoneNumberId);
    if (!counts) throughputWindows.set(phoneNumberId, (counts = new Map()));
    const count = counts.get(second) ?? 0;
    if (count >= perSecond) return false;
    counts.set(second, count + 1);
    // Requests are handled about in arrival order; a few seconds of windows cover any reordering.
    for (const s of counts.keys()) if (s < second - 5) counts.delete(s);
    return true;
  }
}
