/**
 * Window-aware routing, dispatch side (docs/api.md §D19): a routed send (`"route": "auto"`) is
 * decided when its turn comes, not when it was accepted.
 *
 * 1. The customer service window open → the message as written (`free_form`).
 * 2. Closed, the message qualifies (direct-send.rules.ts) and the number may try Direct Send
 *    (accounts: not refused by the platform in the last day) → Direct Send (`direct_send`), with
 *    the time left of its validity period as the platform's `ttl_seconds` (30–43,200). While the
 *    number's capability is not known, only the send holding its probe tries; the others wait for
 *    its answer (`{ waitMs }`, accounts/direct-send.ts `turn`; probe-gate.ts holds them before
 *    their slots).
 * 3. Otherwise its fallback template (`template`).
 * 4. Otherwise it fails with `outside_customer_window`, before any platform call.
 *
 * The window must stay open a minute more (WINDOW_MARGIN_MS). The platform's view wins over
 * Tidings' own: a free-form attempt it refused for the window at once (131047) skips step 1 next
 * time; a Direct Send it refused for the number (100 "Direct Send isn't enabled for this account",
 * 139200) marks the number and skips step 2 (`onRefusal`, and the dispatcher's attempt).
 */
import { CUSTOMER_WINDOW_MS } from '../../contacts/contact.service.js';
import type { Reader } from '../../db/store.js';
import type { OutboundContent } from '../../platform/outbound-message.js';
import { PlatformError } from '../../platform/platform.js';
import { graphCode } from '../../platform/graph-codes.js';
import * as messages from '../record/message.repository.js';
import { contactLastInboundAt } from '../record/routing.repository.js';
import type { DirectSendTurn } from '../../accounts/direct-send.js';
import type { DeliveredAs } from '../schemas/routing.schemas.js';
import type { DispatchPayload, DispatchRow } from '../record/send-queue.repository.js';
import type { AttemptError } from './outcomes.js';

/** Direct Send's `ttl_seconds` range for utility messages (Meta's Direct Send "configure-message-ttl"; docs/platform.md §5.1). */
export const DIRECT_SEND_TTL_S = { min: 30, max: 43_200 } as const;

/**
 * A window ending within this margin of dispatch counts as closed, ms: the platform refuses a
 * free-form message that reaches it after the window's end (131047), most often asynchronously
 * (a `failed` status after a 200), when the message can no longer take another route.
 */
export const WINDOW_MARGIN_MS = 60_000;

/** How a queued message goes out this time. */
export interface Routing {
  content: OutboundContent;
  /** The stored file the chosen content carries. */
  file: DispatchPayload['file'];
  deliveredAs: DeliveredAs;
  /** Direct Send's time to live, seconds. */
  directSend: { ttlSeconds: number } | null;
  /** How long the platform tries to deliver it, seconds, when Tidings knows (Direct Send; a template with its own). */
  ttlSeconds: number | null;
  /** A routed send (its `deliveredAs` is recorded on the message). */
  routed: boolean;
  /** The `tpl_` id of the template it goes out as (a template send, a fallback), when known: a paused one holds it. */
  templateId: string | null;
}

export interface RouteDeps {
  read: Reader;
  /** Whether the entry tries Direct Send now, goes on, or waits for its number's probe (accounts/direct-send.ts `turn`). */
  directSendTurn(row: DispatchRow, now: number): Promise<DirectSendTurn>;
}

/**
 * How `row` goes out at `now` (clock ms), or why it cannot, or how long it waits for its number's
 * Direct Send probe: only routed sends are decided here; any other goes as accepted.
 */
