/**
 * Which messages Direct Send can carry (docs/platform.md §5.1, Meta's Direct Send
 * "supported-features-and-limits", a 2026 beta): utility `text` and `interactive` reply buttons or
 * a CTA URL button, with a body of at most 1,024 characters, a header and a footer of at most 60,
 * button labels of at most 20, at most 10 buttons of which at most 2 CTA. Not lists, media,
 * locations, contacts, reactions or templates. Lengths in UTF-16 code units (rich.limits.ts).
 */
import type { OutboundContent } from '../../platform/outbound-message.js';
import { textLength } from '../schemas/rich.limits.js';

/** Direct Send's own limits (Meta's supported-features-and-limits page). */
export const DIRECT_SEND_LIMITS = {
  body: 1024,
  header: 60,
  footer: 60,
  buttonText: 20,
  buttons: 10,
  ctaButtons: 2,
} as const;

/**
 * Why Direct Send cannot carry `content`, for people; null when it can. The interactive limits
 * Tidings already checks on every send (rich.limits.ts) are within Direct Send's, so a reply-button
 * or CTA URL message accepted for sending always qualifies.
 */
export function directSendRefusal(content: OutboundContent): string | null {
  const L = DIRECT_SEND_LIMITS;
  if (content.type === 'text') {
    return textLength(content.body) > L.body
      ? `Direct Send carries a text of at most ${L.body} characters; this one has ${textLength(content.body)}.`
      : null;
  }
  if (content.type !== 'interactive')
    return `Direct Send carries text, reply buttons and URL buttons only, not ${content.type === 'media' ? 'files' : `${content.type} messages`}.`;
  if (content.action.kind === 'list') return 'Direct Send carries reply buttons and URL buttons, not lists.';
  // Held by the interactive limits already (rich.limits.ts); checked again so a change there cannot slip by.
  if (
    textLength(content.body) > L.body ||
    textLength(content.header ?? '') > L.header ||
    textLength(content.footer ?? '') > L.footer
  ) {
    return `Direct Send carries a body of at most ${L.body} characters, a header and a footer of at most ${L.header}.`;
  }
  const labels =
    content.action.kind === 'buttons' ? content.action.buttons.map((b) => b.title) : [content.action.displayText];
  if (labels.some((t) => textLength(t) > L.buttonText))
    return `Direct Send button labels are at most ${L.buttonText} characters.`;
  return null;
}
