/** The events a message's progress causes (docs/api.md §D10). */
import type { NewEvent } from '../../events/event.service.js';
import type { EventType } from '../../events/event.schemas.js';
import { toMessage } from './message.mapper.js';
import type * as repo from './message.repository.js';
import type { StatusFields } from './status-machine.js';

/**
 * One event per step a status change passed: a report that skips steps (read before delivered,
 * docs/platform.md §4.4) gives `message.delivered` and `message.read`, in that order, so a receiver
 * subscribed to one type never misses it. Each carries the message as it now is. Nothing for a
 * change that only corrects a timestamp.
 * @param reaction the customer's latest reaction to the message (`repo.latestReactions`), so the
 *   object is the message as `GET /v1/messages/{id}` returns it, `customerReaction` included.
 */
export function messageStatusEvents(
  before: StatusFields,
  after: repo.MessageRow,
  reaction: repo.InboundRow | null,
): NewEvent[] {
  const types: EventType[] = [];
  if (before.sent_at === null && after.sent_at !== null) types.push('message.sent');
  if (before.delivered_at === null && after.delivered_at !== null) types.push('message.delivered');
  if (before.read_at === null && after.read_at !== null) types.push('message.read');
  if (before.status !== 'failed' && after.status === 'failed') types.push('message.failed');
  if (types.length === 0) return [];
  const object = toMessage(after, reaction);
  const phoneNumberId = after.phone_number_id;
  return types.map((type) => ({ accountId: after.account_id, mode: after.mode, type, object, phoneNumberId }));
}