export async function routeAtDispatch(
  deps: RouteDeps,
  row: DispatchRow,
  payload: DispatchPayload,
  now: number,
): Promise<Routing | { fail: AttemptError } | { waitMs: number }> {
  const r = payload.route;
  if (!r) {
    const asTemplate = payload.content.type === 'template';
    return {
      content: payload.content,
      file: payload.file,
      deliveredAs: asTemplate ? 'template' : 'free_form',
      directSend: null,
      ttlSeconds: payload.timeToLive ?? null,
      routed: false,
      templateId: payload.templateId ?? null,
    };
  }
  const last = lastErrorCode(row);
  if (last !== '131047' && (await windowOpen(deps.read, row, now))) {
    return {
      content: payload.content,
      file: payload.file,
      deliveredAs: 'free_form',
      directSend: null,
      ttlSeconds: null,
      routed: true,
      templateId: null,
    };
  }
  const turn = r.directSend && !isDirectSendRefusalCode(last) ? await deps.directSendTurn(row, now) : null;
  if (turn?.turn === 'wait') return { waitMs: turn.waitMs };
  if (turn?.turn === 'try') {
    const left = Math.ceil((Date.parse(row.expires_at) - now) / 1000);
    const ttlSeconds = Math.min(DIRECT_SEND_TTL_S.max, Math.max(DIRECT_SEND_TTL_S.min, left));
    return {
      content: payload.content,
      file: payload.file,
      deliveredAs: 'direct_send',
      directSend: { ttlSeconds },
      ttlSeconds,
      routed: true,
      templateId: null,
    };
  }
  if (r.fallback)
    return {
      content: r.fallback.content,
      file: r.fallback.file,
      deliveredAs: 'template',
      directSend: null,
      ttlSeconds: r.fallback.timeToLive,
      routed: true,
      templateId: r.fallback.templateId,
    };
  return {
    fail: {
      code: 'outside_customer_window',
      message: `The customer service window had closed when the message's turn came, ${r.directSend ? 'the platform refused Direct Send for this number' : 'Direct Send cannot carry it'}, and the send gave no fallback template.`,
    },
  };
}

/**
 * Whether a platform refusal of a Direct Send is about the number's access (it then falls through
 * to the fallback at once): 100 "Direct Send isn't enabled for this account" → `not_enabled`,
 * 139200 → `blocked` (Meta's Direct Send api-reference). Other 100s (a TTL out of range) are not.
 */
export function directSendRefusal(err: unknown): 'not_enabled' | 'blocked' | null {
  if (!(err instanceof PlatformError)) return null;
  if (err.code === 139200) return 'blocked';
  // Meta's table words it "Direct Send isn't enabled for this account"; the message and its details
  // may say more around it, so any 100 naming Direct Send but not its time to live counts.
  const text = `${err.message} ${err.details ?? ''}`;
  if (err.code === 100 && /direct send/i.test(text) && !/time.to.live|ttl/i.test(text)) return 'not_enabled';
  return null;
}

/**
 * What a refused attempt of a routed send means for its route, or null (settled as any refusal,
 * outcomes.ts): a Direct Send refused for the number (`numberRefused`, to record) or a free-form
 * message refused at once for the window (131047) goes on to its next route at once; the entry
 * keeps `error` as its last, which `routeAtDispatch` reads.
 */
export function onRefusal(
  routing: Routing,
  err: unknown,
): { numberRefused: 'not_enabled' | 'blocked' | null; error: AttemptError } | null {
  const refusal = routing.deliveredAs === 'direct_send' ? directSendRefusal(err) : null;
  if (refusal)
    return {
      numberRefused: refusal,
      error: { code: `direct_send_${refusal}`, message: err instanceof Error ? err.message : String(err) },
    };
  if (
    routing.routed &&
    routing.deliveredAs === 'free_form' &&
    err instanceof PlatformError &&
    err.code !== null &&
    graphCode(err.code).condition === 'window_closed'
  ) {
    return { numberRefused: null, error: { code: String(err.code), message: err.details ?? err.message } };
  }
  return null;
}

/** Whether the customer wrote in the last 24 hours, through the message's contact or its address. */
async function windowOpen(read: Reader, row: DispatchRow, now: number): Promise<boolean> {
  const open = (at: string | null) => at !== null && Date.parse(at) + CUSTOMER_WINDOW_MS > now + WINDOW_MARGIN_MS;
  if (open(await contactLastInboundAt(read, row.message_id))) return true;
  return open(await messages.lastInboundAt(read, row.phone_number_id, row.recipient, row.mode));
}

/** The platform code of the entry's last failed attempt, if any. */
function lastErrorCode(row: DispatchRow): string | null {
  if (!row.last_error) return null;
  try {
    return (JSON.parse(row.last_error) as AttemptError).code;
  } catch {
    return null;
  }
}

/** The codes a Direct Send refusal leaves on the entry (dispatcher.ts records them as `direct_send_<state>`). */
function isDirectSendRefusalCode(code: string | null): boolean {
  return code === 'direct_send_not_enabled' || code === 'direct_send_blocked';
}
