/**
 * Control calls that make the simulator send the platform's account and number signals, in Meta's
 * shapes (docs/simulator.md "Platform signals"; docs/platform.md §4.12–§4.15): restrictions, bans
 * and violations (`account_update`), alerts (`account_alerts`), review decisions
 * (`account_review_update`), the messaging limit (`business_capability_update`), messages sent from
 * the WhatsApp Business app (`smb_message_echoes`), and any field at all with a raw value. Each
 * names the WABA (`wabaId`) or a number the simulator knows (`phoneNumberId`); the simulator keeps
 * none of it: the call only sends the webhook, and answers with what it sent.
 * Errors are the simulator's own `{ "error": "…" }`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimContext } from './context.js';
import { newWamid } from './identity.js';

type Obj = Record<string, any>;

/** Per call: the keys it takes beside `wabaId`/`phoneNumberId`, and the change's field and value from the body (or an error). */
const SIGNALS: Record<string, { keys: string[]; field: string; value(body: Obj): Obj | string }> = {
  // pywa account_update.json "account_restriction"; an empty list lifts them.
  account_restrictions: {
    keys: ['restrictions'],
    field: 'account_update',
    value: (b) => {
      const list = b.restrictions ?? [];
      if (!Array.isArray(list) || list.some((r) => typeof r?.type !== 'string'))
        return 'restrictions must be a list of {type, expiration?} (Unix seconds); [] lifts them.';
      return {
        event: 'ACCOUNT_RESTRICTION',
        restriction_info: list.map((r: Obj) => ({
          restriction_type: r.type,
          ...(r.expiration === undefined ? {} : { expiration: r.expiration }),
        })),
      };
    },
  },
  // pywa account_update.json "account_disabled".
  account_bans: {
    keys: ['state', 'date'],
    field: 'account_update',
    value: (b) =>
      ['DISABLE', 'SCHEDULE_FOR_DISABLE', 'REINSTATE'].includes(b.state)
        ? {
            event: 'DISABLED_UPDATE',
            ban_info: {
              waba_ban_state: b.state,
              waba_ban_date: typeof b.date === 'string' ? b.date : 'January 1, 2026',
            },
          }
        : 'state must be DISABLE, SCHEDULE_FOR_DISABLE or REINSTATE.',
  },
  // pywa account_update.json "account_violation".
  account_violations: {
    keys: ['violationType'],
    field: 'account_update',
    value: (b) =>
      typeof b.violationType === 'string'
        ? { event: 'ACCOUNT_VIOLATION', violation_info: { violation_type: b.violationType } }
        : 'Give violationType (e.g. ADULT).',
  },
  // Meta's account_alerts reference example.
  account_alerts: {
    keys: ['type', 'severity', 'status', 'description', 'entityType', 'entityId'],
    field: 'account_alerts',
    value: (b) =>
      typeof b.type === 'string'
        ? {
            entity_type: b.entityType ?? 'BUSINESS',
            entity_id: b.entityId ?? '506914307656634',
            alert_info: {
              alert_severity: b.severity ?? 'WARNING',
              alert_status: b.status ?? 'ACTIVE',
              alert_type: b.type,
              alert_description: b.description ?? 'An alert from the simulator.',
            },
          }
        : 'Give type (e.g. OBA_APPROVED).',
  },
  // Meta's account_review_update reference example.
  account_reviews: {
    keys: ['decision'],
    field: 'account_review_update',
    value: (b) =>
      ['APPROVED', 'REJECTED', 'PENDING', 'DEFERRED'].includes(b.decision)
        ? { decision: b.decision }
        : 'decision must be APPROVED, REJECTED, PENDING or DEFERRED.',
  },
  // Meta's business_capability_update reference: TIER_250 … TIER_UNLIMITED (or a number).
  messaging_limits: {
    keys: ['limit', 'maxPhoneNumbersPerWaba'],
    field: 'business_capability_update',
    value: (b) =>
      /^(TIER_(250|2K|10K|100K|UNLIMITED)|\d{1,9})$/.test(String(b.limit ?? ''))
        ? { max_daily_conversations_per_business: b.limit, max_phone_numbers_per_waba: b.maxPhoneNumbersPerWaba ?? 25 }
        : 'limit must be TIER_250, TIER_2K, TIER_10K, TIER_100K, TIER_UNLIMITED, or a number.',
  },
  // Any field and value, raw: what Tidings does not handle is passed on as platform.webhook.
  webhooks: {
    keys: ['field', 'value'],
    field: '',
    value: (b) =>
      typeof b.field === 'string' && /^[a-z_]{1,64}$/.test(b.field) && typeof b.value === 'object' && b.value !== null
        ? b.value
        : 'Give field (lower case and _) and value (an object).',
  },
};

