/**
 * What the platform will not send to a business-scoped user id (docs/platform.md §4.9; error 131062
 * "Business-scoped user ID recipients not supported"): authentication templates with one-tap,
 * zero-tap or copy-code buttons still need a phone number, and every authentication template has
 * such a button (docs/platform.md §2.2: an OTP button is required). Checked when a send is accepted, so the
 * client hears it at once (400 recipient_not_supported naming `to`) rather than from a failed
 * message; a 131062 the platform answers anyway fails the message with that code at dispatch
 * (dispatch/outcomes.ts: a refusal of this message).
 *
 * Today Tidings sends text, media and utility templates, none of which the platform refuses for a
 * BSUID; the rule is kept here, beside the send's other checks, for the day authentication
 * templates are sendable.
 */

/** The kind of message being sent, as far as the BSUID rule cares. */
export type SendKind =
  | { type: 'text' | 'media' | 'interactive' | 'location' | 'contacts' | 'reaction' }
  | { type: 'template'; category: string };

/** Why the platform would refuse `kind` for a BSUID recipient, or null when it takes it. */
export function bsuidRefusal(kind: SendKind): string | null {
  if (kind.type === 'template' && kind.category.toUpperCase() === 'AUTHENTICATION') {
    return "The platform cannot send an authentication template to a business-scoped user id (error 131062); send it to the customer's phone number.";
  }
  return null;
}
