/**
 * The `BUTTONS` component of a template at create/edit time (docs/platform.md §2.2; Meta
 * `templates/components`): at most 10 buttons, QUICK_REPLY ≤ 10, URL ≤ 2, PHONE_NUMBER ≤ 1,
 * COPY_CODE ≤ 1; quick replies grouped together; labels ≤ 25 characters; a URL ≤ 2000 characters
 * with at most one variable, at its end, and an example for it; a phone number ≤ 20 characters; a
 * copy-code example ≤ 15 characters; REQUEST_CONTACT_INFO in UTILITY and MARKETING only (docs/platform.md §4.9);
 * OTP buttons only, and exactly one, in AUTHENTICATION. Meta calls a breach an "invalid combination";
 * the code it answers is taken as 100 with no subcode (UNCONFIRMED).
 */
import { graphError, type GraphError } from '../../lib/graph-errors.js';
import { variables } from './parts.js';

type Obj = Record<string, any>;

const LIMITS: Record<string, number> = {
  QUICK_REPLY: 10,
  URL: 2,
  PHONE_NUMBER: 1,
  COPY_CODE: 1,
  REQUEST_CONTACT_INFO: 1,
  OTP: 1,
};
const KNOWN = new Set([...Object.keys(LIMITS), 'FLOW', 'CATALOG', 'MPM', 'VOICE_CALL', 'SPM']);
const invalid = (details: string) => graphError(100, details);

/** @returns the Graph error for the first broken rule, or null. */
export function checkButtons(category: string, component: Obj | undefined): GraphError | null {
  const auth = category === 'AUTHENTICATION';
  if (!component)
    return auth ? invalid('An authentication template needs a BUTTONS component with one OTP button.') : null;
  const buttons: Obj[] = Array.isArray(component.buttons) ? component.buttons : [];
  if (buttons.length === 0) return invalid('A BUTTONS component needs at least one button.');
  if (buttons.length > 10) return invalid('A template can have at most 10 buttons.');
  const counts: Record<string, number> = {};
  let quickRepliesEnded = false;
  let seenQuickReply = false;
  for (const [i, b] of buttons.entries()) {
    const type = String(b?.type ?? '').toUpperCase();
    if (!KNOWN.has(type)) return invalid(`buttons[${i}]: unknown button type ${JSON.stringify(b?.type ?? null)}.`);
    counts[type] = (counts[type] ?? 0) + 1;
    if (counts[type]! > (LIMITS[type] ?? 10))
      return invalid(`A template can have at most ${LIMITS[type]} ${type} button${LIMITS[type] === 1 ? '' : 's'}.`);
    if (type === 'QUICK_REPLY') {
      if (quickRepliesEnded)
        return invalid(
          'Quick reply buttons must be grouped together (QUICK_REPLY, QUICK_REPLY, URL is valid; QUICK_REPLY, URL, QUICK_REPLY is not).',
        );
      seenQuickReply = true;
    } else if (seenQuickReply) quickRepliesEnded = true;
    if (auth !== (type === 'OTP'))
      return invalid(
        auth
          ? 'An authentication template takes only an OTP button.'
          : `buttons[${i}]: OTP buttons belong to authentication templates.`,
      );
    if (type === 'REQUEST_CONTACT_INFO' && !['UTILITY', 'MARKETING'].includes(category))
      return invalid('REQUEST_CONTACT_INFO buttons are for utility and marketing templates.');
    const text = b.text;
    // OTP and COPY_CODE labels are Meta's own ("Copy offer code"); the others need one.
    if (type !== 'OTP' && type !== 'COPY_CODE' && (typeof text !== 'string' || text.trim() === ''))
      return invalid(`buttons[${i}]: the button needs a text label.`);
    if (typeof text === 'string' && [...text].length > 25)
      return invalid(`buttons[${i}]: the label must be at most 25 characters.`);
    if (type === 'URL') {
      const url = b.url;
      if (typeof url !== 'string' || !/^https?:\/\//i.test(url))
        return invalid(`buttons[${i}]: a URL button needs a url.`);
      if (url.length > 2000) return invalid(`buttons[${i}]: the URL must be at most 2000 characters.`);
      const vars = variables(url);
      if (vars.length > 1 || (url.match(/\{\{/g) ?? []).length > 1)
        return invalid(`buttons[${i}]: a URL can have one variable at most.`);
      if (vars.length === 1) {
        if (!/\{\{\s*1\s*\}\}$/.test(url))
          return invalid(`buttons[${i}]: the URL variable must be {{1}}, at the end of the URL.`);
        const example = Array.isArray(b.example) ? b.example[0] : b.example;
        if (typeof example !== 'string' || example === '')
          return invalid(`buttons[${i}]: a URL with a variable needs an example.`);
      }
    }
    if (
      type === 'PHONE_NUMBER' &&
      (typeof b.phone_number !== 'string' || b.phone_number === '' || b.phone_number.length > 20)
    ) {
      return invalid(`buttons[${i}]: a PHONE_NUMBER button needs a phone_number of at most 20 characters.`);
    }
    if (type === 'COPY_CODE') {
      const example = Array.isArray(b.example) ? b.example[0] : b.example;
      if (typeof example !== 'string' || example === '' || example.length > 15)
        return invalid(`buttons[${i}]: a COPY_CODE button needs an example of at most 15 characters.`);
    }
  }
  return auth && counts.OTP !== 1 ? invalid('An authentication template needs exactly one OTP button.') : null;
}