export function registerSignalRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state, webhooks } = ctx;
  const bad = (reply: FastifyReply, error: string) => reply.code(400).send({ error });
  const wabaOf = (body: Obj) =>
    typeof body.wabaId === 'string'
      ? body.wabaId
      : typeof body.phoneNumberId === 'string'
        ? state.numbers.get(body.phoneNumberId)?.wabaId
        : undefined;
  const send = (wabaId: string, field: string, value: unknown) =>
    webhooks.sendPayload({
      object: 'whatsapp_business_account',
      entry: [{ id: wabaId, time: Math.floor(ctx.clock.now() / 1000), changes: [{ field, value }] }],
    });

  for (const [path, signal] of Object.entries(SIGNALS)) {
    app.post(`/_simulator/${path}`, async (request, reply) => {
      const body = (request.body ?? {}) as Obj;
      const unknown = Object.keys(body).filter(
        (k) => k !== 'wabaId' && k !== 'phoneNumberId' && !signal.keys.includes(k),
      );
      if (unknown.length > 0) return bad(reply, `Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
      const wabaId = wabaOf(body);
      if (!wabaId || !/^\d+$/.test(wabaId))
        return bad(reply, 'Give wabaId (digits), or the phoneNumberId of a number the simulator knows.');
      const value = signal.value(body);
      if (typeof value === 'string') return bad(reply, value);
      const field = signal.field || body.field;
      send(wabaId, field, value);
      return { wabaId, field, value };
    });
  }

  // A message the business sent from the WhatsApp Business app on the number (pywa
  // outgoing_message.json): `smb_message_echoes` with a new wamid. The simulator does not keep it,
  // so `/_simulator/messages/{wamid}/status` does not know it (a gap: its statuses are not simulated).
  app.post('/_simulator/business_app_messages', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    const unknown = Object.keys(body).filter((k) => !['phoneNumberId', 'to', 'text'].includes(k));
    if (unknown.length > 0) return bad(reply, `Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
    const number = typeof body.phoneNumberId === 'string' ? state.numbers.get(body.phoneNumberId) : undefined;
    if (!number) return bad(reply, 'Give the phoneNumberId of a number the simulator knows.');
    if (typeof body.to !== 'string' || !/^\+?\d{6,15}$/.test(body.to))
      return bad(reply, 'Give to (the customer number, digits).');
    if (typeof body.text !== 'string' || body.text === '') return bad(reply, 'Give text (the message body).');
    const wamid = newWamid();
    const to = body.to.replace(/\D/g, '');
    const echo = {
      from: number.displayPhoneNumber,
      to,
      id: wamid,
      timestamp: String(Math.floor(ctx.clock.now() / 1000)),
      type: 'text',
      text: { body: body.text },
    };
    const value = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: body.phoneNumberId },
      contacts: [{ profile: { name: 'Customer' }, wa_id: to }],
      message_echoes: [echo],
    };
    send(number.wabaId, 'smb_message_echoes', value);
    return { wamid, value };
  });
}
