/**
 * The content rules of a template's buttons (docs/platform.md §2.2 "Buttons" and docs/platform.md §4.9), kept in step
 * with the simulator's `src/simulator/templates/buttons.ts` so that Tidings refuses locally what the
 * platform would refuse. Each breach is an issue named by field (`buttons[1].url`), reported with
 * the template's other issues by `checkTemplate`.
 *
 * Issue codes: buttons_too_many, button_type_limit, buttons_not_grouped, button_text_missing,
 * button_text_too_long, button_field_unused, button_url_invalid, button_url_too_long,
 * button_url_placeholder_invalid, button_example_missing, button_example_unused,
 * button_example_invalid, button_phone_invalid, button_code_missing, button_code_too_long.
 */
import { placeholders } from './placeholders.js';

export const BUTTON_TYPES = ['quick_reply', 'url', 'phone_number', 'copy_code', 'request_contact_info'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

/**
 * One button as the client writes it. Which fields a type takes:
 * - quick_reply: text;
 * - url: text, url (static, or ending in `{{1}}`), example (the value of `{{1}}`, required then);
 * - phone_number: text, phoneNumber (E.164);
 * - copy_code: example (the sample code; the label is the platform's own, "Copy offer code");
 * - request_contact_info: text (docs/platform.md §4.9).
 */
export interface TemplateButton {
  type: ButtonType;
  text?: string;
  url?: string;
  example?: string;
  phoneNumber?: string;
}

/** At most 10 buttons in all (docs/platform.md §2.2). */
export const BUTTONS_MAX = 10;
/**
 * Per type (docs/platform.md §2.2): QUICK_REPLY ≤ 10, URL ≤ 2, PHONE_NUMBER ≤ 1, COPY_CODE ≤ 1.
 * REQUEST_CONTACT_INFO ≤ 1 is the simulator's rule; Meta's limit was not read (UNCONFIRMED).
 */
export const BUTTON_TYPE_MAX: Record<ButtonType, number> = {
  quick_reply: 10,
  url: 2,
  phone_number: 1,
  copy_code: 1,
  request_contact_info: 1,
};
/** Labels: at most 25 characters (docs/platform.md §2.2), in UTF-16 code units (a 👍 is 2) like every length Tidings counts: docs/platform.md §1.4. */
export const BUTTON_TEXT_MAX = 25;
/** URL: at most 2,000 characters (docs/platform.md §2.2). */
export const BUTTON_URL_MAX = 2000;
/** Phone number: at most 20 characters (docs/platform.md §2.2); Tidings asks for E.164 (`+` and up to 15 digits). */
export const BUTTON_PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;
/** Copy code: the example, and the code sent, at most 15 characters (docs/platform.md §2.2). */
export const COPY_CODE_MAX = 15;

/** The fields each type takes; any other is reported as button_field_unused. */
const FIELDS: Record<ButtonType, readonly (keyof TemplateButton)[]> = {
  quick_reply: ['text'],
  url: ['text', 'url', 'example'],
  phone_number: ['text', 'phoneNumber'],
  copy_code: ['example'],
  request_contact_info: ['text'],
};

/** True when a URL button's URL takes a suffix at send time (it ends in `{{1}}`). */
export function isDynamicUrl(url: string | undefined): boolean {
  return typeof url === 'string' && placeholders(url).length > 0;
}

type Add = (code: string, field: string, message: string) => void;

/** Adds an issue for every broken button rule. */
export function checkButtons(buttons: readonly TemplateButton[], add: Add): void {
  if (buttons.length > BUTTONS_MAX)
    add('buttons_too_many', 'buttons', `At most ${BUTTONS_MAX} buttons; this template has ${buttons.length}.`);
  const counts: Partial<Record<ButtonType, number>> = {};
  let seenQuickReply = false;
  let quickRepliesEnded = false;
  buttons.forEach((b, i) => {
    const at = `buttons[${i}]`;
    const count = (counts[b.type] = (counts[b.type] ?? 0) + 1);
    if (count === BUTTON_TYPE_MAX[b.type] + 1)
      add(
        'button_type_limit',
        at,
        `At most ${BUTTON_TYPE_MAX[b.type]} ${b.type} button${BUTTON_TYPE_MAX[b.type] === 1 ? '' : 's'}.`,
      );
    // Quick replies stand together, before or after the call-to-action buttons (docs/platform.md §2.2).
    if (b.type === 'quick_reply') {
      if (quickRepliesEnded)
        add(
          'buttons_not_grouped',
          at,
          'Keep quick replies together: quick replies then other buttons, or other buttons then quick replies.',
        );
      seenQuickReply = true;
    } else if (seenQuickReply) quickRepliesEnded = true;

    for (const field of ['text', 'url', 'example', 'phoneNumber'] as const) {
      if (b[field] !== undefined && !FIELDS[b.type].includes(field))
        add('button_field_unused', `${at}.${field}`, `A ${b.type} button takes no ${field}.`);
    }
    if (FIELDS[b.type].includes('text')) {
      if (!b.text?.trim()) add('button_text_missing', `${at}.text`, 'The button needs a label.');
      else if (b.text.length > BUTTON_TEXT_MAX)
        add(
          'button_text_too_long',
          `${at}.text`,
          `At most ${BUTTON_TEXT_MAX} characters; this label has ${b.text.length}.`,
        );
    }
    if (b.type === 'url') checkUrl(b, at, add);
    if (b.type === 'phone_number' && !BUTTON_PHONE_PATTERN.test(b.phoneNumber ?? '')) {
      add('button_phone_invalid', `${at}.phoneNumber`, 'Give the phone number in E.164 form, e.g. +16505551234.');
    }
    if (b.type === 'copy_code') {
      if (!b.example?.trim()) add('button_code_missing', `${at}.example`, 'Give an example code.');
      else if (b.example.length > COPY_CODE_MAX)
        add(
          'button_code_too_long',
          `${at}.example`,
          `A code has at most ${COPY_CODE_MAX} characters; this one has ${b.example.length}.`,
        );
    }
  });
}

function checkUrl(b: TemplateButton, at: string, add: Add): void {
  const url = b.url ?? '';
  if (!/^https?:\/\/[^\s/?#{}]+\S*$/i.test(url))
    add('button_url_invalid', `${at}.url`, 'Give an http:// or https:// URL without spaces.');
  if (url.length > BUTTON_URL_MAX)
    add('button_url_too_long', `${at}.url`, `At most ${BUTTON_URL_MAX} characters; this URL has ${url.length}.`);
  // One variable at most, {{1}}, at the very end (docs/platform.md §2.2).
  const found = placeholders(url);
  const braces = (url.match(/\{\{|\}\}/g) ?? []).length;
  if (found.length > 1 || braces !== 2 * found.length || (found.length === 1 && !/\{\{1\}\}$/.test(url))) {
    add('button_url_placeholder_invalid', `${at}.url`, 'A URL takes one placeholder at most, {{1}}, at its very end.');
  }
  if (found.length > 0) {
    if (!b.example?.trim())
      add('button_example_missing', `${at}.example`, 'Give an example value for {{1}} of the URL.');
    else if (/\s/.test(b.example))
      add('button_example_invalid', `${at}.example`, 'A URL example cannot contain spaces, tabs or line breaks.');
  } else if (b.example !== undefined) {
    add('button_example_unused', `${at}.example`, 'The URL has no placeholder to use this example.');
  }
}
