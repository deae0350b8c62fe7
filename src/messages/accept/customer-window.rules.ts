/**
 * The customer service window's rule at accept (docs/platform.md §5): a free-form send goes only
 * inside it, now and at its `sendAt`; a template, or a routed send something can carry (routing.ts:
 * a Direct Send or a fallback template), at any time. When the window ends is customer-window.ts.
 */
import { TidingsError } from '../../errors.js';
import { iso } from '../../lib/clock.js';

/**
 * Refuses a free-form send nothing can carry: outside the window now, or scheduled past its end.
 * @param send the send's `type`, whether its route carries it (`routed`: `checkRoute` answered one),
 *   and its recipient's `address` (for the message).
 * @param windowEnd when the window ends (clock ms), null when the customer was not looked up.
 * @param sendAt a scheduled send's time (clock ms), else null.
 * @throws TidingsError outside_customer_window (`param` `to`; `sendAt` when the window closes before it).
 */
export function checkWindow(
  send: { type: string; routed: boolean; address: string },
  windowEnd: number | null,
  now: number,
  sendAt: number | null,
): void {
  if (send.type === 'template' || send.routed) return;
  if (windowEnd === null || windowEnd <= now) {
    throw new TidingsError(
      'outside_customer_window',
      `No message from ${send.address} in the last 24 hours, so only a template can be sent to them (the platform's customer service window); "route": "auto" sends it as a Direct Send or a fallback template instead.`,
      { param: 'to' },
    );
  }
  // A free-form message scheduled past the window's end would be refused by the platform (131047).
  if (sendAt !== null && sendAt >= windowEnd) {
    throw new TidingsError(
      'outside_customer_window',
      `The customer service window with ${send.address} closes at ${iso(windowEnd)}, before sendAt; only a template can be sent after it ("route": "auto" with a fallback template sends one then).`,
      { param: 'sendAt' },
    );
  }
}
