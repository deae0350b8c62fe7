/**
 * Control calls for a number shared with the WhatsApp Business app ("coexistence", docs/simulator.md
 * "Coexistence"; docs/platform.md §4.20–§4.21), each sending the platform's webhook in Meta's shape:
 * the app's past chats in chunks (`history`), the app's address book (`smb_app_state_sync`), an
 * edit or a revoke of a message sent from the app (`smb_message_echoes`), and a purchase or lead
 * detected in a click-to-WhatsApp ad chat (`automatic_events`). Each names a number the simulator
 * knows (`phoneNumberId`); the simulator keeps none of it, and answers with what it sent (a history
 * import: each chunk's value, to send again through `/_simulator/webhooks` to see a redelivery).
 * Errors are the simulator's own `{ "error": "…" }`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimContext } from './context.js';
import { newWamid } from './identity.js';

type Obj = Record<string, any>;

/** The most messages one history import generates (Meta's chunks may hold thousands each). */
const MAX_HISTORY_MESSAGES = 50_000;

const int = (v: unknown, min: number, max: number): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : null;
const isPhone = (v: unknown): v is string => typeof v === 'string' && /^\+?\d{6,15}$/.test(v);

export function registerCoexistenceRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state, webhooks } = ctx;
  const bad = (reply: FastifyReply, error: string) => reply.code(400).send({ error });
  const seconds = () => Math.floor(ctx.clock.now() / 1000);
  /** The body's keys beyond `allowed`, as an error; its number; or an error. */
  const numberOf = (body: Obj, allowed: string[]): { error: string } | { number: Obj; id: string } => {
    const unknown = Object.keys(body).filter((k) => k !== 'phoneNumberId' && !allowed.includes(k));
    if (unknown.length > 0) return { error: `Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.` };
    const number = typeof body.phoneNumberId === 'string' ? state.numbers.get(body.phoneNumberId) : undefined;
    return number
      ? { number, id: body.phoneNumberId }
      : { error: 'Give the phoneNumberId of a number the simulator knows.' };
  };
  const send = (number: Obj, id: string, field: string, value: Obj) => {
    const full = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: id },
      ...value,
    };
    webhooks.sendPayload({
      object: 'whatsapp_business_account',
      entry: [{ id: number.wabaId, time: seconds(), changes: [{ field, value: full }] }],
    });
    return full;
  };

  // Meta's history reference: `history[] { metadata { phase, chunk_order, progress }, threads[] { id,
  // messages[] { from, to?, id, timestamp, type, <type>, history_context { status } } } }`. The
  // customers (`+1555010…`) write and the business answers in turn, one message a minute, the latest
  // a minute ago (so a window would be open if history opened one); each chunk is its own webhook.
  app.post('/_simulator/history', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    const found = numberOf(body, ['messages', 'chunks', 'customers', 'phase']);
    if ('error' in found) return bad(reply, found.error);
    const total = int(body.messages ?? 10, 0, MAX_HISTORY_MESSAGES);
    const chunks = int(body.chunks ?? 1, 1, 1000);
    const customers = int(body.customers ?? 10, 1, 100_000);
    const phase = int(body.phase ?? 0, 0, 2);
    if (total === null) return bad(reply, `messages must be a whole number from 0 to ${MAX_HISTORY_MESSAGES}.`);
    if (chunks === null || customers === null || phase === null)
      return bad(reply, 'chunks (1–1000), customers (1–100000) and phase (0, 1 or 2) must be whole numbers.');
    const business = found.number.displayPhoneNumber as string;
    const now = seconds();
    const perChunk = Math.ceil(total / chunks);
    const sent: Obj[] = [];
    for (let c = 0; c < chunks; c++) {
      const threads = new Map<string, Obj[]>();
      for (let i = c * perChunk; i < Math.min(total, (c + 1) * perChunk); i++) {
        const customer = `1555010${String(i % customers).padStart(4, '0')}`;
        const inbound = Math.floor(i / customers) % 2 === 0;
        const message = {
          from: inbound ? customer : business,
          ...(inbound ? {} : { to: customer }),
          id: newWamid(),
          timestamp: String(now - 60 * (total - i)),
          type: 'text',
          text: { body: `History message ${i + 1}` },
          history_context: { status: inbound ? 'READ' : 'DELIVERED' },
        };
        threads.set(customer, [...(threads.get(customer) ?? []), message]);
      }
      const metadata = { phase, chunk_order: c + 1, progress: Math.round(((c + 1) / chunks) * 100) };
      const threadList = [...threads].map(([id, messages]) => ({ id, messages }));
      sent.push(send(found.number, found.id, 'history', { history: [{ metadata, threads: threadList }] }));
    }
    return { chunks: sent.map((value) => ({ field: 'history', value })) };
  });

  // Meta's smb_app_state_sync reference: `state_sync[] { type: contact, contact { full_name,
  // first_name, phone_number }, action: add | remove, metadata { timestamp } }` (no names on a removal).
  app.post('/_simulator/app_contacts', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    const found = numberOf(body, ['contacts']);
    if ('error' in found) return bad(reply, found.error);
    const list = body.contacts;
    if (
      !Array.isArray(list) ||
      list.length === 0 ||
      list.some((c) => !isPhone(c?.phone) || !['add', 'remove', undefined].includes(c.action))
    )
      return bad(reply, 'Give contacts: [{ phone, fullName?, firstName?, action?: add | remove }].');
    const stateSync = list.map((c: Obj) => ({
      type: 'contact',
      contact: {
        ...(c.action === 'remove' ? {} : { full_name: c.fullName ?? 'App Contact', first_name: c.firstName ?? 'App' }),
        phone_number: c.phone.replace(/\D/g, ''),
      },
      action: c.action ?? 'add',
      metadata: { timestamp: String(seconds()) },
    }));
    return { value: send(found.number, found.id, 'smb_app_state_sync', { state_sync: stateSync }) };
  });

  // smb_message_echoes of type edit / revoke (Meta lists the triggers; the objects as Dualhook's
  // reference shows them): `edit { original_message_id, message { type: text, text { body } } }`,
  // `revoke { original_message_id }`.
  for (const kind of ['edit', 'revoke'] as const) {
    app.post(`/_simulator/business_app_messages/${kind}`, async (request, reply) => {
      const body = (request.body ?? {}) as Obj;
      const found = numberOf(body, kind === 'edit' ? ['wamid', 'to', 'text'] : ['wamid', 'to']);
      if ('error' in found) return bad(reply, found.error);
      if (typeof body.wamid !== 'string' || body.wamid === '') return bad(reply, 'Give wamid (the message to change).');
      if (!isPhone(body.to)) return bad(reply, 'Give to (the customer number, digits).');
      if (kind === 'edit' && (typeof body.text !== 'string' || body.text === ''))
        return bad(reply, 'Give text (the new body).');
      const inner =
        kind === 'edit'
          ? { original_message_id: body.wamid, message: { type: 'text', text: { body: body.text } } }
          : { original_message_id: body.wamid };
      const echo = {
        from: found.number.displayPhoneNumber,
        to: body.to.replace(/\D/g, ''),
        id: newWamid(),
        timestamp: String(seconds()),
        type: kind,
        [kind]: inner,
      };
      return { value: send(found.number, found.id, 'smb_message_echoes', { message_echoes: [echo] }) };
    });
  }

  // Meta's automatic_events reference: `automatic_events[] { id, event_name, timestamp, ctwa_clid,
  // custom_data { currency, value } }` (custom_data on purchases only; value: the price × 1000).
  app.post('/_simulator/automatic_events', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    const found = numberOf(body, ['wamid', 'eventName', 'ctwaClid', 'currency', 'amount']);
    if ('error' in found) return bad(reply, found.error);
    if (typeof body.wamid !== 'string' || body.wamid === '')
      return bad(reply, 'Give wamid (the message the event was detected in).');
    if (!['Purchase', 'LeadSubmitted'].includes(body.eventName))
      return bad(reply, 'eventName must be Purchase or LeadSubmitted.');
    const purchase = body.eventName === 'Purchase';
    if (purchase && (typeof body.amount !== 'number' || !(body.amount >= 0)))
      return bad(reply, 'Give amount (the purchase price, e.g. 25) for a Purchase.');
    const event = {
      id: body.wamid,
      event_name: body.eventName,
      timestamp: seconds(),
      ...(body.ctwaClid === null ? {} : { ctwa_clid: body.ctwaClid ?? `Aff-${newWamid().slice(10, 40)}` }),
      ...(purchase ? { custom_data: { currency: body.currency ?? 'USD', value: Math.round(body.amount * 1000) } } : {}),
    };
    return { value: send(found.number, found.id, 'automatic_events', { automatic_events: [event] }) };
  });
}
