/**
 * Users who cannot be reached (phone off, no network), and what the platform does with messages
 * to them: it retries delivery for the message's time-to-live (ttl.ts), then drops the message, and
 * no `delivered` ever comes (Meta "Send messages", …/whatsapp/messages/send-messages, and
 * "Configure message time-to-live",
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/time-to-live).
 * Whether a `failed` status is sent when the TTL runs out is not documented: the simulator sends
 * nothing (UNCONFIRMED) and records the drop in `GET /_simulator/state` (`expired`, `expiredAt`).
 *
 * A message sent while its user is unreachable gets its `sent` and is held (`held`, `expiresAt` on
 * the simulator's clock). Held messages are looked at lazily, with no timer of their own: when the
 * user is made reachable again (each one still within its TTL is delivered, then read, as the
 * delivery config says; the others are dropped) and whenever `GET /_simulator/state` is read.
 */
import type { SimContext } from './context.js';
import type { SimMessage, SimUser } from './model.js';
import type { SimulatorState } from './state.js';

/** The held messages of one user (or of everyone), oldest first. */
function heldMessages(state: SimulatorState, userId?: string): SimMessage[] {
  return [...state.messages.values()].filter((m) => m.held === true && (userId === undefined || m.userId === userId));
}

/** Drops `message`: held no more, expired since its TTL ran out. */
function expire(state: SimulatorState, message: SimMessage): void {
  delete message.held;
  message.expired = true;
  message.expiredAt = message.expiresAt ?? Date.now();
  state.changed();
}

/**
 * Drops every held message whose TTL has passed by `now` (ms, the simulator's clock), silently.
 * @param userId only this user's messages (default: everyone's).
 * @returns the wamids dropped.
 */
export function expireHeld(state: SimulatorState, now: number, userId?: string): string[] {
  const dropped: string[] = [];
  for (const m of heldMessages(state, userId)) {
    if ((m.expiresAt ?? Infinity) <= now) {
      expire(state, m);
      dropped.push(m.wamid);
    }
  }
  return dropped;
}

/**
 * Makes `user` reachable or not (kept on the user, so in the state file). Made reachable, the
 * user's held messages are settled: those whose TTL passed are dropped, the others delivered.
 * @returns the wamids delivered and dropped now.
 */
export function setReachable(
  ctx: SimContext,
  user: SimUser,
  reachable: boolean,
): { delivered: string[]; expired: string[] } {
  const { state } = ctx;
  const known = state.users.get(user.userId) ?? user;
  if (reachable) delete known.unreachable;
  else known.unreachable = true;
  state.addUser(known);
  if (!reachable) return { delivered: [], expired: [] };
  const expired = expireHeld(state, ctx.clock.now(), known.userId);
  const delivered: string[] = [];
  for (const m of heldMessages(state, known.userId)) {
    delete m.held;
    delete m.expiresAt;
    state.changed();
    ctx.deliverHeld(m);
    delivered.push(m.wamid);
  }
  return { delivered, expired };
}
